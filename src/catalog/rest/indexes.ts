/**
 * A table's indexes over the Lance REST spec: ListTableIndices (paged), DescribeTableIndexStats
 * for counts a listing leaves out, CreateTableIndex / CreateTableScalarIndex and
 * DropTableIndex. A create or drop answered with a `transaction_id` is done only when the
 * transaction says so; cancelling asks the catalog to cancel it (see transactions.ts). The
 * spec has no optimize operation: `optimizeRoute` says so, and the caller reaches the
 * table at its location instead (rest-table.ts).
 */
import type { IndexInfo, IndexSpec } from '../../shared/contract/indexes'
import { isVectorIndexType } from '../../shared/contract/indexes'
import { CatalogError } from '../../shared/errors'
import type { CallOptions } from '../namespace-client'
import type { HttpTransport } from './http'
import type { RestTableTarget } from './rest-names'
import { isUnsupportedOperation } from './unsupported'
import { awaitTransactions } from './transactions'
import { pathSegment } from './path-segment'

/** Pages a listing may take before it is taken for a server repeating itself. */
const MAX_PAGES = 1000

/** Every index of the table, with indexed/unindexed rows (from the stats route where the listing lacks them). */
export async function listIndexesRoute(http: HttpTransport, target: RestTableTarget, options: CallOptions = {}): Promise<IndexInfo[]> {
  const found: IndexInfo[] = []
  for (const entry of await listedIndexEntries(http, target, options)) found.push(await indexOf(http, target, entry, options))
  return found
}

/**
 * The entries of ListTableIndices as the catalog sends them, every page (a repeated page
 * token or a listing that never ends is the server's fault, and said so).
 */
export async function listedIndexEntries(http: HttpTransport, target: RestTableTarget, options: CallOptions = {}): Promise<unknown[]> {
  const entries: unknown[] = []
  const seen = new Set<string>()
  let pageToken: string | null = null
  for (let page = 0; page < MAX_PAGES; page++) {
    const body = await http.json({
      method: 'POST',
      path: `/v1/table/${target.encodedId}/index/list`,
      query: target.query,
      json: { id: [...target.id], ...(pageToken ? { page_token: pageToken } : {}) },
      idempotent: true,
      signal: options.signal,
      subject: target.subject,
      notFound: 'table_not_found'
    })
    if (!isRecord(body) || !Array.isArray(body['indexes'])) {
      throw new CatalogError('bad_response', `The server's list of indexes of ${target.subject} has no "indexes" list.`)
    }
    entries.push(...body['indexes'])
    const next = typeof body['page_token'] === 'string' && body['page_token'] !== '' ? body['page_token'] : null
    if (next === null) return entries
    if (seen.has(next)) throw new CatalogError('bad_response', `The server repeated a page token while listing the indexes of ${target.subject}.`)
    seen.add(next)
    pageToken = next
  }
  throw new CatalogError('bad_response', `The server's list of indexes of ${target.subject} did not end after ${MAX_PAGES} pages.`)
}

/** Builds an index through CreateTableIndex (vector types) or CreateTableScalarIndex (the others). */
export async function createIndexRoute(http: HttpTransport, target: RestTableTarget, spec: IndexSpec, options: CallOptions = {}): Promise<void> {
  const action = isVectorIndexType(spec.indexType) ? 'create_index' : 'create_scalar_index'
  const send = (route: string) =>
    http.request({
      method: 'POST',
      path: `/v1/table/${target.encodedId}/${route}`,
      query: target.query,
      json: { id: [...target.id], ...requestBody(spec) },
      idempotent: false,
      signal: options.signal,
      subject: target.subject,
      notFound: 'table_not_found',
      conflict: 'index_exists'
    })
  let response
  try {
    response = await send(action)
  } catch (error) {
    // The scalar route is an alias; a catalog that has only CreateTableIndex takes every type there.
    if (action !== 'create_scalar_index' || !isUnsupportedOperation(error) || error.code === 'unsupported') throw error
    response = await send('create_index')
  }
  await awaitTransactions(http, response, `the index build on ${target.subject}`, options)
}

