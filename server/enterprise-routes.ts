/**
 * The LanceDB Enterprise routes this server imitates: `GET /v1/tables` (connectivity and
 * the tables in the root of the selected database) and `POST /v1/tables/{table_name}`
 * (an Arrow stream body creates the table; no body only checks write access).
 * `x-service-database` selects the database folder (see databases.ts).
 */
import { componentProblem } from '../src/shared/namespace-path'
import { CatalogError } from '../src/shared/errors'
import { ARROW_STREAM_TYPE, empty, json, MAX_ARROW_BYTES } from './http-io'
import { allTables } from './listing'
import { createModeOf, jsonNumber } from './request-fields'
import { param, type RequestContext, type Route } from './router'
import { absoluteLocation } from './table-metadata'
import { pageOf, readPageQuery } from './tokens'

/** The enterprise routes. */
export const enterpriseRoutes: readonly Route[] = [
  { method: 'GET', pattern: '/v1/tables', handle: listRootTables },
  { method: 'POST', pattern: '/v1/tables/:table_name', writes: 'create tables', handle: createRootTable }
]

async function listRootTables(ctx: RequestContext) {
  const page = readPageQuery(ctx.query)
  const { client } = await ctx.database()
  const result = pageOf(await allTables(client, []), page, ctx.pageSize)
  return json({ tables: result.items, ...(result.nextPageToken ? { page_token: result.nextPageToken } : {}) })
}

async function createRootTable(ctx: RequestContext) {
  const name = param(ctx, 'table_name')
  const problem = componentProblem(name)
  if (problem) throw new CatalogError('invalid_name', problem)
  const mode = createModeOf(ctx.query.get('mode'), 'Query parameter "mode"')
  const database = await ctx.database()
  const stream = await ctx.body(MAX_ARROW_BYTES)
  // Reaching here means the credentials may write: that is all a bodiless POST asks.
  if (stream.length === 0) return empty(204)
  const type = (ctx.req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
  if (type !== '' && type !== ARROW_STREAM_TYPE && type !== 'application/octet-stream') {
    throw new CatalogError('invalid_request', `Send the table as an Arrow IPC stream (Content-Type: ${ARROW_STREAM_TYPE}), not ${type}.`)
  }
  const ref = { namespace: [], name }
  await database.client.createTable(ref, stream, mode)
  const description = await database.client.table(ref).describe()
  return json({
    name,
    location: absoluteLocation(description.location, database.root),
    version: description.version === null ? null : jsonNumber(description.version)
  })
}
