/**
 * A grid cell's edited text read as a value of its column's Arrow type, with a message a
 * person can act on when it does not fit. The renderer runs it to mark a bad cell and block
 * Commit; main runs it again on what arrives, to build the Arrow rows it writes. Both sides
 * describe a column the way the grid already does: by its Arrow field (name, type,
 * nullability) from the decoded schema.
 *
 * The text forms are the ones the grid shows, so a cell's text reads back as its value:
 * whole numbers for integers (int64 and uint64 through BigInt, never a float), decimals
 * digit for digit at the column's scale, `NaN` / `Infinity` / `-Infinity` spelled out for
 * floats, `true` / `false`, ISO 8601 dates and timestamps at the column's unit (a text
 * without an offset is wall-clock time in the column's zone), `HH:MM:SS[.fraction]` times,
 * `[-][Nd ]HH:MM:SS[.fraction]` durations, and JSON for vectors, lists, structs and maps.
 * Null is its own value (never the text `null`), and an empty string is a string.
 */
import { DataType, Precision, TimeUnit, type Field } from 'apache-arrow'
import { DecimalTextError, unscaledDecimal } from './decimal-text'
import { PER_SECOND, TimeTextError, fractionIn, parseDateText, parseTimeOfDayText, parseTimestampText, timestampCount } from './formats/exact-time'
import { ExactNumber, parseJsonExact } from './formats/exact-number'
import type { TimeUnitName } from './formats/schema-spec'

/** The most characters one cell's edited text may have (a 1536-dimension vector as JSON is about 30,000). */
export const MAX_EDIT_TEXT = 1_000_000
/** The deepest nesting of lists and structs an edited JSON value may have. */
export const MAX_EDIT_DEPTH = 32

/**
 * A value of a column, as `parseEditText` reads it: numbers for integers up to 32 bits and
 * floats, bigints for 64-bit integers, unscaled decimals and counts of a timestamp's, time's
 * or duration's unit; days since 1970 for a date32 and milliseconds for a date64; arrays for
 * vectors and lists, objects for structs, [key, value] pairs for maps.
 */
export type EditValue =
  null | boolean | number | bigint | string | readonly EditValue[] | { readonly [member: string]: EditValue } | readonly (readonly [EditValue, EditValue])[]

/** A parse's outcome: the value, or why the text does not fit the column. */
export type EditParse = { readonly ok: true; readonly value: EditValue } | { readonly ok: false; readonly message: string }

/** The parts of a column the parser reads (an Arrow `Field` has them). */
export type EditField = Pick<Field, 'name' | 'type' | 'nullable'>

/** Why a column of `type` cannot be edited as text, or null when it can. */
export function uneditableReason(type: DataType): string | null {
  if (DataType.isBinary(type) || DataType.isLargeBinary(type) || DataType.isFixedSizeBinary(type)) return 'bytes cannot be typed in a cell'
  if (DataType.isDictionary(type)) return 'dictionary-encoded columns cannot be edited here'
  if (DataType.isInterval(type)) return 'intervals cannot be edited here'
  if (DataType.isInt(type) || DataType.isFloat(type) || DataType.isDecimal(type) || DataType.isBool(type)) return null
  if (DataType.isUtf8(type) || DataType.isLargeUtf8(type)) return null
  if (DataType.isDate(type) || DataType.isTimestamp(type) || DataType.isTime(type) || DataType.isDuration(type)) return null
  if (DataType.isFixedSizeList(type) || DataType.isList(type) || DataType.isLargeList(type)) return childrenReason(type.children.map((c) => c.type))
  if (DataType.isStruct(type)) return childrenReason(type.children.map((c) => c.type))
  if (DataType.isMap(type)) {
    const entries = type.children[0]?.type
    return entries ? childrenReason(entries.children.map((c: Field) => c.type)) : 'this map has no entries type'
  }
  return `${String(type)} columns cannot be edited here`
}

function childrenReason(types: readonly DataType[]): string | null {
  for (const type of types) {
    const reason = uneditableReason(type)
    if (reason) return `it holds values where ${reason}`
  }
  return null
}

