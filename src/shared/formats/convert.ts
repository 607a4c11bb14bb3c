/**
 * Turns one source value into what the column builders take for a field type: bigints for
 * int64 and for timestamps, times, durations and decimals (counts of the column's unit,
 * unscaled decimals), day numbers for dates, arrays for vectors and lists, objects for
 * structs. CSV cells arrive as text; JSON and Arrow values arrive typed, and text is still
 * accepted where it reads unambiguously (`"42"` for an int64). Nothing goes through
 * JavaScript's Date or a float on the way to an exact type, so no digit is lost.
 */
import { DecimalTextError, unscaledDecimal } from '../decimal-text'
import { epochDay } from '../temporal-format'
import { base64Bytes } from './base64'
import { ExactNumber } from './exact-number'
import { PER_SECOND, TimeCount, TimeTextError, parseDateText, parseTimeOfDayText, parseTimestampText, timestampCount } from './exact-time'
import { decimalOf, scalar, typeLabel, UNIT_WORDS, unitOf, zoneOf, type FieldSpec, type FieldType, type ScalarSpec } from './schema-spec'

/** Why a value does not fit its field. */
export class ConversionError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ConversionError'
  }
}

const INTEGER = /^[+-]?\d+$/
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$|^[+-]?(Infinity|inf)$|^NaN$/i
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}([.,]\d+)?)?\s*(Z|[+-]\d{2}(:?\d{2})?)?$/i
const TIME_ONLY = /^\d{2}:\d{2}(:\d{2}([.,]\d+)?)?$/
const TRUE_WORDS = new Set(['true', 't', 'yes', 'y', '1'])
const FALSE_WORDS = new Set(['false', 'f', 'no', 'n', '0'])

/** True when text reads as a whole number. */
export const looksInteger = (text: string): boolean => INTEGER.test(text.trim())
/** True when text reads as a number. */
export const looksNumber = (text: string): boolean => NUMBER.test(text.trim())
/** True when text is a `YYYY-MM-DD` date. */
export const looksDate = (text: string): boolean => DATE_ONLY.test(text.trim())
/** True when text is an ISO 8601 date and time. */
export const looksTimestamp = (text: string): boolean => DATE_TIME.test(text.trim())
/** True when text is a time of day (`12:34`, `12:34:56.789`). */
export const looksTime = (text: string): boolean => TIME_ONLY.test(text.trim())
/** True when text is a boolean word (`true`, `false`). */
export const looksBoolean = (text: string): boolean => /^(true|false)$/i.test(text.trim())

/** Converts a whole value for a field, checking nullability. */
export function convertField(raw: unknown, field: FieldSpec, textual: boolean): unknown {
  const value = convertType(raw, field.type, textual)
  if (value === null && !field.nullable) throw new ConversionError('the value is missing, but the field is not nullable')
  return value
}

/** Converts a value for a type; null and undefined stay null. */
export function convertType(raw: unknown, type: FieldType, textual: boolean): unknown {
  if (raw === null || raw === undefined) return null
  // A quoted empty CSV cell ("") means "no value" for every type but string and binary, where it is empty.
  if (textual && raw === '' && !(type.kind === 'scalar' && (type.type === 'string' || type.type === 'binary'))) return null
  switch (type.kind) {
    case 'scalar':
      return convertScalar(raw, type)
    case 'vector': {
      const items = arrayOf(textual ? parseJsonCell(raw) : raw, `vector(${type.dimension})`)
      if (items.length !== type.dimension) throw new ConversionError(`${describe(raw)} has ${items.length} values; the vector needs ${type.dimension}`)
      return items.map((item) => {
        if (item === null || item === undefined) throw new ConversionError(`${describe(raw)} has a missing element; vector elements cannot be null`)
        return convertScalar(item, FLOAT32)
      })
    }
    case 'list':
      return arrayOf(textual ? parseJsonCell(raw) : raw, typeLabel(type)).map((item) =>
        item === null || item === undefined ? null : convertType(item, type.item, false)
      )
    case 'struct': {
      const object = textual ? parseJsonCell(raw) : raw
      if (object === null || typeof object !== 'object' || Array.isArray(object)) throw new ConversionError(`${describe(raw)} is not an object`)
      const result: Record<string, unknown> = {}
      for (const field of type.fields) {
        try {
          result[field.name] = convertField((object as Record<string, unknown>)[field.name], field, false)
        } catch (error) {
          throw new ConversionError(`member "${field.name}": ${error instanceof Error ? error.message : String(error)}`)
        }
      }
      return result
    }
    case 'map':
      return mapEntriesOf(textual ? parseJsonCell(raw) : raw, type)
  }
}

/**
 * A map's entries as [key, value] pairs, from a JSON object (`{"k": 1}`), a JavaScript
 * Map, or an Arrow map row. Keys must be present; values may be null.
 */
