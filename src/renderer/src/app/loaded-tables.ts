/**
 * The tables the tree has loaded for a connection, read from react-query's cache (the
 * listings live there; nothing is copied into a store). The palette completes typed paths
 * over them.
 */
import type { InfiniteData, QueryClient } from '@tanstack/react-query'
import type { Page, TableRef } from '@shared/catalog-types'

/** Every loaded table of `connectionId`, once each (listings of several page sizes may be cached). */
export function loadedTables(client: QueryClient, connectionId: string): TableRef[] {
  const seen = new Set<string>()
  const tables: TableRef[] = []
  // The prefix of queryKeys.tables(connectionId, …): every table listing of the connection.
  for (const [key, data] of client.getQueriesData<InfiniteData<Page<string>>>({ queryKey: ['catalog', connectionId, 'tables'] })) {
    const namespace = parsePath(key[3])
    if (!namespace || !data) continue
    for (const page of data.pages) {
      for (const name of page.items) {
        const id = JSON.stringify([...namespace, name])
        if (seen.has(id)) continue
        seen.add(id)
        tables.push({ namespace, name })
      }
    }
  }
  return tables
}

function parsePath(value: unknown): string[] | null {
  if (typeof value !== 'string') return null
  try {
    const path: unknown = JSON.parse(value)
    return Array.isArray(path) && path.every((part) => typeof part === 'string') ? path : null
  } catch {
    return null
  }
}
