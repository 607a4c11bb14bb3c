/**
 * Routes that change a table's rows, as the spec gives them: InsertIntoTable (`insert`,
 * Arrow IPC body, `mode` append or overwrite), MergeInsertIntoTable (`merge_insert`, Arrow
 * IPC body, the merge in query parameters), UpdateTable (`update`) and DeleteFromTable
 * (`delete`), each done with LanceDB and answering the version it committed. Writes to one
 * table take turns with each other and with creates and declares of that name (the
 * server's per-table lock), so two writers never interleave and a declared table is
 * created by the first insert only.
 */
import type { Table } from '@lancedb/lancedb'
import type { TableRef } from '../src/shared/catalog-types'
import { CatalogError } from '../src/shared/errors'
import { tableForLance } from '../src/catalog/arrow-schema'
import { fromLance } from '../src/catalog/lance/lance-errors'
import { displayIdentifier } from '../src/shared/namespace-path'
import type { Database } from './databases'
import { invalidRequest } from './errors'
import { json, MAX_ARROW_BYTES, type Reply } from './http-io'
import { boundedSql, flagOf, optionalFilter, optionalString } from './request-fields'
import { param, tableRefOf, type RequestContext, type Route } from './router'
import { withLanceTable } from './table-metadata'

/** The row-writing routes. */
export const writeRoutes: readonly Route[] = [
  { method: 'POST', pattern: '/v1/table/:id/insert', writes: 'insert rows', handle: insertRows },
  { method: 'POST', pattern: '/v1/table/:id/merge_insert', writes: 'merge rows', handle: mergeInsert },
  { method: 'POST', pattern: '/v1/table/:id/update', writes: 'update rows', handle: updateRows },
  { method: 'POST', pattern: '/v1/table/:id/delete', writes: 'delete rows', handle: deleteRows }
]

async function insertRows(ctx: RequestContext): Promise<Reply> {
  const ref = tableRefOf(param(ctx, 'id'), ctx.delimiter)
  const mode = insertModeOf(ctx.query.get('mode'))
  const data = tableForLance(await arrowBody(ctx, 'Inserting rows'))
  const database = await ctx.database()
  return locked(database, ref, async () => {
    const id = displayIdentifier([...ref.namespace, ref.name])
    // A declared table's first insert creates it with the rows, as the spec says.
    if (database.declaredLocations.has(id) && !(await exists(database, ref))) {
      await database.client.createTable(ref, await arrowBody(ctx, 'Inserting rows'), 'create')
      database.declaredLocations.delete(id)
      const { version } = await database.client.table(ref).describe()
      return json({ num_inserted_rows: data.numRows, ...(version === null ? {} : { version }) })
    }
    await database.client.table(ref).describe()
    const { version } = await write(database, ref, 'insert rows into', (table) => table.add(data, { mode }))
    return json({ num_inserted_rows: data.numRows, version })
  })
}

async function mergeInsert(ctx: RequestContext): Promise<Reply> {
  const ref = tableRefOf(param(ctx, 'id'), ctx.delimiter)
  const on = ctx.query
    .getAll('on')
    .flatMap((value) => value.split(','))
    .map((name) => name.trim())
    .filter((name) => name !== '')
  if (on.length === 0) throw invalidRequest('A merge insert needs the column to match rows on, in the query parameter "on".')
  const none: Record<string, unknown> = {}
  const updateAll = flagOf(ctx.query, none, 'when_matched_update_all', false)
  const updateWhere = boundedSql(ctx.query.get('when_matched_update_all_filt') ?? undefined, '"when_matched_update_all_filt"')
  const insertAll = flagOf(ctx.query, none, 'when_not_matched_insert_all', false)
  const deleteBySource = flagOf(ctx.query, none, 'when_not_matched_by_source_delete', false)
  const deleteWhere = boundedSql(ctx.query.get('when_not_matched_by_source_delete_filt') ?? undefined, '"when_not_matched_by_source_delete_filt"')
  const timeoutMs = timeoutOf(ctx.query.get('timeout'))
  const useIndex = flagOf(ctx.query, none, 'use_index', undefined)
  const data = tableForLance(await arrowBody(ctx, 'A merge insert'))
  const database = await ctx.database()
  return locked(database, ref, async () => {
    await database.client.table(ref).describe()
    const result = await write(database, ref, 'merge rows into', (table) => {
      let merge = table.mergeInsert(on)
      if (updateAll || updateWhere !== undefined) merge = merge.whenMatchedUpdateAll(updateWhere === undefined ? undefined : { where: updateWhere })
      if (insertAll) merge = merge.whenNotMatchedInsertAll()
      if (deleteBySource || deleteWhere !== undefined)
        merge = merge.whenNotMatchedBySourceDelete(deleteWhere === undefined ? undefined : { where: deleteWhere })
      if (useIndex !== undefined) merge = merge.useIndex(useIndex)
      return merge.execute(data, timeoutMs === undefined ? undefined : { timeoutMs })
    })
    return json({
      num_updated_rows: result.numUpdatedRows,
      num_inserted_rows: result.numInsertedRows,
      num_deleted_rows: result.numDeletedRows,
      version: result.version
    })
  })
}

