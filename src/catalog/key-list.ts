/**
 * Rows named by the values of one key column: `column IN (v1, v2, ...)`, built by this app
 * from values it has read (whole numbers bare, texts quoted with their quotes doubled),
 * never from a person's SQL. Such a list is flat, so LanceDB takes it at any length: the
 * depth bound on filters (../shared/input-bounds.ts) is for chained operators, and a list
 * of 100,000 keys is one `IN`. Over a catalog's routes, which hold every filter to that
 * bound, the list is sent in parts (`keyListParts`).
 */
import { CatalogError } from '../shared/errors'
import { MAX_FILTER_DEPTH, MAX_FILTER_LENGTH } from '../shared/input-bounds'

/** The rows whose `column` holds one of `literals` (SQL literals of that column's values). */
export interface KeyList {
  readonly column: string
  readonly literals: readonly string[]
}

const WHOLE_NUMBER = /^-?\d+$/
const QUOTED_TEXT = /^'(?:[^']|'')*'$/

/** A column name as Lance's SQL reads it. */
export function quoteKeyColumn(name: string): string {
  return `\`${name.replaceAll('`', '``')}\``
}

/** The SQL condition naming the rows of `keys`; throws `invalid_request` for anything but a whole number or a quoted text. */
export function keyListFilter(keys: KeyList): string {
  const odd = keys.literals.find((literal) => !WHOLE_NUMBER.test(literal) && !QUOTED_TEXT.test(literal))
  if (odd !== undefined) throw new CatalogError('invalid_request', `A key list holds ${odd.slice(0, 40)}, which is neither a whole number nor a quoted text.`)
  if (keys.literals.length === 0) throw new CatalogError('invalid_request', 'A key list names no rows.')
  return `${quoteKeyColumn(keys.column)} IN (${keys.literals.join(',')})`
}

/**
 * `keys` split into lists whose conditions each stay within one SQL filter's bounds: at
 * most `maxLength` characters, and few enough negative numbers (each minus sign counts as
 * an operator) to stay under the depth bound.
 */
export function keyListParts(keys: KeyList, maxLength = MAX_FILTER_LENGTH): KeyList[] {
  const fixed = quoteKeyColumn(keys.column).length + ' IN ()'.length
  const maxSigns = MAX_FILTER_DEPTH - 8
  const parts: KeyList[] = []
  let part: string[] = []
  let length = fixed
  let signs = 0
  for (const literal of keys.literals) {
    const sign = literal.startsWith('-') ? 1 : 0
    if (part.length > 0 && (length + literal.length + 1 > maxLength || signs + sign > maxSigns)) {
      parts.push({ column: keys.column, literals: part })
      part = []
      length = fixed
      signs = 0
    }
    part.push(literal)
    length += literal.length + 1
    signs += sign
  }
  if (part.length > 0) parts.push({ column: keys.column, literals: part })
  return parts
}
