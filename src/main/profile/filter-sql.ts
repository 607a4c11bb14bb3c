/**
 * The SQL a profile hands the grid to select a bin or a value: column names in backticks
 * (Lance's SQL), strings in single quotes with quotes doubled, timestamps and dates as
 * typed literals. One place, so the grid's filter and the profile's numbers agree.
 */
import { quoteColumn } from '../../catalog/column-nulls'
import { temporalText } from '../../shared/temporal-format'

/** Longer literals are not offered as filters (a filter has a length bound, and such a value is not clicked to filter). */
const MAX_LITERAL = 4_096

/** `'text'` with each quote doubled. */
export function stringLiteral(value: string): string {
  return `'${value.replaceAll("'", "''")}'`
}

/** `col = 'value'`, or null for a value too long to filter by. */
export function equalsFilter(column: string, value: string): string | null {
  if (value.length > MAX_LITERAL) return null
  return `${quoteColumn(column)} = ${stringLiteral(value)}`
}

/** `col = true` or `col = false`. */
export function booleanFilter(column: string, value: boolean): string {
  return `${quoteColumn(column)} = ${value}`
}

/** `col >= low AND col < high` (`<=` for a closed range), the bounds written by `literal`. */
export function rangeFilter(column: string, low: string, high: string, closed: boolean): string {
  const name = quoteColumn(column)
  return `${name} >= ${low} AND ${name} ${closed ? '<=' : '<'} ${high}`
}

/** `TIMESTAMP '…'` for a raw timestamp value. */
export function timestampLiteral(value: bigint, unit: string): string {
  return `TIMESTAMP '${temporalText(value, unit).replace('T', ' ')}'`
}

/** A day count since the epoch as `DATE 'YYYY-MM-DD'`. */
export function dateLiteral(days: bigint): string {
  return `DATE '${temporalText(days, 'day')}'`
}
