/**
 * The renderer's styling rules, checked on the sources:
 * - colours come from the design tokens: no hex colour literal outside tokens.css;
 * - global CSS lives only in the few sheets the entry point loads (the tokens, element
 *   defaults, the kit's shared classes); every other stylesheet is a CSS module
 *   (`*.module.css`) whose classes are scoped, so no stylesheet can change another
 *   feature's widgets;
 * - a module is imported as `styles` only by the files of its own folder and never
 *   reaches out with `:global`;
 * - an app or feature module styles only classes its own markup uses, and app or feature
 *   markup names no global class but the kit's (a bare feature class would be unstyled).
 */
import { readdirSync, readFileSync } from 'node:fs'
import { basename, dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const RENDERER = resolve(import.meta.dirname, '..', 'src', 'renderer', 'src')
const TOKENS = join('ui', 'theme', 'tokens.css')
/** The only stylesheets that may define global rules, all loaded by the entry point. */
const GLOBAL_SHEETS: readonly string[] = [TOKENS, join('ui', 'theme', 'base.css'), join('ui', 'kit.css')]
const ENTRY = 'main.tsx'

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

/** Stylesheets (paths relative to the renderer) that are neither a CSS module nor one of the global sheets. */
export function plainSheets(sheets: readonly string[]): string[] {
  return sheets.filter((sheet) => !sheet.endsWith('.module.css') && !GLOBAL_SHEETS.includes(sheet))
}

/**
 * What is wrong with the stylesheet imports of one source file (`file` relative to the
 * renderer): a plain stylesheet imported anywhere but the entry point, a module imported
 * under another name than `styles` or from outside its own folder.
 */
export function importProblems(file: string, source: string): string[] {
  const problems: string[] = []
  for (const match of source.matchAll(/^import\s+(?:(\S+)\s+from\s+)?['"]([^'"]+\.css)['"]/gm)) {
    const [, name, target = ''] = match
    const where = join(dirname(file), target)
    if (!target.endsWith('.module.css')) {
      if (file !== ENTRY) problems.push(`${file} imports the global stylesheet ${target}: only ${ENTRY} loads global CSS; use a CSS module`)
    } else if (name !== 'styles') {
      problems.push(`${file} imports ${target} as ${name ?? 'a side effect'}: import a CSS module as \`styles\``)
    } else if (dirname(where) !== dirname(file)) {
      problems.push(`${file} imports ${target} from another folder: a module styles only its own folder's markup`)
    }
  }
  return problems
}

/**
 * Class names written as strings in TSX: `className="a b"`, `className={'a'}` and the
 * strings in `cx(...)` that are not compared with something (`kind === 'x'`).
 */
export function literalClasses(markup: string): string[] {
  const strings = [
    ...[...markup.matchAll(/className=(?:"([^"]*)"|\{'([^']*)'\})/g)].map((match) => match[1] ?? match[2] ?? ''),
    ...[...markup.matchAll(/\bcx\(([^)]*)\)/g)].flatMap((match) => {
      const args = match[1] ?? ''
      return [...args.matchAll(/'([^']*)'/g)].filter((inner) => !/[=!]==?\s*$/.test(args.slice(0, inner.index))).map((inner) => inner[1] ?? '')
    })
  ]
  return strings.flatMap((text) => text.split(/\s+/)).filter(Boolean)
}

/**
 * Whether `markup` (TSX source) uses the module class `name`: as a member of the module's
 * import (`styles.item`, `styles['item']`).
 */
function usesClass(markup: string, name: string): boolean {
  return markup.includes(`styles.${name}`) || markup.includes(`styles['${name}']`)
}

describe('renderer styles', () => {
  const rel = (file: string): string => relative(RENDERER, file)

  it('keeps hex colour literals in the token file only', () => {
    const offenders = filesUnder(RENDERER, ['.css', '.ts', '.tsx'])
      .filter((file) => rel(file) !== TOKENS)
      .flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/#[0-9a-fA-F]{3,8}\b(?![\w-])/g)].map((match) => `${rel(file)}: ${match[0]}`))
    // `#` followed by hex digits is also a CSS id or a URL fragment; the renderer uses neither.
    expect(offenders).toEqual([])
  })

  it('has global CSS only in the tokens, the element defaults and the kit; every other stylesheet is a CSS module', () => {
    const sheets = filesUnder(RENDERER, ['.css']).map(rel)
    expect(plainSheets(sheets)).toEqual([])
    for (const sheet of GLOBAL_SHEETS) expect(sheets, sheet).toContain(sheet)
  })

  it('imports global CSS only in the entry point, and each module as `styles` in its own folder', () => {
    const problems = filesUnder(RENDERER, ['.ts', '.tsx']).flatMap((file) => importProblems(rel(file), readFileSync(file, 'utf8')))
    expect(problems).toEqual([])
  })

  it('keeps every CSS module scoped (no :global)', () => {
    const offenders = filesUnder(RENDERER, ['.module.css'])
      .filter((file) => readFileSync(file, 'utf8').includes(':global'))
      .map(rel)
    expect(offenders).toEqual([])
  })

  it("names only the shared widgets' global classes (ui/kit.css) in class strings of app and feature markup", () => {
    const kitClasses = selectorClasses(readFileSync(join(RENDERER, 'ui', 'kit.css'), 'utf8'))
    const markup = [join(RENDERER, 'app'), join(RENDERER, 'features')].flatMap((dir) => filesUnder(dir, ['.tsx']))
    const strays = markup.flatMap((file) =>
      literalClasses(readFileSync(file, 'utf8'))
        .filter((name) => !kitClasses.has(name))
        .map((name) => `${rel(file)}: ${name}`)
    )
    // A class of a feature's own is a CSS module member (styles.x); a bare name would be unstyled.
    expect(strays).toEqual([])
  })

  const areas = [join(RENDERER, 'app'), ...readdirSync(join(RENDERER, 'features')).map((name) => join(RENDERER, 'features', name))]
  for (const area of areas) {
    for (const sheet of filesUnder(area, ['.module.css'])) {
      it(`${rel(sheet)} styles only its own markup`, () => {
        const importers = filesUnder(dirname(sheet), ['.tsx']).filter((file) => readFileSync(file, 'utf8').includes(`'./${basename(sheet)}'`))
        const markup = importers.map((file) => readFileSync(file, 'utf8')).join('\n')
        const classes = [...selectorClasses(readFileSync(sheet, 'utf8'))]
        expect(
          classes.filter((name) => !usesClass(markup, name)),
          `classes no file importing ${rel(sheet)} uses`
        ).toEqual([])
      })
    }
  }

  it('finds the classes of a stylesheet', () => {
    expect([...selectorClasses('/* .no */ .a:hover, .b > .c-d { color: var(--x); }\n.e.f{}')]).toEqual(['a', 'b', 'c-d', 'e', 'f'])
  })

  it('refuses a plain feature stylesheet and its import', () => {
    const sheet = join('features', 'tree', 'tree.css')
    expect(plainSheets([...GLOBAL_SHEETS, join('features', 'tree', 'tree.module.css'), sheet])).toEqual([sheet])
    expect(importProblems(join('features', 'tree', 'tree-row.tsx'), "import { x } from './y'\nimport './tree.css'\n")).toHaveLength(1)
  })

  it('reads the class names written as strings', () => {
    expect(
      literalClasses(`<p className="muted a-b">x</p> <i className={'c'} /> <b className={cx('d', styles.e, on && 'f', kind === 'g' && styles.h)} />`)
    ).toEqual(['muted', 'a-b', 'c', 'd', 'f'])
  })

  it('refuses a module imported under another name or from another feature', () => {
    const file = join('features', 'profiles', 'profile-item.tsx')
    expect(importProblems(file, "import styles from './profiles.module.css'")).toEqual([])
    expect(importProblems(file, "import css from './profiles.module.css'")).toHaveLength(1)
    expect(importProblems(file, "import './profiles.module.css'")).toHaveLength(1)
    expect(importProblems(file, "import styles from '../connections/connections.module.css'")).toHaveLength(1)
    expect(importProblems(ENTRY, "import './ui/kit.css'")).toEqual([])
  })
})
