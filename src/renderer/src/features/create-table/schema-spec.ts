/**
 * The schema a person builds or edits in the create-table dialog, and its Arrow form.
 * Only the types the dialog offers exist here; Arrow's full type zoo stays out of the UI.
 */
import {
  Binary,
  Bool,
  DateDay,
  Field,
  FixedSizeList,
  Float32,
  Float64,
  Int32,
  Int64,
  List,
  Schema,
  Struct,
  Timestamp,
  TimeUnit,
  Utf8,
  type DataType
} from 'apache-arrow'

/** The scalar types offered, in menu order. */
export const SCALAR_TYPES = ['int32', 'int64', 'float32', 'float64', 'boolean', 'string', 'binary', 'date', 'timestamp'] as const

/** One scalar type. */
export type ScalarType = (typeof SCALAR_TYPES)[number]

/** A field's type: a scalar, a float32 vector of a fixed dimension, a list of a scalar, or a struct. */
export type FieldType =
  | { readonly kind: 'scalar'; readonly type: ScalarType }
  | { readonly kind: 'vector'; readonly dimension: number }
  | { readonly kind: 'list'; readonly item: ScalarType }
  | { readonly kind: 'struct'; readonly fields: readonly FieldSpec[] }

/** One field of the schema being built. */
export interface FieldSpec {
  readonly name: string
  readonly type: FieldType
  readonly nullable: boolean
}

/** A scalar field type. */
export const scalar = (type: ScalarType): FieldType => ({ kind: 'scalar', type })

/** True if `value` names one of the offered scalar types. */
export function isScalarType(value: string): value is ScalarType {
  return (SCALAR_TYPES as readonly string[]).includes(value)
}

/** The Arrow type of a scalar. Timestamps are microseconds in UTC, LanceDB's usual choice. */
export function scalarArrowType(type: ScalarType): DataType {
  switch (type) {
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
      return new Timestamp(TimeUnit.MICROSECOND, 'UTC')
  }
}

/** The Arrow type of a field type. */
export function arrowType(type: FieldType): DataType {
  switch (type.kind) {
    case 'scalar':
      return scalarArrowType(type.type)
    case 'vector':
      return new FixedSizeList(type.dimension, new Field('item', new Float32(), true))
    case 'list':
      return new List(new Field('item', scalarArrowType(type.item), true))
    case 'struct':
      return new Struct(type.fields.map(arrowField))
  }
}

/** The Arrow field of a field spec. */
export function arrowField(spec: FieldSpec): Field {
  return new Field(spec.name, arrowType(spec.type), spec.nullable)
}

/** The Arrow schema of a list of field specs. */
export function arrowSchema(fields: readonly FieldSpec[]): Schema {
  return new Schema(fields.map(arrowField))
}

/** A short label: `int64`, `vector(8)`, `list<string>`, `struct<a, b>`. */
export function typeLabel(type: FieldType): string {
  switch (type.kind) {
    case 'scalar':
      return type.type
    case 'vector':
      return `vector(${type.dimension})`
    case 'list':
      return `list<${type.item}>`
    case 'struct':
      return `struct<${type.fields.map((field) => field.name).join(', ')}>`
  }
}

/** Every problem with a schema, each naming the field; empty when it can be created. */
export function schemaProblems(fields: readonly FieldSpec[], where = ''): string[] {
  const problems: string[] = []
  if (fields.length === 0) problems.push(where ? `Struct "${where}" needs at least one field.` : 'Add at least one field.')
  const seen = new Set<string>()
  fields.forEach((field, i) => {
    const label = where ? `${where}.${field.name}` : field.name
    if (field.name.trim() === '') problems.push(`Field ${i + 1}${where ? ` of "${where}"` : ''} needs a name.`)
    else if (seen.has(field.name)) problems.push(`The name "${label}" is used twice.`)
    seen.add(field.name)
    if (field.type.kind === 'vector') {
      const { dimension } = field.type
      if (!Number.isInteger(dimension) || dimension < 1 || dimension > 65_536) {
        problems.push(`Vector "${label}" needs a whole-number dimension from 1 to 65536.`)
      }
    }
    if (field.type.kind === 'struct') problems.push(...schemaProblems(field.type.fields, label))
  })
  return problems
}
