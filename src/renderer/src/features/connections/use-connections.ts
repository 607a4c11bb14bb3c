import { useQuery, type UseQueryResult } from '@tanstack/react-query'
import type { ConnectionSummary } from '@shared/catalog-types'
import { DEFAULT_DELIMITER } from '@shared/namespace-path'
import { api, unwrap } from '../../lib/api'
import { queryKeys } from '../../lib/query-keys'

/** The connections open in this run. */
export function useConnections(): UseQueryResult<readonly ConnectionSummary[]> {
  return useQuery({ queryKey: queryKeys.connections(), queryFn: () => unwrap(api.connections.list({})) })
}

/** The identifier delimiter of a connection (the default until the list has loaded). */
export function useDelimiter(connectionId: string): string {
  return useConnections().data?.find((connection) => connection.id === connectionId)?.delimiter ?? DEFAULT_DELIMITER
}
