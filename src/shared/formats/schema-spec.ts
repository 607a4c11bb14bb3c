/**
 * The schema a person builds or edits in the create-table dialog, and its Arrow form.
 * Only the types the dialog offers exist here; Arrow's full type zoo stays out of the UI.
 */
import {
  Binary,
  Bool,
  DateDay,
  Decimal,
  Duration,
  Field,
  FixedSizeList,
  Float32,
  Float64,
  Int32,
  Map_,
  Int64,
  List,
  Schema,
  Struct,
  Time,
  Timestamp,
  TimeUnit,
  Utf8,
  type DataType
} from 'apache-arrow'

/** The scalar types offered, in menu order. */
export const SCALAR_TYPES = ['int32', 'int64', 'float32', 'float64', 'decimal', 'boolean', 'string', 'binary', 'date', 'timestamp', 'time', 'duration'] as const

/** One scalar type. */
export type ScalarType = (typeof SCALAR_TYPES)[number]

/** The units of timestamps, times and durations, coarsest first. */
export const TIME_UNITS = ['s', 'ms', 'us', 'ns'] as const

/** One time unit. */
export type TimeUnitName = (typeof TIME_UNITS)[number]

/** Each time unit in words, for messages. */
export const UNIT_WORDS: Readonly<Record<TimeUnitName, string>> = { s: 'seconds', ms: 'milliseconds', us: 'microseconds', ns: 'nanoseconds' }

/**
 * A scalar and the parameters of the types that take them: `unit` for timestamps, times
 * and durations (microseconds when absent), `zone` for timestamps (absent or empty: a
 * zone-less timestamp, wall-clock time), `precision` and `scale` for decimals.
 */
export interface ScalarSpec {
  readonly kind: 'scalar'
  readonly type: ScalarType
  readonly unit?: TimeUnitName
  readonly zone?: string
  readonly precision?: number
  readonly scale?: number
}

/** The unit when none is chosen: microseconds, LanceDB's usual choice. */
export const DEFAULT_UNIT: TimeUnitName = 'us'
/** Decimal precision and scale when none are chosen. */
export const DEFAULT_DECIMAL = { precision: 38, scale: 9 } as const

/** The unit of a time-like scalar. */
export const unitOf = (spec: ScalarSpec): TimeUnitName => spec.unit ?? DEFAULT_UNIT
/** The zone of a timestamp, or null for a zone-less one. */
export const zoneOf = (spec: ScalarSpec): string | null => (spec.zone ? spec.zone : null)
/** A decimal's precision and scale. */
export const decimalOf = (spec: ScalarSpec): { readonly precision: number; readonly scale: number } => ({
  precision: spec.precision ?? DEFAULT_DECIMAL.precision,
  scale: spec.scale ?? DEFAULT_DECIMAL.scale
})

/** A field's type: a scalar, a float32 vector of a fixed dimension, a list (of a scalar or a struct), a struct, or a map of scalar keys to scalar values. */
export type FieldType =
  | ScalarSpec
  | { readonly kind: 'vector'; readonly dimension: number }
  | { readonly kind: 'list'; readonly item: ScalarSpec | { readonly kind: 'struct'; readonly fields: readonly FieldSpec[] } }
  | { readonly kind: 'struct'; readonly fields: readonly FieldSpec[] }
  | { readonly kind: 'map'; readonly key: ScalarSpec; readonly value: ScalarSpec }

/** One field of the schema being built. */
export interface FieldSpec {
  readonly name: string
  readonly type: FieldType
  readonly nullable: boolean
}

/** A scalar field type, with its parameters if any. */
export const scalar = (type: ScalarType, options: Omit<ScalarSpec, 'kind' | 'type'> = {}): ScalarSpec => ({ kind: 'scalar', type, ...options })

/** True if `value` names one of the offered scalar types. */
export function isScalarType(value: string): value is ScalarType {
  return (SCALAR_TYPES as readonly string[]).includes(value)
}

