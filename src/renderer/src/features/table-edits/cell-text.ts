/**
 * The rules that check and compare a cell's typed text by the column's Arrow field, through
 * the shared parser (`parseEditText`), which reads back the text forms the grid writes
 * (../table-data/edit-text.ts).
 */
import { DataType, type Field } from 'apache-arrow'
import { parseEditText, uneditableReason, type EditValue } from '@shared/edit-values'
import type { CellText } from './staged-edits'

/** Why a column cannot be edited in a cell, or null when it can. */
export function fieldProblem(field: Field): string | null {
  const reason = uneditableReason(field.type)
  return reason === null ? null : `Column ${field.name} cannot be edited: ${reason}.`
}

/** True for columns edited as JSON (vectors, lists, structs, maps): they get a larger editor. */
export function editedAsJson(field: Field): boolean {
  const type: DataType = field.type
  return DataType.isFixedSizeList(type) || DataType.isList(type) || DataType.isLargeList(type) || DataType.isStruct(type) || DataType.isMap(type)
}

/** The message for text that does not fit its column, or null when it fits. */
export function valueProblem(field: Field, text: CellText): string | null {
  const parsed = parseEditText(field, text)
  return parsed.ok ? null : parsed.message
}

/** A value in one canonical text, so equal values compare equal whatever their spelling. */
function canonical(value: EditValue): string {
  return JSON.stringify(value, (_key, item: unknown) => {
    if (typeof item === 'bigint') return `${item}n`
    if (typeof item === 'number' && !Number.isFinite(item)) return String(item)
    // -0 and 0 are different floats; JSON would write both as 0.
    if (Object.is(item, -0)) return '-0'
    return item
  })
}

/**
 * True when two texts stand for the same value of `field` (`1.50` and `1.5` in a float
 * column, a timestamp in two spellings); texts that do not parse compare as text.
 */
export function sameValue(field: Field, a: CellText, b: CellText): boolean {
  if (a === b) return true
  if (a === null || b === null) return false
  const left = parseEditText(field, a)
  const right = parseEditText(field, b)
  return left.ok && right.ok ? canonical(left.value) === canonical(right.value) : false
}
