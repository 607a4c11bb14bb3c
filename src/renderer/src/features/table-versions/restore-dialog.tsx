/**
 * The confirmation before a restore, naming the table and both versions: "Restore
 * articles to version 2? This makes version 5 with the rows of version 2." It names the
 * current indexes the restored version does not have (they are not restored with it).
 * Cancel or Escape leaves everything as it was.
 */
import type { ReactNode } from 'react'
import type { TableRef } from '@shared/catalog-types'
import { ConfirmDialog } from '../../ui/confirm-dialog'
import { showToast } from '../../ui/toast-store'
import { useRestoreIndexes, useRestoreVersion, type RestoreIndexes } from './use-versions'
import type { ExactInt } from '@shared/exact-int'

interface Props {
  readonly connectionId: string
  readonly table: TableRef
  readonly version: ExactInt
  /** The latest version's number; the restore writes the one after it. */
  readonly latest: ExactInt
  readonly onClose: () => void
  /** Called once the restore is made, before the dialog closes. */
  readonly onRestored?: () => void
}

/** Asks, then restores `version` as the new latest. */
export function RestoreDialog({ connectionId, table, version, latest, onClose, onRestored }: Props): ReactNode {
  const restore = useRestoreVersion(connectionId, table)
  const confirm = (): void => {
    restore.mutate(version, {
      onSuccess: (made) => {
        showToast(`Restored ${table.name} to version ${version} as version ${made}`)
        onRestored?.()
        onClose()
      }
    })
  }
  const indexes = useRestoreIndexes(connectionId, table, version)
  const lost = indexes.lost ?? []
  return (
    <ConfirmDialog title="Restore version" confirmLabel="Restore" pending={restore.isPending} error={restore.error} onConfirm={confirm} onClose={onClose}>
      <p>
        Restore {table.name} to version {version}? This makes version {(BigInt(latest) + 1n).toString()} with the rows of version {version}.
      </p>
      <IndexNote version={version} indexes={indexes} />
      <p>
        {lost.length > 0 ? 'No rows are lost' : 'Nothing is lost'}: version {latest} and every other version stay in the history.
      </p>
    </ConfirmDialog>
  )
}

/** What the restore does to the indexes: those built after `version` are not in it. */
function IndexNote({ version, indexes }: { readonly version: ExactInt; readonly indexes: RestoreIndexes }): ReactNode {
  if (indexes.checking) return <p role="status">Checking which indexes version {version} has…</p>
  if (indexes.lost === null) return <p>Indexes built after version {version} are not part of it: the restored table may need them built again.</p>
  const lost = indexes.lost
  if (lost.length === 0) return null
  const one = lost.length === 1
  return (
    <p>
      Version {version} does not have the {one ? 'index' : 'indexes'} {namesText(lost)}: the restored table will not have {one ? 'it' : 'them'} until{' '}
      {one ? 'it is' : 'they are'} built again.
    </p>
  )
}

/** `a`, `a and b`, `a, b and c`. */
function namesText(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1] ?? ''}`
}
