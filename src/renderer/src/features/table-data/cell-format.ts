/**
 * How a value of an Arrow column reads in a grid cell: numbers as numbers (int64 exactly,
 * float32 without float64 noise), nulls apart from empty strings, dates and timestamps in
 * ISO 8601, vectors abbreviated with their dimension, lists, structs and maps as
 * summaries whose entries are built only when someone expands them.
 */
import { DataType, Precision, TimeUnit, type Vector } from 'apache-arrow'

/** What a cell shows. `entries` and `items` are functions so they are built on demand. */
export type CellView =
  | { readonly kind: 'null' }
  | { readonly kind: 'empty' }
  | { readonly kind: 'number'; readonly text: string }
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'vector'; readonly text: string; readonly dimension: number; readonly items: () => readonly string[] }
  | { readonly kind: 'nested'; readonly text: string; readonly entries: () => readonly NestedEntry[] }

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

/** The view of row `index` of `vector` (a column of a decoded page). */
export function cellAt(vector: Vector, index: number): CellView {
  const type: DataType = vector.type
  if (DataType.isTimestamp(type)) {
    // Read the stored integer: `get` rounds to milliseconds, which would hide micro- and nanoseconds.
    const raw = rawInteger(vector, index)
    if (raw === null) return { kind: 'null' }
    if (raw !== undefined) return { kind: 'text', text: timestampIso(raw, type.unit, type.timezone) }
  }
  return cellView(type, vector.get(index))
}

/** The view of one value of Arrow type `type`, as `Vector.get` returns it. */
export function cellView(type: DataType, value: unknown): CellView {
  if (value === null || value === undefined) return { kind: 'null' }
  if (DataType.isDictionary(type)) return cellView(type.dictionary, value)
  if (DataType.isInt(type) || DataType.isDecimal(type)) return { kind: 'number', text: String(value) }
  if (DataType.isFloat(type)) return { kind: 'number', text: type.precision === Precision.SINGLE ? float32Text(Number(value)) : String(value) }
  if (DataType.isUtf8(type) || DataType.isLargeUtf8(type)) return value === '' ? { kind: 'empty' } : { kind: 'text', text: String(value) }
  if (DataType.isBool(type)) return { kind: 'text', text: value ? 'true' : 'false' }
  if (DataType.isDate(type)) return { kind: 'text', text: new Date(Number(value)).toISOString().slice(0, 10) }
  if (DataType.isTimestamp(type)) return { kind: 'text', text: isoOfMs(Number(value), type.timezone) }
  if (DataType.isBinary(type) || DataType.isLargeBinary(type) || DataType.isFixedSizeBinary(type)) return { kind: 'text', text: bytesText(value as Uint8Array) }
  if (DataType.isFixedSizeList(type)) {
    const item = type.children[0]?.type
    if (item && (DataType.isFloat(item) || DataType.isInt(item))) return vectorView(item, value as Vector, type.listSize)
  }
  if (DataType.isList(type) || DataType.isFixedSizeList(type)) {
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
  return { kind: 'text', text: String(value) }
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
  const values = vector.toArray() as ArrayLike<number | bigint>
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

const PER_SECOND: Readonly<Record<number, bigint>> = {
  [TimeUnit.SECOND]: 1n,
  [TimeUnit.MILLISECOND]: 1_000n,
  [TimeUnit.MICROSECOND]: 1_000_000n,
  [TimeUnit.NANOSECOND]: 1_000_000_000n
}

/** ISO 8601 for a stored timestamp, keeping every digit its unit holds; `Z` when zoned. */
export function timestampIso(raw: bigint, unit: TimeUnit, timezone: string | null | undefined): string {
  const perSecond = PER_SECOND[unit] ?? 1n
  let seconds = raw / perSecond
  let fraction = raw % perSecond
  if (fraction < 0n) {
    seconds -= 1n
    fraction += perSecond
  }
  const digits = perSecond.toString().length - 1
  const base = new Date(Number(seconds) * 1000).toISOString().slice(0, 19)
  return `${base}${digits > 0 ? `.${fraction.toString().padStart(digits, '0')}` : ''}${timezone ? 'Z' : ''}`
}

function isoOfMs(ms: number, timezone: string | null | undefined): string {
  const iso = new Date(ms).toISOString()
  return timezone ? iso : iso.slice(0, -1)
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
