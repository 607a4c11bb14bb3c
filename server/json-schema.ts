/**
 * Arrow schema -> JsonArrowSchema, the JSON form of a schema in the Lance REST spec
 * (`DescribeTableResponse.schema`). Type names follow Lance's own naming (`int64`,
 * `utf8`, `fixed_size_list` with `length`, `struct` with `fields`, ...); decimals encode
 * precision and scale in `length` as `precision * 1000 + scale`, as Lance does.
 * Checks go by type id (the `DataType.isX` guards), never `instanceof`: LanceDB hands back
 * schemas built by its own (CommonJS) copy of apache-arrow.
 */
import { DataType, DateUnit, type Field, type Schema } from 'apache-arrow'

/** The spec's JsonArrowDataType. */
export interface JsonArrowDataType {
  readonly type: string
  readonly length?: number
  readonly fields?: readonly JsonArrowField[]
}

/** The spec's JsonArrowField. */
export interface JsonArrowField {
  readonly name: string
  readonly nullable: boolean
  readonly type: JsonArrowDataType
  readonly metadata?: Readonly<Record<string, string>>
}

/** The spec's JsonArrowSchema. */
export interface JsonArrowSchema {
  readonly fields: readonly JsonArrowField[]
  readonly metadata?: Readonly<Record<string, string>>
}

/** Converts an Arrow schema (e.g. a LanceDB table's) to its JSON form. */
export function toJsonArrowSchema(schema: Schema): JsonArrowSchema {
  const metadata = metadataObject(schema.metadata)
  return { fields: schema.fields.map(toJsonArrowField), ...(metadata ? { metadata } : {}) }
}

/** Converts one Arrow field, children included. */
export function toJsonArrowField(field: Field): JsonArrowField {
  const metadata = metadataObject(field.metadata)
  return {
    name: field.name,
    nullable: field.nullable,
    type: toJsonArrowDataType(field.type as DataType),
    ...(metadata ? { metadata } : {})
  }
}

/** Converts one Arrow data type. Dictionary columns are described by their value type. */
export function toJsonArrowDataType(type: DataType): JsonArrowDataType {
  if (DataType.isDictionary(type)) return toJsonArrowDataType(type.dictionary)
  if (DataType.isInt(type)) return { type: `${type.isSigned ? 'int' : 'uint'}${type.bitWidth}` }
  if (DataType.isFloat(type)) return { type: ['float16', 'float32', 'float64'][type.precision] ?? 'float64' }
  if (DataType.isDecimal(type)) return { type: `decimal${type.bitWidth}`, length: type.precision * 1000 + type.scale }
  if (DataType.isFixedSizeBinary(type)) return { type: 'fixed_size_binary', length: type.byteWidth }
  if (DataType.isFixedSizeList(type)) return { type: 'fixed_size_list', length: type.listSize, fields: type.children.map(toJsonArrowField) }
  if (DataType.isList(type)) return { type: 'list', fields: type.children.map(toJsonArrowField) }
  if (DataType.isLargeList(type)) return { type: 'large_list', fields: type.children.map(toJsonArrowField) }
  if (DataType.isStruct(type)) return { type: 'struct', fields: type.children.map(toJsonArrowField) }
  if (DataType.isMap(type)) return { type: 'map', fields: type.children.map(toJsonArrowField) }
  if (DataType.isDate(type)) return { type: type.unit === DateUnit.DAY ? 'date32' : 'date64' }
  if (DataType.isTime(type)) return { type: type.bitWidth === 32 ? 'time32' : 'time64' }
  return { type: simpleTypeName(type) }
}

function simpleTypeName(type: DataType): string {
  if (DataType.isNull(type)) return 'null'
  if (DataType.isBool(type)) return 'bool'
  if (DataType.isUtf8(type)) return 'utf8'
  if (DataType.isLargeUtf8(type)) return 'large_utf8'
  if (DataType.isBinary(type)) return 'binary'
  if (DataType.isLargeBinary(type)) return 'large_binary'
  if (DataType.isTimestamp(type)) return 'timestamp'
  if (DataType.isDuration(type)) return 'duration'
  if (DataType.isInterval(type)) return 'interval'
  if (DataType.isUnion(type)) return 'union'
  // A type newer than this converter: name it rather than fail the whole describe.
  return String(type).toLowerCase()
}

function metadataObject(metadata: ReadonlyMap<string, string> | undefined): Record<string, string> | undefined {
  if (!metadata || metadata.size === 0) return undefined
  return Object.fromEntries(metadata)
}
