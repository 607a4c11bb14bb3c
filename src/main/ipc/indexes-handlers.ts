/**
 * Handlers for a table's indexes and statistics. A create carries an operation id; a
 * cancel with that id aborts it (LanceDB cancels the build, or over REST the request and
 * any transaction it started).
 */
import type { indexesContract } from '../../shared/contract/indexes'
import { countColumnNulls } from '../../catalog/column-nulls'
import type { HandlerTable } from './dispatch'
import type { HandlerContext } from './handler-context'

/** Handlers of the index and stats channels. */
export function indexesHandlers({ registry }: HandlerContext): Pick<HandlerTable, keyof typeof indexesContract> {
  const running = new Map<string, AbortController>()
  // Cancels that arrived before their create (two requests racing): the create then stops at once.
  const early = new Set<string>()
  return {
    'indexes:list': async ({ connectionId, table }) => (await registry.client(connectionId)).table(table).listIndexes(),
    'indexes:create': async ({ connectionId, table, spec, operationId }) => {
      const controller = new AbortController()
      if (early.delete(operationId)) controller.abort()
      running.set(operationId, controller)
      try {
        await (await registry.client(connectionId)).table(table).createIndex(spec, { signal: controller.signal })
        return null
      } finally {
        if (running.get(operationId) === controller) running.delete(operationId)
      }
    },
    'indexes:cancel': async ({ operationId }) => {
      const controller = running.get(operationId)
      controller?.abort()
      if (!controller) {
        early.add(operationId)
        // Ids of creates that never came (or ended before their cancel) are not kept for ever.
        if (early.size > 100) early.delete(early.values().next().value as string)
      }
      return controller !== undefined
    },
    'indexes:drop': async ({ connectionId, table, name }) => {
      await (await registry.client(connectionId)).table(table).dropIndex(name)
      return null
    },
    'indexes:optimize': async ({ connectionId, table }) => (await registry.client(connectionId)).table(table).optimizeTable(),
    'stats:nullCounts': async ({ connectionId, table, columns }) => countColumnNulls(await registry.client(connectionId), table, columns)
  }
}
