/**
 * A schema change as a mutation: runs it, then refreshes the table's description (the
 * facts show the new version and the schema its new columns) and its rows, and says in a
 * toast what changed and which version it made.
 */
import { useMutation, useQueryClient, type UseMutationResult } from '@tanstack/react-query'
import type { TableRef } from '@shared/catalog-types'
import type { SchemaChangeResult } from '@shared/contract/schema'
import { queryKeys } from '../../lib/query-keys'
import { showToast } from '../../ui/toast-store'

/** `change` runs the change; `describe` names it for the toast ("Added column twice"). */
export function useSchemaChange<V>(
  connectionId: string,
  table: TableRef,
  change: (vars: V) => Promise<SchemaChangeResult>,
  describe: (vars: V) => string
): UseMutationResult<SchemaChangeResult, Error, V> {
  const client = useQueryClient()
  return useMutation({
    mutationFn: change,
    onSuccess: async ({ version }, vars) => {
      showToast(`${describe(vars)} in table ${table.name}: now version ${version}`)
      await Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.table(connectionId, table) }),
        client.invalidateQueries({ queryKey: queryKeys.rowsOf(connectionId, table) })
      ])
    }
  })
}
