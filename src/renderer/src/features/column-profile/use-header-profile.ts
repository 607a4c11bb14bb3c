/**
 * The profile the grid's header sparklines draw, "on demand or when cheap": a profile of
 * every row of the open version that the page already holds (an exact one first, then a
 * sampled one, from the Profile view or an earlier ask) costs nothing and is used as it
 * is; only when the person asks for distributions is a sampled profile run (main answers
 * from its own cache when it has one). Nothing runs otherwise, so the grid's first page
 * never waits on a profile.
 *
 * The Profile view's profiles are read from the query cache, not observed as queries: an
 * observer of the same key without the view's query function would leave that query with
 * none, and the Refresh (or a write) that asks it again would fail ("Missing queryFn")
 * and keep the old version's profile on screen. A kept profile a write or a Refresh has
 * invalidated is not drawn: it may be of an older version.
 */
import { useCallback, useSyncExternalStore } from 'react'
import { hashKey, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query'
import type { TableRef } from '@shared/catalog-types'
import type { TableProfile } from '@shared/contract/column-profile'
import type { ExactInt } from '@shared/exact-int'
import { api, unwrap } from '../../lib/api'
import { queryKeys } from '../../lib/query-keys'

/** What the header has to draw with. */
export interface HeaderProfile {
  /** The profile to draw, or null when none is at hand. */
  readonly profile: TableProfile | null
  /** A profile asked for is being computed. */
  readonly running: boolean
  readonly error: Error | null
  /** Runs the asked profile again after an error. */
  readonly retry: () => void
}

/** The header's profile of `table` at `version` (null: the latest); `wanted` runs a sampled one when none is kept. */
export function useHeaderProfile(connectionId: string, table: TableRef, version: ExactInt | null, wanted: boolean): HeaderProfile {
  const at = version !== null ? { version } : {}
  const exact = useKeptProfile(queryKeys.columnProfile(connectionId, table, { ...at, filter: '', exact: true }))
  const viewed = useKeptProfile(queryKeys.columnProfile(connectionId, table, { ...at, filter: '', exact: false }))
  const kept = exact ?? viewed
  const own = useQuery<TableProfile>({
    queryKey: queryKeys.headerProfile(connectionId, table, version),
    queryFn: () => unwrap(api.columns.profile({ connectionId, table, ...at, exact: false })),
    enabled: wanted && kept === undefined,
    staleTime: Infinity,
    retry: false
  })
  return {
    profile: kept ?? own.data ?? null,
    running: own.isFetching,
    error: wanted ? own.error : null,
    retry: () => void own.refetch()
  }
}

/** The data kept under `key` while it is current (not invalidated), following the cache. */
function useKeptProfile(key: QueryKey): TableProfile | undefined {
  const client = useQueryClient()
  const cache = client.getQueryCache()
  // The client hashes keys the default way (no queryKeyHashFn is set).
  const hash = hashKey(key)
  const subscribe = useCallback(
    (onChange: () => void) =>
      cache.subscribe((event) => {
        if (event.query.queryHash === hash) onChange()
      }),
    [cache, hash]
  )
  return useSyncExternalStore(subscribe, () => {
    const state = client.getQueryState<TableProfile>(key)
    return state && !state.isInvalidated ? state.data : undefined
  })
}
