/**
 * A cell's value in the forms the viewer and the cell menu need, from the Arrow column the
 * page holds: the viewer's value (whole text, vectors as numbers, lists and structs as a
 * tree), the text "Copy value" puts on the clipboard, and JSON for "Copy row as JSON".
 */
import { DataType, type Vector } from 'apache-arrow'
import type { ViewerValue } from '../cell-viewer/viewer-value'
import { cellAt, cellView, summary, type CellView } from './cell-format'

/** The viewer's value of row `index` of `vector`. */
export function viewerValueAt(vector: Vector, index: number): ViewerValue {
  const view = cellAt(vector, index)
  const type: DataType = vector.type
  const base = DataType.isDictionary(type) ? type.dictionary : type
  // The grid cuts long strings; the viewer shows them whole.
  if (view.kind === 'text' && (DataType.isUtf8(base) || DataType.isLargeUtf8(base))) return { kind: 'text', text: String(vector.get(index)) }
  return fromView(view)
}

/** The viewer's value of a grid view. */
function fromView(view: CellView): ViewerValue {
  switch (view.kind) {
    case 'null':
      return { kind: 'null' }
    case 'empty':
      return { kind: 'text', text: '' }
    case 'number':
      return { kind: 'number', text: view.text }
    case 'text':
      return { kind: 'text', text: view.text }
    case 'unsupported':
      return { kind: 'unsupported', text: view.text }
    case 'vector': {
      const texts = view.items()
      return { kind: 'vector', texts, values: texts.map(Number) }
    }
    case 'nested':
      return {
        kind: 'tree',
        summary: view.text,
        empty: view.text === '[]' || view.text === '{}',
        entries: () => view.entries().map((entry) => ({ label: entry.label, value: fromView(entry.view) }))
      }
  }
}

/** The text "Copy value" copies: strings whole, scalars as shown, vectors, lists and structs as JSON. */
export function copyTextAt(vector: Vector, index: number): string {
  const view = cellAt(vector, index)
  if (view.kind === 'vector' || view.kind === 'nested') return JSON.stringify(jsonOf(vector.type, vector.get(index)), null, 2)
  const value = viewerValueAt(vector, index)
  return value.kind === 'text' ? value.text : summary(view)
}

/** Row `index` of `vector` as a JSON value (timestamps exact, as the grid shows them). */
export function jsonAt(vector: Vector, index: number): unknown {
  const view = cellAt(vector, index)
  if (view.kind === 'null') return null
  if (DataType.isTimestamp(vector.type) && view.kind === 'text') return view.text
  return jsonOf(vector.type, vector.get(index))
}

/**
 * A value of Arrow type `type` as JSON: integers past 2^53 and non-finite floats as strings,
 * lists as arrays, structs and maps as objects, dates, times and decimals as the grid writes them.
 */
export function jsonOf(type: DataType, value: unknown): unknown {
  if (value === null || value === undefined) return null
  if (DataType.isDictionary(type)) return jsonOf(type.dictionary, value)
  if (DataType.isInt(type)) return typeof value === 'bigint' ? (Number.isSafeInteger(Number(value)) ? Number(value) : String(value)) : value
  if (DataType.isFloat(type)) {
    const n = Number(value)
    return Number.isFinite(n) ? Number(summary(cellView(type, value))) : String(n)
  }
  if (DataType.isBool(type)) return Boolean(value)
  if (DataType.isUtf8(type) || DataType.isLargeUtf8(type)) return String(value)
  if (DataType.isBinary(type) || DataType.isLargeBinary(type) || DataType.isFixedSizeBinary(type)) return `${(value as Uint8Array).length} bytes`
  if (DataType.isList(type) || DataType.isLargeList(type) || DataType.isFixedSizeList(type)) {
    const item: DataType | undefined = type.children[0]?.type
    const list = value as Vector
    return Array.from({ length: list.length }, (_, i) => (item ? jsonOf(item, list.get(i)) : null))
  }
  if (DataType.isStruct(type)) {
    const row = value as Record<string, unknown>
    return Object.fromEntries(type.children.map((field) => [field.name, jsonOf(field.type, row[field.name])]))
  }
  if (DataType.isMap(type)) {
    const [keyField, valueField] = type.children[0]?.type.children ?? []
    const pairs = [...(value as Iterable<[unknown, unknown]>)]
    return Object.fromEntries(
      pairs.map(([key, item]) => [keyField ? summary(cellView(keyField.type, key)) : String(key), valueField ? jsonOf(valueField.type, item) : null])
    )
  }
  return summary(cellView(type, value))
}
