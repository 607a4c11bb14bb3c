/**
 * Infers a schema from sample rows: the narrowest offered type every non-null value of a
 * column fits (int64, then float64, boolean, date, timestamp, time, else string; arrays
 * become vectors when every one holds the same count of numbers, else lists; objects become
 * structs). Timestamps and times take microseconds, or nanoseconds when a value has more
 * than six digits after the second; timestamps are in UTC when every value states a zone
 * and zone-less when none does. Fields start nullable, the safe choice; the person can
 * tighten them.
 */
import { looksBoolean, looksDate, looksInteger, looksNumber, looksTime, looksTimestamp } from './convert'
import { ExactNumber } from './exact-number'
import { TimeCount, unitForFraction } from './exact-time'
import { scalar, type FieldSpec, type FieldType, type ScalarSpec, type TimeUnitName } from './schema-spec'
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
  return textual ? textScalar(present as string[]) : valueScalar(present)
}

function textScalar(texts: readonly string[]): ScalarSpec {
  if (texts.every(looksInteger)) return scalar('int64')
  if (texts.every(looksNumber)) return scalar('float64')
  if (texts.every(looksBoolean)) return scalar('boolean')
  if (texts.every(looksDate)) return scalar('date')
  if (texts.every(looksTimestamp)) {
    const zoned = texts.some(hasZone)
    return scalar('timestamp', { unit: finestUnit(texts), ...(zoned ? { zone: 'UTC' } : {}) })
  }
  if (texts.every(looksTime)) return scalar('time', { unit: finestUnit(texts) })
  return scalar('string')
}

function valueScalar(values: readonly unknown[]): ScalarSpec {
  if (values.every((v) => typeof v === 'bigint' || (typeof v === 'number' && Number.isInteger(v)))) return scalar('int64')
  if (values.every((v) => typeof v === 'number' || typeof v === 'bigint' || v instanceof ExactNumber)) return scalar('float64')
  if (values.every((v) => typeof v === 'boolean')) return scalar('boolean')
  if (values.every((v) => v instanceof Uint8Array)) return scalar('binary')
  // Dates from Arrow and Parquet rows are instants in milliseconds.
  if (values.every((v) => v instanceof Date)) return scalar('timestamp', { zone: 'UTC' })
  if (values.every((v) => v instanceof TimeCount)) return scalar('timestamp', { unit: finest(values.map((v) => (v as TimeCount).unit)), zone: 'UTC' })
  if (values.every((v) => typeof v === 'string')) return textScalar(values as string[])
  return scalar('string')
}

function finest(units: readonly TimeUnitName[]): TimeUnitName {
  return (['ns', 'us', 'ms', 's'] as const).find((unit) => units.includes(unit)) ?? 'us'
}

/** True when a timestamp text states its zone (`Z` or an offset). */
export function hasZone(text: string): boolean {
  return /([Zz]|[+-]\d{2}(:?\d{2})?)$/.test(text.trim()) && /[Tt ]\d{2}:\d{2}/.test(text)
}

/** Microseconds, or nanoseconds when some text has more than six significant digits after the second. */
function finestUnit(texts: readonly string[]): TimeUnitName {
  const needsNanos = texts.some((text) => unitForFraction(/[.,](\d+)/.exec(text)?.[1] ?? '') === 'ns')
  return needsNanos ? 'ns' : 'us'
}

function arrayType(arrays: readonly (readonly unknown[])[]): FieldType {
  const first = arrays[0]?.length ?? 0
  const numeric = arrays.every((items) => items.every((item) => typeof item === 'number' || typeof item === 'bigint'))
  // One number per row is more likely a short list than a one-dimensional embedding.
  if (numeric && first >= 2 && arrays.every((items) => items.length === first)) return { kind: 'vector', dimension: first }
  const inner = inferType(arrays.flat(), false)
  return { kind: 'list', item: inner.kind === 'scalar' || inner.kind === 'struct' ? inner : scalar('string') }
}

function structType(objects: readonly Record<string, unknown>[]): FieldType {
  const names: string[] = []
  for (const object of objects) for (const key of Object.keys(object)) if (!names.includes(key)) names.push(key)
  return {
    kind: 'struct',
    fields: names.map((name) => ({
      name,
      type: inferType(
        objects.map((object) => object[name]),
        false
      ),
      nullable: true
    }))
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
  if (value instanceof Date || value instanceof TimeCount || value instanceof ExactNumber) return false
  return value !== null && typeof value === 'object' && !Array.isArray(value) && !ArrayBuffer.isView(value)
}
