/**
 * Infers a schema from sample rows: the narrowest offered type every non-null value of a
 * column fits (int64, then float64, boolean, date, timestamp, else string; arrays become
 * vectors when every one holds the same count of numbers, else lists; objects become
 * structs). Fields start nullable, the safe choice; the person can tighten them.
 */
import { looksBoolean, looksDate, looksInteger, looksNumber, looksTimestamp } from './convert'
import { scalar, type FieldSpec, type FieldType, type ScalarType } from './schema-spec'
import type { SourceRow } from './source-types'

/** The inferred schema of `rows` for `columns`. */
export function inferSchema(rows: readonly SourceRow[], columns: readonly string[], textual: boolean): FieldSpec[] {
  return columns.map((name) => ({
    name,
    type: inferType(
      rows.map((row) => row.values[name]),
      textual
    ),
    nullable: true
  }))
}

/** The type every non-null value fits; string when none fits better or all are null. */
export function inferType(values: readonly unknown[], textual: boolean): FieldType {
  const present = values.filter((value) => value !== null && value !== undefined && !(textual && value === ''))
  if (present.length === 0) return scalar('string')
  const items = textual ? present.map(jsonCell) : present
  if (items.every((item) => Array.isArray(item) || ArrayBuffer.isView(item))) return arrayType(items.map(asArray))
  if (items.every(isPlainObject)) return structType(items as Record<string, unknown>[])
  return scalar(textual ? textScalar(present as string[]) : valueScalar(present))
}

function textScalar(texts: readonly string[]): ScalarType {
  if (texts.every(looksInteger)) return 'int64'
  if (texts.every(looksNumber)) return 'float64'
  if (texts.every(looksBoolean)) return 'boolean'
  if (texts.every(looksDate)) return 'date'
  if (texts.every(looksTimestamp)) return 'timestamp'
  return 'string'
}

function valueScalar(values: readonly unknown[]): ScalarType {
  if (values.every((v) => typeof v === 'bigint' || (typeof v === 'number' && Number.isInteger(v)))) return 'int64'
  if (values.every((v) => typeof v === 'number' || typeof v === 'bigint')) return 'float64'
  if (values.every((v) => typeof v === 'boolean')) return 'boolean'
  if (values.every((v) => v instanceof Uint8Array)) return 'binary'
  if (values.every((v) => v instanceof Date)) return 'timestamp'
  if (values.every((v) => typeof v === 'string')) return textScalar(values as string[])
  return 'string'
}

function arrayType(arrays: readonly (readonly unknown[])[]): FieldType {
  const first = arrays[0]?.length ?? 0
  const numeric = arrays.every((items) => items.every((item) => typeof item === 'number' || typeof item === 'bigint'))
  // One number per row is more likely a short list than a one-dimensional embedding.
  if (numeric && first >= 2 && arrays.every((items) => items.length === first)) return { kind: 'vector', dimension: first }
  const inner = inferType(arrays.flat(), false)
  return { kind: 'list', item: inner.kind === 'scalar' ? inner.type : 'string' }
}

function structType(objects: readonly Record<string, unknown>[]): FieldType {
  const names: string[] = []
  for (const object of objects) for (const key of Object.keys(object)) if (!names.includes(key)) names.push(key)
  return {
    kind: 'struct',
    fields: names.map((name) => ({ name, type: inferType(objects.map((object) => object[name]), false), nullable: true }))
  }
}

/** A CSV cell that holds a JSON array or object, parsed; any other text stays text. */
function jsonCell(text: unknown): unknown {
  if (typeof text !== 'string') return text
  const trimmed = text.trim()
  if (!(trimmed.startsWith('[') || trimmed.startsWith('{'))) return text
  try {
    return JSON.parse(trimmed)
  } catch {
    return text
  }
}

function asArray(value: unknown): readonly unknown[] {
  return Array.isArray(value) ? value : Array.from(value as ArrayLike<unknown>)
}

function isPlainObject(value: unknown): boolean {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date) && !ArrayBuffer.isView(value)
}
