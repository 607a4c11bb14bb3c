/**
 * The Health view of a table: what it is made of, each number with its meaning and, where
 * it calls for one, the action that fixes it (Optimize, Clean up old versions). Actions
 * are off, with the reason, where they cannot work: an older version open read-only, or a
 * REST catalog whose files this connection does not read.
 */
import { useState, type ReactNode } from 'react'
import { Eraser, RefreshCw, Wrench } from 'lucide-react'
import type { MaintenanceAction, TableHealth } from '@shared/contract/health'
import type { DetailViewProps } from '../../lib/detail-view-props'
import { displayIdentifier } from '../../lib/node-key'
import { readOnlyReason, useOpenVersion } from '../../state/open-version-store'
import { Button } from '../../ui/button'
import { cx } from '../../ui/class-names'
import { ColumnHeads } from '../../ui/column-heads'
import { ErrorAlert } from '../../ui/error-alert'
import { Skeleton } from '../../ui/skeleton'
import { Toolbar } from '../../ui/toolbar'
import { healthFacts, type HealthAction } from './health-facts'
import { MaintenanceDialog } from './maintenance-dialog'
import { useHealth } from './use-health'
import styles from './health.module.css'

const ACTION_LABELS: Readonly<Record<HealthAction, string>> = { optimize: 'Optimize fixes this', cleanup: 'Clean up old versions frees this' }

/** The Health view. */
export function HealthView({ connectionId, table, delimiter }: DetailViewProps): ReactNode {
  const health = useHealth(connectionId, table)
  const [open, setOpen] = useState<MaintenanceAction['kind'] | null>(null)
  const olderVersion = useOpenVersion(connectionId, table)
  const unavailable = olderVersion !== null ? readOnlyReason(olderVersion) : (health.data?.maintenanceUnavailable ?? undefined)
  const tableName = displayIdentifier([...table.namespace, table.name], delimiter)
  const versions = health.data?.versions ?? null
  return (
    <div className="tab-view">
      <Toolbar label="Maintenance actions">
        <Button icon={Wrench} onClick={() => setOpen('optimize')} disabled={unavailable !== undefined || !health.isSuccess} disabledReason={unavailable}>
          Optimize…
        </Button>
        <Button
          icon={Eraser}
          onClick={() => setOpen('cleanup')}
          disabled={unavailable !== undefined || !health.isSuccess || (versions !== null && versions < 2)}
          disabledReason={unavailable ?? (versions !== null && versions < 2 ? 'Only the latest version is kept: there is nothing to clean up' : undefined)}
        >
          Clean up old versions…
        </Button>
        <Button icon={RefreshCw} variant="ghost" onClick={() => void health.refetch()} busy={health.isFetching}>
          Refresh
        </Button>
      </Toolbar>
      {olderVersion !== null && <p className="muted">{`This is the health of the latest version (version ${olderVersion} is open read-only).`}</p>}
      {health.isPending && <Skeleton label="Reading the table's health…" lines={['50%', '65%', '40%', '55%']} />}
      {health.isError && <ErrorAlert error={health.error} onRetry={() => void health.refetch()} />}
      {health.isSuccess && <HealthTable health={health.data} />}
      {open !== null && <MaintenanceDialog connectionId={connectionId} table={table} tableName={tableName} kind={open} onClose={() => setOpen(null)} />}
    </div>
  )
}

function HealthTable({ health }: { readonly health: TableHealth }): ReactNode {
  return (
    <>
      <table className={cx('record-table', styles.facts)} aria-label="Table health">
        <ColumnHeads columns={['', 'Value', 'What it means']} />
        <tbody>
          {healthFacts(health).map((fact) => (
            <tr key={fact.key}>
              <th scope="row" className="record-name">
                {fact.label}
              </th>
              <td className={styles.value}>{fact.value}</td>
              <td className={styles.meaning}>
                {fact.meaning}
                {fact.fix && <strong>{` ${ACTION_LABELS[fact.fix]}.`}</strong>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted">
        {health.source === 'lance'
          ? "Read by LanceDB from the table's manifest, version summaries and index statistics."
          : "Read from the catalog's stats, versions and index routes; the numbers the spec has no route for are marked."}
      </p>
    </>
  )
}
