/**
 * The status bar at the foot of the window: the shown connection and its kind, the last
 * catalog request's latency, and the open table's row count, size and tab count. A labelled
 * region rather than a live one: the latency changes with every request, which a screen
 * reader should not announce each time.
 */
import type { ReactNode } from 'react'
import type { TableRef } from '@shared/catalog-types'
import { useConnections } from '../features/connections/use-connections'
import { useTableDescription } from '../features/table-details/use-table-description'
import { useOpenVersion } from '../state/open-version-store'
import { useVersionDescription } from '../features/table-versions/use-versions'
import { formatBytes } from '../lib/format-bytes'
import { useLastRequest } from '../lib/request-timing'
import { useConnectionView, useUiStore } from '../state/ui-store'
import styles from './status-bar.module.css'
import { approximate, formatExactInt } from '@shared/exact-int'

const KIND_NAMES = { dir: 'Directory', rest: 'REST' } as const

/** The window's status bar. */
export function StatusBar(): ReactNode {
  const connectionId = useUiStore((state) => state.connectionId)
  const connection = useConnections().data?.find((candidate) => candidate.id === connectionId)
  const { selectedTable, tabs } = useConnectionView()
  const last = useLastRequest((state) => state.last)
  return (
    <footer aria-label="Status bar" className={styles.bar}>
      <span className={styles.item}>
        {connection ? (
          <>
            <span className={styles.kind}>{KIND_NAMES[connection.type]}</span>: {connection.name}
          </>
        ) : (
          'No connection'
        )}
      </span>
      {last && (
        <span className={last.ok ? `${styles.item} ${styles.latency}` : `${styles.item} ${styles.latency} ${styles.failed}`} title={last.channel}>
          {`Last request ${formatMs(last.ms)}${last.ok ? '' : ' (failed)'}`}
        </span>
      )}
      <span className={styles.spacer} />
      {tabs.length > 1 && <span className={styles.item}>{`${tabs.length} tabs open`}</span>}
      {connectionId && selectedTable && <TableRows connectionId={connectionId} table={selectedTable} />}
    </footer>
  )
}

// The counts of what the grid shows: an older version while one is open read-only.
function TableRows({ connectionId, table }: { readonly connectionId: string; readonly table: TableRef }): ReactNode {
  const version = useOpenVersion(connectionId, table)
  const latest = useTableDescription(connectionId, table)
  const older = useVersionDescription(connectionId, table, version)
  const description = version === null ? latest : older
  const rows = description.data?.rowCount
  const text = description.isPending
    ? 'counting…'
    : rows === null || rows === undefined
      ? 'row count unknown'
      : `${formatExactInt(rows)} ${rows === '1' ? 'row' : 'rows'}`
  const bytes = description.data?.totalBytes
  const name = version === null ? table.name : `${table.name} (version ${version})`
  return <span className={styles.item}>{`${name}: ${text}${bytes == null ? '' : ` · ${formatBytes(approximate(bytes))}`}`}</span>
}

/** Milliseconds as people read them: whole below 10 s, seconds with a decimal above. */
export function formatMs(ms: number): string {
  return ms < 10_000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`
}
