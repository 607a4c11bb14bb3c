/**
 * The REST spec's JSON Arrow schema (`JsonArrowSchema` / `JsonArrowField` /
 * `JsonArrowDataType`) turned into display fields. Each JSON type is rebuilt as an Arrow
 * type and described by the same converter the directory catalog uses
 * (`../arrow-schema`), so a table reads the same over REST as from disk: `int64`, `utf8`,
 * (or Lance's names: `string`, `double`, `timestamp:us:UTC`, ...),
 * `list<utf8>`, `vector<float32>[768]` with `dimension`, `timestamp[us]`, ...
 */
import {
  Binary,
  Bool,
  DateDay,
  DateMillisecond,
  Decimal,
  DurationMicrosecond,
  Field,
  FixedSizeBinary,
  FixedSizeList,
  Float16,
  Float32,
  Float64,
  Int16,
  Int32,
  Int64,
  Int8,
  LargeBinary,
  LargeUtf8,
  LargeList,
  List,
  Map_,
  Null,
  Struct,
  TimeMicrosecond,
  TimeMillisecond,
  TimeUnit,
  Timestamp,
  Uint16,
  Uint32,
  Uint64,
  Uint8,
  Utf8,
  Time,
  Duration,
  Dictionary,
  DataType
} from 'apache-arrow'
import type { FieldInfo } from '../../shared/catalog-types'
import { describeField } from '../arrow-schema'

/** Display fields from a server's JSON schema; null when `value` is not a schema at all. */
export function fieldsFromJsonSchema(value: unknown): FieldInfo[] | null {
  if (!isRecord(value) || !Array.isArray(value['fields'])) return null
  return value['fields'].flatMap((field) => {
    const info = fieldFromJson(field)
    return info ? [info] : []
  })
}

/** One JSON field as display info: through Arrow when the type is known, else by its JSON name. */
function fieldFromJson(value: unknown): FieldInfo | null {
  if (!isRecord(value) || typeof value['name'] !== 'string') return null
  const arrow = arrowField(value)
  if (arrow) return describeField(arrow)
  // A type Arrow JS cannot build (union, a server's own name): still show the
  // column, named as the server named it, rather than hide it.
  const type = jsonType(value['type'])
  const children = (type && Array.isArray(type['fields']) ? type['fields'] : []).flatMap((child) => fieldFromJson(child) ?? [])
  const name = typeof type?.['type'] === 'string' ? type['type'].toLowerCase() : 'unknown'
  const metadata = stringRecord(value['metadata'])
  return {
    name: value['name'],
    type: name.includes('list') && children[0] ? `${name}<${children[0].type}>` : name,
    nullable: value['nullable'] !== false,
    ...(metadata ? { metadata } : {}),
    ...(children.length > 0 ? { children } : {})
  }
}

function arrowField(value: Record<string, unknown>): Field | null {
  const type = arrowType(jsonType(value['type']))
  if (!type || typeof value['name'] !== 'string') return null
  const metadata = stringRecord(value['metadata'])
  return new Field(value['name'], type, value['nullable'] !== false, metadata ? new Map(Object.entries(metadata)) : null)
}

const SIMPLE: Readonly<Record<string, () => DataType>> = {
  null: () => new Null(),
  bool: () => new Bool(),
  boolean: () => new Bool(),
  int8: () => new Int8(),
  int16: () => new Int16(),
  int32: () => new Int32(),
  int64: () => new Int64(),
  uint8: () => new Uint8(),
  uint16: () => new Uint16(),
  uint32: () => new Uint32(),
  uint64: () => new Uint64(),
  float16: () => new Float16(),
  float32: () => new Float32(),
  float64: () => new Float64(),
  utf8: () => new Utf8(),
  large_utf8: () => new LargeUtf8(),
  binary: () => new Binary(),
  large_binary: () => new LargeBinary(),
  date32: () => new DateDay(),
  date64: () => new DateMillisecond(),
  // The JSON form carries no time unit; these are the units Lance reads it back with.
  timestamp: () => new Timestamp(TimeUnit.MICROSECOND),
  duration: () => new DurationMicrosecond(),
  time32: () => new TimeMillisecond(),
  time64: () => new TimeMicrosecond(),
  // Lance's own logical type names, which Lance-based servers (and LanceDB) write.
  halffloat: () => new Float16(),
  float: () => new Float32(),
  double: () => new Float64(),
  string: () => new Utf8(),
  large_string: () => new LargeUtf8(),
  'date32:day': () => new DateDay(),
  'date64:ms': () => new DateMillisecond()
}

