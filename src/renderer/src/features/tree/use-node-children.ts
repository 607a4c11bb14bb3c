/**
 * The children of one namespace node: its child namespaces, then its tables, each a
 * paginated listing on the page token. Tables start loading once the namespaces are
 * exhausted, so one "Load more" walks a single ordered list.
 */
import { useInfiniteQuery, type InfiniteData } from '@tanstack/react-query'
import type { Page } from '@shared/catalog-types'
import type { NamespacePath } from '@shared/namespace-path'
import { api, unwrap } from '../../lib/api'
import { queryKeys } from '../../lib/query-keys'

/** A namespace or table under a node. */
export type ChildItem = { readonly kind: 'namespace'; readonly name: string } | { readonly kind: 'table'; readonly name: string }

/** What a node needs to draw its children. */
export interface NodeChildren {
  readonly items: readonly ChildItem[]
  readonly isLoading: boolean
  readonly error: unknown
  readonly hasMore: boolean
  readonly isFetchingMore: boolean
  loadMore(): void
  retry(): void
}

const nextToken = (page: Page<string>): string | undefined => page.nextPageToken || undefined
const names = (data: InfiniteData<Page<string>> | undefined): string[] => data?.pages.flatMap((page) => page.items) ?? []

/** Loads the children of `path` while `enabled` (i.e. while the node is expanded). */
export function useNodeChildren(connectionId: string, path: NamespacePath, pageSize: number, enabled: boolean): NodeChildren {
  const namespaces = useInfiniteQuery({
    queryKey: queryKeys.namespaces(connectionId, path, pageSize),
    queryFn: ({ pageParam }) =>
      unwrap(api.namespaces.list({ connectionId, parent: path, pageToken: pageParam ?? null, limit: pageSize })),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextToken,
    enabled
  })
  const namespacesDone = namespaces.isSuccess && !namespaces.hasNextPage
  const tables = useInfiniteQuery({
    queryKey: queryKeys.tables(connectionId, path, pageSize),
    queryFn: ({ pageParam }) =>
      unwrap(api.tables.list({ connectionId, namespace: path, pageToken: pageParam ?? null, limit: pageSize })),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextToken,
    enabled: enabled && namespacesDone
  })

  const items: ChildItem[] = [
    ...names(namespaces.data).map((name) => ({ kind: 'namespace' as const, name })),
    ...names(tables.data).map((name) => ({ kind: 'table' as const, name }))
  ]
  const failed = namespaces.isError ? namespaces : tables.isError ? tables : undefined
  return {
    items,
    isLoading: namespaces.isPending || (namespacesDone && tables.isPending),
    error: failed?.error ?? null,
    hasMore: namespaces.hasNextPage || tables.hasNextPage,
    isFetchingMore: namespaces.isFetchingNextPage || tables.isFetchingNextPage,
    loadMore: () => void (namespaces.hasNextPage ? namespaces.fetchNextPage() : tables.fetchNextPage()),
    retry: () => void failed?.refetch()
  }
}
