/**
 * Arrow IPC files and streams as a row source. The file's schema maps onto the dialog's
 * types (narrow integers widen, dictionaries and decimals fall back); when the person
 * keeps that schema and it is exactly the file's, the table is sent as it is, without a
 * round trip through JavaScript values.
 */
import { compressionRegistry, DataType, Table, TimeUnit, tableToIPC, type Field, type Vector } from 'apache-arrow'
import { registerArrowCodecs } from '../arrow-codecs'
import { decimalFromWords, decimalText } from '../decimal-text'
import { decodeArrowIpc } from '../arrow-ipc-decode'
import { TimeCount } from './exact-time'
import { arrowSchema, scalar, type FieldSpec, type FieldType, type ScalarSpec, type TimeUnitName } from './schema-spec'
import { indexedRowReader, SourceError, type RowReader } from './source-types'
import { arrowTableProblem, FILE_IMPORT_BUDGET } from '../arrow-bounds'
import { ArrowIpcRefused, FILE_IMPORT_IPC_BUDGET } from '../arrow-preflight'

// Imported files may hold compressed record batches (LanceDB writes LZ4_FRAME, others
// ZSTD), which Arrow JS decodes only with codecs registered; registering is idempotent.
registerArrowCodecs(compressionRegistry)

/** Decodes Arrow IPC bytes in either framing (file or stream). */
export function readArrowTable(bytes: Uint8Array): Table {
  let table: Table
  try {
    table = decodeArrowIpc(bytes, FILE_IMPORT_IPC_BUDGET)
  } catch (error) {
    // Arrow that a budget refuses is said as it is (what is wrong, what to do); bytes that
    // do not even start like Arrow are another file altogether.
    if (error instanceof ArrowIpcRefused && startsLikeArrow(bytes)) throw new SourceError(error.message)
    throw new SourceError(`The file is not readable Arrow IPC data (${error instanceof Error ? error.message : String(error)}).`)
  }
  // Bytes that are not Arrow decode to a table without columns rather than failing.
  if (table.schema.fields.length === 0) throw new SourceError('The file holds no Arrow schema: is it an Arrow IPC file or stream?')
  // Decoding only made views: a batch may declare far more rows than the file's bytes hold.
  const problem = arrowTableProblem(table, FILE_IMPORT_BUDGET)
  if (problem) throw new SourceError(problem)
  return table
}

/** True when `bytes` open with the Arrow file magic or an IPC stream's continuation marker. */
function startsLikeArrow(bytes: Uint8Array): boolean {
  const file = [0x41, 0x52, 0x52, 0x4f, 0x57, 0x31] // "ARROW1"
  return file.every((byte, i) => bytes[i] === byte) || [0, 1, 2, 3].every((i) => bytes[i] === 0xff)
}

/** The dialog's schema for an Arrow table's schema. */
export function specsFromArrow(table: Table): FieldSpec[] {
  return table.schema.fields.map(specFromField)
}

/** The table as an Arrow IPC stream if `fields` describe exactly its schema; else null. */
export function passthroughStream(table: Table, fields: readonly FieldSpec[]): Uint8Array | null {
  const wanted = arrowSchema(fields).fields
  const actual = table.schema.fields
  const same =
    wanted.length === actual.length &&
    wanted.every((field, i) => {
      const other = actual[i]
      return other !== undefined && other.name === field.name && other.nullable === field.nullable && sameType(other.type, field.type)
    })
  return same ? tableToIPC(table, 'stream') : null
}

/**
 * Rows of an Arrow table as plain JavaScript values (arrays, objects, bigints, numbers).
 * Top-level timestamps come as their stored count (Arrow JS's `get` answers milliseconds)
 * and decimals as their exact text, so no digit is lost on the way to the new table.
 */
export function arrowReader(table: Table): RowReader {
  const columns = table.schema.fields.map((field) => field.name)
  const readers = table.schema.fields.map((field, i) => cellReader(field.type, table.getChildAt(i)))
  return indexedRowReader(columns, table.numRows, (row) => {
    const values: Record<string, unknown> = {}
    columns.forEach((name, c) => (values[name] = readers[c]!(row)))
    return values
  })
}

const UNIT_NAMES: Readonly<Record<TimeUnit, TimeUnitName>> = {
  [TimeUnit.SECOND]: 's',
  [TimeUnit.MILLISECOND]: 'ms',
  [TimeUnit.MICROSECOND]: 'us',
  [TimeUnit.NANOSECOND]: 'ns'
}

