/**
 * The filter box above the tree: hides loaded names that do not match, says how many
 * items are not loaded yet, and offers to load the rest of the nodes that have more.
 */
import { useState, type ReactNode } from 'react'
import type { TreeListings } from './tree-listings'
import type { TreeView } from './use-tree-rows'
import styles from './tree.module.css'
import { cx } from '../../ui/class-names'

interface Props {
  readonly filter: string
  readonly onChange: (filter: string) => void
  readonly tree: TreeView
  readonly listings: TreeListings
}

/** The filter input and its status line. */
export function TreeFilter({ filter, onChange, tree, listings }: Props): ReactNode {
  const [loading, setLoading] = useState(false)
  // Both come from the model's per-node counts: no walk over the rows.
  const incomplete = filter ? tree.incomplete() : []
  const matches = filter ? tree.items : 0
  const loadRest = async (): Promise<void> => {
    setLoading(true)
    try {
      await Promise.all(incomplete.map((path) => listings.loadAll(path)))
    } finally {
      setLoading(false)
    }
  }
  return (
    <div className={styles.treeFilter}>
      <input
        type="search"
        aria-label="Filter loaded names"
        placeholder="Filter loaded names"
        value={filter}
        onChange={(event) => onChange(event.target.value)}
      />
      {filter && (
        <p className={cx('muted', styles.filterStatus)} role="status">
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
