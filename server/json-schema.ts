/**
 * Arrow schema -> JsonArrowSchema, the JSON form of a schema in the Lance REST spec
 * (`DescribeTableResponse.schema`). Type names are Lance's own logical type names, the
 * ones LanceDB's remote client parses (`int64`, `double`, `string`, `date32:day`,
 * `timestamp:us:UTC`, `decimal:128:10:2`, `dict:string:int32:false`, `fixed_size_list` with
 * `length`, `struct` with `fields`, ...): a name it does not know fails its whole open.
 * Checks go by type id (the `DataType.isX` guards), never `instanceof`: LanceDB hands back
 * schemas built by its own (CommonJS) copy of apache-arrow.
 */
import { DataType, DateUnit, type Field, type Schema, type TimeUnit } from 'apache-arrow'

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

/** Converts one Arrow data type. */
export function toJsonArrowDataType(type: DataType): JsonArrowDataType {
  if (DataType.isFixedSizeBinary(type)) return { type: 'fixed_size_binary', length: type.byteWidth }
  if (DataType.isFixedSizeList(type)) return { type: 'fixed_size_list', length: type.listSize, fields: type.children.map(toJsonArrowField) }
  if (DataType.isList(type)) return { type: 'list', fields: type.children.map(toJsonArrowField) }
  if (DataType.isLargeList(type)) return { type: 'large_list', fields: type.children.map(toJsonArrowField) }
  if (DataType.isStruct(type)) return { type: 'struct', fields: type.children.map(toJsonArrowField) }
  if (DataType.isMap(type)) return { type: 'map', fields: type.children.map(toJsonArrowField) }
  return { type: logicalTypeName(type) }
}

/** Lance's name of a type without children. */
function logicalTypeName(type: DataType): string {
  if (DataType.isDictionary(type)) return `dict:${logicalTypeName(type.dictionary)}:${logicalTypeName(type.indices)}:false`
  if (DataType.isInt(type)) return `${type.isSigned ? 'int' : 'uint'}${type.bitWidth}`
  if (DataType.isFloat(type)) return ['halffloat', 'float', 'double'][type.precision] ?? 'double'
  if (DataType.isDecimal(type)) return `decimal:${type.bitWidth}:${type.precision}:${type.scale}`
  if (DataType.isDate(type)) return type.unit === DateUnit.DAY ? 'date32:day' : 'date64:ms'
  if (DataType.isTime(type)) return `time${type.bitWidth}:${unitName(type.unit)}`
  if (DataType.isTimestamp(type)) return `timestamp:${unitName(type.unit)}:${type.timezone ?? '-'}`
  if (DataType.isDuration(type)) return `duration:${unitName(type.unit)}`
  if (DataType.isNull(type)) return 'null'
  if (DataType.isBool(type)) return 'bool'
  if (DataType.isUtf8(type)) return 'string'
  if (DataType.isLargeUtf8(type)) return 'large_string'
  if (DataType.isBinary(type)) return 'binary'
  if (DataType.isLargeBinary(type)) return 'large_binary'
  if (DataType.isInterval(type)) return 'interval'
  if (DataType.isUnion(type)) return 'union'
  // A type newer than this converter: name it rather than fail the whole describe.
  return String(type).toLowerCase()
}

function unitName(unit: TimeUnit): string {
  return ['s', 'ms', 'us', 'ns'][unit] ?? 'us'
}

function metadataObject(metadata: ReadonlyMap<string, string> | undefined): Record<string, string> | undefined {
  if (!metadata || metadata.size === 0) return undefined
  return Object.fromEntries(metadata)
}
