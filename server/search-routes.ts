/**
 * Search on the reference server: `QueryTable` with `vector` or `full_text_query` (the
 * query route hands such bodies here) and `ExplainTableQueryPlan` (of a search or of a
 * plain query), answered as the REST
 * binding says (a bare JSON string). Both run through the app's shared LanceDB search
 * code via the catalog's namespace client. What this server does not implement (multi
 * vectors, structured full-text queries, HNSW `ef`, distance bounds, …) is refused with a
 * clear "unsupported" rather than ignored.
 */
import type { TableRef } from '../src/shared/catalog-types'
import { searchSpec, type SearchSpec } from '../src/shared/contract/search'
import { CatalogError } from '../src/shared/errors'
import { invalidRequest } from './errors'
import { arrowFile, json, type Reply } from './http-io'
import { optionalCount, optionalFilter, optionalString, rowLimitOf } from './request-fields'
import { param, tableRefOf, type RequestContext, type Route } from './router'
import type { Database } from './databases'
import { withLanceTable } from './table-metadata'

/** The search routes besides the query route (which passes searches to `answerSearch`). */
export const searchRoutes: readonly Route[] = [{ method: 'POST', pattern: '/v1/table/:id/explain_plan', handle: explainPlan }]

/** True when a `QueryTableRequest` asks for a vector or full-text search. */
export function isSearch(body: Record<string, unknown>): boolean {
  return hasVector(body['vector']) || (body['full_text_query'] !== undefined && body['full_text_query'] !== null)
}

/** Answers a search `QueryTableRequest` with its rows as an Arrow IPC file. */
export async function answerSearch(ctx: RequestContext, ref: TableRef, body: Record<string, unknown>): Promise<Reply> {
  const { client } = await ctx.database()
  const spec = await specOf(body, async () => (await client.table(ref).describe()).fields)
  return arrowFile((await client.table(ref).searchRows(spec)).arrow, ctx.answerCompression)
}

async function explainPlan(ctx: RequestContext): Promise<Reply> {
  const ref = tableRefOf(param(ctx, 'id'), ctx.delimiter)
  const body = await ctx.jsonBody()
  const query = body['query']
  if (query === null || typeof query !== 'object' || Array.isArray(query)) throw invalidRequest('"query" must be a QueryTableRequest object.')
  if (body['verbose'] !== undefined && typeof body['verbose'] !== 'boolean') throw invalidRequest('"verbose" must be true or false.')
  const request = query as Record<string, unknown>
  const database = await ctx.database()
  const { client } = database
  // A plain query without a limit (LanceDB's k = 2^63 - 1) has no k the app's search takes.
  if (!isSearch(request) && rowLimitOf(request, 'k') === Number.POSITIVE_INFINITY)
    return json(await explainWholeScan(database, ref, request, body['verbose'] === true))
  const spec = await specOf(request, async () => (await client.table(ref).describe()).fields)
  // The REST binding answers the plan as a bare JSON string.
  return json(await client.table(ref).explainSearch(spec))
}

type Fields = () => Promise<readonly { readonly name: string; readonly dimension?: number; readonly type: string }[]>

