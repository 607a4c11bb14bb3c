/**
 * How a value of an Arrow column reads in a grid cell: numbers as numbers (int64 exactly,
 * float32 without float64 noise, decimals with their scale), nulls apart from empty
 * strings, dates and timestamps in ISO 8601 (zoned ones in their zone), vectors
 * abbreviated with their dimension, lists, structs and maps as summaries whose entries are
 * built only when someone expands them. A type with no sensible text says so instead of
 * guessing, and nothing here throws on odd data.
 */
import { DataType, Precision, TimeUnit, type Vector } from 'apache-arrow'
import { dateText, durationText, intervalText, timeOfDayText, timestampIso } from '@shared/temporal-format'

export { timestampIso } from '@shared/temporal-format'

/** What a cell shows. `entries` and `items` are functions so they are built on demand. */
export type CellView =
  | { readonly kind: 'null' }
  | { readonly kind: 'empty' }
  | { readonly kind: 'number'; readonly text: string }
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'vector'; readonly text: string; readonly dimension: number; readonly items: () => readonly string[] }
  | { readonly kind: 'nested'; readonly text: string; readonly entries: () => readonly NestedEntry[] }
  /** A value this grid cannot show (its type, or a column the engine could not read); `text` says why. */
  | { readonly kind: 'unsupported'; readonly text: string }

/** One member of an expanded list, struct or map. */
export interface NestedEntry {
  readonly label: string
  readonly view: CellView
}

/** Values shown in a vector's abbreviation. */
const PREVIEW_ITEMS = 3
/** Members summarised inline before "…". */
const SUMMARY_ITEMS = 3
/** Members listed when expanded; the rest are counted. */
export const MAX_ENTRIES = 200
/** Characters of a long string drawn in a cell; the rest are counted, not drawn. */
export const MAX_TEXT = 1_000

/** The view of row `index` of `vector` (a column of a decoded page). */
export function cellAt(vector: Vector, index: number): CellView {
  const type: DataType = vector.type
  if (DataType.isTimestamp(type)) {
    // Read the stored integer: `get` rounds to milliseconds, which would hide micro- and nanoseconds.
    const raw = rawInteger(vector, index)
    if (raw === null) return { kind: 'null' }
    if (raw !== undefined) return { kind: 'text', text: timestampIso(raw, type.unit, type.timezone) }
  }
  try {
    return cellView(type, vector.get(index))
  } catch (error) {
    // Arrow's own decoding can fail on data it half supports; one cell says so, the grid lives on.
    return { kind: 'unsupported', text: `cannot show this value (${error instanceof Error ? error.message : String(error)})` }
  }
}

/** The view of one value of Arrow type `type`, as `Vector.get` returns it. */
export function cellView(type: DataType, value: unknown): CellView {
  if (value === null || value === undefined) return { kind: 'null' }
  if (DataType.isDictionary(type)) return cellView(type.dictionary, value)
  if (DataType.isInt(type)) return { kind: 'number', text: String(value) }
  if (DataType.isDecimal(type)) return { kind: 'number', text: decimalText(value as ArrayLike<number>, type.scale) }
  if (DataType.isFloat(type)) return { kind: 'number', text: type.precision === Precision.SINGLE ? float32Text(Number(value)) : String(value) }
  if (DataType.isUtf8(type) || DataType.isLargeUtf8(type)) return value === '' ? { kind: 'empty' } : { kind: 'text', text: longText(String(value)) }
  if (DataType.isBool(type)) return { kind: 'text', text: value ? 'true' : 'false' }
  if (DataType.isDate(type)) return { kind: 'text', text: dateText(Number(value)) }
  if (DataType.isTimestamp(type)) return { kind: 'text', text: timestampIso(toBigInt(value), TimeUnit.MILLISECOND, type.timezone) }
  if (DataType.isTime(type)) return { kind: 'text', text: timeOfDayText(toBigInt(value), type.unit) }
  if (DataType.isDuration(type)) return { kind: 'number', text: durationText(toBigInt(value), type.unit) }
  if (DataType.isInterval(type)) {
    const text = intervalText(type.unit, value as ArrayLike<number>)
    return text === null ? unsupported(type) : { kind: 'text', text }
  }
  if (DataType.isBinary(type) || DataType.isLargeBinary(type) || DataType.isFixedSizeBinary(type)) return { kind: 'text', text: bytesText(value as Uint8Array) }
  if (DataType.isFixedSizeList(type)) {
    const item = type.children[0]?.type
    if (item && (DataType.isFloat(item) || DataType.isInt(item))) return vectorView(item, value as Vector, type.listSize)
  }
  if (DataType.isList(type) || DataType.isLargeList(type) || DataType.isFixedSizeList(type)) {
    const itemType: DataType | undefined = type.children[0]?.type
    const list = value as Vector
    return nested(list.length, '[]', false, (i) => ({ label: String(i), view: itemType ? cellView(itemType, list.get(i)) : plainText(list.get(i)) }))
  }
  if (DataType.isStruct(type)) {
    const row = value as Record<string, unknown>
    const fields = type.children
    return nested(fields.length, '{}', true, (i) => {
      const field = fields[i]
      return field ? { label: field.name, view: cellView(field.type, row[field.name]) } : { label: '', view: { kind: 'null' } }
    })
  }
  if (DataType.isMap(type)) {
    const [keyField, valueField] = type.children[0]?.type.children ?? []
    const pairs = [...(value as Iterable<[unknown, unknown]>)]
    return nested(pairs.length, '{}', true, (i) => {
      const [key, item] = pairs[i] ?? [null, null]
      return {
        label: keyField ? summary(cellView(keyField.type, key)) : String(key),
        view: valueField ? cellView(valueField.type, item) : plainText(item)
      }
    })
  }
  // Unions and types newer than this Arrow version: no guess, an honest "cannot show".
  return unsupported(type)
}

