/**
 * The spec's table index routes: ListTableIndices, DescribeTableIndexStats,
 * CreateTableIndex / CreateTableScalarIndex and DropTableIndex, on LanceDB through the
 * app's shared functions (src/catalog/lance/indexes.ts). A create is built
 * before the answer (so no `transaction_id`), and a client that goes away mid-build
 * cancels it.
 */
import type { Table } from '@lancedb/lancedb'
import type { FieldInfo, TableRef } from '../src/shared/catalog-types'
import { indexSpec, INDEX_TYPES, type IndexSpec } from '../src/shared/contract/indexes'
import { CatalogError } from '../src/shared/errors'
import { displayIdentifier } from '../src/shared/namespace-path'
import { isVectorIndexType } from '../src/shared/index-types'
import { fromLance } from '../src/catalog/lance/lance-errors'
import { createTableIndex, dropTableIndex, listTableIndexes } from '../src/catalog/lance/indexes'
import type { Database } from './databases'
import { invalidRequest } from './errors'
import { json } from './http-io'
import { param, tableRefOf, type RequestContext, type Route } from './router'
import { withLanceTable } from './table-metadata'

/** The index routes. */
export const indexesRoutes: readonly Route[] = [
  { method: 'POST', pattern: '/v1/table/:id/index/list', handle: listIndices },
  { method: 'POST', pattern: '/v1/table/:id/index/:index_name/stats', handle: indexStats },
  { method: 'POST', pattern: '/v1/table/:id/create_index', writes: 'create indexes', handle: createIndex },
  { method: 'POST', pattern: '/v1/table/:id/create_scalar_index', writes: 'create indexes', handle: createIndex },
  { method: 'POST', pattern: '/v1/table/:id/index/:index_name/drop', writes: 'drop indexes', handle: dropIndex }
]

async function listIndices(ctx: RequestContext) {
  const ref = tableRefOf(param(ctx, 'id'), ctx.delimiter)
  const body = await ctx.jsonBody()
  rejectTimeTravel(body)
  const indexes = await onTable(await ctx.database(), ref, 'list the indexes of', async (table) => {
    const [configs, infos] = await Promise.all([table.listIndices(), listTableIndexes(table)])
    return infos.map((info) => {
      const config = configs.find((candidate) => candidate.name === info.name)
      return {
        index_name: info.name,
        index_uuid: config?.indexUuid ?? '',
        columns: info.columns,
        status: 'ready',
        index_type: info.indexType,
        ...(info.indexedRows !== null ? { num_indexed_rows: info.indexedRows } : {}),
        ...(info.unindexedRows !== null ? { num_unindexed_rows: info.unindexedRows } : {}),
        ...(config?.sizeBytes !== undefined ? { size_bytes: config.sizeBytes } : {}),
        ...(config?.numSegments !== undefined ? { num_segments: config.numSegments } : {}),
        ...(config?.createdAt !== undefined ? { created_at: config.createdAt.toISOString() } : {}),
        ...(config?.indexVersion !== undefined ? { index_version: config.indexVersion } : {})
      }
    })
  })
  // Every index in one page: a table has few, so no page token is ever needed.
  return json({ indexes })
}

async function indexStats(ctx: RequestContext) {
  const ref = tableRefOf(param(ctx, 'id'), ctx.delimiter)
  const name = param(ctx, 'index_name')
  const body = await ctx.jsonBody()
  rejectTimeTravel(body)
  if (body.index_name !== undefined && body.index_name !== name) throw invalidRequest(`The body's "index_name" names another index than the path ("${name}").`)
  const stats = await onTable(await ctx.database(), ref, `read the stats of index "${name}" of`, (table) => table.indexStats(name))
  if (!stats) throw indexNotFound(ref, name)
  return json({
    index_type: stats.indexType,
    num_indexed_rows: stats.numIndexedRows,
    num_unindexed_rows: stats.numUnindexedRows,
    ...(stats.distanceType !== undefined ? { distance_type: stats.distanceType } : {}),
    ...(stats.numIndices !== undefined ? { num_indices: stats.numIndices } : {})
  })
}

async function createIndex(ctx: RequestContext) {
  const ref = tableRefOf(param(ctx, 'id'), ctx.delimiter)
  const spec = specOf(await ctx.jsonBody())
  const database = await ctx.database()
  // The client going away (its Cancel) ends the build; the socket closes when it aborts.
  const abandoned = new AbortController()
  const onClose = (): void => abandoned.abort()
  ctx.req.socket.once('close', onClose)
  // Gone while the request was still being read: the listener came too late to hear it.
  if (ctx.req.socket.destroyed) abandoned.abort()
  try {
    // Checked before the build, so a column that cannot take the index is the caller's 400, not a failed build.
    checkIndexFits(ref, (await database.client.table(ref).describe()).fields, spec)
    await onTable(database, ref, `create an index on column "${spec.column}" of`, async (table) => {
      await requireColumn(table, ref, spec.column)
      await createTableIndex(table, spec, abandoned.signal)
    })
  } finally {
    ctx.req.socket.off('close', onClose)
  }
  return json({})
}

