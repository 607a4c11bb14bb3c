/**
 * The profile the grid's header sparklines draw, "on demand or when cheap": a profile of
 * every row of the open version that the page already holds (an exact one first, then a
 * sampled one, from the Profile view or an earlier ask) costs nothing and is used as it
 * is; only when the person asks for distributions is a sampled profile run (main answers
 * from its own cache when it has one). Nothing runs otherwise, so the grid's first page
 * never waits on a profile.
 */
import { skipToken, useQuery } from '@tanstack/react-query'
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
  const exact = useQuery<TableProfile>({
    queryKey: queryKeys.columnProfile(connectionId, table, { ...at, filter: '', exact: true }),
    queryFn: skipToken,
    staleTime: Infinity
  })
  const sampled = useQuery<TableProfile>({
    queryKey: queryKeys.columnProfile(connectionId, table, { ...at, filter: '', exact: false }),
    queryFn:
      wanted && exact.data === undefined
        ? () => unwrap(api.columns.profile({ connectionId, table, ...(version !== null ? { version } : {}), exact: false }))
        : skipToken,
    staleTime: Infinity,
    retry: false
  })
  return {
    profile: exact.data ?? sampled.data ?? null,
    running: sampled.isFetching,
    error: wanted ? sampled.error : null,
    retry: () => void sampled.refetch()
  }
}
