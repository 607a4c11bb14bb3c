/**
 * The rows added in the grid, above the table's rows until they are committed, each marked
 * "+" as well as tinted. A small grid of its own with the data grid's keys: arrows move,
 * Enter, F2, a double-click or typing a character edits a cell, Shift+Delete sets it null,
 * Delete or Ctrl+Alt+Z removes the row. Every cell starts null; a value that does not fit
 * its column (a null where none is allowed, a missing key) is marked and blocks Commit.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import type { Field } from 'apache-arrow'
import { cx } from '../../ui/class-names'
import { CellEditor } from '../table-edits/cell-editor'
import { valueProblem } from '../table-edits/cell-text'
import { removeInserted, setInsertedCell, type StagedEdits } from '../table-edits/staged-edits'
import { isNumeric } from '../table-edits/use-grid-edits'
import styles from './edit-panel.module.css'
import { columnWidth } from './column-width'
import { GridCell } from './grid-cell'
import { gridKeyHandler, type CellPosition } from './use-grid-keyboard'

interface Props {
  readonly edits: StagedEdits
  readonly change: (update: (edits: StagedEdits) => StagedEdits) => void
  readonly columns: readonly { readonly name: string; readonly type: string }[]
  readonly fields: ReadonlyMap<string, Field>
}

const HEADER_WIDTH = 80

/** The grid of new rows; nothing when there are none. */
export function NewRows({ edits, change, columns, fields }: Props): ReactNode {
  const gridId = useId()
  const ref = useRef<HTMLDivElement>(null)
  const [active, setActive] = useState<CellPosition>({ row: 0, col: 0 })
  const [editing, setEditing] = useState<(CellPosition & { readonly typed?: string; readonly selectAll: boolean }) | null>(null)
  const rows = edits.inserts
  // A row just added takes the keyboard, on its first cell, ready to be typed in.
  const [count, setCount] = useState(rows.length)
  const [added, setAdded] = useState(0)
  if (rows.length !== count) {
    if (rows.length > count) {
      setActive({ row: rows.length - 1, col: 0 })
      setAdded((n) => n + 1)
    }
    setCount(rows.length)
  }
  useEffect(() => {
    if (added > 0) ref.current?.focus()
  }, [added])
  if (rows.length === 0) return null
  const at = { row: Math.min(active.row, rows.length - 1), col: Math.min(active.col, columns.length - 1) }
  const widths = columns.map((column) => columnWidth(column.name, column.type))
  const template = `${HEADER_WIDTH}px ${widths.map((w) => `${w}px`).join(' ')}`
  const cellId = (row: number, col: number): string => `${gridId}-r${row}-c${col}`
  const start = (position: CellPosition, typed?: string, selectAll = true): void => {
    if (!fields.has(columns[position.col]?.name ?? '')) return
    setActive(position)
    setEditing(typed === undefined ? { ...position, selectAll } : { ...position, typed, selectAll: false })
  }
  const remove = (row: number): void => {
    const id = rows[row]?.id
    if (id !== undefined) change((current) => removeInserted(current, [id]))
  }
  const keys = gridKeyHandler({
    rowCount: rows.length,
    colCount: columns.length,
    active: at,
    pageSize: () => 4,
    moveTo: setActive,
    toggle: () => undefined,
    open: (position) => start(position)
  })
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    const ctrl = event.ctrlKey || event.metaKey
    const column = columns[at.col]?.name ?? ''
    const id = rows[at.row]?.id
    if (event.key === 'F2') start(at, undefined, false)
    else if (event.key === 'Delete' && event.shiftKey && id !== undefined) change((current) => setInsertedCell(current, id, column, null))
    else if (event.key === 'Delete' || (ctrl && event.altKey && event.key.toLowerCase() === 'z')) remove(at.row)
    else if (event.key.length === 1 && event.key !== ' ' && !ctrl && !event.altKey) start(at, event.key)
    else return keys(event)
    event.preventDefault()
  }
  return (
    <div
      ref={ref}
      role="grid"
      aria-label="New rows"
      aria-rowcount={rows.length}
      aria-activedescendant={cellId(at.row, at.col)}
      tabIndex={0}
      className={styles.newRows}
      onKeyDown={onKeyDown}
    >
      {rows.map((row, r) => (
        <div
          role="row"
          key={row.id}
          aria-rowindex={r + 1}
          className={cx(styles.newRow, styles.rowInserted, editing?.row === r && styles.rowEditing)}
          style={{ gridTemplateColumns: template }}
          onDoubleClick={(event) => {
            const col = Number((event.target as Element).closest('[role="gridcell"]')?.getAttribute('aria-colindex') ?? NaN) - 2
            if (Number.isInteger(col) && col >= 0) start({ row: r, col })
          }}
        >
          <div role="rowheader" className={cx(styles.newCell, styles.newHeader)}>
            <span className={styles.rowMark} aria-label="Added" title="Added when committed">
              +
            </span>
            new {r + 1}
          </div>
          {columns.map((column, c) => {
            const field = fields.get(column.name)
            const value = row.values[column.name] ?? null
            const problem = field ? valueProblem(field, value) : `Column ${column.name} is not read yet.`
            return (
              <GridCell
                key={column.name}
                id={cellId(r, c)}
                colIndex={c + 2}
                view={null}
                active={at.row === r && at.col === c}
                expanded={false}
                onActivate={() => setActive({ row: r, col: c })}
                onToggle={() => undefined}
                edit={{ text: value, numeric: field !== undefined && isNumeric(field), changed: false, problem, was: undefined }}
                editor={
                  editing?.row === r && editing.col === c && field ? (
                    <CellEditor
                      field={field}
                      value={value}
                      typed={editing.typed}
                      selectAll={editing.selectAll}
                      width={widths[c] ?? 120}
                      onKeep={(next, after) => {
                        change((current) => setInsertedCell(current, row.id, column.name, next))
                        setEditing(null)
                        ref.current?.focus()
                        if (after === 'right' && c + 1 < columns.length) setActive({ row: r, col: c + 1 })
                      }}
                      onCancel={() => {
                        setEditing(null)
                        ref.current?.focus()
                      }}
                    />
                  ) : null
                }
              />
            )
          })}
        </div>
      ))}
    </div>
  )
}
