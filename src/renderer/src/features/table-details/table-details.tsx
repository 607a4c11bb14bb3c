/**
 * The pane of the open table: its name, then a resizable split of its details (Overview,
 * Schema, Versions, Indexes) over the paged grid of its rows, which fills the height it is
 * given. The split fits the details' content until the user sizes it; that size is
 * remembered with the UI state.
 */
import { useRef, useState, type ReactNode } from 'react'
import type { TableRef } from '@shared/catalog-types'
import { useUiStore } from '../../state/ui-store'
import { tableKey } from '../../lib/node-key'
import { ErrorAlert } from '../../ui/error-alert'
import { ErrorBoundary } from '../../ui/error-boundary'
import { Skeleton } from '../../ui/skeleton'
import { SplitPane } from '../../ui/split-pane'
import { ViewTabs } from '../../ui/view-tabs'
import { useDelimiter } from '../connections/use-connections'
import { TableData } from '../table-data/table-data'
import { DETAIL_VIEWS, SCHEMA_VIEW } from './detail-tabs'
import { useFoundColumn } from '../find/found-column'
import { useTableDescription } from './use-table-description'
import { useFitShare } from './use-fit-share'
import { useOpenVersion } from '../../state/open-version-store'
import { useNoteOpenedVersion } from '../../state/last-opened-version'
import { useVersionDescription } from '../table-versions/use-versions'
import { VersionBanner } from '../table-versions/version-banner'
import styles from './table-details.module.css'

/** The grid's smallest height, in pixels: its toolbar, search bar, header and two rows. */
const MIN_GRID = 200
/** The details' share, in percent, for a view that does not fit itself, until the user sizes it. */
const UNFITTED_SHARE = 40
/** The Profile view's share: its cards and charts want room, the grid below still shows its rows. */
const PROFILE_SHARE = 60
/** Views the details are sized to fit (up to the grid's minimum); the others get a fixed share. */
const FITTING_VIEWS: ReadonlySet<string> = new Set(['overview', SCHEMA_VIEW])

/** The details and data of one table. */
export function TableDetails({ connectionId, table }: { readonly connectionId: string; readonly table: TableRef }): ReactNode {
  const latest = useTableDescription(connectionId, table)
  // An older version open read-only (Versions view) replaces the latest in details and grid.
  const version = useOpenVersion(connectionId, table)
  const older = useVersionDescription(connectionId, table, version)
  const description = version === null ? latest : older
  // Keeps the version the table is opened at, for "since the version I last opened" in Versions.
  useNoteOpenedVersion(connectionId, table, latest.data?.version ?? null)
  const chosenSize = useUiStore((state) => state.panes.details)
  const setPanes = useUiStore((state) => state.setPanes)
  const delimiter = useDelimiter(connectionId)
  // A Find column result shows its column, which lives in the schema view: on opening, and
  // whenever a new result points here (state adjusted during render, not in an effect).
  const found = useFoundColumn(connectionId, table)
  const [viewKey, setViewKey] = useState(found === null ? (DETAIL_VIEWS[0]?.key ?? '') : SCHEMA_VIEW)
  const [shownFound, setShownFound] = useState(found)
  if (found !== shownFound) {
    setShownFound(found)
    if (found !== null) setViewKey(SCHEMA_VIEW)
  }
  const splitRef = useRef<HTMLElement | null>(null)
  const scrollRef = useRef<HTMLDivElement | null>(null)
  const contentRef = useRef<HTMLDivElement | null>(null)
  const fit = useFitShare(splitRef, scrollRef, contentRef, MIN_GRID, `${viewKey}:${tableKey(table)}:${description.status}`)
  // A size the user chose wins (and is remembered); until then a fitting view gets the
  // height its content needs, so facts and schema show without a nested scroll box.
  const size = chosenSize ?? (FITTING_VIEWS.has(viewKey) && fit !== null ? fit : viewKey === 'profile' ? PROFILE_SHARE : UNFITTED_SHARE)
  const view = DETAIL_VIEWS.find((candidate) => candidate.key === viewKey) ?? DETAIL_VIEWS[0]
  const key = tableKey(table)
  const details = (
    <ViewTabs label="Table views" tabs={DETAIL_VIEWS} activeKey={viewKey} onSelect={setViewKey}>
      <div ref={scrollRef} className={styles.detailsScroll}>
        <div ref={contentRef} className={styles.detailsContent}>
          {version !== null && <VersionBanner connectionId={connectionId} table={table} version={version} latest={latest.data?.version ?? null} />}
          {description.isPending && <Skeleton label="Loading table…" lines={['40%', '70%', '55%', '65%']} />}
          {description.isError && <ErrorAlert error={description.error} onRetry={() => void description.refetch()} />}
          {description.isSuccess && view?.render({ connectionId, table, description: description.data, delimiter })}
        </div>
      </div>
    </ViewTabs>
  )
  // Mounted before the description arrives, so rows and count load alongside it.
  const data = description.isError ? null : (
    <ErrorBoundary what="The data grid" resetKeys={[key, version]}>
      <TableData key={`${key}@${version ?? 'latest'}`} connectionId={connectionId} table={table} fields={description.data?.fields ?? null} version={version} />
    </ErrorBoundary>
  )
  return (
    <section ref={splitRef} aria-labelledby="table-title" className={styles.details}>
      <h2 id="table-title" title={table.name}>
        {table.name}
      </h2>
      <SplitPane
        orientation="vertical"
        size={size}
        onSizeChange={(details) => setPanes({ details })}
        separatorLabel="Resize table details"
        minFirst={60}
        minSecond={MIN_GRID}
        first={details}
        second={data}
      />
    </section>
  )
}
