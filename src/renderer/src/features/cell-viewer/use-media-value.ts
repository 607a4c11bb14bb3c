/**
 * One byte cell's whole value, read through `media:value` for the viewer, the cell menu's
 * Save and the grid's audio: kept a short while, so opening and saving the same cell reads
 * it once.
 */
import { useQuery, type QueryClient, type UseQueryResult } from '@tanstack/react-query'
import type { MediaValue } from '@shared/contract/media'
import { api, unwrap } from '../../lib/api'
import { queryKeys } from '../../lib/query-keys'
import type { MediaValueSource } from './viewer-value'

/** How long a value no one shows stays kept (they may be megabytes). */
const VALUE_GC_MS = 10_000

function mediaValueQuery(source: MediaValueSource) {
  const { connectionId, table, rows, row, column } = source
  return {
    queryKey: queryKeys.mediaValue(connectionId, table, rows, row, column),
    queryFn: () =>
      unwrap(
        api.media.value({
          connectionId,
          table,
          row,
          column,
          ...(rows.filter ? { filter: rows.filter } : {}),
          ...(rows.version === undefined ? {} : { version: rows.version })
        })
      ),
    gcTime: VALUE_GC_MS,
    staleTime: Infinity,
    structuralSharing: false
  }
}

/** The value of `source`'s cell, while a viewer shows it; nothing is read for null. */
export function useMediaValue(source: MediaValueSource | null): UseQueryResult<MediaValue> {
  return useQuery({
    ...mediaValueQuery(source ?? { connectionId: '', table: { namespace: [], name: '' }, rows: { filter: '' }, row: 0, column: '' }),
    enabled: source !== null
  })
}

/** The value of `source`'s cell, read now (or taken from what is kept). */
export function fetchMediaValue(client: QueryClient, source: MediaValueSource): Promise<MediaValue> {
  return client.fetchQuery(mediaValueQuery(source))
}
