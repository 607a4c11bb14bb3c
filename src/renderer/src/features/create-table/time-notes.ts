/**
 * What the preview says about how timestamps will be read, before anything is written: the
 * zone assumed for times that state none, what happens to a stated zone in a zone-less
 * column, and the unit whole numbers are counted in.
 */
import { hasZone } from '@shared/formats/infer'
import { UNIT_WORDS, unitOf, zoneOf, type FieldSpec } from '@shared/formats/schema-spec'
import type { SourceRow } from '@shared/formats/source-types'

/** One sentence per top-level timestamp field whose values are read with an assumption. */
export function timeNotes(fields: readonly FieldSpec[], sample: readonly SourceRow[]): string[] {
  const notes: string[] = []
  for (const field of fields) {
    if (field.type.kind !== 'scalar' || field.type.type !== 'timestamp') continue
    const values = sample.map((row) => row.values[field.name])
    const texts = values.filter((v): v is string => typeof v === 'string' && v.trim() !== '' && !/^[+-]?\d+$/.test(v.trim()))
    const zone = zoneOf(field.type)
    const unit = unitOf(field.type)
    if (zone !== null && texts.some((text) => !hasZone(text))) {
      notes.push(`"${field.name}": times without a zone are read as ${zone} time.`)
    }
    if (zone === null && texts.some(hasZone)) {
      notes.push(`"${field.name}" has no zone: times that state one are stored as their UTC time, and the zone is not kept.`)
    }
    if (values.some((v) => typeof v === 'bigint' || typeof v === 'number' || (typeof v === 'string' && /^[+-]?\d+$/.test(v.trim())))) {
      notes.push(`"${field.name}": whole numbers are read as ${UNIT_WORDS[unit]} since 1970-01-01 UTC.`)
    }
  }
  return notes
}
