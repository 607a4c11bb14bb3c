/**
 * An optional SQL filter (a where clause) for the grid. It applies on submit, not on
 * every key, and an invalid filter's error is shown right under the box.
 */
import { useId, useState, type FormEvent, type ReactNode } from 'react'
import { ApiError } from '../../lib/api'

interface Props {
  readonly filter: string
  readonly onApply: (filter: string) => void
  /** Why the applied filter failed, if it did. */
  readonly error: unknown
}

/** The filter form. */
export function FilterBar({ filter, onApply, error }: Props): ReactNode {
  const [draft, setDraft] = useState(filter)
  const errorId = useId()
  const submit = (event: FormEvent): void => {
    event.preventDefault()
    onApply(draft.trim())
  }
  const message = error ? (error instanceof Error ? error.message : String(error)) : null
  return (
    <form className="filter-bar" role="search" aria-label="Filter rows" onSubmit={submit}>
      <input
        type="text"
        aria-label="Filter (SQL where clause)"
        placeholder="SQL filter, e.g. score > 10 AND name IS NOT NULL"
        value={draft}
        aria-invalid={message !== null}
        aria-describedby={message ? errorId : undefined}
        onChange={(event) => setDraft(event.target.value)}
      />
      <button type="submit">Apply</button>
      {filter && (
        <button
          type="button"
          onClick={() => {
            setDraft('')
            onApply('')
          }}
        >
          Clear
        </button>
      )}
      {message && (
        <p id={errorId} role="alert" className="field-problem filter-error">
          The filter cannot be used: {message}
          {error instanceof ApiError ? ` (${error.code})` : ''}
        </p>
      )}
    </form>
  )
}
