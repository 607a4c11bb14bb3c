/**
 * Handlers of a table's health: read it, list what a clean-up would remove, and run a
 * maintenance action as a watched operation, answered with the health before and after.
 */
import type { healthContract } from '../../shared/contract/health'
import type { HandlerTable } from './dispatch'
import type { HandlerContext } from './handler-context'
import type { OperationRegistry } from '../operations/operation-registry'

/** Handlers of the health channels. */
export function healthHandlers({ registry, operations }: HandlerContext & { operations: OperationRegistry }): Pick<HandlerTable, keyof typeof healthContract> {
  return {
    'health:read': async ({ connectionId, table }) => (await registry.client(connectionId)).table(table).tableHealth(),
    'health:cleanupPlan': async ({ connectionId, table, olderThan }) => (await registry.client(connectionId)).table(table).cleanupPlan(new Date(olderThan)),
    'health:maintain': async ({ connectionId, table, action, operationId }) => {
      const handle = (await registry.client(connectionId)).table(table)
      return operations.run(operationId, async (options) => {
        const before = await handle.tableHealth(options)
        const outcome = await handle.maintainTable(action, options)
        // The after numbers are read once the run is done, whatever a Cancel said meanwhile.
        const after = await handle.tableHealth()
        return { outcome, before, after }
      })
    }
  }
}
