/**
 * Bounds on text a caller sends that reaches LanceDB's SQL engine or is stored as a name:
 * SQL filters and expressions, column names, and names people give things. Plain
 * TypeScript without zod, so the renderer, main and the reference server share one rule.
 *
 * LanceDB's native SQL handling recurses once per chained operator: on a 2 MiB native
 * thread stack, about 690 chained arithmetic operators (`a/a/a/…`) crash the whole
 * process with a segmentation fault, and a few tens of thousands of `OR`s do too. The
 * length of a filter does not matter (a 200 KB plain identifier is a normal error); its
 * depth does. So a filter is measured by its operators and parenthesis nesting, in one
 * pass, and refused well below that.
 */

/** The most characters a SQL filter or column expression may have. */
export const MAX_FILTER_LENGTH = 65_536
/** The most operators plus nesting levels a SQL filter or column expression may have. */
export const MAX_FILTER_DEPTH = 256
/** The most characters a column name may have (a column a table holds, or a new one). */
export const MAX_COLUMN_NAME_LENGTH = 1024
/** The most column names one request may list. */
export const MAX_COLUMNS = 10_000

const OPERATOR_CHARS = new Set(['+', '-', '*', '/', '%', '<', '>', '=', '!', '|', '&', '^', '~'])
// Word operators that each add a level to the expression tree.
const WORD_OPERATORS = new Set(['and', 'or', 'not', 'is', 'like', 'ilike', 'between', 'in'])

/**
 * How deep a SQL expression can make LanceDB's expression tree, at most: every operator
 * (each operator character, and AND, OR, NOT, IS, LIKE, BETWEEN, IN) plus the deepest
 * nesting of parentheses. Quoted strings and identifiers are skipped. Linear time.
 */
export function expressionDepth(text: string): number {
  let operators = 0
  let nesting = 0
  let deepest = 0
  let i = 0
  const n = text.length
  while (i < n) {
    const ch = text[i] as string
    if (ch === "'" || ch === '"' || ch === '`') {
      // A quoted part ends at its closing quote; a doubled quote inside is an escaped one.
      i++
      while (i < n) {
        if (text[i] === ch) {
          if (text[i + 1] === ch) i += 2
          else break
        } else i++
      }
      i++
    } else if (ch === '(' || ch === '[') {
      nesting++
      if (nesting > deepest) deepest = nesting
      i++
    } else if (ch === ')' || ch === ']') {
      if (nesting > 0) nesting--
      i++
    } else if (OPERATOR_CHARS.has(ch)) {
      operators++
      i++
    } else if (isWordChar(ch)) {
      const start = i
      while (i < n && isWordChar(text[i] as string)) i++
      if (i - start <= 7 && WORD_OPERATORS.has(text.slice(start, i).toLowerCase())) operators++
    } else i++
  }
  return operators + deepest
}

function isWordChar(ch: string): boolean {
  return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch === '_'
}

/** Why `text` cannot be sent as a SQL filter (`what` names it: "A filter"), or null. */
export function filterProblem(text: string, what = 'A filter'): string | null {
  if (text.length > MAX_FILTER_LENGTH) {
    return `${what} can be at most ${MAX_FILTER_LENGTH.toLocaleString('en')} characters long; this one has ${text.length.toLocaleString('en')}. Shorten it.`
  }
  const control = controlCharacterIn(text, true)
  if (control) return `${what} cannot hold ${control}. Remove it.`
  const depth = expressionDepth(text)
  if (depth > MAX_FILTER_DEPTH) {
    return (
      `${what} can chain at most ${MAX_FILTER_DEPTH} operators and parentheses; this one has ${depth.toLocaleString('en')}. ` +
      'Shorten it; for many values of one column use IN, such as id IN (1, 2, 3).'
    )
  }
  return null
}

/**
 * The first character that makes text unsafe to show or store as a name, described, or
 * null: a control character (tab and line breaks too, unless `allowLayout`), or a Unicode
 * bidirectional control (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C), which can
 * make a name display as a different one.
 */
export function controlCharacterIn(text: string, allowLayout = false): string | null {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) {
      if (allowLayout && (code === 0x09 || code === 0x0a || code === 0x0d)) continue
      return `a control character (U+${hex(code)})`
    }
    if ((code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069) || code === 0x200e || code === 0x200f || code === 0x061c) {
      return `a bidirectional text control (U+${hex(code)})`
    }
  }
  return null
}

function hex(code: number): string {
  return code.toString(16).toUpperCase().padStart(4, '0')
}

/** Why `name` cannot name a column a request refers to, or null. Existing names are data: only their length is bounded. */
export function columnRefProblem(name: string): string | null {
  if (name === '') return 'A column name cannot be empty.'
  if (name.length > MAX_COLUMN_NAME_LENGTH)
    return `A column name can be at most ${MAX_COLUMN_NAME_LENGTH} characters long; this one has ${name.length.toLocaleString('en')}.`
  return null
}

/** Why `name` cannot be given to a new (or renamed) column, or null. */
export function newColumnNameProblem(name: string): string | null {
  const problem = columnRefProblem(name)
  if (problem) return problem
  const control = controlCharacterIn(name)
  return control ? `A column name cannot hold ${control}.` : null
}
