/**
 * Arrow values made ready to write as text (CSV, see csv-text) and as JSON (JSON lines, see
 * json-text). Whole numbers keep every digit
 * (64-bit ones too), decimals are written at their scale (`0.28`), timestamps are ISO 8601
 * as the grid shows them (no suffix without a zone, the offset with one) and times of day
 * `HH:MM:SS.fraction`, both with every digit of their unit,
 * durations are whole numbers of their unit, bytes are base64, and lists and structs are
 * JSON, so a file read back gives the same values.
 */
import { DataType, TimeUnit, type Field } from 'apache-arrow'
import { decimalFromWords, decimalText } from '../decimal-text'
import { dayText, timeOfDayText, timestampOrUtc } from '../temporal-format'
import { base64Text } from './base64'
import { RawNumber } from './json-text'

/** Turns one column's values into JSON-ready values. */
export type JsonConverter = (value: unknown) => unknown

/** A converter for values of `type` to JSON-ready values (null stays null). */
export function jsonConverter(type: DataType): JsonConverter {
  if (DataType.isDictionary(type)) return jsonConverter(type.dictionary)
  if (DataType.isInt(type) && type.bitWidth === 64) return (v) => (v == null ? null : new RawNumber(String(v)))
  if (DataType.isFloat(type)) return (v) => (v == null ? null : Number.isFinite(v) ? v : String(v))
  if (DataType.isTimestamp(type)) {
    const { unit, timezone } = type
    return (v) => (v == null ? null : isoTimestamp(v, unit, timezone))
  }
  if (DataType.isDate(type)) return (v) => (v == null ? null : dayText(Number(v)))
  if (DataType.isBinary(type) || DataType.isLargeBinary(type) || DataType.isFixedSizeBinary(type)) {
    return (v) => (v == null ? null : base64Text(v as Uint8Array))
  }
  if (DataType.isTime(type)) return (v) => (v == null ? null : timeOfDayText(BigInt(v as number | bigint), type.unit))
  if (DataType.isList(type) || DataType.isFixedSizeList(type) || DataType.isLargeList(type)) {
    const child = jsonConverter((type.children[0] as Field).type)
    return (v) => (v == null ? null : Array.from(v as Iterable<unknown>, child))
  }
  if (DataType.isStruct(type)) {
    const children = type.children.map((c) => [c.name, jsonConverter(c.type)] as const)
    return (v) => {
      if (v == null) return null
      const row = v as Record<string, unknown>
      return Object.fromEntries(children.map(([name, convert]) => [name, convert(row[name])]))
    }
  }
  // Arrow JS answers a decimal as its little-endian 32-bit words, unscaled.
  if (DataType.isDecimal(type)) return (v) => (v == null ? null : decimalText(decimalFromWords(v as Uint32Array, 0, type.bitWidth), type.scale))
  return (v) => (v === undefined ? null : typeof v === 'bigint' ? new RawNumber(String(v)) : v)
}

/**
 * A timestamp as the grid shows it (see timestampText), so a CSV read back gets the same
 * type: a zone-less column stays zone-less, a zoned one says its offset. A bigint is the
 * stored integer in its unit (timestamps are read raw at any depth, see exact-values), so
 * micro- and nanoseconds survive; a number is epoch milliseconds. A zone the runtime does
 * not know is written in UTC, and a value no Date can hold as its stored integer.
 */
function isoTimestamp(value: unknown, unit: TimeUnit, timezone: string | null | undefined): string | RawNumber {
  const [raw, rawUnit] = typeof value === 'bigint' ? [value, unit] : [BigInt(Math.floor(Number(value))), TimeUnit.MILLISECOND]
  return timestampOrUtc(raw, rawUnit, timezone)?.text ?? new RawNumber(raw.toString())
}
