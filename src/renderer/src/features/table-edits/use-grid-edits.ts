/**
 * Staged editing inside the data grid: which cell is being edited, how each cell and row
 * shows its staged change, and the grid's editing keys. Rows are named by their key
 * column's value, so what is staged follows the row wherever a filter puts it.
 *
 * Keys while editing is on: Enter, F2, a double-click or typing a character edits the
 * active cell (Shift+Enter opens the value viewer); Delete marks the row deleted (again:
 * keeps it); Shift+Delete sets the cell to null; Ctrl+Alt+Z reverts the cell, or the row's
 * deletion; Ctrl+V pastes a block of tab- and newline-separated cells from the active cell.
 */
import { useMemo, useState, type ClipboardEvent, type KeyboardEvent } from 'react'
import { DataType, type Field, type Table } from 'apache-arrow'
import type { CellView } from '../table-data/cell-format'
import { showErrorToast } from '../../ui/toast-store'
import { fieldProblem, sameValue, valueProblem } from './cell-text'
import type { EditAccess } from './use-editability'
import { deleteRows, revertCells, revertRows, setCell, stagedCell, type CellText, type StagedEdits } from './staged-edits'
import { useStagedEdits } from './edits-store'
import { pasteBlock } from './paste-block'
import type { TableRef } from '@shared/catalog-types'

/** A cell of the grid: row (counted from the grid's first row) and column. */
interface Position {
  readonly row: number
  readonly col: number
}

/** How a cell shows its staged state. */
export interface CellEdit {
  /** The staged value's view, drawn instead of the read one; null where the cell is not changed. */
  readonly view: CellView | null
  readonly changed: boolean
  /** What does not fit in the staged value; null when it fits. */
  readonly problem: string | null
  /** The value before the change, for the cell's description. */
  readonly was: CellText | undefined
}

interface Options {
  readonly connectionId: string
  readonly table: TableRef
  readonly access: EditAccess | undefined
  readonly columns: readonly { readonly name: string }[]
  /** The decoded pages the grid holds (their schema gives the columns' Arrow fields). */
  readonly pages: ReadonlyMap<number, Table>
  /** The read (unedited) text of a cell; undefined while its page is not in. */
  readonly originalAt: (row: number, col: number) => CellText | undefined
  /** Rows the grid shows. */
  readonly rowCount: number
}

/** The view of a staged value, as the grid draws a read one (numbers right-aligned). */
export function stagedView(text: CellText, field?: Field): CellView {
  if (text === null) return { kind: 'null' }
  if (text === '') return { kind: 'empty' }
  const type: DataType | undefined = field?.type
  const numeric = type !== undefined && (DataType.isInt(type) || DataType.isFloat(type) || DataType.isDecimal(type))
  return numeric ? { kind: 'number', text } : { kind: 'text', text }
}

