/**
 * The `rest` namespace implementation: our own client for the Lance REST namespace spec,
 * on one keep-alive undici pool per connection. Listings are `GET`s with `page_token`,
 * `limit` and `delimiter` query parameters; everything else is `POST /v1/<object>/{id}/<action>`.
 * Ids and names are written by ./rest-names, row pages read by ./query-rows, JSON numbers
 * by ./json-values. Listings, namespaces and tables are here; what a person does with one
 * table (describe, rows, schema evolution, versions, indexes, search) is on its handle,
 * ./rest-table.ts. `openRestCatalog`, the client the app opens, also reads each table at
 * its location where the catalog lacks a data route (./rest-locations.ts).
 */
import { randomBytes } from 'node:crypto'
import type { FieldInfo, Page, PageRequest, TableRef } from '../../shared/catalog-types'
import type { CreateMode } from '../../shared/contract/tables'
import { CatalogError } from '../../shared/errors'
import { componentProblem, type NamespacePath } from '../../shared/namespace-path'
import { DATA_STORAGE_VERSION_OPTION } from '../../shared/data-storage-version'
import type { CallOptions, CreateTableOptions, DropBehavior, NamespaceClient, TableHandle } from '../namespace-client'
import { withAtLeastOneBatch } from './arrow-ipc'
import { describeRequest, describeRestSchema, type SchemaLimits } from './describe-schema'
import { enterpriseRoutes, type EnterpriseClient } from './enterprise'
import { HttpTransport, type HttpOptions, type HttpResponse } from './http'
import { pathSegment } from './path-segment'
import { readListingPage } from './listing-page'
import { PageTokenGuard } from './pagination'
import { parseRestProperties } from './rest-config'
import { OAuth2TokenSource, type OAuth2Settings } from './oauth2'
import { RestNames } from './rest-names'
import { RestTable, type RestTableContext } from './rest-table'
import { RestLocations } from './rest-locations'
import { LocationTables } from '../location/open-location'
import { TableStatsReader } from './table-stats'
import { awaitTransactions } from './transactions'
import { isCatalogAnswer, isUnsupportedOperation } from './unsupported'
import type { CatalogCapabilities } from '../../shared/capabilities'
import { RouteChoice, type DataAccessMode } from './route-choice'
import { RestVersionRoutes } from './versions'

/** Options of a REST connection: which headers are secret, timeouts, size cap, retries, create routes. */
export interface RestNamespaceOptions extends HttpOptions {
  /**
   * `enterprise`: the connection is a LanceDB Enterprise database, whose tables are flat,
   * so root tables are created with its `POST /v1/tables/{name}`; absent, the spec's route.
   */
  readonly routes?: 'enterprise'
  /** Told every secret the client comes to hold (issued tokens, the relay's key), so the host can mask it wherever it might be quoted. */
  readonly rememberSecret?: (value: string) => void
}

/** A REST namespace client, carrying the Enterprise routes of its connection. */
export interface RestNamespaceClient extends NamespaceClient {
  readonly delimiter: string
  /** The Enterprise routes on this connection's transport (one pool, one page-token guard). */
  readonly enterprise: EnterpriseClient
  /** The spec's ListAllTables (`GET /v1/table`): full table identifiers of the whole catalog, one page at a time. */
  listAllTables(page?: PageRequest, options?: CallOptions): Promise<Page<string>>
  /** A table's columns from one describe (no stats, no data read), within `limits` if given; null when the answer has no schema. */
  describeSchema(table: TableRef, options?: CallOptions, limits?: SchemaLimits): Promise<readonly FieldInfo[] | null>
  /** What this connection has learned of the catalog's routes: where data is read, what it renames. */
  readonly routeChoice: RouteChoice
  /** How data is reached so far on this connection. */
  readonly mode: DataAccessMode
}

