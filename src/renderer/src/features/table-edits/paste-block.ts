/**
 * A pasted block of cells (rows on lines, cells separated by tabs, as spreadsheets and
 * grids copy them) laid over the grid from the active cell. Cells past the grid's edge,
 * or in cells that cannot be edited, are counted as skipped with the first reason.
 */
import type { CellText } from './staged-edits'

/** The most cells one paste may set. */
export const MAX_PASTE_CELLS = 100_000

/** One cell a paste changes. */
export interface PastedCell {
  readonly key: string
  readonly column: string
  readonly original: CellText
  readonly value: CellText
}

interface Grid {
  readonly rowCount: number
  readonly colCount: number
  /** Why a cell cannot be edited, or null. */
  readonly problem: (row: number, col: number) => string | null
  /** The change of a cell to `value`, or null while its row is not read. */
  readonly stage: (row: number, col: number, value: CellText) => PastedCell | null
}

/** The rows and cells of pasted text; a final line break ends the last row rather than adding an empty one. */
export function splitBlock(text: string): string[][] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n')
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop()
  return lines.map((line) => line.split('\t'))
}

/** The cells a paste at `at` changes, and how many it skipped and why. */
export function pasteBlock(
  text: string,
  at: { readonly row: number; readonly col: number },
  grid: Grid
): { readonly cells: readonly PastedCell[]; readonly skipped: number; readonly firstSkip: string | null; readonly error: string | null } {
  const rows = splitBlock(text)
  const size = rows.reduce((sum, row) => sum + row.length, 0)
  if (size > MAX_PASTE_CELLS) {
    return {
      cells: [],
      skipped: 0,
      firstSkip: null,
      error: `A paste can set at most ${MAX_PASTE_CELLS.toLocaleString('en')} cells; this one has ${size.toLocaleString('en')}.`
    }
  }
  const cells: PastedCell[] = []
  let skipped = 0
  let firstSkip: string | null = null
  const skip = (reason: string): void => {
    skipped++
    firstSkip ??= reason
  }
  rows.forEach((values, r) => {
    values.forEach((value, c) => {
      const row = at.row + r
      const col = at.col + c
      if (row >= grid.rowCount || col >= grid.colCount) return skip('the block reaches past the grid’s last row or column.')
      const problem = grid.problem(row, col)
      if (problem !== null) return skip(problem)
      const cell = grid.stage(row, col, value)
      if (cell === null) return skip('its row is still being read; scroll to it and paste again.')
      cells.push(cell)
    })
  })
  return { cells, skipped, firstSkip, error: null }
}
