/**
 * The table's indexes (react-query) and what changes them: create (cancellable by its
 * operation id), drop and optimize. Each change refetches the table's description (a new
 * version, new sizes) and, being under the table's key, the indexes with it.
 */
import { useMutation, useQuery, useQueryClient, type UseMutationResult, type UseQueryResult } from '@tanstack/react-query'
import type { TableRef } from '@shared/catalog-types'
import type { IndexInfo, IndexSpec, OptimizeResult } from '@shared/contract/indexes'
import { api, ApiError, unwrap } from '../../lib/api'
import { showErrorToast, showToast } from '../../ui/toast-store'
import { queryKeys } from '../../lib/query-keys'

/** The indexes of one table. */
export function useIndexes(connectionId: string, table: TableRef): UseQueryResult<readonly IndexInfo[]> {
  return useQuery({
    queryKey: queryKeys.indexes(connectionId, table),
    queryFn: () => unwrap(api.indexes.list({ connectionId, table }))
  })
}

/** Refetches what a change to the table's indexes or files alters. */
function useRefresh(connectionId: string, table: TableRef): () => Promise<void> {
  const client = useQueryClient()
  return () => client.invalidateQueries({ queryKey: queryKeys.table(connectionId, table) })
}

/** A build to run: the spec, the id Cancel uses, and how to announce the outcome. */
export interface IndexBuild {
  readonly spec: IndexSpec
  readonly operationId: string
  /** The index and table as people read them. */
  readonly indexName: string
  readonly tableName: string
  /** True once the person left the dialog (Cancel or Escape while building). */
  readonly left: { readonly current: boolean }
}

/**
 * Builds an index; `operationId` lets `cancelIndexBuild` stop it. The outcome is toasted
 * here, not in the dialog, since a person who cancelled has closed the dialog by then.
 */
export function useCreateIndex(connectionId: string, table: TableRef): UseMutationResult<null, Error, IndexBuild> {
  const refresh = useRefresh(connectionId, table)
  return useMutation({
    mutationFn: ({ spec, operationId }) => unwrap(api.indexes.create({ connectionId, table, spec, operationId })),
    onSuccess: (_, { indexName, tableName, left }) =>
      showToast(
        left.current ? `Index ${indexName} on ${tableName} was already built when Cancel arrived; it stays.` : `Created index ${indexName} on ${tableName}`
      ),
    onError: (error, { indexName, tableName, left }) => {
      // While the dialog is open it shows the error itself.
      if (!left.current) return
      if (error instanceof ApiError && error.code === 'cancelled') showToast(`Stopped building index ${indexName}; ${tableName} is unchanged.`)
      else showErrorToast(`Building index ${indexName} on ${tableName} failed: ${error.message}`)
    },
    // A cancelled build may have finished first; the list says what is there either way.
    onSettled: refresh
  })
}

/** Asks main to stop the build with `operationId`; true if one was running. */
export function cancelIndexBuild(operationId: string): Promise<boolean> {
  return unwrap(api.indexes.cancel({ operationId }))
}

/** Drops an index by name. */
export function useDropIndex(connectionId: string, table: TableRef, tableName: string): UseMutationResult<null, Error, string> {
  const refresh = useRefresh(connectionId, table)
  return useMutation({
    mutationFn: (name) => unwrap(api.indexes.drop({ connectionId, table, name })),
    onSuccess: (_, name) => showToast(`Dropped index ${name} of ${tableName}`),
    // Also on failure: an index someone else dropped meanwhile leaves the list.
    onSettled: refresh
  })
}

/** Indexes the rows added since each index was built. */
export function useOptimize(connectionId: string, table: TableRef, tableName: string): UseMutationResult<OptimizeResult, Error, void> {
  const refresh = useRefresh(connectionId, table)
  return useMutation({
    mutationFn: () => unwrap(api.indexes.optimize({ connectionId, table })),
    onSuccess: async () => {
      showToast(`Optimized ${tableName}: its indexes now cover every row`)
      await refresh()
    }
  })
}