const ARROW_UNIT: Record<TimeUnitName, TimeUnit> = {
  s: TimeUnit.SECOND,
  ms: TimeUnit.MILLISECOND,
  us: TimeUnit.MICROSECOND,
  ns: TimeUnit.NANOSECOND
}

/** The Arrow type of a scalar (a bare type name takes the default parameters). */
export function scalarArrowType(spec: ScalarSpec | ScalarType): DataType {
  const full = typeof spec === 'string' ? scalar(spec) : spec
  switch (full.type) {
    case 'int32':
      return new Int32()
    case 'int64':
      return new Int64()
    case 'float32':
      return new Float32()
    case 'float64':
      return new Float64()
    case 'boolean':
      return new Bool()
    case 'string':
      return new Utf8()
    case 'binary':
      return new Binary()
    case 'date':
      return new DateDay()
    case 'timestamp':
      return new Timestamp(ARROW_UNIT[unitOf(full)], zoneOf(full))
    case 'time': {
      // Arrow's time32 holds seconds and milliseconds, time64 micro- and nanoseconds.
      const unit = unitOf(full)
      return new Time(ARROW_UNIT[unit], unit === 's' || unit === 'ms' ? 32 : 64)
    }
    case 'duration':
      return new Duration(ARROW_UNIT[unitOf(full)])
    case 'decimal': {
      const { precision, scale } = decimalOf(full)
      return new Decimal(scale, precision, precision > 38 ? 256 : 128)
    }
  }
}

/** The Arrow type of a field type. */
export function arrowType(type: FieldType): DataType {
  switch (type.kind) {
    case 'scalar':
      return scalarArrowType(type)
    case 'vector':
      return new FixedSizeList(type.dimension, new Field('item', new Float32(), true))
    case 'list':
      return new List(new Field('item', arrowType(type.item), true))
    case 'struct':
      return new Struct(type.fields.map(arrowField))
    case 'map':
      // Arrow's map: a list of non-null "entries" structs of a non-null key and a value.
      return new Map_(new Field('entries', mapEntries(type), false))
  }
}

/** The entries struct of a map type. */
export function mapEntries(type: { readonly key: ScalarSpec; readonly value: ScalarSpec }): Struct {
  return new Struct([new Field('key', scalarArrowType(type.key), false), new Field('value', scalarArrowType(type.value), true)])
}

/** The Arrow field of a field spec. */
export function arrowField(spec: FieldSpec): Field {
  return new Field(spec.name, arrowType(spec.type), spec.nullable)
}

/** The Arrow schema of a list of field specs. */
export function arrowSchema(fields: readonly FieldSpec[]): Schema {
  return new Schema(fields.map(arrowField))
}

/** A short label: `int64`, `timestamp[us, UTC]`, `decimal(10, 2)`, `vector(8)`, `list<string>`, `struct<a, b>`. */
export function typeLabel(type: FieldType): string {
  switch (type.kind) {
    case 'scalar':
      return scalarLabel(type)
    case 'vector':
      return `vector(${type.dimension})`
    case 'list':
      return `list<${typeLabel(type.item)}>`
    case 'struct':
      return `struct<${type.fields.map((field) => field.name).join(', ')}>`
    case 'map':
      return `map<${scalarLabel(type.key)}, ${scalarLabel(type.value)}>`
  }
}

function scalarLabel(spec: ScalarSpec): string {
  switch (spec.type) {
    case 'timestamp': {
      const zone = zoneOf(spec)
      return `timestamp[${unitOf(spec)}${zone ? `, ${zone}` : ''}]`
    }
    case 'time':
    case 'duration':
      return `${spec.type}[${unitOf(spec)}]`
    case 'decimal': {
      const { precision, scale } = decimalOf(spec)
      return `decimal(${precision}, ${scale})`
    }
    default:
      return spec.type
  }
}
