/**
 * The confirmation before a restore, naming the table and both versions: "Restore
 * articles to version 2? This makes version 5 with the rows of version 2." Cancel or
 * Escape leaves everything as it was.
 */
import type { ReactNode } from 'react'
import type { TableRef } from '@shared/catalog-types'
import { ConfirmDialog } from '../../ui/confirm-dialog'
import { showToast } from '../../ui/toast-store'
import { useRestoreVersion } from './use-versions'
import type { ExactInt } from '@shared/exact-int'

interface Props {
  readonly connectionId: string
  readonly table: TableRef
  readonly version: ExactInt
  /** The latest version's number; the restore writes the one after it. */
  readonly latest: ExactInt
  readonly onClose: () => void
}

/** Asks, then restores `version` as the new latest. */
export function RestoreDialog({ connectionId, table, version, latest, onClose }: Props): ReactNode {
  const restore = useRestoreVersion(connectionId, table)
  const confirm = (): void => {
    restore.mutate(version, {
      onSuccess: (made) => {
        showToast(`Restored ${table.name} to version ${version} as version ${made}`)
        onClose()
      }
    })
  }
  return (
    <ConfirmDialog title="Restore version" confirmLabel="Restore" pending={restore.isPending} error={restore.error} onConfirm={confirm} onClose={onClose}>
      <p>
        Restore {table.name} to version {version}? This makes version {(BigInt(latest) + 1n).toString()} with the rows of version {version}.
      </p>
      <p>Nothing is lost: version {latest} and every other version stay in the history.</p>
    </ConfirmDialog>
  )
}
