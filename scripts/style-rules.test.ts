/**
 * The renderer's styling rules (issue 13), checked on the sources:
 * - colours come from the design tokens: no hex colour literal outside tokens.css;
 * - a feature's (or the app frame's) stylesheet styles only classes its own markup uses,
 *   and never a shared widget's classes (those defined in ui/kit.css), so no stylesheet
 *   changes another feature's widgets.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const RENDERER = resolve(import.meta.dirname, '..', 'src', 'renderer', 'src')
const TOKENS = join('ui', 'theme', 'tokens.css')

function filesUnder(dir: string, ends: readonly string[]): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && ends.some((end) => entry.name.endsWith(end)))
    .map((entry) => join(entry.parentPath, entry.name))
}

/** The class names a stylesheet's selectors name (declarations and comments left out). */
export function selectorClasses(css: string): Set<string> {
  const selectors = css.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\{[^{}]*\}/g, ',')
  return new Set([...selectors.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((match) => match[1] ?? ''))
}

/**
 * Whether `markup` (TSX source) uses `name` as a class: in a className string, built in a
 * template from a prefix (`verdict-${step.verdict}` uses every `verdict-*`), or as a CSS
 * module member.
 */
function usesClass(markup: string, name: string): boolean {
  const literal = new RegExp(`["'\`\\s{]${name}["'\`\\s}$]`)
  const prefixes = [...name.matchAll(/-/g)].map((dash) => `${name.slice(0, dash.index)}-\${`)
  // A CSS module's class is used as a member of its import (`styles.item`).
  const moduleMember = markup.includes(`styles.${name}`) || markup.includes(`styles['${name}']`)
  return moduleMember || literal.test(markup) || prefixes.some((prefix) => markup.includes(prefix))
}

describe('renderer styles', () => {
  it('keeps hex colour literals in the token file only', () => {
    const offenders = filesUnder(RENDERER, ['.css', '.ts', '.tsx'])
      .filter((file) => relative(RENDERER, file) !== TOKENS)
      .flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/#[0-9a-fA-F]{3,8}\b(?![\w-])/g)].map((match) => `${relative(RENDERER, file)}: ${match[0]}`))
      // `#` followed by hex digits is also a CSS id or a URL fragment; the renderer uses neither.
    expect(offenders).toEqual([])
  })

  const kitClasses = selectorClasses(readFileSync(join(RENDERER, 'ui', 'kit.css'), 'utf8'))
  const areas = [join(RENDERER, 'app'), ...readdirSync(join(RENDERER, 'features')).map((name) => join(RENDERER, 'features', name))]
  for (const area of areas) {
    for (const sheet of filesUnder(area, ['.css'])) {
      it(`${relative(RENDERER, sheet)} styles only its own markup`, () => {
        const markup = filesUnder(area, ['.tsx']).map((file) => readFileSync(file, 'utf8')).join('\n')
        const classes = [...selectorClasses(readFileSync(sheet, 'utf8'))]
        expect(classes.filter((name) => kitClasses.has(name)), 'classes of shared widgets (ui/kit.css)').toEqual([])
        expect(classes.filter((name) => !usesClass(markup, name)), `classes no markup in ${relative(RENDERER, area)} uses`).toEqual([])
      })
    }
  }

  it('finds the classes of a stylesheet', () => {
    expect([...selectorClasses('/* .no */ .a:hover, .b > .c-d { color: var(--x); }\n.e.f{}')]).toEqual(['a', 'b', 'c-d', 'e', 'f'])
  })
})
