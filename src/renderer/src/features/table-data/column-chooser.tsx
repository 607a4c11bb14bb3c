/**
 * Chooses which columns the grid shows (and main reads). At least one stays chosen;
 * choosing every column asks main for all of them. The panel is a popover: Escape, a click
 * outside it or focus moving elsewhere (a dialog opening over it) closes it.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
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
  const rootRef = useRef<HTMLDivElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    if (!open) return
    const outside = (target: EventTarget | null): boolean => !(target instanceof Node && rootRef.current?.contains(target))
    const onPointerDown = (event: PointerEvent): void => {
      if (outside(event.target)) setOpen(false)
    }
    // A dialog opened over the panel (by a shortcut, say) takes the focus: the panel must
    // not stay open underneath it.
    const onFocusIn = (event: FocusEvent): void => {
      if (outside(event.target)) setOpen(false)
    }
    // On the document, so Escape also works with the focus still on the button.
    const onKeyDown = (event: KeyboardEvent): void => {
      if (event.key !== 'Escape' || outside(event.target)) return
      event.preventDefault()
      event.stopPropagation()
      setOpen(false)
      buttonRef.current?.focus()
    }
    document.addEventListener('pointerdown', onPointerDown, true)
    document.addEventListener('focusin', onFocusIn)
    document.addEventListener('keydown', onKeyDown, true)
    return () => {
      document.removeEventListener('pointerdown', onPointerDown, true)
      document.removeEventListener('focusin', onFocusIn)
      document.removeEventListener('keydown', onKeyDown, true)
    }
  }, [open])
  const shown = chosen ?? all
  const set = (name: string, on: boolean): void => {
    const next = all.filter((column) => (column === name ? on : shown.includes(column)))
    if (next.length === 0) return
    onChange(next.length === all.length ? null : next)
  }
  return (
    <div ref={rootRef} className={styles.columnChooser}>
      <button ref={buttonRef} type="button" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
        Columns ({shown.length} of {all.length})
      </button>
      {open && (
        <fieldset id={panelId} className={styles.columnPanel}>
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
          {chosen !== null && (
            <button type="button" className="link-button" onClick={() => onChange(null)}>
              Show all
            </button>
          )}
        </fieldset>
      )}
    </div>
  )
}
