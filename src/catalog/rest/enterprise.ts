/**
 * LanceDB Enterprise routes, on the same connection (and pool) as the REST namespace:
 * `GET /v1/tables` to check connectivity and list tables, `POST /v1/tables/{name}` with an
 * Arrow stream to create a table, and the same POST without a body to probe write access.
 * `x-api-key`, `x-service-database` and `x-service-database-prefix` arrive as `headers.*`
 * properties like any other header.
 */
import type { Page, PageRequest } from '../../shared/catalog-types'
import { CatalogError, type ErrorValue } from '../../shared/errors'
import { componentProblem } from '../../shared/namespace-path'
import type { CreateMode } from '../../shared/contract/tables'
import type { CallOptions } from '../namespace-client'
import { withAtLeastOneBatch } from './arrow-ipc'
import { parseJson, type HttpRequest, type HttpTransport } from './http'
import { readListingFast } from './listing-page'
import { pathSegment } from './path-segment'
import type { PageTokenGuard } from './pagination'

/** What a write probe concluded from the server's answer. */
export type WriteAccessVerdict = 'writable' | 'unauthenticated' | 'read_only' | 'unknown'

/** The outcome of a write probe: the status seen, how long it took, and what it means. */
export interface WriteAccessResult {
  readonly status: number
  readonly latencyMs: number
  readonly verdict: WriteAccessVerdict
  /** The typed error behind a verdict other than `writable`. */
  readonly error?: ErrorValue
}

/** The outcome of a connectivity check. */
export interface ConnectivityResult {
  readonly latencyMs: number
  /** Tables on the first page, as proof the key and database headers work. */
  readonly tables: readonly string[]
}

/** Options of an Enterprise create: how to treat an existing table, and a signal. */
export interface CreateOptions extends CallOptions {
  readonly mode?: CreateMode
}

/** The Enterprise routes of one REST connection. */
export interface EnterpriseClient {
  /** One page of table names from `GET /v1/tables`. */
  listTables(page?: PageRequest, options?: CallOptions): Promise<Page<string>>
  /** Lists the first page of tables and reports the round-trip time; throws a typed error on failure. */
  checkConnectivity(options?: CallOptions): Promise<ConnectivityResult>
  /**
   * Creates a table from an Arrow IPC stream. A `mode` other than `create` goes along as
   * the `mode` query parameter (as on the spec's create route); servers that ignore it
   * answer an existing table with a conflict.
   */
  createTable(name: string, arrowStream: Uint8Array, options?: CreateOptions): Promise<void>
  /** Posts to `/v1/tables/{probeName}` without a body; 401/403 become verdicts, not throws. */
  checkWriteAccess(probeName: string, options?: CallOptions): Promise<WriteAccessResult>
}

/**
 * The Enterprise routes on a connection's transport; `pageGuard` is the connection's, so
 * its listings are guarded like the namespace listings.
 */
export function enterpriseRoutes(http: HttpTransport, pageGuard: PageTokenGuard): EnterpriseClient {
  const listTables = async (page: PageRequest = {}, options: CallOptions = {}): Promise<Page<string>> => {
    const response = await http.request({
      method: 'GET',
      path: '/v1/tables',
      query: { page_token: page.pageToken ?? undefined, limit: page.limit },
      idempotent: true,
      signal: options.signal
    })
    const { items, nextPageToken } = readTablePage(response.body.toString('utf8'))
    pageGuard.check('enterprise-tables', 'the Enterprise table list', page.pageToken, nextPageToken)
    return { items, nextPageToken }
  }

  return {
    listTables,

    async checkConnectivity(options: CallOptions = {}): Promise<ConnectivityResult> {
      const started = performance.now()
      const page = await listTables({}, options)
      return { latencyMs: Math.round(performance.now() - started), tables: page.items }
    },

    async createTable(name: string, arrowStream: Uint8Array, options: CreateOptions = {}): Promise<void> {
      assertTableName(name)
      await http.request({
        ...tableRoute(name, options),
        ...(options.mode && options.mode !== 'create' ? { query: { mode: options.mode } } : {}),
        body: withAtLeastOneBatch(arrowStream),
        contentType: 'application/vnd.apache.arrow.stream',
        conflict: 'table_exists',
        lostRace: 'table_exists'
      })
    },

    async checkWriteAccess(probeName: string, options: CallOptions = {}): Promise<WriteAccessResult> {
      assertTableName(probeName)
      const request = tableRoute(probeName, options)
      const started = performance.now()
      const response = await http.send(request)
      const latencyMs = Math.round(performance.now() - started)
      const verdict = verdictFor(response.status)
      if (verdict === 'writable') return { status: response.status, latencyMs, verdict }
      return { status: response.status, latencyMs, verdict, error: http.errorFor(response, request).toValue() }
    }
  }
}

function tableRoute(name: string, options: CallOptions): HttpRequest {
  return {
    method: 'POST',
    path: `/v1/tables/${pathSegment(name)}`,
    idempotent: false,
    signal: options.signal,
    subject: `table "${name}"`
  }
}

/**
 * A bodiless create passes authentication and authorisation before the server looks at
 * the (missing) data, so a 4xx about the body means the key may write.
 */
function verdictFor(status: number): WriteAccessVerdict {
  if (status >= 200 && status < 300) return 'writable'
  if (status === 401) return 'unauthenticated'
  if (status === 403) return 'read_only'
  if (status === 400 || status === 409 || status === 411 || status === 415 || status === 422) return 'writable'
  return 'unknown'
}

function readTablePage(text: string): Page<string> {
  const fast = readListingFast(text, 'tables')
  if (fast) return { items: fast.items, nextPageToken: fast.pageToken || null }
  // The documented answer is `{ tables, page_token }`; accept a bare array and
  // `{ name }` objects too, since deployments have differed.
  const body = parseJson(text, 'GET /v1/tables')
  const list = Array.isArray(body) ? body : isRecord(body) ? body['tables'] : undefined
  if (!Array.isArray(list)) throw new CatalogError('bad_response', 'The answer to GET /v1/tables has no "tables" list.')
  const items = list.map((entry) => {
    if (typeof entry === 'string') return entry
    if (isRecord(entry) && typeof entry['name'] === 'string') return entry['name']
    throw new CatalogError('bad_response', 'The answer to GET /v1/tables lists something that is not a table name.')
  })
  const token = isRecord(body) ? body['page_token'] : undefined
  return { items, nextPageToken: typeof token === 'string' && token.length > 0 ? token : null }
}

function assertTableName(name: string): void {
  const problem = componentProblem(name)
  if (problem) throw new CatalogError('invalid_name', problem)
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}
