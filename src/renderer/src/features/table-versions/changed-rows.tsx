/**
 * The rows behind a comparison's counts: added, deleted or updated, one kind at a time,
 * in a scrollable table a page at a time with Load more. An updated cell whose value
 * differs shows old → new; deleted rows show their values at the earlier version.
 */
import { useState, type ReactNode } from 'react'
import type { TableRef } from '@shared/catalog-types'
import type { ChangeKind, VersionDiff } from '@shared/contract/changes'
import { formatExactInt } from '@shared/exact-int'
import { Button } from '../../ui/button'
import { cx } from '../../ui/class-names'
import { ErrorAlert } from '../../ui/error-alert'
import { useChangedRows, type ChangedCell } from './use-changed-rows'
import styles from './versions.module.css'

const KINDS: readonly { readonly kind: ChangeKind; readonly label: string }[] = [
  { kind: 'added', label: 'Added' },
  { kind: 'deleted', label: 'Deleted' },
  { kind: 'updated', label: 'Updated' }
]

/** The changed rows of the comparison `diff`. */
export function ChangedRows({ connectionId, table, diff }: { connectionId: string; table: TableRef; diff: VersionDiff }): ReactNode {
  const [kind, setKind] = useState<ChangeKind>(diff.updated !== null && diff.updated !== '0' ? 'updated' : diff.added !== '0' ? 'added' : 'deleted')
  const counts: Record<ChangeKind, string> = {
    added: formatExactInt(diff.added),
    deleted: formatExactInt(diff.deleted),
    updated: diff.updated === null ? 'not counted' : formatExactInt(diff.updated)
  }
  return (
    <section aria-label="Changed rows" className={styles.changedRows}>
      <div role="group" aria-label="Show rows" className={styles.kindChoice}>
        {KINDS.map(({ kind: k, label }) => (
          <Button key={k} size="sm" variant={k === kind ? 'primary' : 'secondary'} aria-pressed={k === kind} onClick={() => setKind(k)}>
            {`${label} (${counts[k]})`}
          </Button>
        ))}
      </div>
      <RowsOfKind key={kind} connectionId={connectionId} table={table} diff={diff} kind={kind} />
    </section>
  )
}

function RowsOfKind({ connectionId, table, diff, kind }: { connectionId: string; table: TableRef; diff: VersionDiff; kind: ChangeKind }): ReactNode {
  const rows = useChangedRows(connectionId, table, diff, kind)
  const label = `${KINDS.find((k) => k.kind === kind)?.label ?? ''} rows`
  if (rows.isPending) return <p className={styles.quiet}>Reading the changed rows…</p>
  if (rows.isError) return <ErrorAlert error={rows.error} />
  const pages = rows.data.pages
  const first = pages[0]
  const columns = first?.columns ?? []
  const shown = pages.flatMap((p) => p.rows)
  const total = first?.total ?? null
  if (total === null) return <p className={styles.quiet}>{`These rows are not listed. ${first?.limits ?? ''}`}</p>
  if (total === 0) return <p className={styles.quiet}>No rows of this kind changed.</p>
  return (
    <>
      {/* Focusable so the keyboard can scroll it; its name says which rows it holds. */}
      <div className={styles.changedScroll} role="region" aria-label={label} tabIndex={0}>
        <table className={styles.changedTable}>
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c} scope="col">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map((cells, i) => (
              <tr key={i}>
                {cells.map((cell, j) => (
                  <Cell key={columns[j] ?? j} cell={cell} />
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className={styles.changedFooter}>
        <span
          className={styles.quiet}
          role="status"
        >{`${shown.length.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} ${label.toLowerCase()} shown`}</span>
        {rows.hasNextPage && (
          <Button size="sm" busy={rows.isFetchingNextPage} onClick={() => void rows.fetchNextPage()}>
            Load more
          </Button>
        )}
      </div>
    </>
  )
}

function Cell({ cell }: { cell: ChangedCell }): ReactNode {
  if (cell.old === undefined) {
    return (
      <td className={styles.changedCell} title={cell.text}>
        {cell.text}
      </td>
    )
  }
  return (
    <td className={cx(styles.changedCell, styles.updatedCell)} title={`${cell.old} → ${cell.text}`}>
      <del className={styles.oldValue}>{cell.old}</del>
      <span aria-hidden="true"> → </span>
      <ins className={styles.newValue}>{cell.text}</ins>
    </td>
  )
}
