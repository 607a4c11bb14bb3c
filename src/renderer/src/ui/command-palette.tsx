/**
 * The command palette's shell: a modal dialog holding a combobox (the query) and the
 * listbox of matching entries, after the WAI-ARIA combobox pattern: focus stays in the
 * input, Up/Down move the active option (aria-activedescendant), Enter runs it, Tab
 * completes the query to it, Escape closes. What the entries are is the caller's.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import styles from './command-palette.module.css'
import { useModal } from './use-modal'

/** One entry of the list. */
export interface PaletteItem {
  readonly id: string
  readonly label: string
  /** A shortcut or other note shown at the right (e.g. "Ctrl+Alt+N"). */
  readonly hint?: string
  /** What Tab puts in the input (e.g. a table's full path). */
  readonly completion?: string
}

interface Props {
  /** The dialog's accessible name. */
  readonly title: string
  readonly placeholder: string
  readonly query: string
  readonly onQueryChange: (query: string) => void
  readonly items: readonly PaletteItem[]
  readonly onRun: (item: PaletteItem) => void
  readonly onClose: () => void
  /** Said when nothing matches. */
  readonly emptyText: string
  /** Why the last entry run could not be done (e.g. a typed path that names nothing). */
  readonly error?: string | null
}

/** A modal palette; mount it to open it. */
export function CommandPalette({ title, placeholder, query, onQueryChange, items, onRun, onClose, emptyText, error }: Props): ReactNode {
  const dialog = useRef<HTMLDialogElement>(null)
  const list = useRef<HTMLUListElement>(null)
  const base = useId()
  const [active, setActive] = useState(0)
  const current = Math.min(active, items.length - 1)
  const optionId = (index: number): string => `${base}-option-${index}`

  useModal(dialog)
  useEffect(() => {
    list.current?.querySelector(`[data-index="${current}"]`)?.scrollIntoView({ block: 'nearest' })
  }, [current])

  // A new query starts at the best match.
  const change = (next: string): void => {
    setActive(0)
    onQueryChange(next)
  }

  const onKeyDown = (event: KeyboardEvent): void => {
    const step = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0
    if (step !== 0 && items.length > 0) {
      event.preventDefault()
      setActive((current + step + items.length) % items.length)
    } else if (event.key === 'Enter') {
      event.preventDefault()
      const item = items[current]
      if (item) onRun(item)
    } else if (event.key === 'Tab' && !event.shiftKey) {
      const completion = items[current]?.completion
      // Tab completes when there is something to complete; otherwise focus stays (modal).
      event.preventDefault()
      if (completion && completion !== query) change(completion)
    }
  }

  return (
    <dialog ref={dialog} aria-label={title} className={styles.palette} onCancel={onClose} onClick={(event) => event.target === dialog.current && onClose()}>
      <input
        autoFocus
        role="combobox"
        aria-label={title}
        aria-expanded="true"
        aria-controls={`${base}-list`}
        aria-autocomplete="list"
        aria-activedescendant={items.length > 0 ? optionId(current) : undefined}
        placeholder={placeholder}
        spellCheck={false}
        autoComplete="off"
        className={styles.input}
        value={query}
        onChange={(event) => change(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <ul ref={list} role="listbox" id={`${base}-list`} aria-label={`${title} results`} className={styles.list}>
        {items.map((item, index) => (
          <li
            key={item.id}
            id={optionId(index)}
            role="option"
            aria-selected={index === current}
            data-index={index}
            className={index === current ? `${styles.option} ${styles.current}` : styles.option}
            onPointerMove={() => index !== current && setActive(index)}
            onClick={() => onRun(item)}
          >
            <span className={styles.label}>{item.label}</span>
            {item.hint && <kbd className={styles.hint}>{item.hint}</kbd>}
          </li>
        ))}
      </ul>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      {items.length === 0 && <p className={styles.empty}>{emptyText}</p>}
    </dialog>
  )
}
