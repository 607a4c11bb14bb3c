/**
 * Arrow at the LanceDB boundary: schemas turned into display-ready `FieldInfo` trees, and
 * Arrow IPC streams in and out of LanceDB.
 *
 * LanceDB loads apache-arrow through `require`, while our ESM code imports it, so the
 * tables and schemas it hands back are instances of a second copy of the Arrow classes.
 * Schema checks therefore go by `typeId` (the `DataType.isX` guards compare type ids),
 * never by `instanceof`, so schemas from either copy convert the same way.
 */
import { DataType, DateUnit, IntervalUnit, Precision, TimeUnit, Type, UnionMode } from 'apache-arrow'
import type { Field, Schema, Table } from 'apache-arrow'
import type { FieldInfo } from '../shared/catalog-types'
import { ArrowIpcRefused, CREATE_IPC_BUDGET, preflightArrowIpc } from '../shared/arrow-preflight'
import { CatalogError } from '../shared/errors'

import './arrow-codecs'
import { lanceArrow } from './lance-arrow'
import { checkArrowBudget, checkColumnNames } from './arrow-budget'

/** Decodes an Arrow IPC stream into a table made of LanceDB's own Arrow classes. */
export function tableForLance(stream: Uint8Array): Table {
  let table: Table
  try {
    // LanceDB's copy of apache-arrow decodes as ours does, so the same preflight bounds it.
    preflightArrowIpc(stream, CREATE_IPC_BUDGET)
  } catch (error) {
    if (error instanceof ArrowIpcRefused) throw new CatalogError('invalid_request', error.message)
    throw error
  }
  try {
    table = lanceArrow.tableFromIPC(stream)
  } catch (error) {
    const cause = error instanceof Error ? error.message : String(error)
    // The decoder's reason (a bounded codec's refusal, say) is what the sender can act on.
    const reason = cause.length > 300 ? `${cause.slice(0, 300)}…` : cause
    throw new CatalogError('invalid_request', `The table data is not a readable Arrow IPC stream: ${reason.replace(/\.?$/, '.')}`, { cause })
  }
  // Bytes that are not Arrow at all decode to a table without columns rather than failing.
  if (table.schema.fields.length === 0) {
    throw new CatalogError('invalid_request', 'The table data has no columns: send an Arrow IPC stream that starts with a schema.')
  }
  // Decoding only made views: a batch may still declare far more rows than its bytes hold.
  checkArrowBudget(table)
  checkColumnNames(table.schema.fields)
  return table
}

/** An Arrow IPC stream with these columns (fields from LanceDB) and no rows. */
export function emptyIpc(fields: readonly Field[]): Uint8Array {
  return lanceArrow.tableToIPC(new lanceArrow.Table(new lanceArrow.Schema([...fields])), 'stream')
}

/** Converts every top-level field of an Arrow schema into a `FieldInfo`. */
export function describeFields(schema: Schema): FieldInfo[] {
  return schema.fields.map(describeField)
}

/** Converts one Arrow field (and its children) into a `FieldInfo`. */
export function describeField(field: Field): FieldInfo {
  const type: DataType = field.type
  const metadata = metadataRecord(field.metadata)
  const base = { name: field.name, nullable: field.nullable, ...(metadata ? { metadata } : {}) }

  if (DataType.isFixedSizeList(type)) {
    const item = type.children[0]
    const itemType = item ? typeName(item.type) : 'unknown'
    // Lance stores embeddings as fixed-size lists of numbers; name them for what they are.
    // The element type is in the name, so a lone `item` child would add nothing.
    if (item && isNumeric(item.type)) {
      return { ...base, type: `vector<${itemType}>[${type.listSize}]`, dimension: type.listSize }
    }
    return {
      ...base,
      type: `fixed_size_list<${itemType}>[${type.listSize}]`,
      dimension: type.listSize,
      children: type.children.map(describeField)
    }
  }
  const children = childFields(type)
  return children.length > 0 ? { ...base, type: typeName(type), children: children.map(describeField) } : { ...base, type: typeName(type) }
}

