/**
 * Data access chosen per catalog: the spec's data routes (`count_rows`, `query`,
 * `create`) when the catalog offers them, otherwise each table's `location`, opened
 * through LanceDB (see ../location/open-location.ts), with creates going through
 * `declare` and a direct write. The first data call decides, and the choice is kept for
 * the connection; a table that neither way can reach gets a message saying so.
 */
import type { FieldInfo, Page, PageRequest, TableDescription, TableRef } from '../../../shared/catalog-types'
import type { RowsPage } from '../../../shared/contract/tables'
import { CatalogError } from '../../../shared/errors'
import { exactInt, type ExactInt } from '../../../shared/exact-int'
import type { NamespacePath } from '../../../shared/namespace-path'
import { fromLance, messageOf } from '../dir-errors'
import { readLanceRows } from '../lance-rows'
import { describeFields } from '../arrow-schema'
import { LocationTables } from '../location/open-location'
import type { CallOptions, CreateTableOptions, DropBehavior, ReadRowsRequest } from '../namespace-client'
import type { CreateMode } from '../../../shared/contract/tables'
import type { CatalogCapabilities } from '../../../shared/capabilities'
import { parseRestProperties } from './rest-config'
import { OAuth2TokenSource } from './oauth2'
import { openRestNamespace, type RestNamespaceClient, type RestNamespaceOptions } from './rest-namespace'
import { isCatalogAnswer, isUnsupportedOperation } from './unsupported'
import { addLanceColumns, alterLanceColumns, dropLanceColumns } from '../lance-native/schema'
import type { ColumnAlteration, NewColumn, SchemaChangeResult } from '../../../shared/contract/schema'
import { VersionAccess } from './versions-access'
import { VersionMethods } from './version-methods'
import { explainLanceSearch, lanceSearchInfo, searchLanceRows } from '../lance-native/search'
import type { SearchInfo, SearchSpec } from '../../../shared/contract/search'
import type { IndexInfo, IndexSpec, OptimizeResult } from '../../../shared/contract/indexes'
import { createTableIndex, dropTableIndex, listTableIndexes, optimizeTable } from '../lance-native/indexes'
import { boundedFilter } from '../lance-native/bounded-sql'

/** How a catalog's table data is reached: not yet known, the data routes, or table locations. */
export type DataAccessMode = 'unknown' | 'routes' | 'location'

/** Opens a REST client whose data calls fall back to table locations on a metadata-only catalog. */
export function openRestCatalog(properties: Readonly<Record<string, string>>, options: RestNamespaceOptions = {}): DataAccessClient {
  const config = parseRestProperties(properties)
  const uri = config.baseUrl.href.replace(/\/+$/, '')
  // One token source for the catalog's routes and LanceDB's reads at table locations.
  const tokens = options.tokens ?? (config.oauth2 ? new OAuth2TokenSource(config.oauth2, options.timeouts ? { timeouts: options.timeouts } : {}) : undefined)
  const bearer = tokens ? { bearer: () => tokens.token() } : {}
  return new DataAccessClient(
    openRestNamespace(properties, { ...options, ...(tokens ? { tokens } : {}) }),
    new LocationTables({ uri, headers: config.headers, delimiter: config.delimiter, storageOptions: config.storageOptions, allowLocal: config.allowLocalLocations, ...bearer })
  )
}

/** A REST client that picks the data access per catalog. */
export class DataAccessClient extends VersionMethods implements RestNamespaceClient {
  #mode: DataAccessMode = 'unknown'
  protected readonly versions: VersionAccess
  /** False once the catalog answered an index route with "no such route". */
  #indexRoutes: boolean | undefined

  constructor(
    private readonly rest: RestNamespaceClient,
    private readonly locations: LocationTables
  ) {
    super()
    // Versions: the spec's routes, else the table's location (version-methods.ts, versions-access.ts).
    this.versions = new VersionAccess(rest.versionRoutes, locations, rest)
  }

  get versionRoutes(): RestNamespaceClient['versionRoutes'] {
    return this.rest.versionRoutes
  }

  get enterprise(): RestNamespaceClient['enterprise'] {
    return this.rest.enterprise
  }

  get delimiter(): string {
    return this.rest.delimiter
  }

  /** How data is reached so far on this connection. */
  get mode(): DataAccessMode {
    return this.#mode
  }

  listNamespaces(parent: NamespacePath, page?: PageRequest, options?: CallOptions): Promise<Page<string>> {
    return this.rest.listNamespaces(parent, page, options)
  }

  listTables(namespace: NamespacePath, page?: PageRequest, options?: CallOptions): Promise<Page<string>> {
    return this.rest.listTables(namespace, page, options)
  }

  listAllTables(page?: PageRequest, options?: CallOptions): Promise<Page<string>> {
    return this.rest.listAllTables(page, options)
  }

