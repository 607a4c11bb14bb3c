/**
 * Handlers for a table's data: rows as Arrow IPC bytes, counts, create, drop, rename.
 */
import type { tablesContract } from '../../shared/contract/tables'
import { createTableSafely } from '../namespace/create-table-safely'
import { readRowsSkippingUnreadable } from '../namespace/read-rows-fallback'
import type { HandlerTable } from './dispatch'
import type { HandlerContext } from './handlers'

/** Handlers of the table data channels. */
export function tableHandlers({ registry }: HandlerContext): Pick<HandlerTable, keyof typeof tablesContract> {
  return {
    'tables:readRows': async ({ connectionId, table, offset, limit, columns, filter }) =>
      readRowsSkippingUnreadable(await registry.client(connectionId), table, { offset, limit, columns, filter }),
    'tables:count': async ({ connectionId, table, filter }) => (await registry.client(connectionId)).countRows(table, filter),
    'tables:create': async ({ connectionId, table, mode, data }) => {
      const client = await registry.client(connectionId)
      await createTableSafely(client, table, mode, () => client.createTable(table, data, mode))
      return null
    },
    'tables:drop': async ({ connectionId, table }) => {
      await (await registry.client(connectionId)).dropTable(table)
      return null
    },
    'tables:rename': async ({ connectionId, table, newName }) => {
      await (await registry.client(connectionId)).renameTable(table, newName)
      return null
    }
  }
}
