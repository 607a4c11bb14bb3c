/**
 * What a maintenance run did: LanceDB's own report (fragments and files merged, versions
 * and bytes removed) and the table's numbers before and after, side by side.
 */
import type { ReactNode } from 'react'
import type { MaintenanceReport, TableHealth } from '@shared/contract/health'
import { approximate, formatExactInt, type ExactInt } from '@shared/exact-int'
import { ColumnHeads } from '../../ui/column-heads'
import { formatBytes } from '../../lib/format-bytes'
import { cx } from '../../ui/class-names'
import styles from './health.module.css'

interface Line {
  readonly label: string
  readonly pick: (health: TableHealth) => string | null
}

const LINES: readonly Line[] = [
  { label: 'Rows', pick: (h) => exact(h.rows) },
  { label: 'Fragments', pick: (h) => num(h.fragments) },
  { label: 'Small fragments', pick: (h) => num(h.smallFragments) },
  { label: 'Deleted rows still stored', pick: (h) => exact(h.deletedRows) },
  {
    label: 'Unindexed rows',
    pick: (h) => (h.indexes === null || h.indexes.length === 0 ? null : num(h.indexes.reduce((sum, i) => sum + (i.unindexedRows ?? 0), 0)))
  },
  { label: 'Versions kept', pick: (h) => num(h.versions) },
  { label: 'Data and index bytes', pick: (h) => bytes(h.liveBytes) },
  { label: 'Bytes on storage', pick: (h) => bytes(h.storedBytes) }
]

/** The report of one run. */
export function MaintenanceReportView({ report }: { readonly report: MaintenanceReport }): ReactNode {
  return (
    <div className={styles.report}>
      <p role="status">{outcomeText(report)}</p>
      <table className={cx('record-table', styles.reportTable)} aria-label="Before and after">
        <ColumnHeads columns={['', { label: 'Before', className: 'record-number' }, { label: 'After', className: 'record-number' }]} />
        <tbody>
          {LINES.map((line) => (
            <tr key={line.label}>
              <th scope="row" className="record-name">
                {line.label}
              </th>
              <td className="record-number">{line.pick(report.before) ?? 'not available'}</td>
              <td className="record-number">{line.pick(report.after) ?? 'not available'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** One sentence of what LanceDB reported. */
export function outcomeText({ outcome }: MaintenanceReport): string {
  const parts = [
    outcome.fragmentsRemoved === 0 && outcome.fragmentsAdded === 0
      ? 'No fragments needed merging'
      : `Merged ${num(outcome.fragmentsRemoved)} fragments into ${num(outcome.fragmentsAdded)}`
  ]
  if (outcome.removedVersions.length > 0 || outcome.versionsRemoved > 0) {
    parts.push(
      `removed ${num(outcome.versionsRemoved)} old ${outcome.versionsRemoved === 1 ? 'version' : 'versions'} (${formatBytes(outcome.bytesRemoved)} freed)`
    )
  }
  if (outcome.deletedTags.length > 0) parts.push(`deleted ${outcome.deletedTags.length === 1 ? 'tag' : 'tags'} ${outcome.deletedTags.join(', ')}`)
  return `${parts.join('; ')}.`
}

function exact(value: ExactInt | null): string | null {
  return value === null ? null : formatExactInt(value)
}

function num(value: number | null): string | null {
  return value === null ? null : value.toLocaleString('en-US')
}

function bytes(value: ExactInt | null): string | null {
  return value === null ? null : formatBytes(approximate(value))
}
