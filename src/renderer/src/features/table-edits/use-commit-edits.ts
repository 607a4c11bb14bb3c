/**
 * Committing staged edits (`tables:commitEdits`): the request built from the staged edits,
 * and what follows each answer. A commit clears the edits, refreshes the table's rows,
 * description and versions, and raises a toast whose Undo restores the version before it.
 * A conflict keeps every edit and hands the conflicting rows to the caller; a failure keeps
 * every edit too, so nothing typed is lost.
 */
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { TableRef } from '@shared/catalog-types'
import type { CommitEditsRequest, CommitEditsResult, Editability } from '@shared/contract/edits'
import type { ExactInt } from '@shared/exact-int'
import { api, unwrap } from '../../lib/api'
import { queryKeys } from '../../lib/query-keys'
import { showToast } from '../../ui/toast-store'
import { NO_EDITS, type StagedEdits } from './staged-edits'
import { editabilityKey } from './use-editability'

/** The request that commits `edits` on `key`, overwriting the rows `overwrite` despite conflicts. */
export function commitRequest(connectionId: string, table: TableRef, key: string, edits: StagedEdits, overwrite: readonly string[]): CommitEditsRequest {
  if (edits.base === null) throw new Error('The edits do not say which version they were made on.')
  return {
    connectionId,
    table,
    baseVersion: edits.base,
    key,
    updates: [...edits.updates.values()].map((row) => ({ key: row.key, values: { ...row.changed } })),
    inserts: edits.inserts.map((row) => ({ ...row.values })),
    deletes: [...edits.deletes],
    overwrite: [...overwrite]
  }
}

/** Sets the table's latest version in the kept editability answer, ahead of asking again. */
function knownVersion(client: QueryClient, connectionId: string, table: TableRef, version: ExactInt): void {
  client.setQueryData<Editability>(editabilityKey(connectionId, table, null), (answer) => (answer ? { ...answer, version } : answer))
}

/** After a write: the table's description, versions, editability and rows load again. */
async function refresh(client: QueryClient, connectionId: string, table: TableRef): Promise<void> {
  await Promise.all([
    client.invalidateQueries({ queryKey: queryKeys.table(connectionId, table) }),
    client.invalidateQueries({ queryKey: queryKeys.rowsOf(connectionId, table) })
  ])
}

/** A commit of the staged edits of one table. */
export function useCommitEdits(connectionId: string, table: TableRef, change: (update: (edits: StagedEdits) => StagedEdits) => void) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (request: CommitEditsRequest) => unwrap(api.tables.commitEdits(request)),
    onSuccess: async (result: CommitEditsResult) => {
      if (result.kind !== 'committed') return
      change(() => NO_EDITS)
      // Edits made before the answer below arrives are made on the version this commit made.
      knownVersion(client, connectionId, table, result.version)
      await refresh(client, connectionId, table)
      committedToast(client, connectionId, table, result)
    }
  })
}

/** Says what the commit wrote, with Undo: a restore of the version before it. */
function committedToast(client: QueryClient, connectionId: string, table: TableRef, result: Extract<CommitEditsResult, { kind: 'committed' }>): void {
  const parts = [
    result.updated > 0 ? `${result.updated} updated` : null,
    result.inserted > 0 ? `${result.inserted} added` : null,
    result.deleted > 0 ? `${result.deleted} deleted` : null
  ].filter((part) => part !== null)
  let restored = ''
  showToast(`Committed ${parts.join(', ')} to ${table.name} as version ${result.version}`, {
    label: 'Undo',
    get done() {
      return `Restored ${table.name} to version ${result.previousVersion} as version ${restored}; indexes built after version ${result.previousVersion} are not part of it`
    },
    run: async () => {
      restored = await unwrap(api.versions.restore({ connectionId, table, version: result.previousVersion }))
      knownVersion(client, connectionId, table, restored)
      await refresh(client, connectionId, table)
    }
  })
}
