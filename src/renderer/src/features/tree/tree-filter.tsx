/**
 * The filter box above the tree: hides loaded names that do not match, says how many
 * items are not loaded yet, and offers to load the rest of the nodes that have more.
 */
import { useState, type ReactNode } from 'react'
import type { TreeRow } from './flatten'
import type { TreeListings } from './tree-listings'

interface Props {
  readonly filter: string
  readonly onChange: (filter: string) => void
  readonly rows: readonly TreeRow[]
  readonly listings: TreeListings
}

/** The filter input and its status line. */
export function TreeFilter({ filter, onChange, rows, listings }: Props): ReactNode {
  const [loading, setLoading] = useState(false)
  // Only counted while filtering: on a 100,000-row tree this walk is not free.
  const incomplete = filter ? rows.filter((row) => row.kind === 'more' || row.kind === 'loading') : []
  const matches = filter ? rows.filter((row) => row.kind === 'namespace' || row.kind === 'table').length : 0
  const loadRest = async (): Promise<void> => {
    setLoading(true)
    try {
      await Promise.all(incomplete.map((row) => listings.loadAll(row.path)))
    } finally {
      setLoading(false)
    }
  }
  return (
    <div className="tree-filter">
      <input
        type="search"
        aria-label="Filter loaded names"
        placeholder="Filter loaded names"
        value={filter}
        onChange={(event) => onChange(event.target.value)}
      />
      {filter && (
        <p className="muted filter-status" role="status">
          {matches} shown
          {incomplete.length > 0 && (
            <>
              {'; '}
              {incomplete.length === 1 ? 'one list is' : `${incomplete.length} lists are`} not fully loaded yet.{' '}
              <button type="button" className="link-button" disabled={loading} onClick={() => void loadRest()}>
                {loading ? 'Loading…' : 'Load the rest'}
              </button>
            </>
          )}
        </p>
      )}
    </div>
  )
}
