/**
 * Server data of the Versions view: the table's history with its tags, an older version's
 * description, and the mutations (restore, tag create/delete) that invalidate what they change.
 */
import { useMutation, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query'
import type { TableDescription, TableRef } from '@shared/catalog-types'
import type { TableHistory } from '@shared/contract/versions'
import { api, unwrap } from '../../lib/api'
import { queryKeys } from '../../lib/query-keys'
import type { ExactInt } from '@shared/exact-int'

/** Every version of the table with its tags. */
export function useTableHistory(connectionId: string, table: TableRef): UseQueryResult<TableHistory> {
  return useQuery({
    queryKey: queryKeys.versions(connectionId, table),
    queryFn: () => unwrap(api.versions.list({ connectionId, table }))
  })
}

/** The table as it was at `version` (disabled when null). */
export function useVersionDescription(connectionId: string, table: TableRef, version: ExactInt | null): UseQueryResult<TableDescription> {
  return useQuery({
    queryKey: queryKeys.versionDescription(connectionId, table, version ?? '0'),
    queryFn: () => unwrap(api.versions.describe({ connectionId, table, version: version ?? '0' })),
    enabled: version !== null,
    // An older version never changes.
    staleTime: Infinity
  })
}

/** What a restore of a version would do to the table's indexes. */
export interface RestoreIndexes {
  /** Still reading the current indexes or the version's. */
  readonly checking: boolean
  /** Indexes the table has now that the version lacks; null when the catalog does not say. */
  readonly lost: readonly string[] | null
}

/**
 * The current indexes a restore of `version` would not bring back: the restored version
 * has only the indexes it had, so any built after it are gone from the new latest version.
 */
export function useRestoreIndexes(connectionId: string, table: TableRef, version: ExactInt): RestoreIndexes {
  // The Indexes view's query (same key and answer), so both share one cache entry.
  const current = useQuery({ queryKey: queryKeys.indexes(connectionId, table), queryFn: () => unwrap(api.indexes.list({ connectionId, table })) })
  const older = useVersionDescription(connectionId, table, version)
  if (current.isPending || older.isPending) return { checking: true, lost: null }
  const had = older.data?.indexNames
  if (!current.data || had == null) return { checking: false, lost: null }
  return { checking: false, lost: current.data.map((index) => index.name).filter((name) => !had.includes(name)) }
}

/** After a write: the description, history and rows of the table load again. */
async function refresh(client: ReturnType<typeof useQueryClient>, connectionId: string, table: TableRef): Promise<void> {
  await Promise.all([
    client.invalidateQueries({ queryKey: queryKeys.table(connectionId, table) }),
    client.invalidateQueries({ queryKey: queryKeys.rowsOf(connectionId, table) })
  ])
}

/** Restores a version as the new latest; resolves to the new version's number. */
export function useRestoreVersion(connectionId: string, table: TableRef) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (version: ExactInt) => unwrap(api.versions.restore({ connectionId, table, version })),
    onSuccess: () => refresh(client, connectionId, table)
  })
}

/** Creates or deletes a tag. */
export function useTagMutation(connectionId: string, table: TableRef) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (change: { readonly kind: 'create'; readonly tag: string; readonly version: ExactInt } | { readonly kind: 'delete'; readonly tag: string }) =>
      change.kind === 'create'
        ? unwrap(api.versions.createTag({ connectionId, table, tag: change.tag, version: change.version }))
        : unwrap(api.versions.deleteTag({ connectionId, table, tag: change.tag })),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.versions(connectionId, table) })
  })
}
