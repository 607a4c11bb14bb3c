/**
 * The documentation's links hold: every relative link and image in the README,
 * CONTRIBUTING.md and the Markdown under docs/ and server/ names a file or folder that
 * exists, and a link to a heading (`page.md#heading`, `#heading`) names one that exists,
 * with GitHub's heading ids. Pages move and headings get renamed; a reader should never
 * land on a 404 or the top of the wrong page. Also holds the README to being a front door:
 * the install and start commands near its top.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = resolve(import.meta.dirname, '..')
/** The README's install and start commands must show within this many lines. */
const FRONT_DOOR_LINES = 40

/** A link found in a page: its target as written and the line it is on. */
interface FoundLink {
  readonly target: string
  readonly line: number
}

/** Markdown files under a folder (recursively). */
function markdownUnder(dir: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
    .map((entry) => join(entry.parentPath, entry.name))
}

/** The pages whose links are checked. */
function pages(): string[] {
  const top = ['README.md', 'CONTRIBUTING.md'].map((name) => join(ROOT, name)).filter((path) => existsSync(path))
  return [...top, ...markdownUnder(join(ROOT, 'docs')), ...markdownUnder(join(ROOT, 'server'))]
}

/**
 * The page's lines with fenced code blocks blanked, and inline code spans removed unless
 * `keepCode` (links in code are examples, not links; a heading's code is part of its id).
 */
function proseLines(markdown: string, keepCode = false): string[] {
  let fence: string | null = null
  return markdown.split('\n').map((line) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1]
    if (fence !== null) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length) fence = null
      return ''
    }
    if (marker) {
      fence = marker
      return ''
    }
    return keepCode ? line : line.replace(/(`+)[\s\S]*?\1/g, '')
  })
}

/** Every link and image target in a page: inline `[text](target)`, `![alt](target)` and reference definitions `[id]: target`. */
function linksIn(markdown: string): FoundLink[] {
  const found: FoundLink[] = []
  proseLines(markdown).forEach((line, index) => {
    for (const match of line.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) found.push({ target: match[1] ?? '', line: index + 1 })
    const definition = /^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/.exec(line)
    if (definition) found.push({ target: definition[1] ?? '', line: index + 1 })
  })
  return found
}

/** GitHub's id for a heading's text: lower case, punctuation dropped, spaces as hyphens. */
function headingId(text: string): string {
  const plain = text
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .trim()
    .toLowerCase()
  return plain.replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-')
}

/** The ids of a page's headings, numbered as GitHub numbers repeats (`id`, `id-1`, …). */
function headingIds(markdown: string): Set<string> {
  const ids = new Set<string>()
  const seen = new Map<string, number>()
  for (const line of proseLines(markdown, true)) {
    const heading = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)
    if (!heading) continue
    const id = headingId(heading[1] ?? '')
    const count = seen.get(id) ?? 0
    seen.set(id, count + 1)
    ids.add(count === 0 ? id : `${id}-${count}`)
  }
  return ids
}

/** What is wrong with one link of a page, or null if it leads somewhere real. */
function linkProblem(page: string, target: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) return null
  const [pathPart = '', anchor] = target.split('#', 2) as [string, string | undefined]
  const path = decodeURIComponent(pathPart.split('?')[0] ?? '')
  const file = path === '' ? page : resolve(dirname(page), path)
  if (!existsSync(file)) return `${target}: no such file (${relative(ROOT, file)})`
  if (anchor === undefined || anchor === '') return null
  if (!statSync(file).isFile() || !file.endsWith('.md')) return `${target}: a heading link into a file that is not Markdown`
  const ids = headingIds(readFileSync(file, 'utf8'))
  return ids.has(decodeURIComponent(anchor)) ? null : `${target}: ${relative(ROOT, file)} has no heading with the id "${anchor}"`
}

describe('the link and heading-id reader', () => {
  it('finds inline links, images and reference definitions, and skips code', () => {
    const markdown = ['See [a](a.md) and ![pic](img/p.png "title").', '[ref]: ../b.md#part', '`[not](code.md)` and', '```', '[not](fenced.md)', '```'].join(
      '\n'
    )
    expect(linksIn(markdown)).toEqual([
      { target: 'a.md', line: 1 },
      { target: 'img/p.png', line: 1 },
      { target: '../b.md#part', line: 2 }
    ])
  })

  it('makes the ids GitHub makes', () => {
    expect(headingId("LanceDB's clients against the server")).toBe('lancedbs-clients-against-the-server')
    expect(headingId('npm start: the desktop app')).toBe('npm-start-the-desktop-app')
    expect(headingId('Creating, renaming and dropping')).toBe('creating-renaming-and-dropping')
    expect([...headingIds('# A\n## A\n```\n# B\n```\n')]).toEqual(['a', 'a-1'])
  })

  it('reports a missing file and a missing heading', () => {
    const page = join(ROOT, 'README.md')
    expect(linkProblem(page, 'docs/no-such-page.md')).toMatch(/no such file/)
    expect(linkProblem(page, 'CONTRIBUTING.md#no-such-heading')).toMatch(/no heading/)
    expect(linkProblem(page, 'https://lancedb.com')).toBeNull()
  })
})

describe('the documentation', () => {
  const all = pages()

  it('has the pages the README links to', () => {
    expect(all.map((path) => relative(ROOT, path))).toEqual(expect.arrayContaining(['README.md', 'CONTRIBUTING.md', join('server', 'README.md')]))
  })

  for (const page of all) {
    it(`${relative(ROOT, page)}: every relative link and image leads to a file and heading that exist`, () => {
      const links = linksIn(readFileSync(page, 'utf8'))
      const problems = links.map((link) => ({ ...link, problem: linkProblem(page, link.target) })).filter((link) => link.problem !== null)
      expect(problems.map((link) => `line ${link.line}: ${link.problem}`)).toEqual([])
    })
  }

  it('README shows npm install and npm start within its first lines', () => {
    const lines = readFileSync(join(ROOT, 'README.md'), 'utf8').split('\n')
    const at = (command: string): number => lines.findIndex((line) => line.trim() === command) + 1
    expect(at('npm install'), 'line of `npm install`').toBeGreaterThan(0)
    expect(at('npm install')).toBeLessThanOrEqual(FRONT_DOOR_LINES)
    expect(at('npm start'), 'line of `npm start`').toBeGreaterThan(0)
    expect(at('npm start')).toBeLessThanOrEqual(FRONT_DOOR_LINES)
  })

  it('README links to every page of docs/ in one click', () => {
    const readme = join(ROOT, 'README.md')
    const linked = new Set(linksIn(readFileSync(readme, 'utf8')).map((link) => resolve(ROOT, decodeURIComponent(link.target.split('#')[0] ?? ''))))
    const unlinked = [...markdownUnder(join(ROOT, 'docs')), join(ROOT, 'server', 'README.md'), join(ROOT, 'CONTRIBUTING.md')]
      .filter((page) => !linked.has(page))
      .map((page) => relative(ROOT, page))
    expect(unlinked).toEqual([])
  })
})
