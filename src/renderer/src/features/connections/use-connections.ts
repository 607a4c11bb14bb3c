import { useQuery, type UseQueryResult } from '@tanstack/react-query'
import type { ConnectionSummary } from '@shared/catalog-types'
import { api, unwrap } from '../../lib/api'
import { queryKeys } from '../../lib/query-keys'

/** The connections open in this run. */
export function useConnections(): UseQueryResult<readonly ConnectionSummary[]> {
  return useQuery({ queryKey: queryKeys.connections(), queryFn: () => unwrap(api.connections.list({})) })
}
