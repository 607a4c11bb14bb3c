/**
 * The handler table: what main does for each channel of the contract. The Electron
 * binding and the browser-mode host both serve exactly this table.
 */
import type { AppInfo } from '../../shared/ipc-contract'
import type { ConnectionRegistry } from '../connections/connection-registry'
import type { HandlerTable } from './dispatch'

/** What the handlers need from their surroundings. */
export interface HandlerContext {
  readonly registry: ConnectionRegistry
  readonly info: AppInfo
}

/** Builds the handler table over a connection registry. */
export function createHandlers({ registry, info }: HandlerContext): HandlerTable {
  return {
    'app:info': async () => info,
    'connections:list': async () => registry.list(),
    'namespaces:list': async ({ connectionId, parent, pageToken, limit }) =>
      (await registry.client(connectionId)).listNamespaces(parent, { pageToken, limit }),
    'namespaces:create': async ({ connectionId, path }) => {
      await (await registry.client(connectionId)).createNamespace(path)
      return null
    },
    'namespaces:drop': async ({ connectionId, path }) => {
      await (await registry.client(connectionId)).dropNamespace(path, 'restrict')
      return null
    },
    'tables:list': async ({ connectionId, namespace, pageToken, limit }) =>
      (await registry.client(connectionId)).listTables(namespace, { pageToken, limit }),
    'tables:describe': async ({ connectionId, table }) => (await registry.client(connectionId)).describeTable(table)
  }
}
