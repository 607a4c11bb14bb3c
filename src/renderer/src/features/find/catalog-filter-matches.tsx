/**
 * Under the tree's filter: the tables of the whole catalog whose names match it, from
 * the Find index (loaded in the tree or not), each a button that opens the table and
 * reveals it; and a way to the Find box for more. Nothing shows without an index.
 */
import type { ReactNode } from 'react'
import { displayIdentifier } from '@shared/namespace-path'
import { dispatchAppCommand } from '../../lib/use-shell-events'
import { useDelimiter } from '../connections/use-connections'
import { revealHit } from './find-host'
import { useIndexedTables } from './use-find'
import styles from './find.module.css'

/** How many catalog-wide matches the tree shows under its filter. */
const SHOWN = 5

/** Catalog-wide table matches of the tree's filter. */
export function CatalogFilterMatches({ connectionId, filter }: { readonly connectionId: string; readonly filter: string }): ReactNode {
  const delimiter = useDelimiter(connectionId)
  const tables = useIndexedTables(connectionId, filter, delimiter, filter.trim() !== '')
  if (filter.trim() === '' || tables.length === 0) return null
  return (
    <div className={styles.filterMatches} role="group" aria-label="Matches in the whole catalog">
      <span className="muted">In the whole catalog:</span>
      {tables.slice(0, SHOWN).map((table) => (
        <button
          key={displayIdentifier([...table.namespace, table.name], delimiter)}
          type="button"
          className="link-button"
          onClick={() => revealHit(connectionId, { kind: 'table', namespace: table.namespace, name: table.name, ranges: [] })}
        >
          {displayIdentifier([...table.namespace, table.name], delimiter)}
        </button>
      ))}
      {tables.length > SHOWN && (
        <button type="button" className="link-button" onClick={() => dispatchAppCommand('find-in-catalog')}>
          {`${tables.length - SHOWN}${tables.length >= 50 ? '+' : ''} more in Find in catalog…`}
        </button>
      )}
    </div>
  )
}
