/**
 * The pane of the open table: its name, then a resizable split of its details (facts and
 * the schema tree) over the paged grid of its rows, which fills the height it is given.
 * The split's size is remembered with the UI state.
 */
import { useState, type ReactNode } from 'react'
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
import { DETAIL_VIEWS } from './detail-tabs'
import { useTableDescription } from './use-table-description'
import { useOpenVersion } from '../../state/open-version-store'
import { useVersionDescription } from '../table-versions/use-versions'
import { VersionBanner } from '../table-versions/version-banner'
import styles from './table-details.module.css'

/** The details and data of one table. */
export function TableDetails({ connectionId, table }: { readonly connectionId: string; readonly table: TableRef }): ReactNode {
  const latest = useTableDescription(connectionId, table)
  // An older version open read-only (Versions view) replaces the latest in details and grid.
  const version = useOpenVersion(connectionId, table)
  const older = useVersionDescription(connectionId, table, version)
  const description = version === null ? latest : older
  const detailsSize = useUiStore((state) => state.panes.details)
  const setPanes = useUiStore((state) => state.setPanes)
  const delimiter = useDelimiter(connectionId)
  const [viewKey, setViewKey] = useState(DETAIL_VIEWS[0]?.key ?? '')
  const view = DETAIL_VIEWS.find((candidate) => candidate.key === viewKey) ?? DETAIL_VIEWS[0]
  const key = tableKey(table)
  const details = (
    <ViewTabs label="Table views" tabs={DETAIL_VIEWS} activeKey={viewKey} onSelect={setViewKey}>
      <div className={styles.detailsScroll}>
        {version !== null && <VersionBanner connectionId={connectionId} table={table} version={version} latest={latest.data?.version ?? null} />}
        {description.isPending && <Skeleton label="Loading table…" lines={['40%', '70%', '55%', '65%']} />}
        {description.isError && <ErrorAlert error={description.error} onRetry={() => void description.refetch()} />}
        {description.isSuccess && view?.render({ connectionId, table, description: description.data, delimiter })}
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
    <section aria-labelledby="table-title" className={styles.details}>
      <h2 id="table-title">{table.name}</h2>
      <SplitPane
        orientation="vertical"
        size={detailsSize}
        onSizeChange={(details) => setPanes({ details })}
        separatorLabel="Resize table details"
        minFirst={60}
        minSecond={160}
        first={details}
        second={data}
      />
    </section>
  )
}
