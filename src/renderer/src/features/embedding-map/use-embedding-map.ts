/**
 * A vector column's map as react-query keeps it: the map main kept (of any version, shown
 * at once), the map of the latest version (computed in main's worker unless kept), how far
 * that has got while it runs (polled, with the latest positions), and a way to cancel it.
 * Each run names itself with a fresh operation id, which `operations:cancel` stops.
 */
import { useCallback, useState } from 'react'
import { useQuery, type UseQueryResult } from '@tanstack/react-query'
import type { TableRef } from '@shared/catalog-types'
import type { MapLayout, MapProgress } from '@shared/contract/embedding-map'
import { api, unwrap } from '../../lib/api'
import { queryKeys } from '../../lib/query-keys'

/** How often the progress is asked for while a map is computed. */
const PROGRESS_POLL_MS = 150

export interface EmbeddingMapState {
  /** The map main kept from before (perhaps of an older version); null when none is kept. */
  readonly kept: MapLayout | null
  readonly layout: UseQueryResult<MapLayout | null>
  /** Where the computation is, while it runs. */
  readonly progress: MapProgress | null
  readonly cancel: () => void
}

/** The map of `column` of `table`. */
export function useEmbeddingMap(connectionId: string, table: TableRef, column: string): EmbeddingMapState {
  const [operationId, setOperationId] = useState<string | null>(null)
  const kept = useQuery({
    queryKey: queryKeys.embeddingMap(connectionId, table, column, 'kept'),
    queryFn: () => unwrap(api.map.layout({ connectionId, table, column, cachedOnly: true })),
    // Asked again each time the map opens: main's kept map is the cache.
    gcTime: 0,
    retry: false
  })
  const layout = useQuery({
    queryKey: queryKeys.embeddingMap(connectionId, table, column, 'latest'),
    queryFn: async () => {
      const id = crypto.randomUUID()
      setOperationId(id)
      return unwrap(api.map.layout({ connectionId, table, column, operationId: id }))
    },
    gcTime: 0,
    staleTime: Infinity,
    retry: false
  })
  const running = layout.isFetching && operationId !== null
  const progress = useQuery({
    queryKey: queryKeys.embeddingMapProgress(operationId),
    queryFn: () => unwrap(api.map.progress({ operationId: operationId ?? '' })),
    enabled: running,
    refetchInterval: running ? PROGRESS_POLL_MS : false
  })
  const cancel = useCallback(() => {
    if (operationId !== null) void api.operations.cancel({ operationId })
  }, [operationId])
  return { kept: kept.data ?? null, layout, progress: running ? (progress.data ?? null) : null, cancel }
}
