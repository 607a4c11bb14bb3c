/**
 * A REST catalog's client that reaches table data either way: the catalog's routes
 * (rest-table-features.ts) or each table's `location`, opened through LanceDB
 * (../location/open-location.ts) and used like a directory catalog's tables
 * (../lance/lance-table-access.ts, on tables this connection keeps open). Which one, call
 * by call, is decided in one place (route-choice.ts) from what the catalog has answered;
 * a table that neither way can reach gets a message saying so.
 */
import type { FieldInfo, Page, PageRequest, TableDescription, TableRef } from '../../../shared/catalog-types'
import type { CreateMode, RowsPage } from '../../../shared/contract/tables'
import { CatalogError } from '../../../shared/errors'
import type { ExactInt } from '../../../shared/exact-int'
import type { DataStorageVersion } from '../../../shared/data-storage-version'
import type { NamespacePath } from '../../../shared/namespace-path'
import type { CatalogCapabilities } from '../../../shared/capabilities'
import type { ColumnAlteration, NewColumn, SchemaChangeResult } from '../../../shared/contract/schema'
import type { TableTagInfo, TableVersionInfo } from '../../../shared/contract/versions'
import type { SearchInfo, SearchSpec } from '../../../shared/contract/search'
import type { IndexInfo, IndexSpec, OptimizeResult } from '../../../shared/contract/indexes'
import { fromLance, messageOf } from '../lance/lance-errors'
import { FreshAnswers } from '../fresh-answers'
import { LanceTableAccess } from '../lance/lance-table-access'
import { LocationTables } from '../location/open-location'
import type { CallOptions, CreateTableOptions, DropBehavior, ReadRowsRequest } from '../namespace-client'
import type { SchemaLimits } from './describe-schema'
import { parseRestProperties } from './rest-config'
import { OAuth2TokenSource } from './oauth2'
import { openRestNamespace, type RestNamespaceClient, type RestNamespaceOptions } from './rest-namespace'
import { latestOf } from './rest-table-features'
import type { DataAccessMode, RouteChoice } from './route-choice'
import { isUnsupportedOperation } from './unsupported'

/** Opens a REST client whose data calls fall back to table locations on a metadata-only catalog. */
export function openRestCatalog(properties: Readonly<Record<string, string>>, options: RestNamespaceOptions = {}): DataAccessClient {
  const config = parseRestProperties(properties)
  const uri = config.baseUrl.href.replace(/\/+$/, '')
  // One token source for the catalog's routes and LanceDB's reads at table locations.
  const tokens = options.tokens ?? (config.oauth2 ? new OAuth2TokenSource(config.oauth2, options.timeouts ? { timeouts: options.timeouts } : {}) : undefined)
  const bearer = tokens ? { bearer: () => tokens.token() } : {}
  return new DataAccessClient(
    openRestNamespace(properties, { ...options, ...(tokens ? { tokens } : {}) }),
    new LocationTables({
      uri,
      headers: config.headers,
      delimiter: config.delimiter,
      storageOptions: config.storageOptions,
      allowLocal: config.allowLocalLocations,
      ...bearer
    })
  )
}

/** A REST client that picks the data access per catalog. */
export class DataAccessClient implements RestNamespaceClient {
  /** The tables read at their location, kept open for this connection. */
  readonly atLocation: LanceTableAccess
  readonly #choice: RouteChoice
  /** The catalog's describe answers, reused under the kept tables' freshness rule. */
  readonly #described = new FreshAnswers<TableDescription>()