  /** From the catalog's describe; a catalog that leaves the schema out gets the full description (read at the location). */
  async describeSchema(table: TableRef, options?: CallOptions): Promise<readonly FieldInfo[] | null> {
    return (await this.rest.describeSchema(table, options)) ?? (await this.describeTable(table, options)).fields
  }

  createNamespace(path: NamespacePath, mode?: CreateMode, options?: CallOptions): Promise<void> {
    return this.rest.createNamespace(path, mode, options)
  }

  dropNamespace(path: NamespacePath, behavior?: DropBehavior, options?: CallOptions): Promise<void> {
    return this.rest.dropNamespace(path, behavior, options)
  }

  namespaceExists(path: NamespacePath, options?: CallOptions): Promise<boolean> {
    return this.rest.namespaceExists(path, options)
  }

  async describeTable(table: TableRef, options?: CallOptions): Promise<TableDescription> {
    const description = await this.rest.describeTable(table, options)
    // No stats and no count_rows (the describe found both routes missing): the catalog
    // serves metadata only, so rows are counted at the table's location.
    if (description.rowCount !== null || this.#mode === 'routes') return description
    this.#mode = 'location'
    // Lance's own statistics at the location: rows, fragments and bytes from the manifest at once;
    // and the schema and version when the describe gave only a location (the spec makes them optional).
    const read = await this.#withTable(table, 'describe', async (t) => ({
      stats: await t.stats(),
      fields: description.fields.length === 0 ? describeFields(await t.schema()) : description.fields,
      version: description.version ?? exactInt(await t.version())
    }))
    const { stats, fields, version } = read
    // LanceDB's JS SDK gives the stats as JS numbers; kept as it gives them.
    return { ...description, fields, version, rowCount: exactInt(stats.numRows), fragmentCount: stats.fragmentStats.numFragments, totalBytes: exactInt(stats.totalBytes) }
  }

  dropTable(table: TableRef, options?: CallOptions): Promise<void> {
    return this.rest.dropTable(table, options)
  }

  capabilities(): Promise<CatalogCapabilities> {
    return this.rest.capabilities()
  }

  renameTable(table: TableRef, newName: string, options?: CallOptions): Promise<void> {
    return this.rest.renameTable(table, newName, options)
  }

  createTable(table: TableRef, arrowStream: Uint8Array, mode: CreateMode = 'create', options?: CreateTableOptions): Promise<void> {
    return this.#data(
      () => this.rest.createTable(table, arrowStream, mode, options),
      () => this.#atLocation(table, 'create table', () => this.locations.create(table, arrowStream, mode, options?.dataStorageVersion))
    )
  }

  countRows(table: TableRef, filter?: string, options?: CallOptions): Promise<ExactInt> {
    return this.#data(
      () => this.rest.countRows(table, filter, options),
      // LanceDB's JS SDK counts in a JS number; kept as it gives it.
      () => this.#withTable(table, 'count the rows of', async (t) => exactInt(await t.countRows(boundedFilter(filter))))
    )
  }

  readRows(table: TableRef, request: ReadRowsRequest, options?: CallOptions): Promise<RowsPage> {
    const { version } = request
    if (version !== undefined) return this.versions.readRowsAt(table, { ...request, version }, options)
    return this.#data(
      () => this.rest.readRows(table, request, options),
      () => this.#withTable(table, 'read the rows of', (t) => readLanceRows(t, request, table))
    )
  }

  // Schema evolution: the alter routes, else LanceDB at the table's location,
  // decided per call (some catalogs serve the data routes but not the alter ones).
  addColumns(table: TableRef, columns: readonly NewColumn[], options?: CallOptions): Promise<SchemaChangeResult> {
    return this.#routeOr(() => this.rest.addColumns(table, columns, options), () => this.#withTable(table, 'add columns to', (t) => addLanceColumns(t, columns)))
  }

  alterColumns(table: TableRef, alterations: readonly ColumnAlteration[], options?: CallOptions): Promise<SchemaChangeResult> {
    return this.#routeOr(() => this.rest.alterColumns(table, alterations, options), () => this.#withTable(table, 'alter the columns of', (t) => alterLanceColumns(t, alterations)))
  }

  dropColumns(table: TableRef, columns: readonly string[], options?: CallOptions): Promise<SchemaChangeResult> {
    return this.#routeOr(() => this.rest.dropColumns(table, columns, options), () => this.#withTable(table, 'drop columns of', (t) => dropLanceColumns(t, columns)))
  }

  // Search: the query route like reads; explain and the index list fall back on their own,
  // since a catalog may serve rows but not those routes.
  searchRows(table: TableRef, spec: SearchSpec, options?: CallOptions): Promise<RowsPage> {
    return this.#data(
      () => this.rest.searchRows(table, spec, options),
      () => this.#withTable(table, 'search', (t) => searchLanceRows(t, spec))
    )
  }

  explainSearch(table: TableRef, spec: SearchSpec, options?: CallOptions): Promise<string> {
    return this.#routeOr(
      () => this.rest.explainSearch(table, spec, options),
      () => this.#withTable(table, 'explain a search of', (t) => explainLanceSearch(t, spec))
    )
  }

  searchInfo(table: TableRef, options?: CallOptions): Promise<SearchInfo> {
    return this.#routeOr(
      () => this.rest.searchInfo(table, options),
      () => this.#withTable(table, 'list the search indexes of', (t) => lanceSearchInfo(t))
    )
  }

  // Indexes: the spec's index routes, else the table's location through LanceDB.
  listIndexes(table: TableRef, options?: CallOptions): Promise<IndexInfo[]> {
    return this.#indexRoute(() => this.rest.listIndexes(table, options), () => this.#withTable(table, 'list the indexes of', (t) => listTableIndexes(t)))
  }

  createIndex(table: TableRef, spec: IndexSpec, options?: CallOptions): Promise<void> {
    const atLocation = () => this.#withTable(table, `create an index on column "${spec.column}" of`, (t) => createTableIndex(t, spec, options?.signal))
    return this.#indexRoute(() => this.rest.createIndex(table, spec, options), atLocation)
  }

  dropIndex(table: TableRef, name: string, options?: CallOptions): Promise<void> {
    return this.#indexRoute(() => this.rest.dropIndex(table, name, options), () => this.#withTable(table, `drop index "${name}" of`, (t) => dropTableIndex(t, name)))
  }

  optimizeTable(table: TableRef, options?: CallOptions): Promise<OptimizeResult> {
    return this.#indexRoute(() => this.rest.optimizeTable(table, options), () => this.#withTable(table, 'optimize', (t) => optimizeTable(t)))
  }

  /** The route, or on a catalog that does not offer it (isUnsupportedOperation), the table's location. */
  async #indexRoute<T>(viaRoute: () => Promise<T>, atLocation: () => Promise<T>): Promise<T> {
    // Listing is the first index call; a catalog that answered it does not offer index
    // routes (404 or 406 alike) is not asked again. Optimize, which the spec lacks, is
    // refused before any request and says nothing about the other routes.
    if (this.#indexRoutes === false) return atLocation()
    try {
      return await viaRoute()
    } catch (error) {
      if (!isUnsupportedOperation(error)) throw error
      if (isCatalogAnswer(error)) this.#indexRoutes = false
      return atLocation()
    }
  }

  async close(): Promise<void> {
    await Promise.all([this.rest.close(), this.locations.close()])
  }

  /** Runs `viaRoute` unless the catalog serves metadata only; on a missing route, `atLocation` (this call only). */
  async #routeOr<T>(viaRoute: () => Promise<T>, atLocation: () => Promise<T>): Promise<T> {
    if (this.#mode === 'location') return atLocation()
    try {
      return await viaRoute()
    } catch (error) {
      if (!isUnsupportedOperation(error)) throw error
      return atLocation()
    }
  }

  /** Runs `viaRoute` unless the catalog is known to lack data routes; on a missing route, `atLocation`. */
  async #data<T>(viaRoute: () => Promise<T>, atLocation: () => Promise<T>): Promise<T> {
    if (this.#mode === 'location') return atLocation()
    try {
      const result = await viaRoute()
      this.#mode = 'routes'
      return result
    } catch (error) {
      if (this.#mode === 'routes' || !isUnsupportedOperation(error)) throw error
      this.#mode = 'location'
      return atLocation()
    }
  }

  async #withTable<T>(table: TableRef, action: string, use: (t: Awaited<ReturnType<LocationTables['open']>>) => Promise<T>): Promise<T> {
    const opened = await this.#atLocation(table, action, () => this.locations.open(table)).catch(async (error: unknown) => {
      // LanceDB reports a location it cannot open as a missing table; the catalog knows better.
      if (!(error instanceof CatalogError) || error.code !== 'table_not_found') throw error
      const described = await this.rest.describeTable(table).then(
        (found) => found,
        () => null
      )
      if (!described) throw error
      throw this.#unreachable(`LanceDB could not open its location ${described.location ?? '(none given)'}`)
    })
    try {
      return await this.#atLocation(table, action, () => use(opened))
    } finally {
      opened.close()
    }
  }

  /** Runs one LanceDB call on a table's location, saying plainly when the catalog offers no way to its data. */
  async #atLocation<T>(table: TableRef, action: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call()
    } catch (error) {
      // Already named by the code that threw it (an index that does not exist, a cancelled build).
      if (error instanceof CatalogError) throw error
      const known = fromLance(error, action, { table })
      if (known.code !== 'internal') throw known
      throw this.#unreachable(messageOf(error))
    }
  }

  #unreachable(cause: string): CatalogError {
    return new CatalogError(
      'unsupported',
      `This catalog offers neither the data routes (query, count_rows, create) nor a table location LanceDB can open, so this table's data cannot be reached: ${cause}.`,
      { cause }
    )
  }
}
