/**
 * The text form of a grid cell for editing, and the rules that compare and check typed
 * text by the column's Arrow field. Scalars are written as the grid shows them (strings
 * whole), vectors, lists, structs and maps as compact JSON; `parseEditText` in shared reads
 * every one of these forms back to the same value.
 */
import { DataType, type Field, type Vector } from 'apache-arrow'
import { parseEditText, uneditableReason, type EditValue } from '@shared/edit-values'
import { cellAt, summary } from '../table-data/cell-format'
import { jsonOf } from '../table-data/cell-values'
import type { CellText } from './staged-edits'

/** The editable text of row `index` of `vector`; null for a null value. */
export function cellTextAt(vector: Vector, index: number): CellText {
  const view = cellAt(vector, index)
  if (view.kind === 'null') return null
  if (view.kind === 'empty') return ''
  const type: DataType = vector.type
  if (DataType.isUtf8(type) || DataType.isLargeUtf8(type)) return String(vector.get(index))
  if (view.kind === 'vector' || view.kind === 'nested') return JSON.stringify(jsonOf(type, vector.get(index)))
  return summary(view)
}

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

/** True for boolean columns. */
export function isBooleanField(field: Field): boolean {
  return DataType.isBool(field.type)
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
