/**
 * React-query keys name the connection and the path, so a mutation can invalidate
 * exactly the lists it changes.
 */
import type { TableRef } from '@shared/catalog-types'
import type { NamespacePath } from '@shared/namespace-path'

/** Keys for every server-data query. */
export const queryKeys = {
  connections: () => ['connections'] as const,
  namespaces: (connectionId: string, parent: NamespacePath, pageSize: number) =>
    ['catalog', connectionId, 'namespaces', ...parent, { pageSize }] as const,
  tables: (connectionId: string, namespace: NamespacePath, pageSize: number) =>
    ['catalog', connectionId, 'tables', ...namespace, { pageSize }] as const,
  table: (connectionId: string, table: TableRef) => ['catalog', connectionId, 'table', ...table.namespace, table.name] as const
}
