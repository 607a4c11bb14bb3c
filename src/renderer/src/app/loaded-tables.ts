/**
 * The tables the tree has loaded for a connection, read from react-query's cache (the
 * listings live there; nothing is copied into a store). The palette completes typed paths
 * over them.
 */
import type { InfiniteData, QueryClient } from '@tanstack/react-query'
import type { Page, TableRef } from '@shared/catalog-types'
import { namespacePathOf, tableKey } from '../lib/node-key'
import { queryKeys } from '../lib/query-keys'

/** Every loaded table of `connectionId`, once each (listings of several page sizes may be cached). */
export function loadedTables(client: QueryClient, connectionId: string): TableRef[] {
  const seen = new Set<string>()
  const tables: TableRef[] = []
  for (const [key, data] of client.getQueriesData<InfiniteData<Page<string>>>({ queryKey: queryKeys.allTables(connectionId) })) {
    const namespace = typeof key[3] === 'string' ? namespacePathOf(key[3]) : null
    if (!namespace || !data) continue
    for (const page of data.pages) {
      for (const name of page.items) {
        const id = tableKey({ namespace, name })
        if (seen.has(id)) continue
        seen.add(id)
        tables.push({ namespace, name })
      }
    }
  }
  return tables
}
