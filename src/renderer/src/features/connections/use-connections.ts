import { useQuery, type UseQueryResult } from '@tanstack/react-query'
import type { ConnectionSummary } from '@shared/catalog-types'
import { unsupportedReason, type CatalogCapabilities } from '@shared/capabilities'
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

/** What the connection's catalog can do, as far as main knows it (undefined while loading). */
export function useCapabilities(connectionId: string): CatalogCapabilities | undefined {
  return useQuery({
    queryKey: queryKeys.capabilities(connectionId),
    queryFn: () => unwrap(api.connections.capabilities({ connectionId })),
    enabled: connectionId !== ''
  }).data
}

/** Why renaming tables is not offered on this connection, or null while it may work. */
export function useRenameUnsupported(connectionId: string): string | null {
  return unsupportedReason(useCapabilities(connectionId)?.renameTable)
}
