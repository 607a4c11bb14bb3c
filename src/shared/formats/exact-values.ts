/**
 * A column's values read for export without losing digits. Arrow JS's `get` answers a
 * timestamp as milliseconds, also inside structs and lists, which would cut micro- and
 * nanoseconds; here every timestamp, at any depth, is read as its stored integer, and
 * structs and lists are assembled around their children's values.
 */
import { DataType, TimeUnit, type Field, type Vector } from 'apache-arrow'

/** Converts one leaf value (a timestamp's stored integer as a bigint, anything else as `get` answers it). */
export type LeafConverter = (type: DataType) => (value: unknown) => unknown

/** Every value of `vector`, with leaves converted by `leaf` and structs and lists built as objects and arrays. */
export function exactValues(vector: Vector, type: DataType, leaf: LeafConverter): unknown[] {
  if (DataType.isTimestamp(type)) {
    const convert = leaf(type)
    return storedIntegers(vector).map((value) => (value === null ? null : convert(value)))
  }
  if (DataType.isStruct(type) && type.children.some((child) => holdsTimestamp(child.type))) {
    const children = type.children.map((child, j) => {
      const values = vector.getChildAt(j)
      return values ? exactValues(values, child.type, leaf) : []
    })
    return Array.from({ length: vector.length }, (_, i) =>
      vector.isValid(i) ? Object.fromEntries(type.children.map((child, j) => [child.name, children[j]![i] ?? null])) : null
    )
  }
  if (isListType(type) && holdsTimestamp(type)) {
    const item = (type.children[0] as Field).type
    return Array.from({ length: vector.length }, (_, i) => {
      const value = vector.get(i) as Vector | null
      return value === null || value === undefined ? null : exactValues(value, item, leaf)
    })
  }
  const convert = leaf(type)
  const values = new Array<unknown>(vector.length)
  for (let i = 0; i < vector.length; i++) {
    const value: unknown = vector.get(i)
    values[i] = value === null || value === undefined ? null : convert(value)
  }
  return values
}

/** A timestamp column's stored integers (in its own unit), null where the value is null. */
export function storedIntegers(vector: Vector): (bigint | null)[] {
  const values: (bigint | null)[] = []
  for (const chunk of vector.data) {
    const raw = chunk.values as BigInt64Array
    for (let j = 0; j < chunk.length; j++) values.push(chunk.getValid(j) ? raw[j]! : null)
  }
  return values
}

/** Seconds become milliseconds: Parquet's coarsest timestamp unit is MILLIS. */
export function parquetTimestamp(unit: TimeUnit): (value: unknown) => bigint {
  return (value) => (unit === TimeUnit.SECOND ? (value as bigint) * 1000n : (value as bigint))
}

function isListType(type: DataType): boolean {
  return DataType.isList(type) || DataType.isFixedSizeList(type) || DataType.isLargeList(type)
}

function holdsTimestamp(type: DataType): boolean {
  if (DataType.isTimestamp(type)) return true
  if (DataType.isStruct(type) || isListType(type)) return type.children.some((child: Field) => holdsTimestamp(child.type))
  return false
}
