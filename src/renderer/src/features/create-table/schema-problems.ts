/**
 * What is wrong with a schema the person built, field by field, so the dialog can say it
 * before anything is sent.
 */
import { decimalOf, zoneOf, type FieldSpec, type ScalarSpec } from '@shared/formats/schema-spec'

/** True if `zone` names a time zone this runtime knows (an IANA name such as Europe/Berlin, or an offset such as +01:00). */
function knownZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone })
    return true
  } catch {
    return false
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
    if (field.type.kind === 'scalar') problems.push(...scalarProblems(field.type, label))
    if (field.type.kind === 'struct') problems.push(...schemaProblems(field.type.fields, label))
    if (field.type.kind === 'map') problems.push(...scalarProblems(field.type.key, `${label} key`), ...scalarProblems(field.type.value, `${label} value`))
    if (field.type.kind === 'list') {
      const { item } = field.type
      problems.push(...(item.kind === 'struct' ? schemaProblems(item.fields, `${label}[]`) : scalarProblems(item, `${label}[]`)))
    }
  })
  return problems
}

function scalarProblems(spec: ScalarSpec, label: string): string[] {
  if (spec.type === 'decimal') {
    const { precision, scale } = decimalOf(spec)
    if (!Number.isInteger(precision) || precision < 1 || precision > 76) return [`Decimal "${label}" needs a whole-number precision from 1 to 76.`]
    if (!Number.isInteger(scale) || scale < 0 || scale > precision)
      return [`Decimal "${label}" needs a whole-number scale from 0 to its precision (${precision}).`]
  }
  const zone = zoneOf(spec)
  if (spec.type === 'timestamp' && zone !== null && !knownZone(zone)) {
    return [
      `Timestamp "${label}" has the zone "${zone}", which is not a known time zone: write one such as UTC, Europe/Berlin or +01:00, or leave it empty for none.`
    ]
  }
  return []
}
