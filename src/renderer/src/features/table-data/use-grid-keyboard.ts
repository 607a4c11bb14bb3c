/**
 * Keyboard access to the data grid, after the WAI-ARIA grid pattern: arrows move the
 * active cell, Page Up/Down move a screen, Home/End go to the row's first/last cell and
 * Ctrl+Home/End to the first/last row; Space expands a vector, list or struct in place and
 * Enter opens the cell's whole value in the viewer.
 * The grid element keeps focus and points at the active cell with aria-activedescendant,
 * which survives the virtualizer recycling rows.
 */
import type { KeyboardEvent } from 'react'

/** A cell position: row index (0-based, data rows only) and column index (0-based). */
export interface CellPosition {
  readonly row: number
  readonly col: number
}

interface Options {
  readonly rowCount: number
  readonly colCount: number
  readonly active: CellPosition
  /** Rows that fit on one screen, for Page Up/Down. */
  readonly pageSize: () => number
  readonly moveTo: (position: CellPosition) => void
  readonly toggle: (position: CellPosition) => void
  /** Opens the cell's value in the viewer. */
  readonly open: (position: CellPosition) => void
}

/** The grid's key handler. */
export function gridKeyHandler({ rowCount, colCount, active, pageSize, moveTo, toggle, open }: Options): (event: KeyboardEvent) => void {
  const clampRow = (row: number): number => Math.max(0, Math.min(rowCount - 1, row))
  const clampCol = (col: number): number => Math.max(0, Math.min(colCount - 1, col))
  return (event) => {
    if (rowCount === 0 || colCount === 0) return
    const ctrl = event.ctrlKey || event.metaKey
    let next: CellPosition | null = null
    switch (event.key) {
      case 'ArrowDown':
        next = { row: clampRow(active.row + 1), col: active.col }
        break
      case 'ArrowUp':
        next = { row: clampRow(active.row - 1), col: active.col }
        break
      case 'ArrowRight':
        next = { row: active.row, col: clampCol(active.col + 1) }
        break
      case 'ArrowLeft':
        next = { row: active.row, col: clampCol(active.col - 1) }
        break
      case 'PageDown':
        next = { row: clampRow(active.row + pageSize()), col: active.col }
        break
      case 'PageUp':
        next = { row: clampRow(active.row - pageSize()), col: active.col }
        break
      case 'Home':
        next = ctrl ? { row: 0, col: active.col } : { row: active.row, col: 0 }
        break
      case 'End':
        next = ctrl ? { row: rowCount - 1, col: active.col } : { row: active.row, col: colCount - 1 }
        break
      case 'Enter':
        event.preventDefault()
        open(active)
        return
      case ' ':
        event.preventDefault()
        toggle(active)
        return
      default:
        return
    }
    event.preventDefault()
    moveTo(next)
  }
}
