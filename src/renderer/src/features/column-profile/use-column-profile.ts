/**
 * A table's column profile as react-query keeps it, with how far main has got while it
 * runs (rows read, polled) and a way to cancel it. Each run names itself with a fresh
 * operation id, which `operations:cancel` stops.
 */
import { useCallback, useState } from 'react'
import { useQuery, type UseQueryResult } from '@tanstack/react-query'
import type { TableRef } from '@shared/catalog-types'
import type { ProfileProgress, TableProfile } from '@shared/contract/column-profile'
import { api, unwrap } from '../../lib/api'
import { queryKeys, type ProfileAsked } from '../../lib/query-keys'

/** How often the progress is asked for while a profile runs. */
const PROGRESS_POLL_MS = 250

export interface ColumnProfileState {
  readonly profile: UseQueryResult<TableProfile>
  /** Rows read of rows to read, while it runs (null before main has said). */
  readonly progress: ProfileProgress | null
  readonly cancel: () => void
}

/** The profile of `table` as `asked` (null: not yet asked for). */
export function useColumnProfile(connectionId: string, table: TableRef, asked: ProfileAsked | null): ColumnProfileState {
  const [operationId, setOperationId] = useState<string | null>(null)
  const profile = useQuery({
    queryKey: queryKeys.columnProfile(connectionId, table, asked ?? { filter: '', exact: false }),
    queryFn: async () => {
      if (asked === null) throw new Error('No profile was asked for.')
      const id = crypto.randomUUID()
      setOperationId(id)
      return unwrap(
        api.columns.profile({
          connectionId,
          table,
          ...(asked.version !== undefined ? { version: asked.version } : {}),
          ...(asked.filter !== '' ? { filter: asked.filter } : {}),
          exact: asked.exact,
          operationId: id
        })
      )
    },
    enabled: asked !== null,
    // Main keeps profiles per version; a write to the table invalidates the table's rows, this included.
    staleTime: Infinity,
    retry: false
  })
  const running = profile.isFetching && operationId !== null
  const progress = useQuery({
    queryKey: queryKeys.columnProfileProgress(operationId),
    queryFn: () => unwrap(api.columns.profileProgress({ operationId: operationId ?? '' })),
    enabled: running,
    refetchInterval: running ? PROGRESS_POLL_MS : false
  })
  const cancel = useCallback(() => {
    if (operationId !== null) void api.operations.cancel({ operationId })
  }, [operationId])
  return { profile, progress: running ? (progress.data ?? null) : null, cancel }
}
