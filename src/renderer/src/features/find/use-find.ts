/**
 * Find in catalog's server side for the page: starts (or refreshes) the connection's
 * index when the box opens, and reads results for the query, polling while the index is
 * being filled so results arrive as the catalog answers.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo } from 'react'
import type { TableRef } from '@shared/catalog-types'
import type { FindResults, FindStatus } from '@shared/contract/find'
import { api, unwrap } from '../../lib/api'

/** How often results are read again while the index fills. */
const POLL_MS = 300

/** Results for `query`, refreshed while the index is being filled. */
export function useFindResults(connectionId: string, query: string): { results: FindResults | undefined; error: unknown } {
  const found = useQuery({
    queryKey: ['catalog', connectionId, 'find', query],
    queryFn: () => unwrap(api.find.query({ connectionId, query })),
    placeholderData: keepPreviousData,
    refetchInterval: (state) => (state.state.data?.status.state === 'running' ? POLL_MS : false),
    staleTime: 0,
    gcTime: 10_000
  })
  return { results: found.data, error: found.error }
}

/** Starts the index filling when the box opens; `refresh` and `cancel` for the buttons. */
export function useFindIndex(connectionId: string): {
  readonly refresh: () => void
  readonly cancel: () => void
  readonly started: FindStatus | undefined
  readonly error: unknown
} {
  const client = useQueryClient()
  // The results poll while their status says "running": read them again once that changed.
  const reread = (): Promise<void> => client.invalidateQueries({ queryKey: ['catalog', connectionId, 'find'] })
  const start = useMutation({ mutationFn: (refresh: boolean) => unwrap(api.find.start({ connectionId, refresh })), onSuccess: reread })
  const stop = useMutation({ mutationFn: () => unwrap(api.find.cancel({ connectionId })), onSuccess: reread })
  const { mutate } = start
  useEffect(() => {
    mutate(false)
  }, [connectionId, mutate])
  return { refresh: () => start.mutate(true), cancel: () => stop.mutate(), started: start.data, error: start.error ?? stop.error }
}

/**
 * Tables of the connection's Find index whose name matches the last part of a typed path,
 * for "Go to table" completion beyond what the tree has loaded. Reads the index only as
 * it is (the Find box fills it); empty when there is none.
 */
export function useIndexedTables(connectionId: string | null, typed: string, delimiter: string, enabled: boolean): readonly TableRef[] {
  const name = typed.slice(typed.lastIndexOf(delimiter) + 1).trim()
  const found = useQuery({
    queryKey: ['catalog', connectionId, 'find', 'tables', name],
    queryFn: () => unwrap(api.find.query({ connectionId: connectionId ?? '', query: `kind:table ${name}`, limit: 50 })),
    enabled: enabled && connectionId !== null && name !== '',
    placeholderData: keepPreviousData,
    staleTime: 5_000
  })
  return useMemo(() => (found.data?.hits ?? []).map((hit) => ({ namespace: hit.namespace, name: hit.name })), [found.data])
}