/**
 * Reads `text` (null for a null value) as a value of `field`. Never throws: a value that does
 * not fit answers its message, naming the column.
 */
export function parseEditText(field: EditField, text: string | null): EditParse {
  if (text === null) {
    return field.nullable ? { ok: true, value: null } : { ok: false, message: `null is not allowed in column ${field.name}` }
  }
  if (text.length > MAX_EDIT_TEXT) {
    return {
      ok: false,
      message: `A value can have at most ${MAX_EDIT_TEXT.toLocaleString('en')} characters; this one has ${text.length.toLocaleString('en')}.`
    }
  }
  try {
    return { ok: true, value: fromText(field.type, text) }
  } catch (error) {
    if (error instanceof EditValueError) return { ok: false, message: `${error.message} (column ${field.name})` }
    throw error
  }
}

/** Why a value does not fit, thrown inside the parser and answered as a message. */
class EditValueError extends Error {}

function fail(message: string): never {
  throw new EditValueError(message)
}

/** A value as a message shows it: quoted and shortened. */
function shown(text: string): string {
  const quoted = JSON.stringify(text)
  return quoted.length > 42 ? `${quoted.slice(0, 39)}…"` : quoted
}

const UNIT_NAMES: Readonly<Record<TimeUnit, TimeUnitName>> = {
  [TimeUnit.SECOND]: 's',
  [TimeUnit.MILLISECOND]: 'ms',
  [TimeUnit.MICROSECOND]: 'us',
  [TimeUnit.NANOSECOND]: 'ns'
}
const UNIT_WORDS: Readonly<Record<TimeUnitName, string>> = { s: 'seconds', ms: 'milliseconds', us: 'microseconds', ns: 'nanoseconds' }

const WHOLE = /^[+-]?\d+$/
const FLOAT = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/
const FLOAT32_MAX = 3.4028234663852886e38
const FLOAT16_MAX = 65504

function fromText(type: DataType, text: string): EditValue {
  if (DataType.isInt(type)) return integerOf(text, type.bitWidth, type.isSigned)
  if (DataType.isFloat(type)) return floatOf(text, type.precision)
  if (DataType.isDecimal(type)) return decimalOf(text, type.precision, type.scale)
  if (DataType.isBool(type)) return booleanOf(text)
  if (DataType.isUtf8(type) || DataType.isLargeUtf8(type)) return text
  if (DataType.isDate(type)) return dateOf(text, type.unit === 0 ? 'day' : 'ms')
  if (DataType.isTimestamp(type)) return timestampOf(text, UNIT_NAMES[type.unit], type.timezone ?? null)
  if (DataType.isTime(type)) return timeOf(text, UNIT_NAMES[type.unit], type.bitWidth)
  if (DataType.isDuration(type)) return durationOf(text, UNIT_NAMES[type.unit])
  const reason = uneditableReason(type)
  if (reason) fail(reason)
  return fromJson(type, jsonOf(text), 0)
}

function integerOf(text: string, bitWidth: number, signed: boolean): number | bigint {
  const t = text.trim()
  const name = `${signed ? 'int' : 'uint'}${bitWidth}`
  if (!WHOLE.test(t)) fail(`${shown(text)} is not a whole number (${name})`)
  const n = BigInt(t)
  const min = signed ? -(2n ** BigInt(bitWidth - 1)) : 0n
  const max = signed ? 2n ** BigInt(bitWidth - 1) - 1n : 2n ** BigInt(bitWidth) - 1n
  if (n < min || n > max) fail(`${t} is out of range for ${name} (${min} to ${max})`)
  return bitWidth === 64 ? n : Number(n)
}