  constructor(
    private readonly rest: RestNamespaceClient,
    private readonly locations: LocationTables
  ) {
    this.#choice = rest.routeChoice
    this.atLocation = new LanceTableAccess((table) => locations.open(table), {
      begin: () => undefined,
      failure: (error, action, table, opening) => this.#locationError(error, action, table, opening)
    })
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

  get routeChoice(): RouteChoice {
    return this.#choice
  }

  /** The catalog's table routes. */
  get tables(): RestNamespaceClient['tables'] {
    return this.rest.tables
  }

  /** How data is reached so far on this connection. */
  get mode(): DataAccessMode {
    return this.#choice.mode
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

  /**
   * From the catalog's describe (within `limits`, if given); a catalog that leaves the
   * schema out gets the full description (read at the location).
   */
  async describeSchema(table: TableRef, options?: CallOptions, limits?: SchemaLimits): Promise<readonly FieldInfo[] | null> {
    return (await this.rest.describeSchema(table, options, limits)) ?? (await this.describeTable(table, options)).fields
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
    const description = await this.#describe(table, options)
    // No stats and no count_rows (the describe found both routes missing): the catalog
    // serves metadata only, so rows are counted at the table's location.
    if (description.rowCount !== null || !this.#choice.describedWithoutData()) return description
    // Lance's own statistics at the location: rows, fragments and bytes from the manifest at once;
    // and the schema and version when the describe gave only a location (the spec makes them optional).
    const read = await this.atLocation.describeTable(table, options)
    return {
      ...description,
      fields: description.fields.length === 0 ? read.fields : description.fields,
      version: description.version ?? read.version,
      rowCount: read.rowCount,
      fragmentCount: read.fragmentCount,
      totalBytes: read.totalBytes
    }
  }

  async dropTable(table: TableRef, options?: CallOptions): Promise<void> {
    this.atLocation.handles.forget(table)
    this.#described.forget(table)
    return this.rest.dropTable(table, options)
  }

  capabilities(): Promise<CatalogCapabilities> {
    return this.rest.capabilities()
  }

  async renameTable(table: TableRef, newName: string, options?: CallOptions): Promise<void> {
    this.atLocation.handles.forget(table)
    this.#described.forget(table)
    return this.rest.renameTable(table, newName, options)
  }

  async createTable(table: TableRef, arrowStream: Uint8Array, mode: CreateMode = 'create', options?: CreateTableOptions): Promise<void> {
    try {
      await this.#choice.run(
        'data',
        () => this.rest.createTable(table, arrowStream, mode, options),
        () => this.#createAtLocation(table, arrowStream, mode, options?.dataStorageVersion)
      )
    } finally {
      // An overwrite replaced what a kept handle holds.
      this.atLocation.handles.forget(table)
      this.#described.forget(table)
    }
  }

  countRows(table: TableRef, filter?: string, options?: CallOptions): Promise<ExactInt> {
    return this.#choice.run(
      'data',
      () => this.tables.countRows(table, filter, options),
      () => this.atLocation.countRows(table, filter, options)
    )
  }

  readRows(table: TableRef, request: ReadRowsRequest, options?: CallOptions): Promise<RowsPage> {
    const group = request.version === undefined ? 'data' : 'version-read'
    return this.#choice.run(
      group,
      () => this.tables.readRows(table, request, options),
      () => this.atLocation.readRows(table, request, options)
    )
  }

