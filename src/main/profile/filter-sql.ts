/**
 * The SQL a profile hands the grid to select a bin or a value: column names in backticks
 * (Lance's SQL), strings in single quotes with quotes doubled, timestamps and dates as
 * typed literals. One place, so the grid's filter and the profile's numbers agree.
 */
import { quoteColumn } from '../../catalog/column-nulls'

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

const PER_SECOND: Readonly<Record<string, bigint>> = { s: 1n, ms: 1_000n, us: 1_000_000n, ns: 1_000_000_000n }
const FRACTION_DIGITS: Readonly<Record<string, number>> = { s: 0, ms: 3, us: 6, ns: 9 }

/**
 * A timestamp (a whole count of `unit` since the epoch, UTC, as decimal text or bigint) as
 * ISO 8601 text without its zone, every digit kept: `2024-05-01T12:00:00.123456`. A date
 * of unit `day` as `2024-05-01`. Text that is not a whole number comes back as it is.
 */
export function temporalText(value: string | bigint, unit: string): string {
  if (typeof value === 'string' && !/^-?[0-9]+$/.test(value)) return value
  const raw = BigInt(value)
  if (unit === 'day') return temporalText(raw * 86_400n, 's').slice(0, 10)
  const per = PER_SECOND[unit] ?? 1n
  let seconds = raw / per
  let fraction = raw % per
  if (fraction < 0n) {
    fraction += per
    seconds -= 1n
  }
  const date = new Date(Number(seconds) * 1000)
  if (Number.isNaN(date.getTime())) return raw.toString()
  const whole = date.toISOString().slice(0, 19)
  const digits = FRACTION_DIGITS[unit] ?? 0
  return digits === 0 || fraction === 0n ? whole : `${whole}.${fraction.toString().padStart(digits, '0')}`
}

/** `TIMESTAMP '…'` for a raw timestamp value. */
export function timestampLiteral(value: bigint, unit: string): string {
  return `TIMESTAMP '${temporalText(value, unit).replace('T', ' ')}'`
}

/** A day count since the epoch as `DATE 'YYYY-MM-DD'`. */
export function dateLiteral(days: bigint): string {
  return `DATE '${temporalText(days, 'day')}'`
}
