/**
 * The data tab's search controls: "Find similar" for the selected row, "Search by
 * vector…" (a pasted JSON vector), a full-text box when the table has an FTS index, the
 * vector search options (column, distance, k, and nprobes / refine factor when the
 * column has a vector index), and, while a search shows, what it found, "Explain" and
 * "Clear search".
 */
import { Braces, FileSearch, Search, Sparkles, X } from 'lucide-react'
import { useState, type FormEvent, type ReactNode } from 'react'
import type { TableRef } from '@shared/catalog-types'
import { DISTANCE_TYPES, MAX_SEARCH_K, type DistanceType, type SearchInfo } from '@shared/search-types'
import type { SearchSpec } from '@shared/contract/search'
import type { PagesColumn, RowsView } from '../../lib/query-keys'
import { PAGE_ROWS } from '../../lib/row-pages'
import { Button } from '../../ui/button'
import { ErrorAlert } from '../../ui/error-alert'
import { Select } from '../../ui/select'
import { Toolbar } from '../../ui/toolbar'
import { ExplainDialog } from './explain-dialog'
import { NumberOption } from './number-option'
import { chosenVectorColumn, type DataSearch } from './use-data-search'
import { searchSpecOf } from './use-search'
import { VectorDialog } from './vector-dialog'
import styles from './search.module.css'

/** How each distance metric is named on screen. */
export const DISTANCE_LABELS: Readonly<Record<DistanceType, string>> = { l2: 'L2', cosine: 'Cosine', dot: 'Dot' }
/** The most rows the k option allows here (a search result is one page of rows in memory). */
const UI_MAX_K = Math.min(1_000, MAX_SEARCH_K)

interface Props {
  readonly connectionId: string
  readonly table: TableRef
  readonly info: { readonly data: SearchInfo | undefined; readonly error: unknown; readonly retry: () => void }
  readonly search: DataSearch
  /** The rows on screen (a search's, while one shows). */
  readonly view: RowsView
  /** The grid's columns. */
  readonly columns: readonly PagesColumn[]
  /** The selected row, counted over the view's rows. */
  readonly selectedRow: number
  /** Rows the search found; null while it runs. */
  readonly found: number | null
  /** The rows were more bytes than one answer holds, so only the first `found` came. */
  readonly truncated?: boolean
}