/** A short, readable name for an Arrow type: `int64`, `timestamp[us, UTC]`, `list<utf8>`. */
export function typeName(type: DataType): string {
  if (DataType.isInt(type)) return `${type.isSigned ? 'int' : 'uint'}${type.bitWidth}`
  if (DataType.isFloat(type)) return FLOAT_NAMES[type.precision] ?? 'float'
  if (DataType.isUtf8(type)) return 'utf8'
  if (DataType.isLargeUtf8(type)) return 'large_utf8'
  if (DataType.isBinary(type)) return 'binary'
  if (DataType.isLargeBinary(type)) return 'large_binary'
  if (DataType.isFixedSizeBinary(type)) return `fixed_size_binary[${type.byteWidth}]`
  if (DataType.isBool(type)) return 'bool'
  if (DataType.isNull(type)) return 'null'
  if (DataType.isDecimal(type)) return `decimal${type.bitWidth}(${type.precision}, ${type.scale})`
  if (DataType.isDate(type)) return type.unit === DateUnit.DAY ? 'date32' : 'date64'
  if (DataType.isTime(type)) return `time${type.bitWidth}[${unitName(type.unit)}]`
  if (DataType.isTimestamp(type)) {
    const unit = unitName(type.unit)
    return type.timezone ? `timestamp[${unit}, ${type.timezone}]` : `timestamp[${unit}]`
  }
  if (DataType.isDuration(type)) return `duration[${unitName(type.unit)}]`
  if (DataType.isInterval(type)) return `interval[${INTERVAL_NAMES[type.unit] ?? 'unknown'}]`
  if (DataType.isList(type)) return `list<${type.children[0] ? typeName(type.children[0].type) : 'unknown'}>`
  if (DataType.isLargeList(type)) return `large_list<${type.children[0] ? typeName(type.children[0].type) : 'unknown'}>`
  if (DataType.isFixedSizeList(type)) {
    return `fixed_size_list<${type.children[0] ? typeName(type.children[0].type) : 'unknown'}>[${type.listSize}]`
  }
  if (DataType.isStruct(type)) return 'struct'
  if (DataType.isMap(type)) {
    const [key, value] = type.children[0]?.type.children ?? []
    return `map<${key ? typeName(key.type) : 'unknown'}, ${value ? typeName(value.type) : 'unknown'}>`
  }
  if (DataType.isUnion(type)) return type.mode === UnionMode.Dense ? 'dense_union' : 'sparse_union'
  if (DataType.isDictionary(type)) return `dictionary<${typeName(type.dictionary)}, ${typeName(type.indices)}>`
  // A type this Arrow version has no guard for: its enum name beats hiding the column.
  const enumName: unknown = (Type as unknown as Record<number, unknown>)[type.typeId]
  return typeof enumName === 'string' ? enumName.toLowerCase() : 'unknown'
}

const FLOAT_NAMES: Readonly<Record<number, string>> = {
  [Precision.HALF]: 'float16',
  [Precision.SINGLE]: 'float32',
  [Precision.DOUBLE]: 'float64'
}

const INTERVAL_NAMES: Readonly<Record<number, string>> = {
  [IntervalUnit.YEAR_MONTH]: 'year_month',
  [IntervalUnit.DAY_TIME]: 'day_time',
  [IntervalUnit.MONTH_DAY_NANO]: 'month_day_nano'
}

function unitName(unit: TimeUnit): string {
  switch (unit) {
    case TimeUnit.SECOND:
      return 's'
    case TimeUnit.MILLISECOND:
      return 'ms'
    case TimeUnit.MICROSECOND:
      return 'us'
    case TimeUnit.NANOSECOND:
      return 'ns'
    default:
      return 'unknown'
  }
}

function isNumeric(type: DataType): boolean {
  return DataType.isFloat(type) || DataType.isInt(type)
}

/** Struct members, list items, map entries and union members; none for flat types. */
function childFields(type: DataType): readonly Field[] {
  if (DataType.isStruct(type) || DataType.isList(type) || DataType.isLargeList(type) || DataType.isMap(type) || DataType.isUnion(type)) {
    return type.children
  }
  return []
}

function metadataRecord(metadata: ReadonlyMap<string, string> | undefined): Record<string, string> | undefined {
  if (!metadata || metadata.size === 0) return undefined
  return Object.fromEntries(metadata)
}
