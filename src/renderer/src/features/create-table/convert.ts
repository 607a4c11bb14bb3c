/**
 * Turns one source value into what Arrow's builders take for a field type: bigints for
 * int64, Dates for dates and timestamps, arrays for vectors and lists, objects for
 * structs. CSV cells arrive as text; JSON and Arrow values arrive typed, and text is still
 * accepted where it reads unambiguously (`"42"` for an int64).
 */
import type { FieldSpec, FieldType, ScalarType } from './schema-spec'

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
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/i
const HAS_ZONE = /(Z|[+-]\d{2}:?\d{2})$/i
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
  // An empty CSV cell means "no value" for every type but string, where it is "".
  if (textual && raw === '' && !(type.kind === 'scalar' && type.type === 'string')) return null
  switch (type.kind) {
    case 'scalar':
      return convertScalar(raw, type.type)
    case 'vector': {
      const items = arrayOf(textual ? parseJsonCell(raw) : raw, `vector(${type.dimension})`)
      if (items.length !== type.dimension) throw new ConversionError(`${describe(raw)} has ${items.length} values; the vector needs ${type.dimension}`)
      return items.map((item) => {
        if (item === null || item === undefined) throw new ConversionError(`${describe(raw)} has a missing element; vector elements cannot be null`)
        return convertScalar(item, 'float32')
      })
    }
    case 'list':
      return arrayOf(textual ? parseJsonCell(raw) : raw, `list<${type.item}>`).map((item) =>
        item === null || item === undefined ? null : convertScalar(item, type.item)
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
  }
}

/** Converts a scalar value (text or typed) to the form the Arrow builder for `type` takes. */
export function convertScalar(raw: unknown, type: ScalarType): unknown {
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
      return typeof raw === 'string' ? raw : typeof raw === 'object' ? JSON.stringify(raw, bigintAsText) : String(raw)
    case 'binary':
      return binaryOf(raw)
    case 'date':
    case 'timestamp':
      return dateOf(raw, type)
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

function dateOf(raw: unknown, type: 'date' | 'timestamp'): Date {
  if (raw instanceof Date) return raw
  // Numbers are milliseconds since 1970, the unit JavaScript dates use.
  if (typeof raw === 'number' && Number.isFinite(raw)) return new Date(raw)
  if (typeof raw === 'string') {
    const text = raw.trim()
    if (looksDate(text)) return new Date(`${text}T00:00:00Z`)
    // A time without a zone is read as UTC, not as this computer's local time.
    if (looksTimestamp(text)) {
      const iso = text.replace(' ', 'T')
      const ms = Date.parse(HAS_ZONE.test(iso) ? iso : `${iso}Z`)
      if (!Number.isNaN(ms)) return new Date(ms)
    }
  }
  const example = type === 'date' ? '2024-05-31' : '2024-05-31T12:30:00Z'
  throw new ConversionError(`${describe(raw)} is not a ${type} (write it like ${example})`)
}

function binaryOf(raw: unknown): Uint8Array {
  if (raw instanceof Uint8Array) return raw
  if (Array.isArray(raw) && raw.every((b) => Number.isInteger(b) && b >= 0 && b <= 255)) return Uint8Array.from(raw as number[])
  if (typeof raw === 'string') {
    try {
      const text = atob(raw.trim())
      return Uint8Array.from(text, (ch) => ch.charCodeAt(0))
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
  const text = typeof value === 'string' ? JSON.stringify(value) : typeof value === 'bigint' ? value.toString() : JSON.stringify(value, bigintAsText)
  return (text ?? String(value)).length > 40 ? `${(text ?? String(value)).slice(0, 37)}…` : (text ?? String(value))
}
