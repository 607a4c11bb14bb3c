/**
 * Arrow record batches as hyparquet-writer columns: the Parquet schema for an Arrow
 * schema, and each batch's columns as the plain values hyparquet-writer encodes. Types
 * without a faithful Parquet form are refused with the column's name, before any byte
 * is written.
 */
import { DataType, type Field, type RecordBatch, type Schema, TimeUnit, type Vector } from 'apache-arrow'
import type { SchemaElement } from 'hyparquet'
import type { ColumnSource } from 'hyparquet-writer'
import { CatalogError } from '../errors'
import { epochDay } from '../temporal-format'
import { exactValues, parquetTimestamp } from './exact-values'

/** The Parquet schema (root first, then the columns depth-first) for `schema`. */
export function parquetSchemaOf(schema: Schema): SchemaElement[] {
  return [{ name: 'root', num_children: schema.fields.length }, ...schema.fields.flatMap((field) => elementsOf(field, field.name))]
}

/** The columns of one batch, in schema order, as hyparquet-writer takes them. */
export function parquetColumnsOf(batch: RecordBatch): ColumnSource[] {
  return batch.schema.fields.map((field, i) => {
    const vector = batch.getChildAt(i)
    if (!vector) throw new CatalogError('internal', `Column "${field.name}" is missing from a batch.`)
    return { name: field.name, data: valuesOf(field.type, vector), nullable: field.nullable }
  })
}

function elementsOf(field: Field, path: string): SchemaElement[] {
  const repetition = field.nullable ? 'OPTIONAL' : 'REQUIRED'
  const { type } = field
  if (DataType.isList(type) || DataType.isFixedSizeList(type)) {
    const child = type.children[0] as Field
    return [
      { name: field.name, repetition_type: repetition, num_children: 1, converted_type: 'LIST' },
      { name: 'list', repetition_type: 'REPEATED', num_children: 1 },
      ...elementsOf(child.clone({ name: 'element' }), `${path}.${child.name}`)
    ]
  }
  if (DataType.isStruct(type)) {
    return [
      { name: field.name, repetition_type: repetition, num_children: type.children.length },
      ...type.children.flatMap((child) => elementsOf(child, `${path}.${child.name}`))
    ]
  }
  return [{ name: field.name, repetition_type: repetition, ...primitiveOf(type, path) }]
}

function primitiveOf(type: DataType, path: string): Omit<SchemaElement, 'name'> {
  if (DataType.isDictionary(type)) return primitiveOf(type.dictionary, path)
  if (DataType.isBool(type)) return { type: 'BOOLEAN' }
  if (DataType.isInt(type)) {
    const kind = `${type.isSigned ? 'INT' : 'UINT'}_${type.bitWidth}` as const
    if (type.bitWidth === 64) return { type: 'INT64', ...(type.isSigned ? {} : { converted_type: 'UINT_64' as const }) }
    // Unsigned 32-bit values do not fit INT32's signed range as numbers; INT64 holds them whole.
    if (kind === 'UINT_32') return { type: 'INT64' }
    return { type: 'INT32', ...(kind === 'INT_32' ? {} : { converted_type: kind }) }
  }
  if (DataType.isFloat(type)) return { type: type.precision === 2 ? 'DOUBLE' : 'FLOAT' }
  if (DataType.isUtf8(type) || DataType.isLargeUtf8(type)) return { type: 'BYTE_ARRAY', converted_type: 'UTF8' }
  if (DataType.isBinary(type) || DataType.isLargeBinary(type)) return { type: 'BYTE_ARRAY' }
  if (DataType.isFixedSizeBinary(type)) return { type: 'FIXED_LEN_BYTE_ARRAY', type_length: type.byteWidth }
  if (DataType.isDate(type)) return { type: 'INT32', converted_type: 'DATE' }
  if (DataType.isTimestamp(type)) {
    const unit = type.unit === TimeUnit.NANOSECOND ? 'NANOS' : type.unit === TimeUnit.MICROSECOND ? 'MICROS' : 'MILLIS'
    return { type: 'INT64', logical_type: { type: 'TIMESTAMP', isAdjustedToUTC: Boolean(type.timezone), unit } }
  }
  throw new CatalogError(
    'unsupported',
    `Column "${path}" is of type ${String(type)}, which this app cannot write to Parquet. Leave it out with the column chooser, or export to Arrow IPC, which keeps every type.`,
    { column: path, type: String(type) }
  )
}

/** The values of one column as hyparquet-writer expects them for the element `primitiveOf` chose; timestamps at any depth keep their stored integer. */
function valuesOf(type: DataType, vector: Vector): unknown[] {
  return exactValues(vector, type, (leaf) => (DataType.isTimestamp(leaf) ? parquetTimestamp(leaf.unit) : converterOf(leaf)))
}

function converterOf(type: DataType): (value: unknown) => unknown {
  if (DataType.isDictionary(type)) return converterOf(type.dictionary)
  if (DataType.isList(type) || DataType.isFixedSizeList(type)) {
    const child = converterOf((type.children[0] as Field).type)
    return (value) => Array.from(value as Iterable<unknown>, (item) => (item === null || item === undefined ? null : child(item)))
  }
  if (DataType.isStruct(type)) {
    const children = type.children.map((child) => [child.name, converterOf(child.type)] as const)
    return (value) => {
      const row = value as Record<string, unknown>
      return Object.fromEntries(children.map(([name, convert]) => [name, row[name] === null || row[name] === undefined ? null : convert(row[name])]))
    }
  }
  if (DataType.isInt(type) && type.bitWidth === 32 && !type.isSigned) return (value) => BigInt(value as number)
  if (DataType.isInt(type) && type.bitWidth === 64) return (value) => (typeof value === 'bigint' ? value : BigInt(value as number))
  // Arrow JS answers dates as milliseconds since the epoch (Date32 and Date64 alike).
  if (DataType.isDate(type)) return (value) => epochDay(value instanceof Date ? value.getTime() : Number(value))
  return (value) => value
}