async function updateRows(ctx: RequestContext): Promise<Reply> {
  const ref = tableRefOf(param(ctx, 'id'), ctx.delimiter)
  const body = await ctx.jsonBody()
  rejectBranch(body)
  const predicate = optionalFilter(body, 'predicate')
  const updates = body['updates']
  if (
    !Array.isArray(updates) ||
    updates.length === 0 ||
    !updates.every((pair) => Array.isArray(pair) && pair.length === 2 && pair.every((part) => typeof part === 'string' && part !== ''))
  ) {
    throw invalidRequest('"updates" must list [column, SQL expression] pairs, such as [["price", "price * 2"]].')
  }
  for (const [column, sql] of updates as [string, string][]) boundedSql(sql, `The expression for "${column.slice(0, 64)}"`)
  const valuesSql = Object.fromEntries(updates as [string, string][])
  const database = await ctx.database()
  return locked(database, ref, async () => {
    await database.client.table(ref).describe()
    const result = await write(database, ref, 'update rows of', (table) =>
      table.update({ valuesSql, ...(predicate !== undefined && predicate.trim() !== '' ? { where: predicate } : {}) })
    )
    // `rows_updated` too: the name LanceDB's remote client reads the count from.
    return json({ updated_rows: result.rowsUpdated, rows_updated: result.rowsUpdated, version: result.version })
  })
}

async function deleteRows(ctx: RequestContext): Promise<Reply> {
  const ref = tableRefOf(param(ctx, 'id'), ctx.delimiter)
  const body = await ctx.jsonBody()
  rejectBranch(body)
  const predicate = optionalFilter(body, 'predicate')
  if (predicate === undefined || predicate.trim() === '') throw invalidRequest('Deleting rows needs a SQL "predicate" naming them (use "true" for every row).')
  const database = await ctx.database()
  return locked(database, ref, async () => {
    await database.client.table(ref).describe()
    const result = await write(database, ref, 'delete rows of', (table) => table.delete(predicate))
    // The spec answers the version; LanceDB's remote client also reads how many rows went.
    return json({ version: result.version, num_deleted_rows: result.numDeletedRows })
  })
}

/** Runs a write to one table after every other write, create or declare of it. */
function locked(database: Database, ref: TableRef, run: () => Promise<Reply>): Promise<Reply> {
  return database.tableWrites.run(displayIdentifier([...ref.namespace, ref.name]), run)
}

/** A change through LanceDB, its failures (bad SQL, a missing column) as catalog errors. */
async function write<T>(database: Database, ref: TableRef, action: string, apply: (table: Table) => Promise<T>): Promise<T> {
  try {
    return await withLanceTable(database, ref, apply)
  } catch (error) {
    throw error instanceof CatalogError ? error : fromLance(error, action, { table: ref })
  }
}

async function exists(database: Database, ref: TableRef): Promise<boolean> {
  try {
    await database.client.table(ref).describe()
    return true
  } catch (error) {
    if (error instanceof CatalogError && error.code === 'table_not_found') return false
    throw error
  }
}

async function arrowBody(ctx: RequestContext, what: string): Promise<Uint8Array> {
  const stream = await ctx.body(MAX_ARROW_BYTES)
  if (stream.length === 0) throw invalidRequest(`${what} needs an Arrow IPC stream body (application/vnd.apache.arrow.stream) with the rows.`)
  return stream
}

function insertModeOf(value: string | null): 'append' | 'overwrite' {
  const mode = (value ?? '').replaceAll('_', '').toLowerCase()
  if (mode === '' || mode === 'append') return 'append'
  if (mode === 'overwrite') return 'overwrite'
  throw invalidRequest(`Query parameter "mode" must be "append" or "overwrite", got "${value}".`)
}

/** A timeout such as `30s`, `5m`, `1h` or `250ms`, in milliseconds. */
function timeoutOf(value: string | null): number | undefined {
  if (value === null || value === '') return undefined
  const match = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h)$/.exec(value.trim())
  if (!match) throw invalidRequest(`Query parameter "timeout" must be a duration such as "30s" or "5m", got "${value}".`)
  const scale = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 }[match[2] as 'ms' | 's' | 'm' | 'h']
  return Math.round(Number(match[1]) * scale)
}

function rejectBranch(body: Record<string, unknown>): void {
  if (optionalString(body, 'branch') !== undefined) throw new CatalogError('unsupported', 'Branches are not supported by this reference catalog server.')
}
