/**
 * A grid cell's value as the text its editor starts from: scalars as the grid shows them
 * (strings whole, not cut), vectors, lists, structs and maps as compact JSON. The shared
 * parser (`parseEditText`) reads every one of these forms back to the same value.
 */
import { DataType, type Vector } from 'apache-arrow'
import type { CellText } from '../table-edits/staged-edits'
import { cellAt, summary } from './cell-format'
import { jsonOf } from './cell-values'

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