async function dropIndex(ctx: RequestContext) {
  const ref = tableRefOf(param(ctx, 'id'), ctx.delimiter)
  const name = param(ctx, 'index_name')
  await onTable(await ctx.database(), ref, `drop index "${name}" of`, (table) => dropTableIndex(table, name))
  return json({})
}

/** The spec's CreateTableIndexRequest as the app's index spec; 400 for what it cannot build. */
function specOf(body: Record<string, unknown>): IndexSpec {
  const type = typeof body.index_type === 'string' ? body.index_type.toUpperCase() : body.index_type
  if (typeof type !== 'string' || !(INDEX_TYPES as readonly string[]).includes(type)) {
    throw invalidRequest(`"index_type" must be one of ${INDEX_TYPES.join(', ')}.`)
  }
  const candidate = {
    column: body.column,
    indexType: type,
    name: body.name ?? undefined,
    distanceType: typeof body.distance_type === 'string' ? body.distance_type.toLowerCase() : body.distance_type,
    numPartitions: body.num_partitions ?? undefined,
    numSubVectors: body.num_sub_vectors ?? undefined,
    m: body.m ?? undefined,
    efConstruction: body.ef_construction ?? undefined,
    withPosition: body.with_position ?? undefined
  }
  const parsed = indexSpec.safeParse(Object.fromEntries(Object.entries(candidate).filter(([, value]) => value !== undefined)))
  if (!parsed.success)
    throw invalidRequest(`Cannot create this index: ${parsed.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; ')}`)
  return parsed.data
}

/** Refuses an index type the column's type cannot take (a vector index on text, full text on numbers). */
function checkIndexFits(ref: TableRef, fields: readonly FieldInfo[], spec: IndexSpec): void {
  const field = fields.find((candidate) => candidate.name === spec.column)
  if (!field) return
  const type = field.type
  const text = type === 'utf8' || type === 'large_utf8'
  const list = type.startsWith('list<') || type.startsWith('large_list<')
  const need = isVectorIndexType(spec.indexType)
    ? type.startsWith('vector<')
      ? null
      : 'a vector column (a fixed-size list of floats)'
    : spec.indexType === 'FTS'
      ? text || /^(large_)?list<(large_)?utf8>$/.test(type)
        ? null
        : 'a text column'
      : spec.indexType === 'LABEL_LIST'
        ? list
          ? null
          : 'a list column'
        : type.startsWith('vector<') || list || field.children !== undefined
          ? 'a column of single values (numbers, text, dates)'
          : null
  if (need !== null) {
    throw invalidRequest(
      `Column "${spec.column}" of table "${displayIdentifier([...ref.namespace, ref.name])}" is ${type} and cannot take a ${spec.indexType} index, which needs ${need}.`
    )
  }
}

async function requireColumn(table: Table, ref: TableRef, column: string): Promise<void> {
  const schema = await table.schema()
  if (!schema.fields.some((field) => field.name === column)) {
    throw invalidRequest(`Table "${displayIdentifier([...ref.namespace, ref.name])}" has no column "${column}".`)
  }
}

/** Runs `fn` on the table; what LanceDB throws is named for the table (a missing table is a 404). */
async function onTable<T>(database: Database, ref: TableRef, action: string, fn: (table: Table) => Promise<T>): Promise<T> {
  try {
    return await withLanceTable(database, ref, fn)
  } catch (error) {
    if (error instanceof CatalogError) throw error
    throw fromLance(error, `${action} table "${displayIdentifier([...ref.namespace, ref.name])}"`, { table: ref })
  }
}

function indexNotFound(ref: TableRef, name: string): CatalogError {
  return new CatalogError('index_not_found', `Table "${displayIdentifier([...ref.namespace, ref.name])}" has no index named "${name}".`)
}

/** Indexes are read at the latest version only. */
function rejectTimeTravel(body: Record<string, unknown>): void {
  if (body.version !== undefined && body.version !== null) throw invalidRequest('This server lists indexes of the latest version only; leave out "version".')
  if (body.branch !== undefined && body.branch !== null) throw invalidRequest('This server has no branches; leave out "branch".')
}
