/**
 * A table's health (react-query) and the maintenance that changes it. Keys sit under the
 * table's key, so whatever refreshes the table (a write, an index, Refresh) refreshes its
 * health too; a maintenance run refreshes the whole table afterwards (new version, sizes,
 * versions list).
 */
import { useMutation, useQuery, useQueryClient, type UseMutationResult, type UseQueryResult } from '@tanstack/react-query'
import type { TableRef } from '@shared/catalog-types'
import type { CleanupPlan, MaintenanceAction, MaintenanceReport, TableHealth } from '@shared/contract/health'
import { api, unwrap } from '../../lib/api'
import { queryKeys } from '../../lib/query-keys'

/** The health of one table, under the table's key (the namespace health view fills it too). */
export function healthKey(connectionId: string, table: TableRef): readonly unknown[] {
  return [...queryKeys.table(connectionId, table), 'health']
}

/** The table's health at its latest version. */
export function useHealth(connectionId: string, table: TableRef): UseQueryResult<TableHealth> {
  return useQuery({
    queryKey: healthKey(connectionId, table),
    queryFn: () => unwrap(api.health.read({ connectionId, table }))
  })
}

/** What a clean-up of versions older than `olderThan` (ISO time) would remove; off while `olderThan` is null. */
export function useCleanupPlan(connectionId: string, table: TableRef, olderThan: string | null): UseQueryResult<CleanupPlan> {
  return useQuery({
    queryKey: [...healthKey(connectionId, table), 'cleanup-plan', olderThan],
    queryFn: () => unwrap(api.health.cleanupPlan({ connectionId, table, olderThan: olderThan ?? '' })),
    enabled: olderThan !== null,
    // A plan is what the person confirms: never swapped under them by a background refetch.
    staleTime: Infinity,
    gcTime: 0
  })
}

/** A run to start: the action and the id its progress is watched by. */
export interface MaintenanceRun {
  readonly action: MaintenanceAction
  readonly operationId: string
}

/** Runs a maintenance action; afterwards everything shown of the table is read again. */
export function useMaintain(connectionId: string, table: TableRef): UseMutationResult<MaintenanceReport, Error, MaintenanceRun> {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ action, operationId }) => unwrap(api.health.maintain({ connectionId, table, action, operationId })),
    // Compaction writes a new version, which the grid reads too.
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.table(connectionId, table) }),
        client.invalidateQueries({ queryKey: queryKeys.rowsOf(connectionId, table) })
      ])
  })
}