/** Opens a REST namespace client on the catalog's routes only; properties are `uri`, `delimiter` and `headers.*`. */
export function openRestNamespace(properties: Readonly<Record<string, string>>, options: RestNamespaceOptions = {}): RestNamespaceClient {
  const config = parseRestProperties(properties)
  const tokens = config.oauth2 && !options.tokens ? { tokens: tokenSource(config.oauth2, options) } : {}
  return new RestNamespace(new HttpTransport(config.baseUrl, config.headers, { ...options, ...tokens }), config.delimiter, options.routes, null)
}

/**
 * Opens the REST client the app uses: the catalog's routes, and each table's location
 * (read through LanceDB) where the catalog serves metadata only or lacks a route.
 */
export function openRestCatalog(properties: Readonly<Record<string, string>>, options: RestNamespaceOptions = {}): RestNamespaceClient {
  const config = parseRestProperties(properties)
  // One token source for the catalog's routes and LanceDB's reads at table locations.
  const tokens = options.tokens ?? (config.oauth2 ? tokenSource(config.oauth2, options) : undefined)
  const locations = new LocationTables({
    uri: config.baseUrl.href.replace(/\/+$/, ''),
    headers: config.headers,
    delimiter: config.delimiter,
    storageOptions: config.storageOptions,
    allowLocal: config.allowLocalLocations,
    ...(options.rememberSecret ? { rememberSecret: options.rememberSecret } : {}),
    ...(tokens ? { bearer: () => tokens.token() } : {})
  })
  const http = new HttpTransport(config.baseUrl, config.headers, { ...options, ...(tokens ? { tokens } : {}) })
  return new RestNamespace(http, config.delimiter, options.routes, locations)
}

/** The OAuth2 token source of a connection, with the connection's timeouts and secret keeper. */
function tokenSource(settings: OAuth2Settings, { timeouts, rememberSecret }: RestNamespaceOptions): OAuth2TokenSource {
  return new OAuth2TokenSource(settings, { ...(timeouts ? { timeouts } : {}), ...(rememberSecret ? { rememberSecret } : {}) })
}

const ARROW_STREAM = 'application/vnd.apache.arrow.stream'

class RestNamespace implements RestNamespaceClient {
  readonly enterprise: EnterpriseClient
  // Remembers page tokens per listing; shared with the Enterprise routes so every listing on this connection is guarded.
  readonly #pageGuard = new PageTokenGuard()
  readonly #routes: RestNamespaceOptions['routes']
  readonly names: RestNames
  /** What this connection has learned of the catalog's routes, renaming included (route-choice.ts). */
  readonly routeChoice = new RouteChoice()
  /** What every table handle of this connection shares. */
  readonly #tables: RestTableContext
  /** The tables at their locations, where this connection reads there too. */
  readonly #locations: RestLocations | null
  /** The one question asked of the catalog about renaming (see capabilities). */
  #renameProbe: Promise<void> | null = null