function mapEntriesOf(raw: unknown, type: Extract<FieldType, { kind: 'map' }>): [unknown, unknown][] {
  const json =
    raw !== null && typeof raw === 'object' && !(raw instanceof Map) && typeof (raw as { toJSON?: unknown }).toJSON === 'function'
      ? (raw as { toJSON: () => unknown }).toJSON()
      : raw
  const pairs = json instanceof Map ? [...json.entries()] : json !== null && typeof json === 'object' && !Array.isArray(json) ? Object.entries(json) : null
  if (pairs === null) throw new ConversionError(`${describe(raw)} is not an object of keys and values (${typeLabel(type)}); write it like {"k": 1}`)
  return pairs.map(([key, value]) => {
    const k = convertScalar(key, type.key)
    if (k === null) throw new ConversionError(`${describe(raw)} has a missing key; map keys cannot be null`)
    return [k, value === null || value === undefined ? null : convertScalar(value, type.value)]
  })
}

const FLOAT32 = scalar('float32')

/** Converts a scalar value (text or typed) to the form the column builder for `spec` takes. */
export function convertScalar(raw: unknown, spec: ScalarSpec): unknown {
  const { type } = spec
  // A JSON number kept as written: decimals and text read its digits, the others its value.
  if (raw instanceof ExactNumber) return convertScalar(type === 'decimal' || type === 'string' ? raw.text : raw.value, spec)
  switch (type) {
    case 'int32': {
      const n = integerOf(raw, type)
      if (n < -2147483648n || n > 2147483647n) throw new ConversionError(`${describe(raw)} does not fit in int32`)
      return Number(n)
    }
    case 'int64': {
      const n = integerOf(raw, type)
      if (n < -(2n ** 63n) || n >= 2n ** 63n) throw new ConversionError(`${describe(raw)} does not fit in int64`)
      return n
    }
    case 'float32':
    case 'float64':
      if (typeof raw === 'number') return raw
      if (typeof raw === 'bigint') return Number(raw)
      if (typeof raw === 'string' && looksNumber(raw)) return parseNumber(raw)
      throw new ConversionError(`${describe(raw)} is not a number (${type})`)
    case 'boolean': {
      if (typeof raw === 'boolean') return raw
      const word = String(raw).trim().toLowerCase()
      if (TRUE_WORDS.has(word)) return true
      if (FALSE_WORDS.has(word)) return false
      throw new ConversionError(`${describe(raw)} is not true or false`)
    }
    case 'string':
      if (raw instanceof TimeCount) return raw.toJSON()
      return typeof raw === 'string' ? raw : typeof raw === 'object' ? JSON.stringify(raw, bigintAsText) : String(raw)
    case 'binary':
      return binaryOf(raw)
    case 'date':
      return dayOf(raw)
    case 'timestamp':
      return timestampOf(raw, spec)
    case 'time':
      return timeOf(raw, spec)
    case 'duration':
      return countOf(raw, `duration[${unitOf(spec)}]`, `a whole number of ${UNIT_WORDS[unitOf(spec)]}`)
    case 'decimal':
      return decimalOfValue(raw, spec)
  }
}

function integerOf(raw: unknown, type: string): bigint {
  if (typeof raw === 'bigint') return raw
  if (typeof raw === 'number' && Number.isInteger(raw)) return BigInt(raw)
  if (typeof raw === 'string' && looksInteger(raw)) return BigInt(raw.trim())
  throw new ConversionError(`${describe(raw)} is not a whole number (${type})`)
}

function parseNumber(text: string): number {
  const t = text.trim().toLowerCase()
  if (t === 'inf' || t === '+inf') return Infinity
  if (t === '-inf') return -Infinity
  return Number(text.trim())
}

/** Days since 1970 for a date: a `YYYY-MM-DD` text, a whole number of days, or a Date (from Arrow or Parquet rows), its UTC day. */
function dayOf(raw: unknown): number {
  if (typeof raw === 'number' && Number.isSafeInteger(raw)) return raw
  if (raw instanceof TimeCount) return parseTimestampDay(raw.toJSON()) ?? 0
  if (raw instanceof Date && !Number.isNaN(raw.getTime())) return epochDay(raw.getTime())
  if (typeof raw === 'string') {
    const days = timeText(raw, 'date', () => parseDateText(raw) ?? parseTimestampDay(raw))
    if (days !== null) return days
  }
  throw new ConversionError(`${describe(raw)} is not a date (write it like 2024-05-31)`)
}

function parseTimestampDay(text: string): number | null {
  const parts = parseTimestampText(text)
  if (parts === null) return null
  const seconds = parts.localSeconds - BigInt((parts.offsetMinutes ?? 0) * 60)
  const days = seconds / 86_400n - (seconds % 86_400n < 0n ? 1n : 0n)
  return Number(days)
}

/**
 * A timestamp as a count of the column's unit since 1970 (UTC). Text is read exactly
 * (see exact-time); a whole number is already a count of the unit; a Date (from Arrow or
 * Parquet rows) holds milliseconds.
 */
