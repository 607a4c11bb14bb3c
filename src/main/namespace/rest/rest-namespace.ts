/**
 * The `rest` namespace implementation: our own client for the Lance REST namespace spec,
 * on one keep-alive undici pool per connection. Listings are `GET`s with `page_token`,
 * `limit` and `delimiter` query parameters; everything else is `POST /v1/<object>/{id}/<action>`.
 */
import type { FieldInfo, Page, PageRequest, TableDescription, TableRef } from '../../../shared/catalog-types'
import { assertNever } from '../../../shared/assert-never'
import { READ_PAGE_MAX_BYTES, type CreateMode, type RowsPage } from '../../../shared/contract/tables'
import { CatalogError } from '../../../shared/errors'
import { componentProblem, delimiterFor, displayIdentifier, toIdentifier, type NamespacePath } from '../../../shared/namespace-path'
import { describeFields } from '../arrow-schema'
import type { CallOptions, DropBehavior, NamespaceClient, ReadRowsRequest } from '../namespace-client'
import { rowsOfIpc, schemaOfIpc, toArrowStream, withAtLeastOneBatch } from './arrow-ipc'
import { ArrowPageReader } from './arrow-page-reader'
import { enterpriseRoutes, type EnterpriseClient } from './enterprise'
import { HttpTransport, type HttpOptions, type HttpResponse } from './http'
import { fieldsFromJsonSchema } from './json-schema'
import { readListingPage } from './listing-page'
import { PageTokenGuard } from './pagination'
import { parseRestProperties } from './rest-config'
import { isMissingRoute, TableStatsReader, type StatsTarget } from './table-stats'
import type { IndexInfo, IndexSpec, OptimizeResult } from '../../../shared/contract/indexes'
import { createIndexRoute, dropIndexRoute, listIndexesRoute, optimizeRoute } from './indexes'
import { awaitTransactions } from './transactions'
import { RestVersionRoutes } from './versions'
import { VersionAccess } from './versions-access'
import type { TableTagInfo, TableVersionInfo } from '../../../shared/contract/versions'

/** Options of a REST connection: which headers are secret, timeouts, size cap, retries, create routes. */
export interface RestNamespaceOptions extends HttpOptions {
  /**
   * `enterprise`: the connection is a LanceDB Enterprise database, whose tables are flat,
   * so root tables are created with its `POST /v1/tables/{name}`; absent, the spec's route.
   */
  readonly routes?: 'enterprise'
}

/** A REST namespace client, carrying the Enterprise routes of its connection. */
export interface RestNamespaceClient extends NamespaceClient {
  readonly delimiter: string
  /** The Enterprise routes on this connection's transport (one pool, one page-token guard). */
  readonly enterprise: EnterpriseClient
  /** The version routes (issue 16) on this connection's transport. */
  readonly versionRoutes: RestVersionRoutes
}

/** Opens a REST namespace client; properties are `uri`, `delimiter` and `headers.*`. */
export function openRestNamespace(
  properties: Readonly<Record<string, string>>,
  options: RestNamespaceOptions = {}
): RestNamespaceClient {
  const config = parseRestProperties(properties)
  return new RestNamespace(new HttpTransport(config.baseUrl, config.headers, options), config.delimiter, options.routes)
}

const ARROW_STREAM = 'application/vnd.apache.arrow.stream'
/** Tries of a query whose first batch was over the page cap, each asking for fewer rows. */
const MAX_QUERY_ATTEMPTS = 8

class RestNamespace implements RestNamespaceClient {
  readonly enterprise: EnterpriseClient
  readonly #http: HttpTransport
  // Remembers page tokens per listing; shared with the Enterprise routes so every listing on this connection is guarded.
  readonly #pageGuard = new PageTokenGuard()
  readonly #routes: RestNamespaceOptions['routes']
  readonly #stats: TableStatsReader
  readonly versionRoutes: RestVersionRoutes
  readonly #versions: VersionAccess

