/**
 * Staged editing inside the data grid: which cell is being edited, how each cell and row
 * shows its staged change, and the grid's editing keys. Rows are named by their key
 * column's value, so what is staged follows the row wherever a filter puts it.
 *
 * Keys while editing is on: Enter, F2, a double-click or typing a character edits the
 * active cell (Shift+Enter opens the value viewer); Shift+Up/Down selects rows; Delete marks
 * the selected rows deleted (again: keeps them); Shift+Delete sets the cell to null;
 * Ctrl+Alt+Z reverts the cell, or the selected rows' changes and deletion; Ctrl+V pastes a
 * block of tab- and newline-separated cells from the active cell.
 */
import { useMemo, useState, type ClipboardEvent, type KeyboardEvent } from 'react'
import { DataType, type Field, type Table } from 'apache-arrow'
import { CircleSlash, Pencil, Trash2, Undo2 } from 'lucide-react'
import type { MenuItem } from '../../ui/menu'
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

/** The most rows one selection holds (a commit changes at most 100,000 rows). */
const MAX_SELECTED = 10_000
/** Keys that move the active cell (the grid's, see use-grid-keyboard.ts). */
const MOVES = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'PageUp', 'PageDown', 'Home', 'End'])

/** How a cell shows its staged state. */
export interface CellEdit {
  /** The staged value, drawn instead of the read one; undefined where the cell shows what was read. */
  readonly text: CellText | undefined
  /** The column holds numbers (drawn right-aligned). */
  readonly numeric: boolean
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

/** True for columns of numbers. */
export function isNumeric(field: Field): boolean {
  const type: DataType = field.type
  return DataType.isInt(type) || DataType.isFloat(type) || DataType.isDecimal(type)
}

/** Editing state and handlers of one grid. */
export function useGridEdits({ connectionId, table, access, columns, pages, originalAt, rowCount }: Options) {
  const [edits, change] = useStagedEdits(connectionId, table)
  // The row a Shift+Up/Down selection started from; null while one row (the active one) is selected.
  const [anchor, setAnchor] = useState<number | null>(null)
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
      text: staged,
      numeric: field !== undefined && isNumeric(field),
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

  /** The selected rows: from the anchor to the active row, at most MAX_SELECTED. */
  const selectedRows = (active: Position): readonly number[] => {
    if (anchor === null) return [active.row]
    const from = Math.max(Math.min(anchor, active.row), Math.max(anchor, active.row) - MAX_SELECTED + 1)
    return Array.from({ length: Math.max(anchor, active.row) - from + 1 }, (_, i) => from + i)
  }
  const selectedKeys = (active: Position): string[] => selectedRows(active).flatMap((row) => keyAt(row) ?? [])

  /** Handles an editing key; true when it did. */
  const onKeyDown = (event: KeyboardEvent, active: Position): boolean => {
    if (!on || rowCount === 0) return false
    const ctrl = event.ctrlKey || event.metaKey
    if (MOVES.has(event.key)) {
      // The grid moves the active cell; Shift+Up/Down extends the row selection as it goes.
      const extend = event.shiftKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown')
      setAnchor(extend ? (anchor ?? active.row) : null)
      return false
    }
    const rowKey = keyAt(active.row)
    const column = columns[active.col]?.name
    if (event.key === 'F2' || (event.key === 'Enter' && !event.shiftKey && !ctrl && !event.altKey)) {
      event.preventDefault()
      return start(active, undefined, event.key === 'Enter')
    }
    if (event.key === 'Delete' && !event.shiftKey && !ctrl && rowKey !== null) {
      event.preventDefault()
      const keys = selectedKeys(active)
      // All deleted already: Delete keeps them; otherwise it deletes them all.
      change((current) => (keys.every((key) => current.deletes.has(key)) ? revertRows(current, keys) : deleteRows(current, keys, version)))
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
      const keys = selectedKeys(active)
      change((current) =>
        keys.length > 1 ? revertRows(current, keys) : current.deletes.has(rowKey) ? revertRows(current, [rowKey]) : revertCells(current, rowKey, [column])
      )
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
    /** True for rows of a Shift+Up/Down selection (the active row alone is not marked). */
    selected: (row: number, active: Position): boolean => {
      if (anchor === null) return false
      const rows = selectedRows(active)
      return row >= (rows[0] ?? 0) && row <= (rows[rows.length - 1] ?? -1)
    },
    /** The cell menu's editing items for a cell (none where editing is off). */
    menuItems: (row: number, col: number): MenuItem[] => {
      if (!on) return []
      const rowKey = keyAt(row)
      const column = columns[col]?.name ?? ''
      const problem = cellProblem(row, col)
      const deleted = rowKey !== null && edits.deletes.has(rowKey)
      const changed = rowKey !== null && stagedCell(edits, rowKey, column) !== undefined
      const reading = rowKey === null ? { disabledReason: 'the row is still being read' } : {}
      return [
        { label: 'Edit value', icon: Pencil, separated: true, run: () => start({ row, col }), ...(problem ? { disabledReason: problem } : {}) },
        { label: 'Set null', icon: CircleSlash, run: () => stage(row, col, null), ...(problem ? { disabledReason: problem } : {}) },
        {
          label: deleted ? 'Keep row' : 'Delete row',
          icon: deleted ? Undo2 : Trash2,
          danger: !deleted,
          run: () => rowKey !== null && change((current) => (deleted ? revertRows(current, [rowKey]) : deleteRows(current, [rowKey], version))),
          ...reading
        },
        {
          label: 'Revert cell',
          icon: Undo2,
          run: () => rowKey !== null && change((current) => revertCells(current, rowKey, [column])),
          ...(changed ? {} : { disabledReason: 'the cell is not changed' })
        }
      ]
    },
    /** Drops a row selection (a click makes one cell active). */
    collapse: (): void => setAnchor(null),
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