const UNITS: Readonly<Record<string, TimeUnit>> = { s: TimeUnit.SECOND, ms: TimeUnit.MILLISECOND, us: TimeUnit.MICROSECOND, ns: TimeUnit.NANOSECOND }

/**
 * A Lance logical type name with its parameters after colons: `timestamp:us:UTC` (`-` for
 * no time zone), `time64:ns`, `duration:ms`, `decimal:128:10:2`, `dict:string:int32:false`.
 */
function lanceParameterisedType(name: string): DataType | null {
  const [kind, ...rest] = name.split(':')
  const unit = UNITS[rest[0] ?? '']
  switch (kind) {
    case 'timestamp':
      return unit === undefined ? null : new Timestamp(unit, rest[1] === undefined || rest[1] === '-' ? null : rest.slice(1).join(':'))
    case 'time32':
      return unit === TimeUnit.SECOND || unit === TimeUnit.MILLISECOND ? new Time(unit, 32) : null
    case 'time64':
      return unit === TimeUnit.MICROSECOND || unit === TimeUnit.NANOSECOND ? new Time(unit, 64) : null
    case 'duration':
      return unit === undefined ? null : new Duration(unit)
    case 'decimal': {
      const [bits, precision, scale] = rest.map(Number)
      return bits !== undefined && precision !== undefined && scale !== undefined && [bits, precision, scale].every(Number.isInteger)
        ? new Decimal(scale, precision, bits)
        : null
    }
    case 'dict': {
      // The value type is what a reader sees; the key type only says how it is stored.
      const value = arrowType({ type: rest[0] ?? '' })
      const key = arrowType({ type: rest[1] ?? '' })
      return value && key && DataType.isInt(key) ? new Dictionary(value, key as Int32) : null
    }
    default:
      return null
  }
}

function arrowType(json: Record<string, unknown> | null): DataType | null {
  if (!json || typeof json['type'] !== 'string') return null
  const name = json['type'].toLowerCase()
  const simple = SIMPLE[name]
  if (simple) return simple()
  if (name.includes(':')) return lanceParameterisedType(json['type'])
  const length = typeof json['length'] === 'number' && Number.isInteger(json['length']) ? json['length'] : undefined
  const children = Array.isArray(json['fields']) ? json['fields'].map((f) => (isRecord(f) ? arrowField(f) : null)) : []
  if (children.some((child) => child === null)) return null
  const fields = children as Field[]
  switch (name) {
    case 'fixed_size_binary':
      return length !== undefined ? new FixedSizeBinary(length) : null
    case 'decimal32':
    case 'decimal64':
    case 'decimal128':
    case 'decimal256': {
      if (length === undefined) return null
      // Lance packs precision * 1000 + scale into `length`; a negative scale borrows from it.
      const precision = Math.floor((length + 128) / 1000)
      return new Decimal(length - precision * 1000, precision, Number(name.slice('decimal'.length)))
    }
    case 'list':
      return fields[0] ? new List(fields[0]) : null
    case 'large_list':
      return fields[0] ? new LargeList(fields[0]) : null
    case 'fixed_size_list':
      return fields[0] && length !== undefined ? new FixedSizeList(length, fields[0]) : null
    case 'struct':
      return new Struct(fields)
    case 'map': {
      const entries = fields[0]
      return entries && entries.type instanceof Struct && entries.type.children.length === 2 ? new Map_(entries as Field<Struct>) : null
    }
    default:
      return null
  }
}

function jsonType(value: unknown): Record<string, unknown> | null {
  // Some servers write the type as a bare string.
  if (typeof value === 'string') return { type: value }
  return isRecord(value) ? value : null
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}

function stringRecord(value: unknown): Record<string, string> | undefined {
  if (!isRecord(value)) return undefined
  const entries = Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string')
  return entries.length > 0 ? Object.fromEntries(entries) : undefined
}
