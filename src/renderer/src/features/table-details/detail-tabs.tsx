/**
 * The views of an open table's details pane, in strip order. A Lance-native view (versions,
 * indexes, …) is one entry here and a component in its own feature folder; the pane shows
 * the strip and renders the chosen entry with the table's description.
 */
import type { ReactNode } from 'react'
import { IndexesView } from '../table-indexes/indexes-view'
import { ColumnNulls } from '../table-stats/column-nulls'
import { SchemaTable } from './schema-table'
import { TableFacts } from './table-facts'
import { AddColumnButton, ColumnActions } from '../table-schema/schema-actions'
import { VersionsView } from '../table-versions/versions-view'
import { ColumnProfileView } from '../column-profile/column-profile-view'
import { HealthView } from '../table-health/health-view'
import { approximate } from '@shared/exact-int'
import { useFoundColumn } from '../find/found-column'
import type { DetailViewProps } from '../../lib/detail-view-props'
import { tableKey } from '../../lib/node-key'
import styles from './table-details.module.css'

/** One view of the details pane. */
export interface DetailView {
  readonly key: string
  /** The tab's text and accessible name. */
  readonly label: string
  readonly render: (props: DetailViewProps) => ReactNode
}

/** The key of the schema view, which a Find column result opens. */
export const SCHEMA_VIEW = 'schema'

/** The views, in strip order; the first is shown when a table opens. */
export const DETAIL_VIEWS: readonly DetailView[] = [
  {
    key: 'overview',
    label: 'Overview',
    render: ({ connectionId, table, description, delimiter }) => (
      <>
        <TableFacts description={description} delimiter={delimiter} />
        {/* On demand: counting reads every row once per column. */}
        <ColumnNulls
          connectionId={connectionId}
          table={table}
          fields={description.fields}
          rows={description.rowCount === null ? null : approximate(description.rowCount)}
        />
      </>
    )
  },
  {
    key: SCHEMA_VIEW,
    label: 'Schema',
    // A view of its own so every field fits in the pane, not a box nested under the facts.
    render: ({ connectionId, table, description }) => (
      <div className={styles.schemaView}>
        <AddColumnButton connectionId={connectionId} table={table} fields={description.fields} />
        <FullSchema connectionId={connectionId} table={table} description={description} />
      </div>
    )
  },
  { key: 'versions', label: 'Versions', render: (props) => <VersionsView {...props} /> },
  { key: 'indexes', label: 'Indexes', render: (props) => <IndexesView {...props} /> },
  { key: 'health', label: 'Health', render: (props) => <HealthView {...props} /> },
  // Keyed by table, so its choices (exact, follow the grid) start afresh for each table.
  { key: 'profile', label: 'Profile', render: (props) => <ColumnProfileView key={`${props.connectionId}\u0000${tableKey(props.table)}`} {...props} /> }
]

/** The schema with its column actions, showing the column a Find result pointed at. */
function FullSchema({ connectionId, table, description }: Omit<DetailViewProps, 'delimiter'>): ReactNode {
  const found = useFoundColumn(connectionId, table)
  return (
    <SchemaTable
      fields={description.fields}
      found={found}
      renderActions={(field) => <ColumnActions connectionId={connectionId} table={table} fields={description.fields} field={field} />}
    />
  )
}
