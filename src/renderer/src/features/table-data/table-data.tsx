/**
 * The data tab of a table: column choice, SQL filter, the number of matching rows and
 * the virtualized grid. The grid starts afresh when the columns or filter change; a filter
 * the engine refuses shows its error above the grid, which keeps the last rows that worked.
 */
import { useEffect, useMemo, useState, type ReactNode } from 'react'
import { useRegisterDistributions } from './distributions-command'
import type { FieldInfo, TableRef } from '@shared/catalog-types'
import { ErrorAlert } from '../../ui/error-alert'
import { ColumnChooser } from './column-chooser'
import { DataGrid, type GridColumn } from './data-grid'
import { FilterBar } from './filter-bar'
import { publishGridFilter, useGridFilterRequest } from '../../state/grid-filter-requests'
import { useRowCount, useRowPages } from './use-table-rows'
import { pagesView } from '../../lib/query-keys'
import { ExportButton } from '../table-export/export-dialog'
import { SearchBar } from '../table-search/search-bar'
import { chosenVectorColumn } from '../table-search/use-data-search'
import { useSearchView } from '../table-search/use-search-view'
import { rowCountLabel } from './row-count-label'
import styles from './table-data.module.css'
import { holdsBytes } from '@shared/media-kind'
import { Gallery } from './gallery'
import { GalleryToggle } from './gallery-toggle'
import { EmbeddingMap } from '../embedding-map/embedding-map'
import { MapToggle } from '../embedding-map/map-toggle'
import type { ExactInt } from '@shared/exact-int'
import { EditControls } from '../table-edits/edit-controls'
import { EditPanel } from './edit-panel'
import { useEditAccess } from '../table-edits/use-editability'
import { useHeaderProfile } from '../column-profile/use-header-profile'

/**
 * Rows one grid scrolls through. Browsers cap an element's height near 33 million pixels,
 * so a larger table is shown a million rows at a time.
 */
const WINDOW_ROWS = 1_000_000

interface Props {
  readonly connectionId: string
  readonly table: TableRef
  /** The table's top-level fields, from its description; null while it loads. */
  readonly fields: readonly FieldInfo[] | null
  /** An older version open read-only (Versions view); null or absent for the latest. */
  readonly version?: ExactInt | null
}