/** Drops the index `name` (DropTableIndex takes no body). */
export async function dropIndexRoute(http: HttpTransport, target: RestTableTarget, name: string, options: CallOptions = {}): Promise<void> {
  const response = await http.request({
    method: 'POST',
    path: `/v1/table/${target.encodedId}/index/${pathSegment(name)}/drop`,
    query: target.query,
    idempotent: false,
    signal: options.signal,
    subject: `index "${name}" of ${target.subject}`,
    notFound: 'index_not_found'
  })
  await awaitTransactions(http, response, `the drop of index "${name}" of ${target.subject}`, options)
}

/** The spec has no operation that indexes new rows; the caller goes to the table's location. */
export function optimizeRoute(target: RestTableTarget): never {
  throw new CatalogError('unsupported', `The Lance REST spec has no operation to optimize ${target.subject}.`)
}

async function indexOf(http: HttpTransport, target: RestTableTarget, entry: unknown, options: CallOptions): Promise<IndexInfo> {
  if (!isRecord(entry) || typeof entry['index_name'] !== 'string') {
    throw new CatalogError('bad_response', `The server listed an index of ${target.subject} without a name.`)
  }
  const name = entry['index_name']
  const listed = {
    indexType: typeof entry['index_type'] === 'string' ? entry['index_type'] : null,
    indexedRows: count(entry['num_indexed_rows']),
    unindexedRows: count(entry['num_unindexed_rows'])
  }
  const columns = Array.isArray(entry['columns']) ? entry['columns'].filter((c): c is string => typeof c === 'string') : []
  // The listing's counts and type are optional in the spec; its stats operation has them.
  const complete = listed.indexType !== null && listed.indexedRows !== null && listed.unindexedRows !== null
  const stats = await describeIndexStats(http, target, name, options, complete)
  return {
    name,
    indexType: listed.indexType ?? stats?.indexType ?? 'unknown',
    columns,
    indexedRows: listed.indexedRows ?? stats?.indexedRows ?? null,
    unindexedRows: listed.unindexedRows ?? stats?.unindexedRows ?? null,
    distanceType: stats?.distanceType ?? null
  }
}

interface IndexStats {
  readonly indexType: string | null
  readonly indexedRows: number | null
  readonly unindexedRows: number | null
  readonly distanceType: string | null
}

/** DescribeTableIndexStats, or null when the catalog has no such route (or `optional` and it fails). */
async function describeIndexStats(
  http: HttpTransport,
  target: RestTableTarget,
  name: string,
  options: CallOptions,
  optional: boolean
): Promise<IndexStats | null> {
  let body: unknown
  try {
    body = await http.json({
      method: 'POST',
      path: `/v1/table/${target.encodedId}/index/${pathSegment(name)}/stats`,
      query: target.query,
      json: { id: [...target.id], index_name: name },
      idempotent: true,
      signal: options.signal,
      subject: `index "${name}" of ${target.subject}`,
      notFound: 'index_not_found'
    })
  } catch (error) {
    if (options.signal?.aborted) throw error
    if (optional || isUnsupportedOperation(error)) return null
    throw error
  }
  if (!isRecord(body)) return null
  return {
    indexType: typeof body['index_type'] === 'string' ? body['index_type'] : null,
    indexedRows: count(body['num_indexed_rows']),
    unindexedRows: count(body['num_unindexed_rows']),
    distanceType: typeof body['distance_type'] === 'string' ? body['distance_type'] : null
  }
}

/** The spec's CreateTableIndexRequest fields for `spec` (absent parameters left out). */
export function requestBody(spec: IndexSpec): Record<string, unknown> {
  const fields: Record<string, unknown> = {
    column: spec.column,
    index_type: spec.indexType,
    name: spec.name,
    distance_type: spec.distanceType,
    num_partitions: spec.numPartitions,
    num_sub_vectors: spec.numSubVectors,
    m: spec.m,
    ef_construction: spec.efConstruction,
    with_position: spec.withPosition
  }
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined))
}

function count(value: unknown): number | null {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}