function floatOf(text: string, precision: Precision): number {
  const t = text.trim()
  const name = precision === Precision.HALF ? 'float16' : precision === Precision.SINGLE ? 'float32' : 'float64'
  if (t === 'NaN') return NaN
  if (t === 'Infinity' || t === '+Infinity') return Infinity
  if (t === '-Infinity') return -Infinity
  if (!FLOAT.test(t)) fail(`${shown(text)} is not a number (${name}; write NaN, Infinity or -Infinity for those)`)
  const n = Number(t)
  const max = precision === Precision.HALF ? FLOAT16_MAX : precision === Precision.SINGLE ? FLOAT32_MAX : Number.MAX_VALUE
  // A value that rounds past the largest finite one would be stored as Infinity; say so instead.
  const stored = precision === Precision.SINGLE ? Math.fround(n) : n
  if (!Number.isFinite(stored) || Math.abs(stored) > max) fail(`${t} is out of range for ${name} (largest ±${max}; write Infinity if that is meant)`)
  return stored
}

function decimalOf(text: string, precision: number, scale: number): bigint {
  try {
    return unscaledDecimal(text, precision, scale)
  } catch (error) {
    if (error instanceof DecimalTextError) fail(`${shown(text)} ${error.message} of decimal(${precision}, ${scale})`)
    throw error
  }
}

function booleanOf(text: string): boolean {
  const t = text.trim().toLowerCase()
  if (t === 'true') return true
  if (t === 'false') return false
  return fail(`${shown(text)} is not true or false`)
}

/** Runs an exact-time parse, turning its refusal into this module's message. */
function timeText<T>(text: string, what: string, parse: () => T): T {
  try {
    return parse()
  } catch (error) {
    if (error instanceof TimeTextError) fail(`${shown(text)} is not a valid ${what}: ${error.message}`)
    throw error
  }
}

const DAY_MS = 86_400_000

function dateOf(text: string, unit: 'day' | 'ms'): number {
  const t = text.trim()
  const day = timeText(text, 'date', () => parseDateText(t))
  if (day !== null) return unit === 'day' ? day : day * DAY_MS
  if (unit === 'ms') {
    // A date64 off midnight is shown with its time (`2024-05-31T12:00:00.000`); read that back as UTC.
    const parts = timeText(text, 'date', () => parseTimestampText(t))
    if (parts !== null) return Number(timeText(text, 'date', () => timestampCount(parts, 'ms', 'UTC')))
  }
  return fail(`${shown(text)} is not a date (write it like 2024-05-31)`)
}

function timestampOf(text: string, unit: TimeUnitName, zone: string | null): bigint {
  const parts = timeText(text, 'timestamp', () => parseTimestampText(text.trim()))
  if (parts === null) {
    const example = zone ? '2024-05-31T12:30:00.123456+02:00' : '2024-05-31T12:30:00.123456'
    fail(`${shown(text)} is not a timestamp (write it like ${example})`)
  }
  return timeText(text, `timestamp in ${unit}`, () => timestampCount(parts, unit, zone))
}

function timeOf(text: string, unit: TimeUnitName, bitWidth: number): number | bigint {
  const count = timeText(text, `time in ${unit}`, () => parseTimeOfDayText(text.trim(), unit))
  if (count === null) fail(`${shown(text)} is not a time of day (write it like 12:30:00${unit === 's' ? '' : '.123'})`)
  return bitWidth === 32 ? Number(count) : count
}

const DURATION = /^([+-])?(?:(\d+)d\s*)?(\d+):(\d{2}):(\d{2})(?:[.,](\d+))?$/

/** A duration as the grid shows it (`-1d 02:03:04.5`), or a whole number of the unit. */
function durationOf(text: string, unit: TimeUnitName): bigint {
  const t = text.trim()
  let count: bigint
  if (WHOLE.test(t)) count = BigInt(t)
  else {
    const match = DURATION.exec(t)
    if (!match) fail(`${shown(text)} is not a duration (write it like 1d 02:30:00 or a whole number of ${UNIT_WORDS[unit]})`)
    const [, sign, days = '0', hours, minutes, seconds, fraction = ''] = match
    if (Number(minutes) > 59 || Number(seconds) > 59) fail(`${shown(text)} is not a duration: minutes and seconds go up to 59`)
    const total = BigInt(days) * 86_400n + BigInt(hours!) * 3600n + BigInt(minutes!) * 60n + BigInt(seconds!)
    const magnitude = total * PER_SECOND[unit] + timeText(text, `duration in ${unit}`, () => fractionIn(fraction, unit))
    count = sign === '-' ? -magnitude : magnitude
  }
  if (count < -(2n ** 63n) || count > 2n ** 63n - 1n) fail(`${shown(text)} is out of range for a duration in ${UNIT_WORDS[unit]}`)
  return count
}

