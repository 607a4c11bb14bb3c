/**
 * Handlers for a table's data: rows as Arrow IPC bytes, counts, create, drop, rename, and
 * the user's Refresh.
 */
import type { tablesContract } from '../../shared/contract/tables'
import { createTableSafely } from '../../catalog/create-table-safely'
import { readRowsSkippingUnreadable } from '../../catalog/read-rows-fallback'
import type { HandlerTable } from './dispatch'
import type { HandlerContext } from './handler-context'
import { OperationRegistry } from '../operations/operation-registry'

/** Handlers of the table data channels. */
export function tableHandlers({ registry, operations = new OperationRegistry(), find }: HandlerContext): Pick<HandlerTable, keyof typeof tablesContract> {
  return {
    'tables:readRows': async ({ connectionId, table, offset, limit, columns, filter, leaveOutBytes }) =>
      readRowsSkippingUnreadable(await registry.client(connectionId), table, { offset, limit, columns, filter, leaveOutBytes }),
    'tables:count': async ({ connectionId, table, filter }) => (await registry.client(connectionId)).table(table).countRows(filter),
    'tables:create': async ({ connectionId, table, mode, data, dataStorageVersion, operationId }) => {
      const client = await registry.client(connectionId)
      await operations.run(operationId, (options) =>
        createTableSafely(client, table, mode, () => client.createTable(table, data, mode, { ...options, dataStorageVersion }))
      )
      await find?.tableCreated(connectionId, table)
      return null
    },
    'tables:drop': async ({ connectionId, table, operationId }) => {
      const client = await registry.client(connectionId)
      await operations.run(operationId, (options) => client.dropTable(table, options))
      await find?.tableDropped(connectionId, table)
      return null
    },
    'tables:rename': async ({ connectionId, table, newName }) => {
      await (await registry.client(connectionId)).renameTable(table, newName)
      await find?.tableRenamed(connectionId, table, newName)
      return null
    },
    'tables:refresh': async () => {
      await registry.refresh()
      return null
    }
  }
}
