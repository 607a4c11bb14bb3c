/**
 * Chooses which columns the grid shows (and main reads). At least one stays chosen;
 * choosing every column asks main for all of them.
 */
import { useId, useState, type ReactNode } from 'react'
import styles from './table-data.module.css'

interface Props {
  /** Every column of the table, in schema order. */
  readonly all: readonly string[]
  /** The chosen columns, or null for all. */
  readonly chosen: readonly string[] | null
  readonly onChange: (chosen: readonly string[] | null) => void
}

/** A "Columns" disclosure button with a checkbox per column. */
export function ColumnChooser({ all, chosen, onChange }: Props): ReactNode {
  const [open, setOpen] = useState(false)
  const panelId = useId()
  const shown = chosen ?? all
  const set = (name: string, on: boolean): void => {
    const next = all.filter((column) => (column === name ? on : shown.includes(column)))
    if (next.length === 0) return
    onChange(next.length === all.length ? null : next)
  }
  return (
    <div className={styles.columnChooser}>
      <button type="button" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
        Columns ({shown.length} of {all.length})
      </button>
      {open && (
        <fieldset id={panelId} className={styles.columnPanel} onKeyDown={(event) => event.key === 'Escape' && setOpen(false)}>
          <legend>Visible columns</legend>
          {all.map((name) => (
            <label key={name} className={styles.columnOption}>
              <input
                type="checkbox"
                checked={shown.includes(name)}
                disabled={shown.length === 1 && shown.includes(name)}
                onChange={(event) => set(name, event.target.checked)}
              />
              {name}
            </label>
          ))}
          <button type="button" className="link-button" onClick={() => onChange(null)}>
            Show all
          </button>
        </fieldset>
      )}
    </div>
  )
}