  constructor(http: HttpTransport, readonly delimiter: string, routes: RestNamespaceOptions['routes']) {
    this.#http = http
    this.#routes = routes
    this.enterprise = enterpriseRoutes(http, this.#pageGuard)
    this.#stats = new TableStatsReader(http)
    this.versionRoutes = new RestVersionRoutes(http, delimiter)
    this.#versions = new VersionAccess(this.versionRoutes, null, this)
  }

  async listNamespaces(parent: NamespacePath, page: PageRequest = {}, options: CallOptions = {}): Promise<Page<string>> {
    const id = this.#id(parent)
    const response = await this.#http.request({
      method: 'GET',
      path: `/v1/namespace/${encodeURIComponent(id)}/list`,
      query: this.#pageQuery(page, parent),
      idempotent: true,
      signal: options.signal,
      subject: this.#namespaceName(parent),
      notFound: 'namespace_not_found'
    })
    return this.#page(response, 'namespaces', id, page, `the namespaces in ${this.#namespaceName(parent)}`)
  }

  async listTables(namespace: NamespacePath, page: PageRequest = {}, options: CallOptions = {}): Promise<Page<string>> {
    const id = this.#id(namespace)
    const response = await this.#http.request({
      method: 'GET',
      path: `/v1/namespace/${encodeURIComponent(id)}/table/list`,
      query: this.#pageQuery(page, namespace),
      idempotent: true,
      signal: options.signal,
      subject: this.#namespaceName(namespace),
      notFound: 'namespace_not_found'
    })
    const result = this.#page(response, 'tables', id, page, `the tables in ${this.#namespaceName(namespace)}`)
    // The spec allows full identifiers here; the interface promises bare names.
    const prefix = namespace.length > 0 ? id + this.#delimiter(namespace) : undefined
    if (!prefix || !result.items.some((name) => name.startsWith(prefix))) return result
    return { ...result, items: result.items.map((name) => (name.startsWith(prefix) ? name.slice(prefix.length) : name)) }
  }

  async createNamespace(path: NamespacePath, mode: CreateMode = 'create', options: CallOptions = {}): Promise<void> {
    if (path.length === 0) {
      if (mode === 'exist_ok') return
      throw new CatalogError('namespace_exists', 'The root namespace always exists; give the new namespace a name.')
    }
    const id = this.#id(path)
    const response = await this.#http.request({
      method: 'POST',
      path: `/v1/namespace/${encodeURIComponent(id)}/create`,
      query: { delimiter: this.#delimiter(path) },
      json: { id: path, mode },
      idempotent: false,
      signal: options.signal,
      subject: this.#namespaceName(path.slice(0, -1)),
      conflictSubject: this.#namespaceName(path),
      notFound: 'namespace_not_found',
      conflict: 'namespace_exists',
      lostRace: 'namespace_exists'
    })
    // A long-running operation is done only when its transaction says so.
    await awaitTransactions(this.#http, response, `the create of ${this.#namespaceName(path)}`, options)
  }

  async dropNamespace(path: NamespacePath, behavior: DropBehavior = 'restrict', options: CallOptions = {}): Promise<void> {
    if (path.length === 0) throw new CatalogError('invalid_request', 'The root namespace cannot be dropped.')
    const id = this.#id(path)
    const response = await this.#http.request({
      method: 'POST',
      path: `/v1/namespace/${encodeURIComponent(id)}/drop`,
      query: { delimiter: this.#delimiter(path) },
      json: { id: path, behavior },
      idempotent: false,
      signal: options.signal,
      subject: this.#namespaceName(path),
      notFound: 'namespace_not_found',
      conflict: 'namespace_not_empty'
    })
    // A long-running operation is done only when its transaction says so.
    await awaitTransactions(this.#http, response, `the drop of ${this.#namespaceName(path)}`, options)
  }

  async namespaceExists(path: NamespacePath, options: CallOptions = {}): Promise<boolean> {
    if (path.length === 0) return true
    const id = this.#id(path)
    try {
      await this.#http.request({
        method: 'POST',
        path: `/v1/namespace/${encodeURIComponent(id)}/exists`,
        query: { delimiter: this.#delimiter(path) },
        json: { id: path },
        idempotent: true,
        signal: options.signal,
        subject: this.#namespaceName(path),
        notFound: 'namespace_not_found'
      })
      return true
    } catch (error) {
      // The spec answers "no" with a 404; any other failure is a real error.
      if (error instanceof CatalogError && error.code === 'namespace_not_found') return false
      throw error
    }
  }

  async describeTable(table: TableRef, options: CallOptions = {}): Promise<TableDescription> {
    const id = this.#tableId(table)
    const body = await this.#http.json({
      method: 'POST',
      path: `/v1/table/${encodeURIComponent(id)}/describe`,
      // The REST binding takes the flag as a query parameter; older servers read the body.
      query: { delimiter: this.#tableDelimiter(table), load_detailed_metadata: true },
      json: { id: [...table.namespace, table.name], load_detailed_metadata: true },
      idempotent: true,
      signal: options.signal,
      subject: this.#tableName(table),
      notFound: 'table_not_found'
    })
    if (!isRecord(body)) throw new CatalogError('bad_response', `The server's description of ${this.#tableName(table)} is not a JSON object.`)
    const described = isRecord(body['stats']) ? body['stats'] : {}
    const reportedFields = fieldsFromJsonSchema(body['schema'])
    // Rows, fragments and bytes from the spec's stats operation; without it, a row count
    // some servers put on describe, else count_rows. A server that ignores
    // load_detailed_metadata answers only the location; the data routes fill in the schema.
    const target = { encodedId: encodeURIComponent(id), query: { delimiter: this.#tableDelimiter(table) }, id: [...table.namespace, table.name], subject: this.#tableName(table) }
    const stats = await this.#stats.read(target, options)
    const reportedRows = stats?.rows ?? count(described['num_rows']) ?? count(body['num_rows'])
    const [rowCount, fields] = await Promise.all([
      reportedRows ?? this.#optional(() => this.countRows(table, undefined, options)),
      reportedFields ?? this.#optional(() => this.#fieldsFromData(table, options)).then((found) => found ?? [])
    ])
    const location = typeof body['location'] === 'string' ? body['location'] : typeof body['table_uri'] === 'string' ? body['table_uri'] : null
    const sizes = stats ? { fragmentCount: stats.fragments, totalBytes: stats.bytes } : { fragmentCount: count(described['num_fragments']) }
    return { table, location, version: count(body['version']), rowCount, fields, ...sizes }
  }

  async createTable(table: TableRef, arrowStream: Uint8Array, mode: CreateMode = 'create', options: CallOptions = {}): Promise<void> {
    // An Enterprise database is flat: its create route names a root table only.
    if (this.#routes === 'enterprise' && table.namespace.length === 0) {
      return this.enterprise.createTable(table.name, arrowStream, { ...options, mode })
    }
    const id = this.#tableId(table)
    const response = await this.#http.request({
      method: 'POST',
      path: `/v1/table/${encodeURIComponent(id)}/create`,
      query: { delimiter: this.#tableDelimiter(table), mode },
      body: withAtLeastOneBatch(arrowStream),
      contentType: ARROW_STREAM,
      idempotent: false,
      signal: options.signal,
      subject: this.#namespaceName(table.namespace),
      conflictSubject: this.#tableName(table),
      notFound: 'namespace_not_found',
      conflict: 'table_exists',
      lostRace: 'table_exists'
    })
    // A long-running operation is done only when its transaction says so.
    await awaitTransactions(this.#http, response, `the create of ${this.#tableName(table)}`, options)
  }

  async dropTable(table: TableRef, options: CallOptions = {}): Promise<void> {
    const id = this.#tableId(table)
    // The spec's REST binding sends no body for drop.
    const response = await this.#http.request({
      method: 'POST',
      path: `/v1/table/${encodeURIComponent(id)}/drop`,
      query: { delimiter: this.#tableDelimiter(table) },
      idempotent: false,
      signal: options.signal,
      subject: this.#tableName(table),
      notFound: 'table_not_found'
    })
    // A long-running operation is done only when its transaction says so.
    await awaitTransactions(this.#http, response, `the drop of ${this.#tableName(table)}`, options)
  }

  async renameTable(table: TableRef, newName: string, options: CallOptions = {}): Promise<void> {
    const id = this.#tableId(table)
    const problem = componentProblem(newName)
    if (problem) throw new CatalogError('invalid_name', problem)
    await this.#http.request({
      method: 'POST',
      path: `/v1/table/${encodeURIComponent(id)}/rename`,
      query: { delimiter: this.#tableDelimiter(table) },
      json: { id: [...table.namespace, table.name], new_table_name: newName },
      idempotent: false,
      signal: options.signal,
      subject: this.#tableName(table),
      conflictSubject: this.#tableName({ namespace: table.namespace, name: newName }),
      notFound: 'table_not_found',
      conflict: 'table_exists'
    })
  }

  async countRows(table: TableRef, filter?: string, options: CallOptions = {}): Promise<number> {
    const id = this.#tableId(table)
    const response = await this.#http.request({
      method: 'POST',
      path: `/v1/table/${encodeURIComponent(id)}/count_rows`,
      query: { delimiter: this.#tableDelimiter(table) },
      json: { id: [...table.namespace, table.name], ...(filter ? { predicate: filter } : {}) },
      idempotent: true,
      signal: options.signal,
      subject: this.#tableName(table),
      notFound: 'table_not_found'
    })
    const rows = parseCount(response.body.toString('utf8'))
    if (rows === null) {
      throw new CatalogError('bad_response', `The server's row count for ${this.#tableName(table)} is not a number.`, { status: response.status })
    }
    return rows
  }

  async readRows(table: TableRef, request: ReadRowsRequest, options: CallOptions = {}): Promise<RowsPage> {
    const id = this.#tableId(table)
    if (!isCount(request.offset) || !isCount(request.limit)) {
      throw new CatalogError('invalid_request', 'Rows are read with a whole, non-negative offset and limit.')
    }
    const maxBytes = request.maxBytes ?? READ_PAGE_MAX_BYTES
    if (!(maxBytes >= 1)) throw new CatalogError('invalid_request', `A page's byte cap must be at least 1 (got ${maxBytes}).`)
    const what = `the query on ${this.#tableName(table)}`
    let k = request.limit
    // An answer that cannot be cut to a page (one huge batch, or file framing) is asked for
    // again with as many rows as its batch sizes say fit; this ends at one row at the latest.
    for (let attempt = 0; attempt < MAX_QUERY_ATTEMPTS; attempt++) {
      let reader: ArrowPageReader | undefined
      await this.#http.request({
        method: 'POST',
        path: `/v1/table/${encodeURIComponent(id)}/query`,
        query: { delimiter: this.#tableDelimiter(table) },
        json: {
          id: [...table.namespace, table.name],
          // `vector` is required but nullable: null asks for a plain scan.
          vector: null,
          k,
          offset: request.offset,
          ...(request.columns && request.columns.length > 0 ? { columns: { column_names: request.columns } } : {}),
          ...(request.filter ? { filter: request.filter } : {}),
          ...(request.version !== undefined ? { version: request.version } : {})
        },
        idempotent: true,
        signal: options.signal,
        subject: this.#tableName(table),
        notFound: 'table_not_found',
        sink: () => (reader = new ArrowPageReader(maxBytes))
      })
      const outcome = reader?.outcome() ?? { kind: 'not-arrow', cause: 'no body' }
      // Fewer rows asked than wanted and all of them answered: the rest lies beyond this page.
      const cut = (rows: number): boolean => k < request.limit && rows === k
      switch (outcome.kind) {
        case 'page':
          return cut(outcome.page.rowCount) ? { ...outcome.page, truncated: true } : outcome.page
        case 'file': {
          const arrow = toArrowStream(outcome.bytes, what)
          const rowCount = rowsOfIpc(arrow, what)
          return { arrow, rowCount, truncated: cut(rowCount) }
        }
        case 'not-arrow':
          throw new CatalogError('bad_response', `The server's answer to ${what} is not Arrow IPC data.`, { cause: outcome.cause })
        case 'ask-fewer':
          k = outcome.rows
          break
        default:
          return assertNever(outcome)
      }
    }
    throw new CatalogError('bad_response', `The server answered ${what} in batches larger than ${maxBytes} bytes even for fewer rows.`, { limitBytes: maxBytes })
  }

  // Versions (issue 16): the spec's version and tag routes (versions.ts), no fallback here.
  listVersions(table: TableRef, options?: CallOptions): Promise<TableVersionInfo[]> {
    return this.#versions.listVersions(table, options)
  }

  listTags(table: TableRef, options?: CallOptions): Promise<TableTagInfo[] | null> {
    return this.#versions.listTags(table, options)
  }

  describeVersion(table: TableRef, version: number, options?: CallOptions): Promise<TableDescription> {
    return this.#versions.describeVersion(table, version, options)
  }

  countRowsAt(table: TableRef, version: number, filter?: string, options?: CallOptions): Promise<number> {
    return this.#versions.countRowsAt(table, version, filter, options)
  }

  restoreVersion(table: TableRef, version: number, options?: CallOptions): Promise<number> {
    return this.#versions.restoreVersion(table, version, options)
  }

  createTag(table: TableRef, tag: string, version: number, options?: CallOptions): Promise<void> {
    return this.#versions.createTag(table, tag, version, options)
  }

  deleteTag(table: TableRef, tag: string, options?: CallOptions): Promise<void> {
    return this.#versions.deleteTag(table, tag, options)
  }

  // Indexes (issue 16): the spec's index routes, in indexes.ts.
  listIndexes(table: TableRef, options: CallOptions = {}): Promise<IndexInfo[]> {
    return listIndexesRoute(this.#http, this.#target(table), options)
  }

  createIndex(table: TableRef, spec: IndexSpec, options: CallOptions = {}): Promise<void> {
    return createIndexRoute(this.#http, this.#target(table), spec, options)
  }

  dropIndex(table: TableRef, name: string, options: CallOptions = {}): Promise<void> {
    return dropIndexRoute(this.#http, this.#target(table), name, options)
  }

  async optimizeTable(table: TableRef): Promise<OptimizeResult> {
    return optimizeRoute(this.#target(table))
  }

  /** How the table is addressed in a `/v1/table/{id}/…` request. */
  #target(table: TableRef): StatsTarget {
    const id = this.#tableId(table)
    return { encodedId: encodeURIComponent(id), query: { delimiter: this.#tableDelimiter(table) }, id: [...table.namespace, table.name], subject: this.#tableName(table) }
  }

  async close(): Promise<void> {
    await this.#http.close()
  }

  async #fieldsFromData(table: TableRef, options: CallOptions): Promise<FieldInfo[]> {
    const { arrow } = await this.readRows(table, { offset: 0, limit: 1 }, options)
    return describeFields(schemaOfIpc(arrow, `the query on ${this.#tableName(table)}`))
  }

  /** Runs a fallback lookup, turning "this server has no such route" into null. */
  async #optional<T>(lookup: () => Promise<T>): Promise<T | null> {
    try {
      return await lookup()
    } catch (error) {
      if (error instanceof CatalogError && isMissingRoute(error)) return null
      throw error
    }
  }

  #page(response: HttpResponse, field: 'namespaces' | 'tables', parentId: string, page: PageRequest, describe: string): Page<string> {
    const { items, nextPageToken } = readListingPage(response, field, describe)
    this.#pageGuard.check(`${field}\u0000${parentId}`, describe, page.pageToken, nextPageToken)
    return { items, nextPageToken }
  }

  // The limit was checked at the contract (a whole number from 1 to 10,000).
  #pageQuery(page: PageRequest, path: NamespacePath): Record<string, string | number | undefined> {
    return { delimiter: this.#delimiter(path), page_token: page.pageToken ?? undefined, limit: page.limit }
  }

  #id(path: NamespacePath): string {
    return this.#named(() => toIdentifier(path, this.#delimiter(path)))
  }

  #tableId(table: TableRef): string {
    return this.#id([...table.namespace, table.name])
  }

  /** The connection's delimiter, or a spare one when a listed name contains it. */
  #delimiter(path: NamespacePath): string {
    return this.#named(() => delimiterFor(path, this.delimiter))
  }

  #tableDelimiter(table: TableRef): string {
    return this.#delimiter([...table.namespace, table.name])
  }

  #named<T>(make: () => T): T {
    try {
      return make()
    } catch (error) {
      throw new CatalogError('invalid_name', error instanceof Error ? error.message : String(error))
    }
  }

  #namespaceName(path: NamespacePath): string {
    return path.length === 0 ? 'the root namespace' : `namespace "${displayIdentifier(path, this.delimiter)}"`
  }

  #tableName(table: TableRef): string {
    return `table "${displayIdentifier([...table.namespace, table.name], this.delimiter)}"`
  }
}

/** A row count from a bare integer body, or from a `{ "count": n }` object some servers send. */
export function parseCount(text: string): number | null {
  const trimmed = text.trim()
  if (/^\d+$/.test(trimmed)) return Number(trimmed)
  try {
    const value: unknown = JSON.parse(trimmed)
    return count(value) ?? (isRecord(value) ? count(value['count']) : null)
  } catch {
    return null
  }
}

function count(value: unknown): number | null {
  return isCount(value) ? value : null
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}
