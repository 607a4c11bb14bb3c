/**
 * The confirmations before an index is dropped or the table optimized. Each names the
 * index and table it acts on; Cancel and Escape leave everything as it was.
 */
import type { ReactNode } from 'react'
import type { TableRef } from '@shared/catalog-types'
import { ConfirmDialog } from '../../ui/confirm-dialog'
import { useDropIndex, useOptimize } from './use-indexes'

interface Props {
  readonly connectionId: string
  readonly table: TableRef
  readonly tableName: string
  readonly onClose: () => void
}

/** Asks before dropping the index `name`. */
export function DropIndexDialog({ connectionId, table, tableName, name, onClose }: Props & { readonly name: string }): ReactNode {
  const drop = useDropIndex(connectionId, table, tableName)
  return (
    <ConfirmDialog
      title="Drop index"
      confirmLabel={drop.isPending ? 'Dropping…' : 'Drop index'}
      danger
      pending={drop.isPending}
      error={drop.error}
      onConfirm={() => !drop.isPending && drop.mutate(name, { onSuccess: onClose })}
      onClose={onClose}
    >
      <p>
        Drop the index <code>{name}</code> of table <code>{tableName}</code>? Queries that used it scan the table instead until it is built again. The
        table&apos;s earlier versions keep it.
      </p>
    </ConfirmDialog>
  )
}

/** Asks before optimizing: `unindexed` rows are added to the indexes. */
export function OptimizeDialog({ connectionId, table, tableName, unindexed, onClose }: Props & { readonly unindexed: number | null }): ReactNode {
  const optimize = useOptimize(connectionId, table, tableName)
  return (
    <ConfirmDialog
      title="Optimize table"
      confirmLabel={optimize.isPending ? 'Optimizing…' : 'Optimize'}
      pending={optimize.isPending}
      error={optimize.error}
      onConfirm={() => !optimize.isPending && optimize.mutate(undefined, { onSuccess: onClose })}
      onClose={onClose}
    >
      <p>
        Optimize <code>{tableName}</code>?{' '}
        {unindexed
          ? `The ${unindexed.toLocaleString('en-US')} rows not yet indexed are added to the indexes, and small data files are merged.`
          : 'Small data files are merged and the indexes brought up to date.'}{' '}
        This writes a new version; earlier versions are kept.
      </p>
    </ConfirmDialog>
  )
}
