/**
 * The Versions view of the details pane: one row per version (number, when, operation
 * where known, rows, tags), each openable read-only in the details and grid, and
 * restorable as the new latest after a confirmation. Above, Compare versions, and the
 * changes since the version the table had when it was last opened before. Below, the table's tags.
 */
import { useState, type ReactNode } from 'react'
import { Eye, GitCompare, RotateCcw } from 'lucide-react'
import type { TableVersionInfo } from '@shared/contract/versions'
import { compareExact, formatExactInt, type ExactInt } from '@shared/exact-int'
import { versionChanges, type VersionChange } from '@shared/version-operations'
import { formatBytes } from '../../lib/format-bytes'
import { Button } from '../../ui/button'
import { ColumnHeads } from '../../ui/column-heads'
import { ErrorAlert } from '../../ui/error-alert'
import { Skeleton } from '../../ui/skeleton'
import type { DetailViewProps } from '../../lib/detail-view-props'
import { readOnlyReason, setOpenVersion, useOpenVersion } from '../../state/open-version-store'
import { useVersionBefore } from '../../state/last-opened-version'
import { RestoreDialog } from './restore-dialog'
import { CompareDialog } from './compare-dialog'
import { TagsPanel } from './tags-panel'
import { useTableHistory } from './use-versions'
import styles from './versions.module.css'

/** The Versions tab's content. */
export function VersionsView({ connectionId, table, description }: DetailViewProps): ReactNode {
  const history = useTableHistory(connectionId, table)
  const open = useOpenVersion(connectionId, table)
  const [restoring, setRestoring] = useState<ExactInt | null>(null)
  // Which two versions Compare starts with: the latest two, or since the last opening (counted at once).
  const [comparing, setComparing] = useState<{ readonly from?: ExactInt; readonly count: boolean } | null>(null)
  const before = useVersionBefore(connectionId, table)
  if (history.isPending) return <Skeleton label="Loading versions…" lines={['50%', '60%', '45%']} />
  if (history.isError) return <ErrorAlert error={history.error} onRetry={() => void history.refetch()} />
  const { versions, tags } = history.data
  const latest = versions.reduce((most, v) => (compareExact(v.version, most) > 0 ? v.version : most), '0')
  const changes = versionChanges(versions)
  const tagsOf = (version: ExactInt): string[] => (tags ?? []).filter((tag) => tag.version === version).map((tag) => tag.name)
  const sinceBefore = before !== null && compareExact(before, latest) < 0 ? before : null
  const beforeKept = sinceBefore !== null && versions.some((v) => v.version === sinceBefore)
  return (
    <>
      <div className={styles.compareBar}>
        <Button
          icon={GitCompare}
          onClick={() => setComparing({ count: false })}
          disabled={versions.length < 2}
          disabledReason={versions.length < 2 ? 'The table has one version: there is nothing to compare it with' : undefined}
        >
          Compare versions…
        </Button>
        {sinceBefore !== null && (
          <Button
            icon={GitCompare}
            onClick={() => setComparing({ from: sinceBefore, count: true })}
            disabled={!beforeKept}
            disabledReason={beforeKept ? undefined : `Version ${sinceBefore} is no longer kept: it was cleaned up`}
          >
            {`Changes since you last opened it (version ${sinceBefore})…`}
          </Button>
        )}
      </div>
      <table className={styles.table} aria-label="Versions">
        <ColumnHeads
          columns={[
            'Version',
            'Created',
            'Operation',
            { label: 'Rows', className: styles.numeric },
            'Change',
            'Tags',
            { label: <span className={styles.quiet}>Actions</span> }
          ]}
        />
        <tbody>
          {[...versions].reverse().map((v) => (
            <VersionRow
              key={v.version}
              info={v}
              change={changes.get(v.version) ?? null}
              latest={latest}
              open={open}
              tags={tagsOf(v.version)}
              onOpen={() => setOpenVersion(connectionId, table, v.version === latest ? null : v.version)}
              onRestore={() => setRestoring(v.version)}
            />
          ))}
        </tbody>
      </table>
      {[...changes.values()].some((change) => change.inferred) && (
        <p className={styles.quiet}>
          Operations are read off the counts Lance keeps with each version (rows, deleted rows, data files, fragments, bytes); where two operations leave the
          same counts, both are named.
        </p>
      )}
      <TagsPanel connectionId={connectionId} table={table} tags={tags} versions={versions.map((v) => v.version)} readOnly={open} />
      {comparing && (
        <CompareDialog
          connectionId={connectionId}
          table={table}
          versions={versions.map((v) => v.version)}
          fields={description.fields}
          initialFrom={comparing.from}
          countAtOnce={comparing.count}
          onClose={() => setComparing(null)}
        />
      )}
      {restoring !== null && <RestoreDialog connectionId={connectionId} table={table} version={restoring} latest={latest} onClose={() => setRestoring(null)} />}
    </>
  )
}

