/**
 * Find in catalog: one box over the names of every namespace, table and column of the
 * connection, loaded in the tree or not (Ctrl/Cmd+Shift+F, or the palette). Results are
 * grouped by namespace with their kind and the match marked; a progress line says how
 * far the index is, with Cancel while it fills and Refresh after. Up/Down move through
 * the results, Enter opens one (a table in a new tab, revealed in the tree; a column's
 * table with that column shown in the schema), Escape closes.
 */
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { Columns3, Folder, RefreshCw, Table2, X } from 'lucide-react'
import type { FindHit, FindStatus } from '@shared/contract/find'
import { Button } from '../../ui/button'
import { ErrorAlert } from '../../ui/error-alert'
import { useModal } from '../../ui/use-modal'
import { FindNotes } from './find-notes'
import { groupHits, highlightPieces, hitId, matchedText } from './find-groups'
import { useFindIndex, useFindResults } from './use-find'
import styles from './find.module.css'

interface Props {
  readonly connectionId: string
  readonly delimiter: string
  readonly onOpen: (hit: FindHit) => void
  readonly onClose: () => void
}

const KIND_ICONS = { namespace: Folder, table: Table2, column: Columns3 } as const

/** The Find in catalog box; mount it to open it. */
export function FindDialog({ connectionId, delimiter, onOpen, onClose }: Props): ReactNode {
  const dialog = useRef<HTMLDialogElement>(null)
  const list = useRef<HTMLDivElement>(null)
  const base = useId()
  const [query, setQuery] = useState('')
  const [active, setActive] = useState(0)
  useModal(dialog)
  const index = useFindIndex(connectionId)
  const { results, error } = useFindResults(connectionId, query)
  const hits = useMemo(() => (query.trim() === '' ? [] : (results?.hits ?? [])), [results, query])
  const groups = useMemo(() => groupHits(hits, delimiter), [hits, delimiter])
  const ordered = useMemo(() => groups.flatMap((group) => group.hits), [groups])
  const current = Math.min(active, ordered.length - 1)
  const optionId = (hit: FindHit): string => `${base}-${hitId(hit)}`
  const currentHit = ordered[current]

  useEffect(() => {
    if (!currentHit) return
    document.getElementById(optionId(currentHit))?.scrollIntoView({ block: 'nearest' })
    // optionId depends only on base and the hit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [currentHit])

  const onKeyDown = (event: KeyboardEvent): void => {
    const step = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0
    if (step !== 0 && ordered.length > 0) {
      event.preventDefault()
      setActive((current + step + ordered.length) % ordered.length)
    } else if (event.key === 'Enter' && currentHit) {
      event.preventDefault()
      onOpen(currentHit)
    }
  }
  const status = results?.status ?? index.started

  return (
    <dialog
      ref={dialog}
      aria-label="Find in catalog"
      className={styles.dialog}
      onCancel={onClose}
      onClick={(event) => event.target === dialog.current && onClose()}
    >
      <input
        autoFocus
        role="combobox"
        aria-label="Find in catalog"
        aria-expanded="true"
        aria-controls={`${base}-list`}
        aria-autocomplete="list"
        aria-activedescendant={currentHit ? optionId(currentHit) : undefined}
        placeholder="Table, namespace or column name; kind:table, type:vector, dim:768"
        spellCheck={false}
        autoComplete="off"
        className={styles.input}
        value={query}
        onChange={(event) => {
          setActive(0)
          setQuery(event.target.value)
        }}
        onKeyDown={onKeyDown}
      />
      <div className={styles.progress}>
        <span role="status" aria-label="Find progress" className={styles.progressText}>
          {progressText(status)}
        </span>
        {status?.state === 'running' ? (
          <Button size="sm" variant="ghost" icon={X} onClick={index.cancel}>
            Cancel
          </Button>
        ) : (
          <Button size="sm" variant="ghost" icon={RefreshCw} onClick={index.refresh} disabled={!status}>
            Refresh
          </Button>
        )}
      </div>
      {status && status.notes.length > 0 && <FindNotes notes={status.notes} />}
      {results?.problem && <p className={styles.problem}>{results.problem}</p>}
      {(error ?? index.error) ? <ErrorAlert error={error ?? index.error} /> : null}
      <div ref={list} role="listbox" id={`${base}-list`} aria-label="Find in catalog results" className={styles.list}>
        {groups.map((group) => (
          <div key={group.label} role="group" aria-label={group.label}>
            <div className={styles.groupLabel} aria-hidden="true">
              <Folder size={12} aria-hidden /> {group.label}
            </div>
            {group.hits.map((hit) => {
              const Icon = KIND_ICONS[hit.kind]
              const isCurrent = hit === currentHit
              return (
                <div
                  key={hitId(hit)}
                  id={optionId(hit)}
                  role="option"
                  aria-selected={isCurrent}
                  className={isCurrent ? `${styles.option} ${styles.current}` : styles.option}
                  onPointerMove={() => !isCurrent && setActive(ordered.indexOf(hit))}
                  onClick={() => onOpen(hit)}
                >
                  <Icon size={14} aria-hidden className={styles.icon} />
                  <span className={styles.kind}>{hit.kind}</span>
                  <span className={styles.name}>
                    {hit.kind === 'column' && <span className={styles.owner}>{hit.table}.</span>}
                    {highlightPieces(matchedText(hit), hit.ranges).map((piece, i) =>
                      piece.matched ? <mark key={i}>{piece.text}</mark> : <span key={i}>{piece.text}</span>
                    )}
                  </span>
                  {hit.type && <code className={styles.type}>{hit.type}</code>}
                </div>
              )
            })}
          </div>
        ))}
      </div>
      {query.trim() !== '' && ordered.length === 0 && results && (
        <p className={styles.empty}>
          {status?.state === 'running' ? 'Nothing matches yet; the catalog is still being read.' : 'Nothing in this catalog matches.'}
        </p>
      )}
      {results?.truncated && <p className={styles.empty}>Showing the best {ordered.length} results; type more to narrow them.</p>}
    </dialog>
  )
}

/** The progress line. */
function progressText(status: FindStatus | undefined): string {
  if (!status) return 'Opening the index…'
  const tables = `${status.tablesFound.toLocaleString('en')} tables`
  const columns = `${status.columnsFound.toLocaleString('en')} columns`
  if (status.state === 'running') {
    const visited = status.source === 'list-all' ? 'all tables listed' : `${status.namespacesVisited.toLocaleString('en')} namespaces visited`
    return `Reading the catalog: ${visited}, ${tables} found, ${status.tablesDescribed.toLocaleString('en')} described.`
  }
  if (status.cancelled) return `Cancelled: ${tables} and ${columns} found so far. Refresh to read the catalog again.`
  if (status.stale) return `Index from an earlier session (${tables}, ${columns}); Refresh reads the catalog again.`
  if (status.complete) return `Index complete: ${tables}, ${columns}.`
  return `${tables}, ${columns} indexed.`
}
