/**
 * Creating a table so that a failed create leaves nothing behind. LanceDB's dir
 * namespace registers a table before it writes the data, so a write that fails (a null in
 * a non-nullable column, say) leaves a listed but unreadable table; REST servers may do
 * the same. So: a table that did not exist before the attempt is dropped again when the
 * attempt fails, and a table that existed is never touched (`overwrite` commits a new
 * version in one step, so a failed overwrite keeps the old rows).
 */
import type { TableRef } from '../../shared/catalog-types'
import { CatalogError } from '../../shared/errors'
import { toIdentifier } from '../../shared/namespace-path'
import type { CreateMode, NamespaceClient } from './namespace-client'

/**
 * Runs `send` (the create call) in `mode`, deciding the modes that need no data here:
 * `create` on an existing table fails with `table_exists` before any bytes are sent, and
 * `exist_ok` on an existing table succeeds without writing.
 */
export async function createTableSafely(
  client: NamespaceClient,
  table: TableRef,
  mode: CreateMode,
  send: () => Promise<void>
): Promise<void> {
  const existed = await tableExists(client, table)
  if (existed && mode === 'create') {
    const id = toIdentifier([...table.namespace, table.name])
    throw new CatalogError('table_exists', `Table "${id}" already exists.`, { table: id })
  }
  if (existed && mode === 'exist_ok') return
  try {
    await send()
  } catch (error) {
    // A conflict means someone else's table now stands there: never drop that one.
    if (existed || (error instanceof CatalogError && error.code === 'table_exists')) throw error
    throw await withoutLeftover(client, table, error)
  }
}

/** True if the table can be described; a missing table or namespace is false. */
export async function tableExists(client: NamespaceClient, table: TableRef): Promise<boolean> {
  try {
    await client.describeTable(table)
    return true
  } catch (error) {
    if (error instanceof CatalogError && (error.code === 'table_not_found' || error.code === 'namespace_not_found')) return false
    throw error
  }
}

/** Drops whatever the failed create left, and returns the original error (noting a failed clean-up). */
async function withoutLeftover(client: NamespaceClient, table: TableRef, error: unknown): Promise<unknown> {
  try {
    await client.dropTable(table)
    return error
  } catch (cleanup) {
    if (cleanup instanceof CatalogError && (cleanup.code === 'table_not_found' || cleanup.code === 'namespace_not_found')) return error
    const original = error instanceof CatalogError ? error : new CatalogError('internal', error instanceof Error ? error.message : String(error))
    const id = toIdentifier([...table.namespace, table.name])
    const cause = cleanup instanceof Error ? cleanup.message : String(cleanup)
    return new CatalogError(original.code, `${original.message} A partly created table "${id}" could not be removed; drop it by hand.`, {
      ...original.details,
      cleanup: cause
    })
  }
}