interface RowProps {
  readonly info: TableVersionInfo
  /** What the version did, as the catalog or Lance's summary tells; null when neither does. */
  readonly change: VersionChange | null
  readonly latest: ExactInt
  /** The version open read-only, or null. */
  readonly open: ExactInt | null
  readonly tags: readonly string[]
  readonly onOpen: () => void
  readonly onRestore: () => void
}

function VersionRow({ info, change, latest, open, tags, onOpen, onRestore }: RowProps): ReactNode {
  const shown = (open ?? latest) === info.version
  const isLatest = info.version === latest
  const restoreReason = open !== null ? readOnlyReason(open) : isLatest ? 'This is already the latest version' : undefined
  return (
    <tr className={shown ? styles.current : undefined} aria-current={shown ? 'true' : undefined}>
      <td>
        {info.version}
        {isLatest && <span className={styles.quiet}> (latest)</span>}
      </td>
      <td>{info.timestamp ? <time dateTime={info.timestamp}>{formatTime(info.timestamp)}</time> : <span className={styles.quiet}>unknown</span>}</td>
      <td>{change?.operation ?? <span className={styles.quiet}>not recorded</span>}</td>
      <td className={styles.numeric}>{info.rows === null ? <span className={styles.quiet}>unknown</span> : formatExactInt(info.rows)}</td>
      <td>{change ? changeText(change) : null}</td>
      <td>
        {tags.map((tag) => (
          <span key={tag} className={styles.tag}>
            {tag}
          </span>
        ))}
      </td>
      <td>
        <span className={styles.actions}>
          <Button
            size="sm"
            icon={Eye}
            disabled={shown}
            disabledReason={shown ? 'This version is the one shown' : undefined}
            onClick={onOpen}
            aria-label={isLatest ? 'Open the latest version' : `Open version ${info.version} read-only`}
          >
            {isLatest ? 'Open latest' : 'Open'}
          </Button>
          <Button
            size="sm"
            icon={RotateCcw}
            disabled={restoreReason !== undefined}
            disabledReason={restoreReason}
            onClick={onRestore}
            aria-label={`Restore version ${info.version}…`}
          >
            Restore…
          </Button>
        </span>
      </td>
    </tr>
  )
}

/** `2026-11-22 18:13:13` in the user's time zone. */
/** "+5 rows, +631 bytes": the row and data-byte deltas from the version before, where known. */
function changeText({ rowDelta, byteDelta }: VersionChange): string {
  const parts: string[] = []
  if (rowDelta !== null) parts.push(`${signed(rowDelta)} ${rowDelta === 1n || rowDelta === -1n ? 'row' : 'rows'}`)
  if (byteDelta !== null && byteDelta !== 0n) parts.push(`${byteDelta < 0n ? '−' : '+'}${formatBytes(Number(byteDelta < 0n ? -byteDelta : byteDelta))}`)
  return parts.join(', ')
}

function signed(value: bigint): string {
  return value > 0n ? `+${value.toLocaleString('en-US')}` : value < 0n ? `−${(-value).toLocaleString('en-US')}` : '±0'
}

function formatTime(iso: string): string {
  const date = new Date(iso)
  const pad = (n: number): string => String(n).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
}
