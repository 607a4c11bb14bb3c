/**
 * Handlers for the app, its connections and browsing a catalog.
 */
import type { catalogContract } from '../../shared/contract/catalog'
import type { HandlerTable } from './dispatch'
import type { HandlerContext } from './handlers'

/** Handlers of the browsing channels. */
export function catalogHandlers({ registry, info, uiState }: HandlerContext): Pick<HandlerTable, keyof typeof catalogContract> {
  return {
    'app:info': async () => info,
    'ui:loadState': async () => uiState.load(),
    'ui:saveState': async ({ state }) => {
      await uiState.save(state)
      return null
    },
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