/** The app's search spec from a `QueryTableRequest`, refusing what this server does not implement. */
async function specOf(body: Record<string, unknown>, fields: Fields): Promise<SearchSpec> {
  if (optionalCount(body, 'version') !== undefined) throw unsupported('Searching an older table version')
  if (optionalString(body, 'branch') !== undefined) throw unsupported('Searching a branch')
  for (const name of ['ef', 'lower_bound', 'upper_bound']) if (body[name] !== undefined && body[name] !== null) throw unsupported(`"${name}"`)
  for (const name of ['fast_search', 'bypass_vector_index', 'with_row_id']) if (body[name] === true) throw unsupported(`"${name}"`)
  if (body['prefilter'] === false) throw unsupported('Post-filtering ("prefilter": false)')
  if ((optionalCount(body, 'offset') ?? 0) > 0) throw unsupported('An offset into search results')
  const k = body['k']
  const filter = optionalFilter(body, 'filter')
  const columns = columnNames(body['columns'])
  const common = { ...(filter !== undefined && filter.trim() !== '' ? { filter } : {}), ...(columns ? { columns } : {}) }
  let query: unknown
  if (hasVector(body['vector'])) {
    if (body['full_text_query'] !== undefined && body['full_text_query'] !== null) throw unsupported('A vector and a full-text search in one query')
    const vector = singleVector(body['vector'])
    const column = optionalString(body, 'vector_column') ?? (await onlyVectorColumn(fields, vector.length))
    query = {
      kind: 'vector',
      column,
      vector,
      distanceType: (optionalString(body, 'distance_type') ?? 'l2').toLowerCase(),
      k,
      ...(optionalCount(body, 'nprobes') ? { nprobes: body['nprobes'] } : {}),
      ...(optionalCount(body, 'refine_factor') ? { refineFactor: body['refine_factor'] } : {})
    }
  } else if (body['full_text_query'] !== undefined && body['full_text_query'] !== null) {
    query = { kind: 'fts', text: stringQuery(body['full_text_query']), k }
  } else {
    // No search: a plain scan (explain_plan of a plain query).
    query = { kind: 'scan', k }
  }
  const parsed = searchSpec.safeParse({ query, ...common })
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'query'}: ${issue.message}`)
    throw invalidRequest(`The search cannot be run: ${issues.join('; ')}.`)
  }
  return parsed.data
}

/** LanceDB's plan of a plain query for every row (with its filter and columns). */
async function explainWholeScan(database: Database, ref: TableRef, body: Record<string, unknown>, verbose: boolean): Promise<string> {
  await specOf({ ...body, k: 1 }, async () => [])
  const filter = optionalFilter(body, 'filter')
  const columns = columnNames(body['columns'])
  // Through the client first, so a missing table is a clean 404.
  await database.client.table(ref).describe()
  return withLanceTable(database, ref, async (table) => {
    let query = table.query()
    if (columns && columns.length > 0) query = query.select(columns)
    if (filter !== undefined && filter.trim() !== '') query = query.where(filter)
    return query.explainPlan(verbose)
  })
}

/** `{ single_vector: [...] }` (the spec) or a bare array (older clients). */
function singleVector(value: unknown): unknown[] {
  if (Array.isArray(value)) return value
  const { single_vector: single, multi_vector: multi } = value as { single_vector?: unknown; multi_vector?: unknown }
  if (Array.isArray(multi) && multi.length > 0) throw unsupported('Multi-vector search')
  if (!Array.isArray(single)) throw invalidRequest('"vector" must be { "single_vector": [numbers] }.')
  return single
}

/** `{ string_query: { query, columns } }` (the spec) or `{ query, columns }` (LanceDB's clients up to 0.39). */
function stringQuery(value: unknown): string {
  const record = (value ?? {}) as { string_query?: unknown; structured_query?: unknown; query?: unknown }
  const { string_query: string, structured_query: structured } =
    typeof record.query === 'string' && record.string_query === undefined ? { string_query: record, structured_query: undefined } : record
  if (structured !== undefined && structured !== null) throw unsupported('A structured full-text query')
  const { query, columns } = (string ?? {}) as { query?: unknown; columns?: unknown }
  if (Array.isArray(columns) && columns.length > 0) throw unsupported('Choosing the full-text columns')
  if (typeof query !== 'string') throw invalidRequest('"full_text_query" must be { "string_query": { "query": "words" } }.')
  return query
}

/** Without `vector_column`, the one vector column of the vector's dimension, as LanceDB picks it. */
async function onlyVectorColumn(fields: Fields, dimension: number): Promise<string> {
  const matching = (await fields()).filter((field) => field.dimension === dimension && /^vector<float/.test(field.type))
  if (matching.length === 1 && matching[0]) return matching[0].name
  if (matching.length === 0) throw invalidRequest(`The table has no vector column of dimension ${dimension}; check the query vector's length.`)
  throw invalidRequest(`Several vector columns have dimension ${dimension}; name one in "vector_column".`)
}

function columnNames(value: unknown): string[] | undefined {
  if (value === undefined || value === null) return undefined
  if (Array.isArray(value)) return value as string[]
  const { column_names: names, column_aliases: aliases } = value as { column_names?: unknown; column_aliases?: unknown }
  if (aliases !== undefined && aliases !== null) throw unsupported('Column aliases')
  if (names === undefined || names === null) return undefined
  if (!Array.isArray(names)) throw invalidRequest('"columns" must list column names: { "column_names": ["a", "b"] }.')
  return names as string[]
}

function hasVector(value: unknown): boolean {
  if (value === undefined || value === null) return false
  if (Array.isArray(value)) return value.length > 0
  if (typeof value !== 'object') return true
  const { single_vector: single, multi_vector: multi } = value as { single_vector?: unknown; multi_vector?: unknown }
  return (Array.isArray(single) && single.length > 0) || (Array.isArray(multi) && multi.length > 0)
}

function unsupported(what: string): CatalogError {
  return new CatalogError('unsupported', `${what} is not supported by this reference catalog server.`)
}
