/**
 * Table cells read from Arrow exactly and written back to Arrow exactly, for rows that are
 * rewritten whole by a merge insert: every value an edit leaves alone must come back as it
 * was stored. Arrow JS's `get` cannot be used for that (it answers timestamps in
 * milliseconds and decimals as words), so values are read from the column buffers: 64-bit
 * integers, timestamps, times and durations as bigints, decimals as unscaled bigints, dates
 * as their stored day or millisecond, bytes as bytes, and lists and structs around their
 * children. The same shapes are what ../../shared/edit-values.ts parses an edit into.
 */
import { DataType, Field, makeData, Precision, RecordBatch, Schema, Struct, Table, tableToIPC, util, type Data } from 'apache-arrow'
import { decimalFromWords, decimalWords } from '../../shared/decimal-text'

/** A cell as read here: an edit value, or bytes (of a binary column, which is never edited as text). */
export type CellValue = unknown

/** Why a column of `type` cannot be carried through an edit unchanged, or null when it can. */
export function carryProblem(type: DataType): string | null {
  if (DataType.isInt(type) || DataType.isFloat(type) || DataType.isDecimal(type) || DataType.isBool(type)) return null
  if (DataType.isUtf8(type) || DataType.isLargeUtf8(type) || DataType.isBinary(type) || DataType.isLargeBinary(type)) return null
  if (DataType.isFixedSizeBinary(type)) return null
  if (DataType.isDate(type) || DataType.isTimestamp(type) || DataType.isTime(type) || DataType.isDuration(type)) return null
  if (DataType.isFixedSizeList(type) || DataType.isList(type) || DataType.isLargeList(type) || DataType.isStruct(type)) {
    for (const child of type.children as Field[]) {
      const problem = carryProblem(child.type)
      if (problem) return problem
    }
    return null
  }
  return `a column of type ${String(type)} cannot be rewritten exactly`
}

const decoder = new TextDecoder('utf-8', { fatal: false })
const encoder = new TextEncoder()

/** The value of row `i` of `data` (a column chunk), exactly as stored; null for a null. */
export function cellOf(data: Data, i: number): CellValue {
  if (!data.getValid(i)) return null
  const type = data.type as DataType
  const values = data.values as ArrayLike<number | bigint> & { subarray?: unknown }
  if (DataType.isBool(type)) {
    const bit = data.offset + i
    return ((data.values as Uint8Array)[bit >> 3]! & (1 << (bit & 7))) !== 0
  }
  if (DataType.isFloat(type) && type.precision === Precision.HALF) return util.uint16ToFloat64((data.values as Uint16Array)[i]!)
  if (DataType.isDecimal(type)) return decimalFromWords(data.values as Uint32Array, i, type.bitWidth)
  if (DataType.isFixedSizeBinary(type)) return (data.values as Uint8Array).slice(i * type.byteWidth, (i + 1) * type.byteWidth)
  if (DataType.isUtf8(type) || DataType.isLargeUtf8(type) || DataType.isBinary(type) || DataType.isLargeBinary(type)) {
    const offsets = data.valueOffsets as ArrayLike<number | bigint>
    const bytes = (data.values as Uint8Array).subarray(Number(offsets[i]), Number(offsets[i + 1]))
    return DataType.isUtf8(type) || DataType.isLargeUtf8(type) ? decoder.decode(bytes) : bytes.slice()
  }
  if (DataType.isFixedSizeList(type)) {
    const child = data.children[0] as Data
    return Array.from({ length: type.listSize }, (_, k) => cellOf(child, i * type.listSize + k))
  }
  if (DataType.isList(type) || DataType.isLargeList(type)) {
    const offsets = data.valueOffsets as ArrayLike<number | bigint>
    const child = data.children[0] as Data
    const start = Number(offsets[i])
    return Array.from({ length: Number(offsets[i + 1]) - start }, (_, k) => cellOf(child, start + k))
  }
  if (DataType.isStruct(type)) {
    return Object.fromEntries((type.children as Field[]).map((field, j) => [field.name, cellOf(data.children[j] as Data, i)]))
  }
  // Integers, floats, dates, timestamps, times and durations: the stored number itself.
  const raw = values[i]!
  if (DataType.isDate(type)) return Number(raw)
  return raw
}

/** Every row of `table` as its cells, in schema order. */
export function rowsOf(table: Table): CellValue[][] {
  const rows: CellValue[][] = []
  for (const batch of table.batches) {
    const columns = batch.data.children as Data[]
    for (let i = 0; i < batch.numRows; i++) rows.push(columns.map((column) => cellOf(column, i)))
  }
  return rows
}

/** A text that is equal for two cells exactly when their stored values are. */
export function cellKey(value: CellValue): string {
  return JSON.stringify(value, (_key, item: unknown) => {
    if (typeof item === 'bigint') return `${item}n`
    if (typeof item === 'number' && !Number.isFinite(item)) return `${item}`
    if (item instanceof Uint8Array) return `0x${Buffer.from(item).toString('hex')}`
    return item
  })
}

/** Arrow IPC stream bytes of `rows` (cells in `schema`'s order) in exactly `schema`. */
export function rowsIpc(schema: Schema, rows: readonly (readonly CellValue[])[]): Uint8Array {
  const children = schema.fields.map((field, j) =>
    columnData(
      field.type as DataType,
      rows.map((row) => row[j] ?? null)
    )
  )
  const data = makeData({ type: new Struct(schema.fields), length: rows.length, nullCount: 0, children })
  return tableToIPC(new Table([new RecordBatch(schema, data)]), 'stream')
}