/** Editing state and handlers of one grid. */
export function useGridEdits({ connectionId, table, access, columns, pages, originalAt, rowCount }: Options) {
  const [edits, change] = useStagedEdits(connectionId, table)
  const [editing, setEditing] = useState<(Position & { readonly typed?: string; readonly selectAll: boolean }) | null>(null)
  const on = access?.on === true && access.key !== null
  const key = access?.key ?? null
  const keyCol = key === null ? -1 : columns.findIndex((column) => column.name === key)
  const version = access?.answer?.version ?? null

  // The columns' Arrow fields, from any page held (all pages share the schema).
  const fields = useMemo(() => {
    const page = pages.values().next().value
    return new Map<string, Field>((page?.schema.fields ?? []).map((field) => [field.name, field]))
  }, [pages])
  const fieldAt = (col: number): Field | undefined => fields.get(columns[col]?.name ?? '')
  const keyAt = (row: number): string | null => (keyCol < 0 ? null : (originalAt(row, keyCol) ?? null))
  const same = (column: string, a: CellText, b: CellText): boolean => {
    const field = fields.get(column)
    return field ? sameValue(field, a, b) : a === b
  }
  /** Why a cell cannot be edited, or null when it can. */
  const cellProblem = (row: number, col: number): string | null => {
    if (!on) return access?.reason ?? 'Editing is off.'
    const field = fieldAt(col)
    if (!field) return 'This column is not read yet.'
    const readOnly = access?.answer?.readOnlyColumns.find((column) => column.name === field.name)
    if (readOnly) return `Column ${field.name} cannot be edited: ${readOnly.reason}.`
    if (col === keyCol) return `The key ${field.name} names the row and is not edited; add a row for a new key.`
    const rowKey = keyAt(row)
    if (rowKey === null) return 'This row is still being read.'
    if (edits.deletes.has(rowKey)) return 'This row is marked deleted; Ctrl+Alt+Z keeps it.'
    return fieldProblem(field)
  }

  const stage = (row: number, col: number, value: CellText): void => {
    const rowKey = keyAt(row)
    const column = columns[col]?.name
    const original = originalAt(row, col)
    if (rowKey === null || column === undefined || original === undefined) return
    change((current) => setCell(current, { key: rowKey, column, original, value, version }, same))
  }

  /** Opens the editor on a cell (with `typed` replacing its value, or the value selected or not); false when editing is off. */
  const start = (position: Position, typed?: string, selectAll = true): boolean => {
    const problem = cellProblem(position.row, position.col)
    if (problem !== null) {
      if (on) showErrorToast(problem)
      return on
    }
    setEditing(typed === undefined ? { ...position, selectAll } : { ...position, typed, selectAll: false })
    return true
  }

  const cell = (row: number, col: number): CellEdit | null => {
    if (edits.updates.size === 0 || keyCol < 0) return null
    const rowKey = keyAt(row)
    const column = columns[col]?.name
    if (rowKey === null || column === undefined) return null
    const staged = stagedCell(edits, rowKey, column)
    if (staged === undefined) return null
    const field = fields.get(column)
    return {
      view: stagedView(staged, field),
      changed: true,
      problem: field ? valueProblem(field, staged) : null,
      was: edits.updates.get(rowKey)?.original[column]
    }
  }
  const rowState = (row: number): 'deleted' | 'updated' | null => {
    const rowKey = keyAt(row)
    if (rowKey === null) return null
    return edits.deletes.has(rowKey) ? 'deleted' : edits.updates.has(rowKey) ? 'updated' : null
  }

  /** Handles an editing key; true when it did. */
  const onKeyDown = (event: KeyboardEvent, active: Position): boolean => {
    if (!on || rowCount === 0) return false
    const ctrl = event.ctrlKey || event.metaKey
    const rowKey = keyAt(active.row)
    const column = columns[active.col]?.name
    if (event.key === 'F2' || (event.key === 'Enter' && !event.shiftKey && !ctrl && !event.altKey)) {
      event.preventDefault()
      return start(active, undefined, event.key === 'Enter')
    }
    if (event.key === 'Delete' && !event.shiftKey && !ctrl && rowKey !== null) {
      event.preventDefault()
      change((current) => (current.deletes.has(rowKey) ? revertRows(current, [rowKey]) : deleteRows(current, [rowKey], version)))
      return true
    }
    if (event.key === 'Delete' && event.shiftKey) {
      event.preventDefault()
      const problem = cellProblem(active.row, active.col)
      if (problem !== null) showErrorToast(problem)
      else stage(active.row, active.col, null)
      return true
    }
    if (ctrl && event.altKey && event.key.toLowerCase() === 'z' && rowKey !== null && column !== undefined) {
      event.preventDefault()
      change((current) => (current.deletes.has(rowKey) ? revertRows(current, [rowKey]) : revertCells(current, rowKey, [column])))
      return true
    }
    if (event.key.length === 1 && event.key !== ' ' && !ctrl && !event.altKey) {
      event.preventDefault()
      return start(active, event.key)
    }
    return false
  }

  const onPaste = (event: ClipboardEvent, active: Position): void => {
    if (!on) return
    const text = event.clipboardData.getData('text/plain')
    if (text === '') return
    event.preventDefault()
    const result = pasteBlock(text, active, {
      rowCount,
      colCount: columns.length,
      problem: cellProblem,
      stage: (row, col, value) => {
        const rowKey = keyAt(row)
        const name = columns[col]?.name
        const original = originalAt(row, col)
        return rowKey === null || name === undefined || original === undefined ? null : { key: rowKey, column: name, original, value }
      }
    })
    if (result.error) return showErrorToast(result.error)
    change((current) => result.cells.reduce<StagedEdits>((next, one) => setCell(next, { ...one, version }, same), current))
    if (result.skipped > 0)
      showErrorToast(`${result.skipped} pasted ${result.skipped === 1 ? 'cell was' : 'cells were'} not changed: ${result.firstSkip ?? ''}`)
  }

  return {
    on,
    editing,
    fieldAt,
    cell,
    rowState,
    start,
    onKeyDown,
    onPaste,
    /** The value an editor starts from: the staged one, else the read one. */
    valueAt: (row: number, col: number): CellText => {
      const rowKey = keyAt(row)
      const column = columns[col]?.name ?? ''
      const staged = rowKey === null ? undefined : stagedCell(edits, rowKey, column)
      return staged === undefined ? (originalAt(row, col) ?? null) : staged
    },
    keep: (value: CellText): void => {
      if (editing) stage(editing.row, editing.col, value)
      setEditing(null)
    },
    cancel: (): void => setEditing(null)
  }
}

/** What `useGridEdits` gives the grid. */
export type GridEdits = ReturnType<typeof useGridEdits>
