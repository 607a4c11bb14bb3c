/**
 * Handlers for the app, its connections and browsing a catalog.
 */
import { fileURLToPath } from 'node:url'
import type { catalogContract } from '../../shared/contract/catalog'
import { CatalogError } from '../../shared/errors'
import { listWithFollowing } from '../../shared/pages-ahead'
import { OperationRegistry } from '../operations/operation-registry'
import type { HandlerTable } from './dispatch'
import type { HandlerContext } from './handler-context'

/** Handlers of the browsing channels. */
export function catalogHandlers({
  registry,
  info,
  uiState,
  revealPath,
  operations = new OperationRegistry(),
  find
}: HandlerContext): Pick<HandlerTable, keyof typeof catalogContract> {
  return {
    'app:info': async () => info,
    'ui:loadState': async () => uiState.load(),
    'ui:saveState': async ({ state }) => {
      await uiState.save(state)
      return null
    },
    'connections:list': async () => registry.list(),
    'connections:capabilities': async ({ connectionId }) => (await registry.client(connectionId)).capabilities(),
    'catalog:reveal': async ({ connectionId, table }) => {
      if (!revealPath) throw new CatalogError('unsupported', 'Showing folders in the file manager works in the desktop app only.')
      const connection = registry.list().find((summary) => summary.id === connectionId)
      if (!connection) throw new CatalogError('connection_not_found', 'That connection is no longer open. Pick one from the list.')
      if (connection.type !== 'dir') throw new CatalogError('unsupported', 'Only directory catalogs have folders to show.')
      // Namespaces of a V2 catalog are entries in its manifest, not folders: they show the root.
      const location = table ? (await (await registry.client(connectionId)).table(table).describe()).location : connection.target
      if (!location) throw new CatalogError('unsupported', `The catalog did not say where ${table?.name ?? 'it'} is stored.`)
      revealPath(location.startsWith('file:') ? fileURLToPath(location) : location)
      return null
    },
    'namespaces:list': async ({ connectionId, parent, pageToken, limit, ahead }) => {
      const client = await registry.client(connectionId)
      return listWithFollowing((token) => client.listNamespaces(parent, { pageToken: token, limit }), pageToken, ahead)
    },
    'namespaces:create': async ({ connectionId, path, operationId }) => {
      const client = await registry.client(connectionId)
      await operations.run(operationId, (options) => client.createNamespace(path, 'create', options))
      await find?.namespaceCreated(connectionId, path)
      return null
    },
    'namespaces:drop': async ({ connectionId, path, operationId }) => {
      const client = await registry.client(connectionId)
      await operations.run(operationId, (options) => client.dropNamespace(path, 'restrict', options))
      await find?.namespaceDropped(connectionId, path)
      return null
    },
    'tables:list': async ({ connectionId, namespace, pageToken, limit, ahead }) => {
      const client = await registry.client(connectionId)
      return listWithFollowing((token) => client.listTables(namespace, { pageToken: token, limit }), pageToken, ahead)
    },
    'tables:describe': async ({ connectionId, table }) => (await registry.client(connectionId)).table(table).describe()
  }
}