/** The one-line text of a view, as shown in a collapsed cell. */
export function summary(view: CellView): string {
  switch (view.kind) {
    case 'null':
      return 'null'
    case 'empty':
      return '""'
    default:
      return view.text
  }
}

function vectorView(item: DataType, vector: Vector, dimension: number): CellView {
  // float16 is stored as raw 16-bit words, which `toArray` hands back unconverted.
  const half = DataType.isFloat(item) && item.precision === Precision.HALF
  const values = half ? Array.from({ length: vector.length }, (_, i) => Number(vector.get(i))) : (vector.toArray() as ArrayLike<number | bigint>)
  const single = DataType.isFloat(item) && item.precision === Precision.SINGLE
  const text = (n: number | bigint): string => (single ? float32Text(Number(n)) : String(n))
  const shown = Array.from({ length: Math.min(PREVIEW_ITEMS, values.length) }, (_, i) => text(values[i] ?? 0))
  return {
    kind: 'vector',
    dimension,
    text: `[${shown.join(', ')}${values.length > PREVIEW_ITEMS ? ', …' : ''}]`,
    items: () => Array.from(values, text)
  }
}

/** A list, struct or map: a short summary now, its members when expanded. */
function nested(count: number, brackets: '[]' | '{}', keyed: boolean, at: (i: number) => NestedEntry): CellView {
  const [open, close] = brackets
  const parts = Array.from({ length: Math.min(SUMMARY_ITEMS, count) }, (_, i) => {
    const entry = at(i)
    return keyed ? `${entry.label}: ${summary(entry.view)}` : summary(entry.view)
  })
  const more = count > SUMMARY_ITEMS ? `, … ${count} in all` : ''
  return {
    kind: 'nested',
    text: `${open}${parts.join(', ')}${more}${close}`,
    entries: () => Array.from({ length: Math.min(count, MAX_ENTRIES) }, (_, i) => at(i))
  }
}

function plainText(value: unknown): CellView {
  return value === null || value === undefined ? { kind: 'null' } : { kind: 'text', text: String(value) }
}

/** The shortest decimal text that reads back as the same float32. */
export function float32Text(n: number): string {
  if (!Number.isFinite(n) || Number.isInteger(n)) return String(n)
  for (let digits = 1; digits <= 9; digits++) {
    const text = String(Number(n.toPrecision(digits)))
    if (Math.fround(Number(text)) === n) return text
  }
  return String(n)
}

/**
 * A decimal's text from its stored words (little-endian two's complement, as Arrow keeps
 * them) and its scale: words for 28 at scale 2 read `0.28`.
 */
export function decimalText(words: ArrayLike<number>, scale: number): string {
  let value = 0n
  for (let i = words.length - 1; i >= 0; i--) value = (value << 32n) | BigInt((words[i] ?? 0) >>> 0)
  const bits = BigInt(words.length * 32)
  if (words.length > 0 && value >> (bits - 1n) === 1n) value -= 1n << bits
  const negative = value < 0n
  const digits = (negative ? -value : value).toString()
  if (scale <= 0) return `${negative ? '-' : ''}${digits}${'0'.repeat(-scale)}`
  const padded = digits.padStart(scale + 1, '0')
  return `${negative ? '-' : ''}${padded.slice(0, -scale)}.${padded.slice(-scale)}`
}

function unsupported(type: DataType): CellView {
  return { kind: 'unsupported', text: `cannot show ${String(type)}` }
}

function toBigInt(value: unknown): bigint {
  return typeof value === 'bigint' ? value : BigInt(Math.trunc(Number(value)))
}

/** A string cut to MAX_TEXT characters, saying how long it really is. */
function longText(text: string): string {
  return text.length <= MAX_TEXT ? text : `${text.slice(0, MAX_TEXT)}… (${text.length.toLocaleString('en-US')} characters)`
}

function bytesText(bytes: Uint8Array): string {
  const hex = Array.from(bytes.subarray(0, 16), (b) => b.toString(16).padStart(2, '0')).join('')
  return `0x${hex}${bytes.length > 16 ? '…' : ''} (${bytes.length} bytes)`
}

/** The stored integer at `index` (null if the slot is null), or undefined if the data is not 64-bit. */
function rawInteger(vector: Vector, index: number): bigint | null | undefined {
  let i = index
  for (const data of vector.data) {
    if (i < data.length) {
      if (!data.getValid(i)) return null
      const value: unknown = data.values[data.offset + i]
      return typeof value === 'bigint' ? value : undefined
    }
    i -= data.length
  }
  return undefined
}
