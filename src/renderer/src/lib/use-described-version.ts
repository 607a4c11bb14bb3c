/**
 * The latest version of a table as the page's description of it names it, read from the
 * description the table's view already asks for (a Refresh or a write asks again). Views
 * that key what main keeps per version (thumbnails, profiles) follow it, so a table that
 * moved on is asked for anew. `settled` is false while the description is being asked
 * again: an answer asked for meanwhile could be of the old version.
 */
import { useQuery } from '@tanstack/react-query'
import type { TableRef } from '@shared/catalog-types'
import { api, unwrap } from './api'
import { queryKeys } from './query-keys'

export function useDescribedVersion(connectionId: string, table: TableRef, enabled = true): { readonly version: string | null; readonly settled: boolean } {
  const described = useQuery({
    queryKey: queryKeys.table(connectionId, table),
    queryFn: () => unwrap(api.tables.describe({ connectionId, table })),
    // The table's view asks for it and a change asks again; this only reads it.
    staleTime: Infinity,
    enabled
  })
  return {
    version: enabled ? (described.data?.version ?? null) : null,
    settled: !enabled || (!described.isFetching && !described.isPending) || described.isError
  }
}