/** The search controls; a table without vector columns or FTS index gets only "Explain". */
export function SearchBar({ connectionId, table, info, search, view, columns, selectedRow, found, truncated }: Props): ReactNode {
  const [dialog, setDialog] = useState<'vector' | 'explain' | null>(null)
  const [words, setWords] = useState(search.active?.kind === 'fts' ? search.active.text : '')
  const [running, setRunning] = useState(false)
  const vectorColumns = info.data?.vectorColumns ?? []
  const fts = (info.data?.ftsColumns.length ?? 0) > 0
  const { options, setOptions, active } = search
  const column = chosenVectorColumn(info.data, options)
  const searched = active?.kind === 'vector' ? (vectorColumns.find((c) => c.name === active.column) ?? column) : column
  // Explain shows the plan of what the grid shows: the search, or the plain rows' page query.
  const spec: SearchSpec = searchSpecOf(view) ?? {
    query: { kind: 'scan', k: PAGE_ROWS },
    ...(view.columns ? { columns: [...view.columns] } : {}),
    ...(view.filter ? { filter: view.filter } : {})
  }
  const findSimilar = (): void => {
    if (!column) return
    setRunning(true)
    void search.findSimilar(view, selectedRow, column, columns).finally(() => setRunning(false))
  }
  const submitWords = (event: FormEvent): void => {
    event.preventDefault()
    if (words.trim()) search.setActive({ kind: 'fts', text: words.trim() })
  }
  return (
    <div className={styles.bar}>
      <Toolbar label="Search">
        {column && (
          <>
            <Button icon={Sparkles} busy={running} onClick={findSimilar} title={`Rows whose “${column.name}” is nearest to the selected row's`}>
              Find similar
            </Button>
            <Button icon={Braces} onClick={() => setDialog('vector')}>
              Search by vector…
            </Button>
          </>
        )}
        <Button
          icon={FileSearch}
          onClick={() => setDialog('explain')}
          title={active ? 'The plan of this search' : 'The plan of the query that reads these rows'}
        >
          Explain
        </Button>
        {active && (
          <Button icon={X} onClick={() => search.setActive(null)}>
            Clear search
          </Button>
        )}
      </Toolbar>
      {info.error !== null && (
        <p className={styles.status} role="status">
          Search is unavailable for this table: {info.error instanceof Error ? info.error.message : String(info.error)}
          <button type="button" className="link-button" onClick={info.retry}>
            Retry
          </button>
        </p>
      )}
      {fts && (
        <form role="search" aria-label="Full-text search" className={styles.fts} onSubmit={submitWords}>
          <input
            type="search"
            aria-label="Full-text search"
            placeholder={`Words in ${info.data?.ftsColumns.join(', ')}`}
            value={words}
            onChange={(event) => setWords(event.target.value)}
          />
          <Button type="submit" icon={Search} disabled={words.trim() === ''} disabledReason="Type the words to search for.">
            Search
          </Button>
        </form>
      )}
      {(column || fts) && (
        <fieldset className={styles.options}>
          <legend className="visually-hidden">Search options</legend>
          {vectorColumns.length > 1 && (
            <label className={styles.option}>
              Vector column
              <Select value={column?.name ?? ''} onChange={(event) => setOptions({ ...options, column: event.target.value })}>
                {vectorColumns.map((c) => (
                  <option key={c.name} value={c.name}>
                    {c.name}
                  </option>
                ))}
              </Select>
            </label>
          )}
          {column && (
            <label className={styles.option}>
              Distance
              <Select value={options.distanceType} onChange={(event) => setOptions({ ...options, distanceType: event.target.value as DistanceType })}>
                {DISTANCE_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {DISTANCE_LABELS[type]}
                  </option>
                ))}
              </Select>
            </label>
          )}
          <NumberOption label="k" value={options.k} min={1} max={UI_MAX_K} onChange={(k) => setOptions({ ...options, k: k ?? options.k })} />
          {searched?.indexType && (
            <>
              <NumberOption
                label="nprobes"
                optional
                value={options.nprobes}
                min={1}
                max={100_000}
                onChange={(nprobes) => setOptions({ ...options, nprobes })}
              />
              <NumberOption
                label="Refine factor"
                optional
                value={options.refineFactor}
                min={1}
                max={1_000}
                onChange={(refineFactor) => setOptions({ ...options, refineFactor })}
              />
            </>
          )}
        </fieldset>
      )}
      {active && (
        <p className={styles.status} role="status" aria-label="Search results">
          {found === null ? 'Searching…' : describeResult(found, search, view, searched?.indexType ?? null)}
          {truncated && ` Only the first ${found ?? 0} of the k rows asked for fit in one answer; hide wide columns to see more.`}
        </p>
      )}
      {search.error !== null && <ErrorAlert error={search.error} />}
      {dialog === 'vector' && column && (
        <VectorDialog
          columns={vectorColumns}
          initialColumn={column}
          onSearch={(chosen, vector) => search.setActive({ kind: 'vector', column: chosen.name, vector, about: 'the pasted vector' })}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'explain' && <ExplainDialog connectionId={connectionId} table={table} spec={spec} onClose={() => setDialog(null)} />}
    </div>
  )
}

function describeResult(found: number, search: DataSearch, view: RowsView, indexType: string | null): string {
  const rows = `${found.toLocaleString('en-US')} nearest ${found === 1 ? 'row' : 'rows'}`
  const among = view.filter ? ' among the rows matching the filter' : ''
  const { active, options } = search
  if (active?.kind === 'vector')
    return (
      `Search results: ${rows} to ${active.about} in “${active.column}” by ${DISTANCE_LABELS[options.distanceType]} distance${among}, nearest first.` +
      // An index compares compressed vectors: say so, and where the exact re-ranking is.
      (indexType && options.refineFactor === null ? ` Distances are approximate (${indexType} index); set a refine factor above to re-rank them exactly.` : '')
    )
  if (active?.kind === 'fts') {
    const count = found.toLocaleString('en-US')
    // The search answers at most k rows: a result of exactly k is cut there, not every match.
    if (found === options.k)
      return `Search results: the first ${count} ${found === 1 ? 'row' : 'rows'} matching “${active.text}”${among}, best first; more rows may match. Raise k to see more.`
    return `Search results: ${count} ${found === 1 ? 'row' : 'rows'} matching “${active.text}”${among}, best first.`
  }
  return ''
}