function cellReader(type: DataType, vector: Vector | null): (row: number) => unknown {
  if (!vector) return () => null
  if (DataType.isTimestamp(type)) {
    const unit = UNIT_NAMES[type.unit]
    return (row) => stored(vector, row, (values, at) => new TimeCount(BigInt((values as BigInt64Array)[at]!), unit))
  }
  if (DataType.isDecimal(type)) {
    return (row) => stored(vector, row, (values, at) => decimalText(decimalFromWords(values as Uint32Array, at, type.bitWidth), type.scale))
  }
  // Arrow JS answers dates as milliseconds since 1970.
  if (DataType.isDate(type)) return (row) => dateOf(vector.get(row))
  return (row) => plain(vector.get(row))
}

function dateOf(value: unknown): Date | null {
  return value === null || value === undefined ? null : value instanceof Date ? value : new Date(Number(value))
}

/** The value at `row` read from its chunk's buffer by `read`, or null where it is null. */
function stored(vector: Vector, row: number, read: (values: unknown, at: number) => unknown): unknown {
  let at = row
  for (const chunk of vector.data) {
    if (at < chunk.length) return chunk.getValid(at) ? read(chunk.values, at) : null
    at -= chunk.length
  }
  return null
}

/** Arrow's row values (Vectors, StructRows) as arrays and objects. */
export function plain(value: unknown): unknown {
  if (value === null || value === undefined || typeof value !== 'object') return value ?? null
  if (value instanceof Uint8Array) return value
  if (ArrayBuffer.isView(value)) return Array.from(value as unknown as ArrayLike<number | bigint>)
  if (isVector(value)) return Array.from(value, plain)
  if (value instanceof Date) return value
  const record = value as { toJSON?: () => unknown }
  if (typeof record.toJSON === 'function') {
    const json = record.toJSON()
    if (json !== null && typeof json === 'object') {
      return Object.fromEntries(Object.entries(json as Record<string, unknown>).map(([key, item]) => [key, plain(item)]))
    }
  }
  return value
}

function isVector(value: object): value is Vector {
  return 'type' in value && 'length' in value && typeof (value as { get?: unknown }).get === 'function' && Symbol.iterator in value
}

function specFromField(field: Field): FieldSpec {
  return { name: field.name, type: fieldTypeOf(field.type), nullable: field.nullable }
}

function fieldTypeOf(type: DataType): FieldType {
  if (DataType.isStruct(type)) return { kind: 'struct', fields: type.children.map(specFromField) }
  if (DataType.isMap(type)) {
    const [key, value] = type.children[0]?.type.children ?? []
    return { kind: 'map', key: key ? scalarOf(key.type) : scalar('string'), value: value ? scalarOf(value.type) : scalar('string') }
  }
  if (DataType.isFixedSizeList(type) || DataType.isList(type) || DataType.isLargeList(type)) {
    const item = type.children[0]?.type
    if (DataType.isFixedSizeList(type) && item && (DataType.isFloat(item) || DataType.isInt(item))) {
      return { kind: 'vector', dimension: type.listSize }
    }
    if (item && DataType.isStruct(item)) return { kind: 'list', item: { kind: 'struct', fields: item.children.map(specFromField) } }
    return { kind: 'list', item: item ? scalarOf(item) : scalar('string') }
  }
  return scalarOf(type)
}

function scalarOf(type: DataType): ScalarSpec {
  if (DataType.isInt(type)) return scalar(type.bitWidth < 32 || (type.bitWidth === 32 && type.isSigned) ? 'int32' : 'int64')
  if (DataType.isFloat(type)) return scalar(type.precision === 2 ? 'float64' : 'float32')
  if (DataType.isDecimal(type)) return scalar('decimal', { precision: type.precision, scale: type.scale })
  if (DataType.isBool(type)) return scalar('boolean')
  if (DataType.isBinary(type) || DataType.isLargeBinary(type) || DataType.isFixedSizeBinary(type)) return scalar('binary')
  if (DataType.isDate(type)) return scalar('date')
  if (DataType.isTimestamp(type)) return scalar('timestamp', { unit: UNIT_NAMES[type.unit], ...(type.timezone ? { zone: type.timezone } : {}) })
  if (DataType.isTime(type)) return scalar('time', { unit: UNIT_NAMES[type.unit] })
  if (DataType.isDuration(type)) return scalar('duration', { unit: UNIT_NAMES[type.unit] })
  return scalar('string')
}

function sameType(a: DataType, b: DataType): boolean {
  // Arrow's own description covers type, unit, width, timezone and children.
  return String(a) === String(b)
}
