/**
 * An optional SQL filter (a where clause) for the grid. It applies on submit, not on
 * every key, and an invalid filter's error is shown right under the box: its first line,
 * with the engine's full text folded away (it can run to a screenful).
 */
import { AlertCircle, Filter, X } from 'lucide-react'
import { useId, useState, type FormEvent, type ReactNode } from 'react'
import { filterProblem } from './filter-problem'
import { Button } from '../../ui/button'
import styles from './table-data.module.css'

interface Props {
  readonly filter: string
  readonly onApply: (filter: string) => void
  /** Why the applied filter failed, if it did. */
  readonly error: unknown
}

/** The filter form. */
export function FilterBar({ filter, onApply, error }: Props): ReactNode {
  const [draft, setDraft] = useState(filter)
  // A filter set from elsewhere (the cell menu's "Filter by this value") shows in the box.
  const [applied, setApplied] = useState(filter)
  if (applied !== filter) {
    setApplied(filter)
    setDraft(filter)
  }
  const errorId = useId()
  const submit = (event: FormEvent): void => {
    event.preventDefault()
    onApply(draft.trim())
  }
  const message = error ? (error instanceof Error ? error.message : String(error)) : null
  const headline = filterProblem(message ?? '')
  return (
    <form className={styles.filterBar} role="search" aria-label="Filter rows" onSubmit={submit}>
      <input
        type="text"
        aria-label="Filter (SQL where clause)"
        placeholder="SQL filter, e.g. score > 10 AND name IS NOT NULL"
        value={draft}
        aria-invalid={message !== null}
        aria-describedby={message ? errorId : undefined}
        onChange={(event) => setDraft(event.target.value)}
      />
      <Button type="submit" icon={Filter}>
        Apply
      </Button>
      {filter && (
        <Button
          variant="ghost"
          icon={X}
          onClick={() => {
            setDraft('')
            onApply('')
          }}
        >
          Clear
        </Button>
      )}
      {message && (
        <div id={errorId} role="alert" className={styles.filterError}>
          <AlertCircle aria-hidden size={14} className={styles.filterErrorIcon} />
          <div className={styles.filterErrorText}>
            The filter cannot be used. {headline}
            {message !== null && message !== headline && (
              <details>
                <summary>Full message</summary>
                <pre className={styles.filterErrorMore}>{message}</pre>
              </details>
            )}
          </div>
        </div>
      )}
    </form>
  )
}
