/**
 * Creating a table through any namespace client without sending its rows in vain, and
 * without touching a table this call did not make.
 *
 * Who wins when several callers create one name at once is the implementation's call (the
 * dir client takes turns per name; a REST server decides on its side, the loser getting
 * `table_exists`). So this never drops anything after a failed create: over REST it cannot
 * tell a table the failed call left from one another caller made meanwhile, and a server
 * that leaves partial tables has to clean them up itself. The dir client removes what its
 * own failed writes leave.
 */
import type { TableRef } from '../shared/catalog-types'
import type { CreateMode } from '../shared/contract/tables'
import { CatalogError } from '../shared/errors'
import { displayIdentifier } from '../shared/namespace-path'
import type { NamespaceClient } from './namespace-client'

/**
 * Runs `send` (the create call) in `mode`, deciding the modes that need no data here:
 * `create` on an existing table fails with `table_exists` before any bytes are sent, and
 * `exist_ok` on an existing table succeeds without writing. An `exist_ok` create that
 * loses a race to another creator succeeds once the table is there.
 */
export async function createTableSafely(client: NamespaceClient, table: TableRef, mode: CreateMode, send: () => Promise<void>): Promise<void> {
  if (mode !== 'overwrite' && (await tableExists(client, table))) {
    if (mode === 'exist_ok') return
    const id = displayIdentifier([...table.namespace, table.name])
    throw new CatalogError('table_exists', `Table "${id}" already exists.`, { table: id })
  }
  try {
    await send()
  } catch (error) {
    const taken = error instanceof CatalogError && error.code === 'table_exists'
    if (taken && mode === 'exist_ok' && (await tableExists(client, table))) return
    throw error
  }
}

/** True if the table can be described; a missing table or namespace is false. */
export async function tableExists(client: NamespaceClient, table: TableRef): Promise<boolean> {
  try {
    await client.table(table).describe()
    return true
  } catch (error) {
    if (error instanceof CatalogError && (error.code === 'table_not_found' || error.code === 'namespace_not_found')) return false
    throw error
  }
}
