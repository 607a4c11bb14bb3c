/**
 * Table routes that read data: count_rows (bare integer reply), query (Arrow IPC file
 * reply, as the spec says; offset, limit, columns and filter; vector and full-text
 * searches go to search-routes.ts), explain_plan and stats.
 */
import { CatalogError } from '../src/shared/errors'
import { invalidRequest } from './errors'
import { json, streamedArrowFile } from './http-io'
import { jsonNumber, optionalCount, optionalFilter, optionalString, optionalVersion, rowLimitOf } from './request-fields'
import type { ExactInt } from '../src/shared/exact-int'
import { param, tableRefOf, type RequestContext, type Route } from './router'
import { withLanceTable } from './table-metadata'
import { answerSearch, isSearch, searchRoutes } from './search-routes'
import { arrowFileChunks, rowPages } from './row-stream'

/** Rows a query returns when it names no `k` (LanceDB's default query limit). */
export const DEFAULT_QUERY_LIMIT = 10

/** The data routes. */
export const dataRoutes: readonly Route[] = [
  { method: 'POST', pattern: '/v1/table/:id/count_rows', handle: countRows },
  { method: 'POST', pattern: '/v1/table/:id/query', handle: queryTable },
  { method: 'POST', pattern: '/v1/table/:id/stats', handle: tableStats },
  ...searchRoutes
]

async function countRows(ctx: RequestContext) {
  const ref = tableRefOf(param(ctx, 'id'), ctx.delimiter)
  const body = await ctx.jsonBody()
  rejectTimeTravel(body)
  const predicate = optionalFilter(body, 'predicate') ?? optionalFilter(body, 'filter')
  const { client } = await ctx.database()
  const version = optionalVersion(body)
  return json(jsonNumber(version === undefined ? await client.table(ref).countRows(predicate) : await client.table(ref).countRowsAt(version, predicate)))
}

async function queryTable(ctx: RequestContext) {
  const ref = tableRefOf(param(ctx, 'id'), ctx.delimiter)
  const body = await ctx.jsonBody()
  if (isSearch(body)) return answerSearch(ctx, ref, body)
  rejectTimeTravel(body)
  if (body.with_row_id === true) throw unsupported('Returning row ids')
  const limit = rowLimitOf(body, 'k') ?? rowLimitOf(body, 'limit') ?? DEFAULT_QUERY_LIMIT
  const offset = optionalCount(body, 'offset') ?? 0
  const filter = optionalFilter(body, 'filter')
  const columns = columnsOf(body.columns)
  const { client } = await ctx.database()
  // A REST answer cannot say it was cut short, so this server answers every row asked for,
  // reading them page by page within the read budget and sending each page as it comes.
  const pages = rowPages(client, ref, {
    offset,
    limit,
    ...versionOf(body),
    ...(columns ? { columns } : {}),
    ...(filter !== undefined && filter.trim() !== '' ? { filter } : {})
  })
  return streamedArrowFile(arrowFileChunks(pages, ctx.answerCompression))
}

async function tableStats(ctx: RequestContext) {
  const ref = tableRefOf(param(ctx, 'id'), ctx.delimiter)
  await ctx.jsonBody()
  const database = await ctx.database()
  // Through the client first, so a missing table is a clean 404.
  await database.client.table(ref).describe()
  const stats = await withLanceTable(database, ref, (table) => table.stats())
  const { numFragments, numSmallFragments, lengths } = stats.fragmentStats
  return json({
    total_bytes: stats.totalBytes,
    num_rows: stats.numRows,
    num_indices: stats.numIndices,
    fragment_stats: { num_fragments: numFragments, num_small_fragments: numSmallFragments, lengths }
  })
}

/** Columns as `{ column_names: [...] }` (current spec) or a bare array (older clients). */
function columnsOf(value: unknown): string[] | undefined {
  if (value === undefined || value === null) return undefined
  const names = Array.isArray(value) ? value : (value as { column_names?: unknown; column_aliases?: unknown }).column_names
  if (!Array.isArray(value) && typeof value === 'object' && (value as { column_aliases?: unknown }).column_aliases != null) {
    throw unsupported('Column aliases')
  }
  if (names === undefined || names === null) return undefined
  if (!Array.isArray(names) || !names.every((name) => typeof name === 'string' && name !== '')) {
    throw invalidRequest('"columns" must list column names: { "column_names": ["a", "b"] }.')
  }
  return names as string[]
}

/** The `version` a read asks for, as a rows request field. */
function versionOf(body: Record<string, unknown>): { version?: ExactInt } {
  const version = optionalVersion(body)
  return version === undefined ? {} : { version }
}

function rejectTimeTravel(body: Record<string, unknown>): void {
  if (optionalString(body, 'branch') !== undefined) throw unsupported('Reading a branch')
}

function unsupported(what: string): CatalogError {
  return new CatalogError('unsupported', `${what} is not supported by this reference catalog server.`)
}