function jsonOf(text: string): unknown {
  try {
    return parseJsonExact(text)
  } catch {
    return fail(`${shown(text)} is not JSON (write a list like [1, 2, 3] or an object like {"a": 1})`)
  }
}

/** The text a JSON scalar stands for, for a scalar child type; text columns take only JSON strings. */
function scalarText(type: DataType, value: unknown): string {
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'bigint' || value instanceof ExactNumber) {
    const text = value instanceof ExactNumber ? value.text : String(value)
    if (DataType.isUtf8(type) || DataType.isLargeUtf8(type)) fail(`${text} is a number; text is written in quotes`)
    return text
  }
  if (typeof value === 'boolean') return String(value)
  return fail(`${shortJson(value)} is not a single value (${String(type)})`)
}

function shortJson(value: unknown): string {
  const text = JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? item.toString() : item)) ?? String(value)
  return text.length > 40 ? `${text.slice(0, 37)}…` : text
}

function fromJson(type: DataType, value: unknown, depth: number): EditValue {
  if (depth > MAX_EDIT_DEPTH) fail(`the value is nested deeper than ${MAX_EDIT_DEPTH} levels`)
  if (DataType.isFixedSizeList(type) || DataType.isList(type) || DataType.isLargeList(type)) {
    const child = type.children[0] as Field
    if (!Array.isArray(value)) fail(`${shortJson(value)} is not a list (write it like [1, 2, 3])`)
    if (DataType.isFixedSizeList(type) && value.length !== type.listSize) {
      fail(`the list has ${value.length} values; this column holds exactly ${type.listSize}`)
    }
    return value.map((item, i) => member(child, item, depth, `item ${i + 1}`))
  }
  if (DataType.isStruct(type)) {
    if (value === null || typeof value !== 'object' || Array.isArray(value) || value instanceof ExactNumber) {
      fail(`${shortJson(value)} is not an object (write it like {"a": 1})`)
    }
    const object = value as Record<string, unknown>
    const known = new Set(type.children.map((c: Field) => c.name))
    const unknown = Object.keys(object).find((key) => !known.has(key))
    if (unknown !== undefined) fail(`the object has a member "${unknown}" that the struct does not`)
    return Object.fromEntries(
      type.children.map((child: Field) => [
        child.name,
        member(child, Object.hasOwn(object, child.name) ? object[child.name] : null, depth, `member "${child.name}"`)
      ])
    )
  }
  if (DataType.isMap(type)) {
    const entries = (type.children[0] as Field).type
    const [keyField, valueField] = entries.children as Field[]
    if (value === null || typeof value !== 'object' || Array.isArray(value) || value instanceof ExactNumber) {
      fail(`${shortJson(value)} is not an object of keys and values (write it like {"k": 1})`)
    }
    return Object.entries(value as Record<string, unknown>).map(
      ([key, item]) => [fromText(keyField!.type, key), member(valueField!, item, depth, `the value of "${key}"`)] as const
    )
  }
  if (value === null) return null
  return fromText(type, scalarText(type, value))
}

/** One list item or struct member, named in its message. */
function member(field: Field, value: unknown, depth: number, where: string): EditValue {
  if (value === null || value === undefined) {
    if (!field.nullable) fail(`${where} is null, which is not allowed there`)
    return null
  }
  try {
    return fromJson(field.type, value, depth + 1)
  } catch (error) {
    if (error instanceof EditValueError && !error.message.startsWith(where)) fail(`${where}: ${error.message}`)
    throw error
  }
}
