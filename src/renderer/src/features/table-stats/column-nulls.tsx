/**
 * Per-column null counts in the Overview. Each count is a filtered count over the whole
 * table (no catalog keeps them ready), so they are counted when asked for, then kept until
 * the table changes.
 */
import { useState, type ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { FieldInfo, TableRef } from '@shared/catalog-types'
import { api, unwrap } from '../../lib/api'
import { queryKeys } from '../../lib/query-keys'
import { Button } from '../../ui/button'
import { ColumnHeads } from '../../ui/column-heads'
import { ErrorAlert } from '../../ui/error-alert'
import { useOpenVersion } from '../../state/open-version-store'
import { cx } from '../../ui/class-names'
import styles from './table-stats.module.css'
import { formatExactInt } from '@shared/exact-int'

interface Props {
  readonly connectionId: string
  readonly table: TableRef
  readonly fields: readonly FieldInfo[]
  readonly rows: number | null
}

/** The "Null counts" block: a button, then one row per column. */
export function ColumnNulls({ connectionId, table, fields, rows }: Props): ReactNode {
  const columns = fields.map((field) => field.name)
  const [asked, setAsked] = useState(false)
  // Counts are of the latest version; an older one open read-only is not what they describe.
  const olderVersion = useOpenVersion(connectionId, table)
  const key = queryKeys.nullCounts(connectionId, table, columns)
  const counts = useQuery({
    queryKey: key,
    queryFn: () => unwrap(api.stats.nullCounts({ connectionId, table, columns })),
    enabled: asked && columns.length > 0
  })
  // Counted before (this session): show them without asking again.
  const shown = counts.data
  if (olderVersion !== null) {
    return (
      <section aria-labelledby="null-counts-title" className={styles.block}>
        <h3 id="null-counts-title">Null counts</h3>
        <p className="muted">{`Null counts are counted on the latest version only; go back to it to count them (version ${olderVersion} is open).`}</p>
      </section>
    )
  }
  return (
    <section aria-labelledby="null-counts-title" className={styles.block}>
      <h3 id="null-counts-title">Null counts</h3>
      {!shown && (
        <p className="muted">
          {`Counting reads every row${rows !== null ? ` (${rows.toLocaleString('en-US')})` : ''} once per column. `}
          <Button size="sm" onClick={() => setAsked(true)} busy={counts.isFetching} disabled={columns.length === 0} disabledReason="This table has no columns">
            Count nulls
          </Button>
        </p>
      )}
      {counts.isError && <ErrorAlert error={counts.error} onRetry={() => void counts.refetch()} />}
      {shown && (
        <table className={cx('record-table', styles.table)} aria-label="Null counts">
          <ColumnHeads columns={['Column', { label: 'Nulls', className: 'record-number' }]} />
          <tbody>
            {shown.map((entry) => (
              <tr key={entry.column}>
                <th scope="row" className="record-name">
                  {entry.column}
                </th>
                <td className="record-number" title={entry.problem}>
                  {entry.nulls === null ? 'not available' : formatExactInt(entry.nulls)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}
