/**
 * The Profile view of a table's details: each column's shape (nulls, distinct values,
 * range, quantiles, histogram or top values) before its rows are paged. The profile runs
 * in main when the view opens: every row up to a million, else a random sample, which the
 * status line names, with "Compute exactly" to read every row. While it runs the line
 * shows the rows read and a Cancel button. A histogram bar or a top value filters the
 * grid below to its rows; "Profile these rows" profiles the rows the grid's filter shows.
 */
import { useState, type ReactNode } from 'react'
import type { TableProfile } from '@shared/contract/column-profile'
import type { DetailViewProps } from '../../lib/detail-view-props'
import { ApiError } from '../../lib/api'
import { Button } from '../../ui/button'
import { ErrorAlert } from '../../ui/error-alert'
import { useOpenVersion } from '../../state/open-version-store'
import { requestGridFilter, useShownGridFilter } from '../../state/grid-filter-requests'
import { ColumnCard } from './column-card'
import { countText } from './profile-format'
import { useColumnProfile } from './use-column-profile'
import styles from './column-profile.module.css'

/** What the profile covers: "All 1,000 rows (exact)" or "Sample of 100,000 of 48,210,334 rows". */
function coverage(profile: TableProfile): string {
  const total = BigInt(profile.totalRows).toLocaleString('en-US')
  const rows = profile.filter === null ? 'rows' : 'matching rows'
  return profile.mode === 'exact' ? `All ${total} ${rows} (exact)` : `Sample of ${countText(profile.rowsRead)} of ${total} ${rows}`
}

function seconds(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`
}

/** The view. */
export function ColumnProfileView({ connectionId, table }: DetailViewProps): ReactNode {
  const version = useOpenVersion(connectionId, table)
  const gridFilter = useShownGridFilter(connectionId, table)
  const [followGrid, setFollowGrid] = useState(false)
  const [exact, setExact] = useState(false)
  const [picked, setPicked] = useState<string | null>(null)
  const filter = followGrid ? gridFilter : ''
  const { profile, progress, cancel } = useColumnProfile(connectionId, table, { ...(version !== null ? { version } : {}), filter, exact })
  const pick = (chosen: string): void => {
    requestGridFilter(connectionId, table, chosen)
    setPicked(chosen)
  }
  const cancelled = profile.error instanceof ApiError && profile.error.code === 'cancelled'
  const data = profile.isFetching ? undefined : profile.data

  return (
    <section className={styles.view} aria-label="Column profile">
      <div className={styles.status} role="status" aria-live="polite">
        {profile.isFetching && (
          <>
            <span>
              {progress?.rowsTotal != null
                ? `Profiling… ${countText(progress.rowsRead)} of ${countText(progress.rowsTotal)} rows read`
                : 'Profiling… counting rows'}
            </span>
            <progress className={styles.progress} max={progress?.rowsTotal ?? 1} value={progress?.rowsRead ?? 0} aria-label="Rows read" />
            <Button size="sm" variant="secondary" onClick={cancel} disabled={progress === null} disabledReason="Starting">
              Cancel
            </Button>
          </>
        )}
        {!profile.isFetching && cancelled && (
          <>
            <span>Profile cancelled.</span>
            <Button size="sm" onClick={() => void profile.refetch()}>
              Profile again
            </Button>
          </>
        )}
        {data && (
          <>
            <span title={data.samplingMethod ?? 'Every row was read'}>{coverage(data)}</span>
            <span className="muted">
              {`version ${data.version ?? 'unknown'}`}
              {data.filter !== null ? ` · filter ${data.filter}` : ''}
              {data.cached ? ` · from cache (computed ${new Date(data.computedAt).toLocaleTimeString('en-GB')})` : ` · computed in ${seconds(data.elapsedMs)}`}
            </span>
            {data.mode === 'sample' && (
              <Button size="sm" variant="secondary" onClick={() => setExact(true)}>
                Compute exactly
              </Button>
            )}
          </>
        )}
        {/* At the line's end, so the button stays put while the text before it changes (a profile finishing). */}
        {(followGrid || gridFilter !== '') && (
          <span className={styles.rowsChoice}>
            {followGrid ? (
              <Button size="sm" variant="ghost" onClick={() => setFollowGrid(false)}>
                Profile all rows
              </Button>
            ) : (
              <Button size="sm" variant="secondary" onClick={() => setFollowGrid(true)} title={`Profile the rows matching ${gridFilter}`}>
                Profile these rows
              </Button>
            )}
          </span>
        )}
      </div>
      {profile.isError && !cancelled && <ErrorAlert error={profile.error} onRetry={() => void profile.refetch()} />}
      {picked !== null && (
        <p className="muted" role="status">
          {`Grid filtered to ${picked}`}
        </p>
      )}
      {data && (
        <div className={styles.cards}>
          {data.columns.map((column) => (
            <ColumnCard key={column.name} column={column} onPick={pick} />
          ))}
        </div>
      )}
    </section>
  )
}