function timestampOf(raw: unknown, spec: ScalarSpec): bigint {
  const unit = unitOf(spec)
  if (raw instanceof TimeCount) return timeText(raw.toJSON(), 'timestamp', () => raw.in(unit))
  if (raw instanceof Date && !Number.isNaN(raw.getTime())) return scaleMillis(BigInt(raw.getTime()), unit)
  if (typeof raw === 'bigint' || (typeof raw === 'number' && Number.isInteger(raw))) return BigInt(raw)
  if (typeof raw === 'string') {
    const text = raw.trim()
    if (/^[+-]?\d+$/.test(text)) return BigInt(text)
    const count = timeText(raw, 'timestamp', () => {
      const parts = parseTimestampText(text)
      return parts === null ? null : timestampCount(parts, unit, zoneOf(spec))
    })
    if (count !== null) return count
  }
  throw new ConversionError(
    `${describe(raw)} is not a timestamp (write it like 2024-05-31T12:30:00.123456Z, or a whole number of ${UNIT_WORDS[unit]} since 1970)`
  )
}

function scaleMillis(ms: bigint, unit: keyof typeof PER_SECOND): bigint {
  const per = PER_SECOND[unit]
  if (per >= 1000n) return ms * (per / 1000n)
  if (ms % (1000n / per) !== 0n) throw new ConversionError(`${ms} ms has a fraction of a second, which the unit s cannot hold`)
  return ms / (1000n / per)
}

/** A time of day as a count of the column's unit since midnight: `HH:MM:SS.fraction`, or a whole number of the unit. */
function timeOf(raw: unknown, spec: ScalarSpec): bigint {
  const unit = unitOf(spec)
  if (typeof raw === 'string' && looksTime(raw)) {
    const count = timeText(raw, 'time', () => parseTimeOfDayText(raw, unit))
    if (count !== null) return count
  }
  const count = countOf(raw, `time[${unit}]`, `a time of day (write it like 12:30:00.123456) or a whole number of ${UNIT_WORDS[unit]} since midnight`)
  if (count < 0n || count >= 86_400n * PER_SECOND[unit]) throw new ConversionError(`${describe(raw)} is not within one day in ${UNIT_WORDS[unit]}`)
  return count
}

function countOf(raw: unknown, type: string, what: string): bigint {
  if (typeof raw === 'bigint') return raw
  if (typeof raw === 'number' && Number.isInteger(raw)) return BigInt(raw)
  if (typeof raw === 'string' && looksInteger(raw)) return BigInt(raw.trim())
  throw new ConversionError(`${describe(raw)} is not ${what} (${type})`)
}

/** The unscaled integer of a decimal, from its text (a JSON number's own digits included). */
function decimalOfValue(raw: unknown, spec: ScalarSpec): bigint {
  const { precision, scale } = decimalOf(spec)
  const text = typeof raw === 'string' ? raw : typeof raw === 'bigint' || (typeof raw === 'number' && Number.isFinite(raw)) ? String(raw) : null
  if (text !== null) {
    try {
      return unscaledDecimal(text, precision, scale)
    } catch (error) {
      if (!(error instanceof DecimalTextError)) throw error
      throw new ConversionError(`${describe(raw)} ${error.message} of decimal(${precision}, ${scale})`)
    }
  }
  throw new ConversionError(`${describe(raw)} is not a decimal number (decimal(${precision}, ${scale}))`)
}

/** Runs an exact-time parse, turning its refusal into a ConversionError that names the value. */
function timeText<T>(raw: string, type: string, parse: () => T): T {
  try {
    return parse()
  } catch (error) {
    if (error instanceof TimeTextError) throw new ConversionError(`${describe(raw)} is not a valid ${type}: ${error.message}`)
    throw error
  }
}

function binaryOf(raw: unknown): Uint8Array {
  if (raw instanceof Uint8Array) return raw
  if (Array.isArray(raw) && raw.every((b) => Number.isInteger(b) && b >= 0 && b <= 255)) return Uint8Array.from(raw as number[])
  if (typeof raw === 'string') {
    try {
      return base64Bytes(raw.trim())
    } catch {
      // fall through to the error below
    }
  }
  throw new ConversionError(`${describe(raw)} is not base64-encoded bytes`)
}

function arrayOf(value: unknown, type: string): readonly unknown[] {
  if (Array.isArray(value)) return value
  if (ArrayBuffer.isView(value) && !(value instanceof DataView)) return Array.from(value as unknown as ArrayLike<unknown>)
  throw new ConversionError(`${describe(value)} is not a list of values (${type}); write it like [1, 2, 3]`)
}

function parseJsonCell(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw
  try {
    return JSON.parse(raw)
  } catch {
    throw new ConversionError(`${describe(raw)} is not JSON`)
  }
}

function bigintAsText(_key: string, value: unknown): unknown {
  return typeof value === 'bigint' ? value.toString() : value
}

/** A value as it appears in a message, shortened. */
export function describe(value: unknown): string {
  if (value instanceof ExactNumber) return describe(value.text)
  if (value instanceof TimeCount) return describe(value.toJSON())
  const text = typeof value === 'string' ? JSON.stringify(value) : typeof value === 'bigint' ? value.toString() : JSON.stringify(value, bigintAsText)
  return (text ?? String(value)).length > 40 ? `${(text ?? String(value)).slice(0, 37)}…` : (text ?? String(value))
}