interface Base {
  readonly length: number
  readonly nullCount: number
  readonly nullBitmap: Uint8Array | undefined
}

/** Column data of `type` from cells as `cellOf` reads them (and edit values parse). */
export function columnData(type: DataType, values: readonly CellValue[]): Data {
  const length = values.length
  let nullCount = 0
  const bitmap = new Uint8Array((length + 7) >> 3)
  values.forEach((value, i) => {
    if (value === null) nullCount++
    else bitmap[i >> 3] = bitmap[i >> 3]! | (1 << (i & 7))
  })
  const base: Base = { length, nullCount, nullBitmap: nullCount === 0 ? undefined : bitmap }
  const fill = <A extends { [i: number]: number | bigint }>(array: A, read: (value: CellValue) => number | bigint): A => {
    values.forEach((value, i) => {
      if (value !== null) array[i] = read(value)
    })
    return array
  }
  if (DataType.isBool(type)) {
    const bits = new Uint8Array((length + 7) >> 3)
    values.forEach((value, i) => {
      if (value === true) bits[i >> 3] = bits[i >> 3]! | (1 << (i & 7))
    })
    return make({ ...base, type, data: bits })
  }
  if (DataType.isInt(type)) {
    const ArrayType = type.ArrayType as new (n: number) => { [i: number]: number | bigint }
    const data = fill(new ArrayType(length), type.bitWidth === 64 ? (v) => BigInt(v as bigint) : Number)
    return make({ ...base, type, data: data as never })
  }
  if (DataType.isFloat(type)) {
    if (type.precision === Precision.HALF) return make({ ...base, type, data: fill(new Uint16Array(length), (v) => util.float64ToUint16(Number(v))) })
    const data = type.precision === Precision.SINGLE ? fill(new Float32Array(length), Number) : fill(new Float64Array(length), Number)
    return make({ ...base, type, data })
  }
  if (DataType.isDecimal(type)) return make({ ...base, type, data: decimalWords(values as (bigint | null)[], type.bitWidth) })
  if (DataType.isDate(type)) {
    // Date32 holds days in 32 bits; date64 milliseconds in 64.
    const data = type.unit === 0 ? fill(new Int32Array(length), Number) : fill(new BigInt64Array(length), (v) => BigInt(v as number))
    return make({ ...base, type, data })
  }
  if (DataType.isTimestamp(type) || DataType.isDuration(type)) return make({ ...base, type, data: fill(new BigInt64Array(length), (v) => BigInt(v as bigint)) })
  if (DataType.isTime(type)) {
    const data = type.bitWidth === 32 ? fill(new Int32Array(length), Number) : fill(new BigInt64Array(length), (v) => BigInt(v as bigint))
    return make({ ...base, type, data })
  }
  if (DataType.isFixedSizeBinary(type)) {
    const data = new Uint8Array(length * type.byteWidth)
    values.forEach((value, i) => {
      if (value !== null) data.set(value as Uint8Array, i * type.byteWidth)
    })
    return make({ ...base, type, data })
  }
  if (DataType.isUtf8(type) || DataType.isLargeUtf8(type) || DataType.isBinary(type) || DataType.isLargeBinary(type)) {
    const parts = values.map((value) => (value === null ? EMPTY : typeof value === 'string' ? encoder.encode(value) : (value as Uint8Array)))
    const large = DataType.isLargeUtf8(type) || DataType.isLargeBinary(type)
    const offsets = large ? new BigInt64Array(length + 1) : new Int32Array(length + 1)
    let total = 0
    parts.forEach((part, i) => {
      total += part.length
      offsets[i + 1] = large ? BigInt(total) : total
    })
    const data = new Uint8Array(total)
    let at = 0
    for (const part of parts) {
      data.set(part, at)
      at += part.length
    }
    return make({ ...base, type, valueOffsets: offsets as never, data })
  }
  if (DataType.isFixedSizeList(type)) {
    const items: CellValue[] = []
    for (const value of values) {
      if (value === null) for (let k = 0; k < type.listSize; k++) items.push(null)
      else items.push(...(value as CellValue[]))
    }
    return make({ ...base, type, child: columnData((type.children[0] as Field).type as DataType, items) })
  }
  if (DataType.isList(type) || DataType.isLargeList(type)) {
    const large = DataType.isLargeList(type)
    const offsets = large ? new BigInt64Array(length + 1) : new Int32Array(length + 1)
    const items: CellValue[] = []
    values.forEach((value, i) => {
      if (value !== null) items.push(...(value as CellValue[]))
      offsets[i + 1] = large ? BigInt(items.length) : items.length
    })
    return make({ ...base, type, valueOffsets: offsets as never, child: columnData((type.children[0] as Field).type as DataType, items) })
  }
  if (DataType.isStruct(type)) {
    const children = (type.children as Field[]).map((field) =>
      columnData(
        field.type as DataType,
        values.map((value) => (value === null ? null : ((value as Record<string, CellValue>)[field.name] ?? null)))
      )
    )
    return make({ ...base, type, children })
  }
  throw new Error(carryProblem(type) ?? `cannot write ${String(type)}`)
}

const EMPTY = new Uint8Array(0)

/** Arrow's `makeData` for a type known only at run time (its overloads are chosen by the static type). */
function make(props: { readonly type: DataType } & Record<string, unknown>): Data {
  return makeData(props as never)
}
