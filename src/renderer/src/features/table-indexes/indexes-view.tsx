/**
 * The Indexes view of a table: one row per index (name, type, columns, indexed and
 * unindexed rows) with its Drop action, and a toolbar to create an index or optimize the
 * table (which brings every index up to date).
 */
import { useState, type ReactNode } from 'react'
import { ListTree, Plus, Wrench } from 'lucide-react'
import type { IndexInfo } from '@shared/contract/indexes'
import { displayIdentifier } from '../../lib/node-key'
import { Button } from '../../ui/button'
import { ColumnHeads } from '../../ui/column-heads'
import { EmptyState } from '../../ui/empty-state'
import { ErrorAlert } from '../../ui/error-alert'
import { Skeleton } from '../../ui/skeleton'
import { Toolbar } from '../../ui/toolbar'
import type { DetailViewProps } from '../../lib/detail-view-props'
import { readOnlyReason, useOpenVersion } from '../../state/open-version-store'
import { CreateIndexDialog } from './create-index-dialog'
import { DropIndexDialog, OptimizeDialog } from './index-confirmations'
import { useIndexes } from './use-indexes'
import { cx } from '../../ui/class-names'
import styles from './indexes.module.css'
import { approximate } from '@shared/exact-int'

type Open = { readonly kind: 'create' } | { readonly kind: 'drop'; readonly name: string } | { readonly kind: 'optimize' } | null

/** The Indexes view. */
export function IndexesView({ connectionId, table, description, delimiter }: DetailViewProps): ReactNode {
  const indexes = useIndexes(connectionId, table)
  const [open, setOpen] = useState<Open>(null)
  // Indexes are listed and changed at the latest version; an older one open read-only blocks changes.
  const olderVersion = useOpenVersion(connectionId, table)
  const readOnly = olderVersion === null ? undefined : readOnlyReason(olderVersion)
  const tableName = displayIdentifier([...table.namespace, table.name], delimiter)
  const close = (): void => setOpen(null)
  const list = indexes.data ?? []
  const unindexed = list.length > 0 ? Math.max(...list.map((index) => index.unindexedRows ?? 0)) : 0
  const common = { connectionId, table, tableName, onClose: close }
  return (
    <div className="tab-view">
      <Toolbar label="Index actions">
        <Button icon={Plus} onClick={() => setOpen({ kind: 'create' })} disabled={readOnly !== undefined} disabledReason={readOnly}>
          Create index…
        </Button>
        <Button
          icon={Wrench}
          onClick={() => setOpen({ kind: 'optimize' })}
          disabled={readOnly !== undefined || list.length === 0}
          disabledReason={readOnly ?? 'This table has no index to bring up to date'}
        >
          Optimize
        </Button>
      </Toolbar>
      {olderVersion !== null && <p className="muted">{`These are the indexes of the latest version (version ${olderVersion} is open read-only).`}</p>}
      {indexes.isPending && <Skeleton label="Loading indexes…" lines={['50%', '65%']} />}
      {indexes.isError && <ErrorAlert error={indexes.error} onRetry={() => void indexes.refetch()} />}
      {indexes.isSuccess && list.length === 0 && (
        <EmptyState icon={ListTree} compact title="No indexes">
          Searches and filters scan every row. Create an index on a vector, text or filter column to speed them up.
        </EmptyState>
      )}
      {list.length > 0 && <IndexTable indexes={list} readOnly={readOnly} onDrop={(name) => setOpen({ kind: 'drop', name })} />}
      {unindexed > 0 && (
        <p className="muted">{`${unindexed.toLocaleString('en-US')} ${unindexed === 1 ? 'row is' : 'rows are'} not in every index yet: Optimize adds them (searches still find them, more slowly).`}</p>
      )}
      {open?.kind === 'create' && (
        <CreateIndexDialog {...common} fields={description.fields} rows={description.rowCount === null ? null : approximate(description.rowCount)} />
      )}
      {open?.kind === 'drop' && <DropIndexDialog {...common} name={open.name} />}
      {open?.kind === 'optimize' && <OptimizeDialog {...common} unindexed={unindexed} />}
    </div>
  )
}

interface TableProps {
  readonly indexes: readonly IndexInfo[]
  /** Why Drop is off (an older version is open), if it is. */
  readonly readOnly: string | undefined
  readonly onDrop: (name: string) => void
}

function IndexTable({ indexes, readOnly, onDrop }: TableProps): ReactNode {
  return (
    <table className={cx('record-table', styles.table)} aria-label="Indexes">
      <ColumnHeads
        columns={[
          'Name',
          'Type',
          'Columns',
          { label: 'Indexed rows', className: 'record-number' },
          { label: 'Unindexed rows', className: 'record-number' },
          { label: <span className="visually-hidden">Actions</span> }
        ]}
      />
      <tbody>
        {indexes.map((index) => (
          <tr key={index.name}>
            <th scope="row" className="record-name">
              {index.name}
            </th>
            <td>{index.distanceType ? `${index.indexType} (${index.distanceType})` : index.indexType}</td>
            <td>{index.columns.join(', ')}</td>
            <td className="record-number">{count(index.indexedRows)}</td>
            <td className="record-number">{count(index.unindexedRows)}</td>
            <td>
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Drop index ${index.name}`}
                onClick={() => onDrop(index.name)}
                disabled={readOnly !== undefined}
                disabledReason={readOnly}
              >
                Drop
              </Button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function count(value: number | null): string {
  return value === null ? 'unknown' : value.toLocaleString('en-US')
}