/** Rows of a table, paged as they scroll into view. */
export function TableData({ connectionId, table, fields, version = null }: Props): ReactNode {
  const [chosen, setChosen] = useState<readonly string[] | null>(null)
  // The filter last applied, and the last one that worked, which the grid shows.
  const [filter, setFilter] = useState('')
  const [shown, setShown] = useState('')
  const [windowStart, setWindowStart] = useState(0)
  // Search (vector or full text) replaces the rows with its own, under the same columns and
  // filter; an older version open read-only is shown as it is, not searched.
  const { info, search, view, result, scoring } = useSearchView(connectionId, table, chosen, shown, version)
  const [selectedRow, setSelectedRow] = useState(0)
  // The byte column shown as a gallery instead of the grid, if one is.
  const [gallery, setGallery] = useState<string | null>(null)
  // The vector column shown as a map instead of the grid, if one is; offered on the latest version's rows only.
  const [mapColumn, setMapColumn] = useState<string | null>(null)
  const vectorColumns = (fields ?? []).filter((field) => field.dimension !== undefined).map((field) => field.name)
  // A search's results stay on the map, highlighted (Find similar's neighbours among them).
  const mapBlocked = version !== null ? 'An older version shows as it is; the map is of the latest.' : null
  const showMap = mapColumn !== null && mapBlocked === null
  const byteColumns = (fields ?? []).filter(holdsBytes).map((field) => field.name)
  const vectorColumn = version === null ? chosenVectorColumn(info.data, search.options) : null
  // The header's distributions: null follows what is at hand (shown when a profile of every
  // row is already kept), true asks for one, false hides them.
  const [distributions, setDistributions] = useState<boolean | null>(null)
  const headerProfile = useHeaderProfile(connectionId, table, version, distributions === true)
  const distributionsBlocked = view.search ? "A search's rows are not the table's; clear the search to see distributions." : null
  const distributionsShown = distributions !== false && headerProfile.profile !== null
  const toggleDistributions = (): void => setDistributions(!distributionsShown)
  const tried = useRowCount(connectionId, table, filter, version)
  const count = useRowCount(connectionId, table, shown, version)
  // A filter counts as working once its count arrives; until then the grid keeps the old one.
  if (filter !== shown && tried.isSuccess) {
    setShown(filter)
    setWindowStart(0)
  }
  // A filter another view asks for (a profile's bar or value), each request applied once;
  // and the filter the grid shows, for views that work on the same rows.
  const asked = useGridFilterRequest(connectionId, table)
  const [askedSeq, setAskedSeq] = useState(asked?.seq ?? 0)
  if (asked !== null && asked.seq !== askedSeq) {
    setAskedSeq(asked.seq)
    setFilter(asked.filter)
  }
  useEffect(() => {
    publishGridFilter(connectionId, table, shown)
  }, [connectionId, table, shown])
  // The first page is asked for alongside the description and the count, not after them:
  // the grid, once it knows the columns, finds it cached.
  useRowPages(connectionId, table, pagesView(view), fields ? [] : [0])
  const columns: GridColumn[] = useMemo(
    () => [
      // A search's distance (or score) comes first, right after the row number.
      ...(scoring ? [{ name: scoring, type: 'float32' }] : []),
      ...(fields ?? [])
        .filter((field) => !chosen || chosen.includes(field.name))
        .map((field) => ({ name: field.name, type: field.type, bytes: holdsBytes(field) }))
    ],
    [fields, chosen, scoring]
  )
  const filterFailed = filter !== shown && tried.isError
  // Staged row edits: keyed by the key column's values, so they outlive the grid's remounts.
  const editAccess = useEditAccess(connectionId, table, { version, searching: Boolean(view.search), shown: chosen })
  const matching = count.data ?? null
  const windowRows = matching === null ? null : Math.min(WINDOW_ROWS, Math.max(0, matching - windowStart))
  const found = view.search ? (result.data?.rows.numRows ?? null) : null
  const editControls = <EditControls connectionId={connectionId} table={table} access={editAccess} />
  const gridShown = !count.isError && !result.isError && fields !== null && gallery === null && !showMap
  // The command palette offers the Distributions switch while the grid shows it enabled.
  useRegisterDistributions(gridShown && distributionsBlocked === null, distributionsShown, toggleDistributions)
  return (
    <div className={styles.tableData}>
      <div className={styles.dataToolbar}>
        <ColumnChooser all={(fields ?? []).map((field) => field.name)} chosen={chosen} onChange={setChosen} />
        <FilterBar filter={filter} onApply={setFilter} error={filterFailed ? tried.error : null} />
        <span className="muted" role="status" aria-label="Matching rows">
          {/* While a search shows its k rows, the table's count beside them would read as theirs. */}
          {view.search ? '' : count.isSuccess ? rowCountLabel(count.data, shown, filterFailed) : count.isPending ? 'Counting rows…' : ''}
        </span>
        <GalleryToggle
          columns={byteColumns}
          shown={gallery}
          onShow={(column) => {
            setGallery(column)
            setMapColumn(null)
          }}
        />
        <MapToggle
          columns={vectorColumns}
          shown={mapColumn}
          blocked={mapBlocked}
          onShow={(column) => {
            setMapColumn(column)
            setGallery(null)
          }}
        />
        <ExportButton connectionId={connectionId} table={table} view={view} matching={matching} />
        {version !== null && editControls}
      </div>
      {/* An older version open read-only is shown as it is: search reads the latest. The
          editing controls share the search's row, so the toolbar above keeps to one line. */}
      {version === null && (
        <div className={styles.searchRow}>
          <SearchBar
            connectionId={connectionId}
            table={table}
            info={{ data: info.data, error: info.error, retry: () => void info.refetch() }}
            search={search}
            view={view}
            columns={columns}
            selectedRow={selectedRow}
            found={found}
            truncated={result.data?.truncated ?? false}
          />
          {editControls}
        </div>
      )}
      {fields && (
        <EditPanel connectionId={connectionId} table={table} view={view} access={editAccess} columns={columns.filter((column) => column.name !== scoring)} />
      )}
      {count.isError && <ErrorAlert error={count.error} onRetry={() => void count.refetch()} />}
      {headerProfile.error !== null && <ErrorAlert error={headerProfile.error} onRetry={headerProfile.retry} />}
      {result.isError && <ErrorAlert error={result.error} onRetry={() => void result.refetch()} />}
      {!view.search && matching !== null && matching > WINDOW_ROWS && (
        <RowWindow start={windowStart} rows={windowRows ?? 0} matching={matching} onMove={setWindowStart} />
      )}
      {!count.isError && !result.isError && fields && mapColumn !== null && showMap && (
        <EmbeddingMap
          key={mapColumn}
          connectionId={connectionId}
          table={table}
          column={mapColumn}
          fields={fields}
          gridFilter={shown}
          searchRows={view.search ? (result.data?.rows ?? null) : null}
          searchQuery={view.search ?? null}
          onShowGrid={() => setMapColumn(null)}
        />
      )}
      {/* A search's rows too: a new search (or clearing it) mounts a new gallery, of its own rows. */}
      {!count.isError && !result.isError && fields && gallery !== null && !showMap && (
        <Gallery
          key={`${JSON.stringify(view)}@${gallery}`}
          connectionId={connectionId}
          table={table}
          view={view}
          column={gallery}
          count={view.search ? found : matching}
          onActiveRow={setSelectedRow}
        />
      )}
      {gridShown && (
        <DataGrid
          key={`${JSON.stringify(view)}@${windowStart}`}
          connectionId={connectionId}
          table={table}
          view={view}
          columns={columns}
          total={view.search ? found : windowRows}
          firstRow={view.search ? 0 : windowStart}
          matching={view.search ? found : matching}
          onActiveRow={setSelectedRow}
          onFindSimilar={vectorColumn ? (row) => void search.findSimilar(view, row, vectorColumn, columns) : undefined}
          onFilter={setFilter}
          editing={editAccess}
          profile={distributionsShown && distributionsBlocked === null ? headerProfile.profile : null}
          distributions={{
            shown: distributionsShown,
            running: headerProfile.running,
            blocked: distributionsBlocked,
            onToggle: toggleDistributions
          }}
        />
      )}
    </div>
  )
}

interface WindowProps {
  readonly start: number
  readonly rows: number
  readonly matching: number
  readonly onMove: (start: number) => void
}

/** Which million rows the grid shows, with buttons to the previous and next million. */
function RowWindow({ start, rows, matching, onMove }: WindowProps): ReactNode {
  const format = (n: number): string => n.toLocaleString('en-US')
  return (
    <div className={styles.rowWindow}>
      <span>
        Rows {format(start + 1)}–{format(start + rows)} of {format(matching)}
      </span>
      <button type="button" disabled={start === 0} onClick={() => onMove(Math.max(0, start - WINDOW_ROWS))}>
        Previous million
      </button>
      <button type="button" disabled={start + WINDOW_ROWS >= matching} onClick={() => onMove(start + WINDOW_ROWS)}>
        Next million
      </button>
    </div>
  )
}
