/**
 * "Filter by this value": the SQL filter that keeps the rows whose `column` equals a cell's
 * value, as Lance's SQL (DataFusion) reads it: the column in backticks, strings in single
 * quotes with quotes doubled, numbers and booleans bare, dates and timestamps as typed
 * literals, and `IS NULL` for a null. Values that SQL cannot compare with `=` (vectors,
 * lists, structs, maps, bytes, NaN) get a reason instead.
 */
import { DataType, TimeUnit } from 'apache-arrow'
import type { CellView } from './cell-format'

/** Arrow's time units as DataFusion's type names spell them. */
const UNIT_NAMES: Readonly<Record<TimeUnit, string>> = {
  [TimeUnit.SECOND]: 'Second',
  [TimeUnit.MILLISECOND]: 'Millisecond',
  [TimeUnit.MICROSECOND]: 'Microsecond',
  [TimeUnit.NANOSECOND]: 'Nanosecond'
}

/** The filter, or why there is none. */
export type CellFilter = { readonly filter: string } | { readonly reason: string }

/** A column name as Lance's SQL reads it: in backticks, a backtick doubled. */
export function quoteColumn(name: string): string {
  return `\`${name.replaceAll('`', '``')}\``
}

/** A string as an SQL literal. */
export function quoteString(text: string): string {
  return `'${text.replaceAll("'", "''")}'`
}

/**
 * The filter for a cell of `column` (of Arrow type `type`) holding `value` (as `Vector.get`
 * gives it), whose grid view is `view` (timestamps and decimals read from it, exactly).
 */
export function filterForCell(column: string, type: DataType, value: unknown, view: CellView): CellFilter {
  const name = quoteColumn(column)
  if (view.kind === 'null') return { filter: `${name} IS NULL` }
  const base = DataType.isDictionary(type) ? type.dictionary : type
  const equals = (literal: string): CellFilter => ({ filter: `${name} = ${literal}` })
  if (DataType.isUtf8(base) || DataType.isLargeUtf8(base)) return equals(quoteString(String(value)))
  if (DataType.isBool(base)) return equals(value ? 'true' : 'false')
  if (DataType.isInt(base)) return equals(String(value))
  if (DataType.isDecimal(base) && view.kind === 'number') return equals(view.text)
  if (DataType.isFloat(base)) {
    const n = Number(value)
    if (!Number.isFinite(n)) return { reason: `${String(n)} equals no value in SQL` }
    // The literal is cast to the column's type, so a float32's shortest text finds it.
    return equals(view.kind === 'number' ? view.text : String(n))
  }
  if (DataType.isDate(base) && view.kind === 'text') return equals(`DATE ${quoteString(view.text)}`)
  if (DataType.isTimestamp(base) && view.kind === 'text') {
    // A zoned column compares only with a zoned literal: the text carries its offset, read as UTC.
    if (base.timezone) return equals(`arrow_cast(${quoteString(view.text)}, 'Timestamp(${UNIT_NAMES[base.unit]}, Some("UTC"))')`)
    return equals(`TIMESTAMP ${quoteString(view.text)}`)
  }
  if (DataType.isBinary(base) || DataType.isLargeBinary(base) || DataType.isFixedSizeBinary(base)) return { reason: 'bytes cannot be compared' }
  if (DataType.isFixedSizeList(base) || DataType.isList(base) || DataType.isLargeList(base)) return { reason: 'lists and vectors cannot be compared' }
  if (DataType.isStruct(base) || DataType.isMap(base)) return { reason: 'structs and maps cannot be compared' }
  return { reason: `${String(base)} values cannot be compared here` }
}
