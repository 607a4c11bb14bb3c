/**
 * Arrow column data built directly from converted values. Arrow's own builders
 * (`vectorFromArray`, `makeBuilder`) compile their null check with `new Function`, which
 * the app's Content-Security-Policy (no 'unsafe-eval') forbids, so the buffers for the
 * dialog's types are laid out here and handed to `makeData`.
 */
import {
  makeData,
  type Binary,
  type Bool,
  type Data,
  type DateDay,
  type Decimal,
  type Duration,
  type FixedSizeList,
  type Float32,
  type Float64,
  type Int32,
  type Int64,
  type List,
  type Map_,
  type Struct,
  type Time,
  type Timestamp,
  type Utf8
} from 'apache-arrow'
import { decimalWords } from '../decimal-text'
import { arrowType, mapEntries, scalarArrowType, type FieldType, type ScalarSpec } from './schema-spec'

const encoder = new TextEncoder()

/** Column data for `type` from values as `convertType` returns them (null for a missing value). */
export function columnData(type: FieldType, values: readonly unknown[]): Data {
  const length = values.length
  const { nullBitmap, nullCount } = validity(values)
  const base = { length, nullCount, nullBitmap }
  switch (type.kind) {
    case 'scalar':
      return scalarData(type, values, base)
    case 'vector': {
      const { dimension } = type
      const flat = new Float32Array(length * dimension)
      values.forEach((value, i) => {
        if (value !== null) flat.set(value as number[], i * dimension)
      })
      const child = makeData({ type: scalarArrowType('float32') as Float32, length: flat.length, nullCount: 0, data: flat })
      return makeData({ ...base, type: arrowType(type) as FixedSizeList<Float32>, child })
    }
    case 'list': {
      const valueOffsets = new Int32Array(length + 1)
      const items: unknown[] = []
      values.forEach((value, i) => {
        if (value !== null) items.push(...(value as unknown[]))
        valueOffsets[i + 1] = items.length
      })
      const child = columnData(type.item, items)
      return makeData({ ...base, type: arrowType(type) as List, valueOffsets, child })
    }
    case 'struct': {
      const children = type.fields.map((field) =>
        columnData(
          field.type,
          values.map((value) => (value === null ? null : ((value as Record<string, unknown>)[field.name] ?? null)))
        )
      )
      return makeData({ ...base, type: arrowType(type) as Struct, children })
    }
    case 'map': {
      const valueOffsets = new Int32Array(length + 1)
      const keys: unknown[] = []
      const items: unknown[] = []
      values.forEach((value, i) => {
        for (const [key, item] of (value as [unknown, unknown][] | null) ?? []) {
          keys.push(key)
          items.push(item)
        }
        valueOffsets[i + 1] = keys.length
      })
      const entries = makeData({
        type: mapEntries(type),
        length: keys.length,
        nullCount: 0,
        children: [columnData(type.key, keys), columnData(type.value, items)]
      })
      return makeData({ ...base, type: arrowType(type) as Map_, valueOffsets, child: entries })
    }
  }
}

interface Base {
  readonly length: number
  readonly nullCount: number
  readonly nullBitmap: Uint8Array | undefined
}

function scalarData(spec: ScalarSpec, values: readonly unknown[], base: Base): Data {
  const { type } = spec
  const n = values.length
  const t = scalarArrowType(spec)
  const fill = <A extends { [i: number]: number | bigint }>(array: A, read: (value: unknown) => number | bigint): A => {
    values.forEach((value, i) => {
      if (value !== null) array[i] = read(value)
    })
    return array
  }
  switch (type) {
    case 'int32':
      return makeData({ ...base, type: t as Int32, data: fill(new Int32Array(n), Number) })
    case 'int64':
      return makeData({ ...base, type: t as Int64, data: fill(new BigInt64Array(n), (v) => v as bigint) })
    case 'float32':
      return makeData({ ...base, type: t as Float32, data: fill(new Float32Array(n), Number) })
    case 'float64':
      return makeData({ ...base, type: t as Float64, data: fill(new Float64Array(n), Number) })
    case 'boolean': {
      const bits = new Uint8Array((n + 7) >> 3)
      values.forEach((value, i) => {
        if (value === true) bits[i >> 3] = (bits[i >> 3] ?? 0) | (1 << (i & 7))
      })
      return makeData({ ...base, type: t as Bool, data: bits })
    }
    case 'date':
      return makeData({ ...base, type: t as DateDay, data: fill(new Int32Array(n), Number) })
    // Timestamps, times and durations arrive as exact counts of their unit (bigints).
    case 'timestamp':
      return makeData({ ...base, type: t as Timestamp, data: fill(new BigInt64Array(n), (v) => v as bigint) })
    case 'duration':
      return makeData({ ...base, type: t as Duration, data: fill(new BigInt64Array(n), (v) => v as bigint) })
    case 'time': {
      const time = t as Time
      const data = time.bitWidth === 32 ? fill(new Int32Array(n), Number) : fill(new BigInt64Array(n), (v) => v as bigint)
      return makeData({ ...base, type: time, data })
    }
    case 'decimal': {
      const decimal = t as Decimal
      return makeData({ ...base, type: decimal, data: decimalWords(values as (bigint | null)[], decimal.bitWidth) })
    }
    case 'string':
    case 'binary': {
      const parts = values.map((value) => (value === null ? EMPTY : typeof value === 'string' ? encoder.encode(value) : (value as Uint8Array)))
      const valueOffsets = new Int32Array(n + 1)
      parts.forEach((part, i) => (valueOffsets[i + 1] = (valueOffsets[i] ?? 0) + part.length))
      const data = new Uint8Array(valueOffsets[n] ?? 0)
      parts.forEach((part, i) => data.set(part, valueOffsets[i] ?? 0))
      return type === 'string' ? makeData({ ...base, type: t as Utf8, valueOffsets, data }) : makeData({ ...base, type: t as Binary, valueOffsets, data })
    }
  }
}

const EMPTY = new Uint8Array(0)

/** The validity bitmap (bit set = value present), or none when nothing is null. */
function validity(values: readonly unknown[]): { nullBitmap: Uint8Array | undefined; nullCount: number } {
  let nullCount = 0
  for (const value of values) if (value === null) nullCount++
  if (nullCount === 0) return { nullBitmap: undefined, nullCount }
  const bitmap = new Uint8Array((values.length + 7) >> 3)
  values.forEach((value, i) => {
    if (value !== null) bitmap[i >> 3] = (bitmap[i >> 3] ?? 0) | (1 << (i & 7))
  })
  return { nullBitmap: bitmap, nullCount }
}