  constructor(
    private readonly http: HttpTransport,
    readonly delimiter: string,
    routes: RestNamespaceOptions['routes'],
    locations: LocationTables | null
  ) {
    this.names = new RestNames(delimiter)
    this.#routes = routes
    this.enterprise = enterpriseRoutes(http, this.#pageGuard)
    const routesOnly: RestTableContext = {
      http,
      names: this.names,
      stats: new TableStatsReader(http),
      versionRoutes: new RestVersionRoutes(http, delimiter),
      choice: this.routeChoice,
      location: null
    }
    this.#locations =
      locations &&
      new RestLocations(
        locations,
        (table) => new RestTable(routesOnly, table).describe(),
        (table, options) => http.json(describeRequest(this.names.target(table), options))
      )
    this.#tables = { ...routesOnly, location: this.#locations }
  }

  get mode(): DataAccessMode {
    return this.routeChoice.mode
  }

  table(ref: TableRef): TableHandle {
    return new RestTable(this.#tables, ref)
  }

  async listNamespaces(parent: NamespacePath, page: PageRequest = {}, options: CallOptions = {}): Promise<Page<string>> {
    const id = this.names.id(parent)
    const response = await this.http.request({
      method: 'GET',
      path: `/v1/namespace/${pathSegment(id)}/list`,
      query: this.#pageQuery(page, parent),
      idempotent: true,
      signal: options.signal,
      subject: this.names.namespaceName(parent),
      notFound: 'namespace_not_found'
    })
    return this.#page(response, 'namespaces', id, page, `the namespaces in ${this.names.namespaceName(parent)}`)
  }

  async listTables(namespace: NamespacePath, page: PageRequest = {}, options: CallOptions = {}): Promise<Page<string>> {
    const id = this.names.id(namespace)
    const response = await this.http.request({
      method: 'GET',
      path: `/v1/namespace/${pathSegment(id)}/table/list`,
      query: this.#pageQuery(page, namespace),
      idempotent: true,
      signal: options.signal,
      subject: this.names.namespaceName(namespace),
      notFound: 'namespace_not_found'
    })
    const result = this.#page(response, 'tables', id, page, `the tables in ${this.names.namespaceName(namespace)}`)
    // The spec allows full identifiers here; the interface promises bare names.
    const prefix = namespace.length > 0 ? id + this.names.pathDelimiter(namespace) : undefined
    if (!prefix || !result.items.some((name) => name.startsWith(prefix))) return result
    return { ...result, items: result.items.map((name) => (name.startsWith(prefix) ? name.slice(prefix.length) : name)) }
  }

  async listAllTables(page: PageRequest = {}, options: CallOptions = {}): Promise<Page<string>> {
    const response = await this.http.request({
      method: 'GET',
      path: '/v1/table',
      query: { ...this.#pageQuery(page, []), include_declared: 'true' },
      idempotent: true,
      signal: options.signal,
      subject: 'the catalog'
    })
    return this.#page(response, 'tables', '\u0000all', page, 'all tables of the catalog')
  }

  /** From the catalog's describe; where it leaves the schema out and tables are read at their location, the full description's. */
  async describeSchema(table: TableRef, options: CallOptions = {}, limits?: SchemaLimits): Promise<readonly FieldInfo[] | null> {
    const fields = await describeRestSchema(this.http, this.names, table, options, limits)
    return fields ?? (this.#locations ? (await this.table(table).describe(options)).fields : null)
  }

  async createNamespace(path: NamespacePath, mode: CreateMode = 'create', options: CallOptions = {}): Promise<void> {
    if (path.length === 0) {
      if (mode === 'exist_ok') return
      throw new CatalogError('namespace_exists', 'The root namespace always exists; give the new namespace a name.')
    }
    const id = this.names.id(path)
    const response = await this.http.request({
      method: 'POST',
      path: `/v1/namespace/${pathSegment(id)}/create`,
      query: { delimiter: this.names.pathDelimiter(path) },
      json: { id: path, mode },
      idempotent: false,
      signal: options.signal,
      subject: this.names.namespaceName(path.slice(0, -1)),
      conflictSubject: this.names.namespaceName(path),
      notFound: 'namespace_not_found',
      conflict: 'namespace_exists',
      lostRace: 'namespace_exists'
    })
    // A long-running operation is done only when its transaction says so.
    await awaitTransactions(this.http, response, `the create of ${this.names.namespaceName(path)}`, options)
  }

  async dropNamespace(path: NamespacePath, behavior: DropBehavior = 'restrict', options: CallOptions = {}): Promise<void> {
    if (path.length === 0) throw new CatalogError('invalid_request', 'The root namespace cannot be dropped.')
    const id = this.names.id(path)
    const response = await this.http.request({
      method: 'POST',
      path: `/v1/namespace/${pathSegment(id)}/drop`,
      query: { delimiter: this.names.pathDelimiter(path) },
      json: { id: path, behavior },
      idempotent: false,
      signal: options.signal,
      subject: this.names.namespaceName(path),
      notFound: 'namespace_not_found',
      conflict: 'namespace_not_empty'
    })
    // A long-running operation is done only when its transaction says so.
    await awaitTransactions(this.http, response, `the drop of ${this.names.namespaceName(path)}`, options)
  }

  async namespaceExists(path: NamespacePath, options: CallOptions = {}): Promise<boolean> {
    if (path.length === 0) return true
    const id = this.names.id(path)
    try {
      await this.http.request({
        method: 'POST',
        path: `/v1/namespace/${pathSegment(id)}/exists`,
        query: { delimiter: this.names.pathDelimiter(path) },
        json: { id: path },
        idempotent: true,
        signal: options.signal,
        subject: this.names.namespaceName(path),
        notFound: 'namespace_not_found'
      })
      return true
    } catch (error) {
      // The spec answers "no" with a 404; any other failure is a real error.
      if (error instanceof CatalogError && error.code === 'namespace_not_found') return false
      throw error
    }
  }

  async createTable(table: TableRef, arrowStream: Uint8Array, mode: CreateMode = 'create', options: CreateTableOptions = {}): Promise<void> {
    const locations = this.#locations
    if (!locations) return this.#createRoute(table, arrowStream, mode, options)
    try {
      await this.routeChoice.run(
        'data',
        () => this.#createRoute(table, arrowStream, mode, options),
        () => locations.create(table, arrowStream, mode, options.dataStorageVersion)
      )
    } finally {
      // An overwrite replaced what a kept handle holds.
      locations.forget(table)
    }
  }

  async #createRoute(table: TableRef, arrowStream: Uint8Array, mode: CreateMode, options: CreateTableOptions): Promise<void> {
    const version = options.dataStorageVersion
    // An Enterprise database is flat: its create route names a root table only.
    if (this.#routes === 'enterprise' && table.namespace.length === 0) {
      // Its create route takes no storage options: the database writes its own version.
      if (version)
        throw new CatalogError(
          'invalid_request',
          `This LanceDB Enterprise database chooses the data storage version of new tables itself; create ${this.names.tableName(table)} with the default version.`
        )
      return this.enterprise.createTable(table.name, arrowStream, { ...options, mode })
    }
    const id = this.names.tableId(table)
    const response = await this.http.request({
      method: 'POST',
      path: `/v1/table/${pathSegment(id)}/create`,
      // The spec's storage options reach the server's Lance write; which keys a server honours is its call.
      query: {
        delimiter: this.names.tableDelimiter(table),
        mode,
        ...(version ? { storage_options: JSON.stringify({ [DATA_STORAGE_VERSION_OPTION]: version }) } : {})
      },
      body: withAtLeastOneBatch(arrowStream),
      contentType: ARROW_STREAM,
      idempotent: false,
      signal: options.signal,
      subject: this.names.namespaceName(table.namespace),
      conflictSubject: this.names.tableName(table),
      notFound: 'namespace_not_found',
      conflict: 'table_exists',
      lostRace: 'table_exists'
    })
    // A long-running operation is done only when its transaction says so.
    await awaitTransactions(this.http, response, `the create of ${this.names.tableName(table)}`, options)
  }

  async dropTable(table: TableRef, options: CallOptions = {}): Promise<void> {
    this.#locations?.forget(table)
    const id = this.names.tableId(table)
    // The spec's REST binding sends no body for drop.
    const response = await this.http.request({
      method: 'POST',
      path: `/v1/table/${pathSegment(id)}/drop`,
      query: { delimiter: this.names.tableDelimiter(table) },
      idempotent: false,
      signal: options.signal,
      subject: this.names.tableName(table),
      notFound: 'table_not_found'
    })
    // A long-running operation is done only when its transaction says so.
    await awaitTransactions(this.http, response, `the drop of ${this.names.tableName(table)}`, options)
  }

  /**
   * What this catalog can do. The spec has no call that says whether a catalog renames,
   * so the first time this is asked, the catalog is asked to rename a table that cannot
   * exist (a random name): 406 or no such route means it does not rename, "table not
   * found" means it would. Nothing exists under that name, so nothing changes. Any other
   * answer (no permission, a network failure) leaves it untried: Rename is offered, and
   * the first real rename teaches the connection.
   */
  async capabilities(): Promise<CatalogCapabilities> {
    if (this.routeChoice.capabilities().renameTable.state === 'untried') await (this.#renameProbe ??= this.#probeRename())
    return this.routeChoice.capabilities()
  }

  async #probeRename(): Promise<void> {
    const name = `lcb-rename-probe-${randomBytes(8).toString('hex')}`
    const table = { namespace: [], name }
    try {
      await this.http.request({
        method: 'POST',
        path: `/v1/table/${pathSegment(this.names.tableId(table))}/rename`,
        query: { delimiter: this.names.tableDelimiter(table) },
        json: { id: [name], new_table_name: `${name}-renamed` },
        idempotent: false,
        subject: this.names.tableName(table),
        notFound: 'table_not_found'
      })
    } catch (error) {
      if (!(error instanceof CatalogError) || !isCatalogAnswer(error) || this.routeChoice.capabilities().renameTable.state !== 'untried') return
      if (error.code === 'table_not_found' && !isUnsupportedOperation(error)) this.routeChoice.learnRename({ state: 'supported' })
      else if (isUnsupportedOperation(error)) this.routeChoice.learnRename({ state: 'unsupported', reason: cannotRename(error) })
    }
  }

  async renameTable(table: TableRef, newName: string, options: CallOptions = {}): Promise<void> {
    this.#locations?.forget(table)
    const id = this.names.tableId(table)
    const problem = componentProblem(newName)
    if (problem) throw new CatalogError('invalid_name', problem)
    try {
      await this.http.request({
        method: 'POST',
        path: `/v1/table/${pathSegment(id)}/rename`,
        query: { delimiter: this.names.tableDelimiter(table) },
        json: { id: [...table.namespace, table.name], new_table_name: newName },
        idempotent: false,
        signal: options.signal,
        subject: this.names.tableName(table),
        conflictSubject: this.names.tableName({ namespace: table.namespace, name: newName }),
        notFound: 'table_not_found',
        conflict: 'table_exists'
      })
    } catch (error) {
      // The catalog said it does not rename (406, or no such route): remembered, so the UI stops offering it.
      if (!isUnsupportedOperation(error) || !isCatalogAnswer(error)) throw error
      const reason = cannotRename(error)
      this.routeChoice.learnRename({ state: 'unsupported', reason })
      throw new CatalogError('unsupported', reason, error.details)
    }
    this.routeChoice.learnRename({ state: 'supported' })
  }

  /** Only what is kept at table locations; the catalog's routes are asked every time. */
  refresh(): void {
    this.#locations?.refresh()
  }

  async close(): Promise<void> {
    await Promise.all([this.http.close(), this.#locations?.close()])
  }

  #page(response: HttpResponse, field: 'namespaces' | 'tables', parentId: string, page: PageRequest, describe: string): Page<string> {
    const { items, nextPageToken } = readListingPage(response, field, describe)
    this.#pageGuard.check(`${field}\u0000${parentId}`, describe, page.pageToken, nextPageToken)
    return { items, nextPageToken }
  }

  // The limit was checked at the contract (a whole number from 1 to 10,000).
  #pageQuery(page: PageRequest, path: NamespacePath): Record<string, string | number | undefined> {
    return { delimiter: this.names.pathDelimiter(path), page_token: page.pageToken ?? undefined, limit: page.limit }
  }
}

/** Why a catalog that answered `error` to a rename does not rename, in words about the catalog. */
function cannotRename(error: CatalogError): string {
  return `This catalog does not support renaming tables (it answered HTTP ${String(error.details?.status)}).`
}