  addColumns(table: TableRef, columns: readonly NewColumn[], options?: CallOptions): Promise<SchemaChangeResult> {
    return this.#changes(table, () =>
      this.#choice.run(
        'schema',
        () => this.tables.addColumns(table, columns, options),
        () => this.atLocation.addColumns(table, columns, options)
      )
    )
  }

  alterColumns(table: TableRef, alterations: readonly ColumnAlteration[], options?: CallOptions): Promise<SchemaChangeResult> {
    return this.#changes(table, () =>
      this.#choice.run(
        'schema',
        () => this.tables.alterColumns(table, alterations, options),
        () => this.atLocation.alterColumns(table, alterations, options)
      )
    )
  }

  dropColumns(table: TableRef, columns: readonly string[], options?: CallOptions): Promise<SchemaChangeResult> {
    return this.#changes(table, () =>
      this.#choice.run(
        'schema',
        () => this.tables.dropColumns(table, columns, options),
        () => this.atLocation.dropColumns(table, columns, options)
      )
    )
  }

  listVersions(table: TableRef, options?: CallOptions): Promise<TableVersionInfo[]> {
    return this.#choice.run(
      'versions',
      () => this.tables.listVersions(table, options),
      () => this.atLocation.listVersions(table, options)
    )
  }

  /** Tags, or null when neither the catalog nor the location offers them. */
  async listTags(table: TableRef, options?: CallOptions): Promise<TableTagInfo[] | null> {
    try {
      return await this.#choice.run(
        'tags',
        () => this.tables.listTags(table, options),
        () => this.atLocation.listTags(table, options)
      )
    } catch (error) {
      if (isUnsupportedOperation(error)) return null
      throw error
    }
  }

  describeVersion(table: TableRef, version: ExactInt, options?: CallOptions): Promise<TableDescription> {
    const viaRoute = async (): Promise<TableDescription> => ({
      ...(await this.tables.describeVersionOnly(table, version, options)),
      rowCount: await this.countRowsAt(table, version, undefined, options)
    })
    // At the location, the catalog's describe of the latest version still says where the table lives.
    const atLocation = async (): Promise<TableDescription> => {
      const [older, latest] = await Promise.all([this.atLocation.describeVersion(table, version, options), this.#describe(table, options)])
      return { ...older, location: latest.location }
    }
    return this.#choice.run('version-describe', viaRoute, atLocation)
  }

  countRowsAt(table: TableRef, version: ExactInt, filter?: string, options?: CallOptions): Promise<ExactInt> {
    return this.#choice.run(
      'version-count',
      () => this.tables.countRowsAt(table, version, filter, options),
      () => this.atLocation.countRowsAt(table, version, filter, options)
    )
  }

  async restoreVersion(table: TableRef, version: ExactInt, options?: CallOptions): Promise<ExactInt> {
    const viaRoute = async (): Promise<ExactInt> => {
      await this.versionRoutes.restore(table, version, options)
      return latestOf(await this.listVersions(table, options))
    }
    try {
      return await this.#choice.run('restore', viaRoute, () => this.atLocation.restoreVersion(table, version, options))
    } finally {
      this.atLocation.handles.forget(table)
      this.#described.forget(table)
    }
  }

  createTag(table: TableRef, tag: string, version: ExactInt, options?: CallOptions): Promise<void> {
    return this.#choice.run(
      'tag-write',
      () => this.tables.createTag(table, tag, version, options),
      () => this.atLocation.createTag(table, tag, version, options)
    )
  }

  deleteTag(table: TableRef, tag: string, options?: CallOptions): Promise<void> {
    return this.#choice.run(
      'tag-write',
      () => this.tables.deleteTag(table, tag, options),
      () => this.atLocation.deleteTag(table, tag, options)
    )
  }

  searchRows(table: TableRef, spec: SearchSpec, options?: CallOptions): Promise<RowsPage> {
    return this.#choice.run(
      'data',
      () => this.tables.searchRows(table, spec, options),
      () => this.atLocation.searchRows(table, spec, options)
    )
  }

  explainSearch(table: TableRef, spec: SearchSpec, options?: CallOptions): Promise<string> {
    return this.#choice.run(
      'explain',
      () => this.tables.explainSearch(table, spec, options),
      () => this.atLocation.explainSearch(table, spec, options)
    )
  }

  searchInfo(table: TableRef, options?: CallOptions): Promise<SearchInfo> {
    // The fields come from the describe the table's view has just asked for.
    const viaRoute = async (): Promise<SearchInfo> => this.tables.searchInfoOf(table, (await this.#describe(table, options)).fields, options)
    return this.#choice.run('search-info', viaRoute, () => this.atLocation.searchInfo(table, options))
  }

  listIndexes(table: TableRef, options?: CallOptions): Promise<IndexInfo[]> {
    return this.#choice.run(
      'indexes',
      () => this.tables.listIndexes(table, options),
      () => this.atLocation.listIndexes(table, options)
    )
  }

  createIndex(table: TableRef, spec: IndexSpec, options?: CallOptions): Promise<void> {
    return this.#changes(table, () =>
      this.#choice.run(
        'indexes',
        () => this.tables.createIndex(table, spec, options),
        () => this.atLocation.createIndex(table, spec, options)
      )
    )
  }

  dropIndex(table: TableRef, name: string, options?: CallOptions): Promise<void> {
    return this.#changes(table, () =>
      this.#choice.run(
        'indexes',
        () => this.tables.dropIndex(table, name, options),
        () => this.atLocation.dropIndex(table, name, options)
      )
    )
  }

  optimizeTable(table: TableRef, options?: CallOptions): Promise<OptimizeResult> {
    return this.#changes(table, () =>
      this.#choice.run(
        'indexes',
        () => this.tables.optimizeTable(table, options),
        () => this.atLocation.optimizeTable(table, options)
      )
    )
  }

  refresh(): void {
    this.atLocation.handles.refresh()
    this.#described.clear()
  }

  async close(): Promise<void> {
    this.atLocation.handles.close()
    await Promise.all([this.rest.close(), this.locations.close()])
  }

  /** The catalog's describe of `table`, reused while fresh. */
  #describe(table: TableRef, options?: CallOptions): Promise<TableDescription> {
    return this.#described.get(table, () => this.rest.describeTable(table, options))
  }

  /** A change this app makes to `table`: its describe is asked again afterwards. */
  async #changes<T>(table: TableRef, change: () => Promise<T>): Promise<T> {
    try {
      return await change()
    } finally {
      this.#described.forget(table)
    }
  }

  async #createAtLocation(table: TableRef, arrowStream: Uint8Array, mode: CreateMode, version?: DataStorageVersion): Promise<void> {
    try {
      await this.locations.create(table, arrowStream, mode, version)
    } catch (error) {
      throw await this.#locationError(error, `create table`, table, false)
    }
  }

  /** What LanceDB threw at a table's location, saying plainly when the catalog offers no way to its data. */
  async #locationError(error: unknown, action: string, table: TableRef, opening: boolean): Promise<CatalogError> {
    if (error instanceof CatalogError) return error
    const known = fromLance(error, action, { table })
    // LanceDB reports a location it cannot open as a missing table; the catalog knows better.
    if (opening && known.code === 'table_not_found') {
      const described = await this.rest.describeTable(table).then(
        (found) => found,
        () => null
      )
      return described ? unreachable(`LanceDB could not open its location ${described.location ?? '(none given)'}`) : known
    }
    return known.code === 'internal' ? unreachable(messageOf(error)) : known
  }
}

function unreachable(cause: string): CatalogError {
  return new CatalogError(
    'unsupported',
    `This catalog offers neither the data routes (query, count_rows, create) nor a table location LanceDB can open, so this table's data cannot be reached: ${cause}.`,
    { cause }
  )
}
