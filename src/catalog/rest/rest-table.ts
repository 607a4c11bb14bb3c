/**
 * The table handle of a REST catalog: each operation on the spec's routes (describe in
 * describe-table.ts, rows in query-rows.ts, schema evolution in schema.ts, versions and
 * tags in versions.ts, indexes in indexes.ts, search in search.ts). Where the connection
 * also reads tables at their location, each operation names its group of routes and the
 * same operation on the table's LanceDB handle, and route-choice.ts decides between
 * them; a catalog that lacks the route and has no location to read answers its own error.
 */
import type { TableDescription, TableRef } from '../../shared/catalog-types'
import type { RowsPage } from '../../shared/contract/tables'
import type { ColumnAlteration, NewColumn, SchemaChangeResult } from '../../shared/contract/schema'
import type { TableTagInfo, TableVersionInfo } from '../../shared/contract/versions'
import type { IndexInfo, IndexSpec, OptimizeResult } from '../../shared/contract/indexes'
import type { SearchInfo, SearchSpec } from '../../shared/contract/search'
import { CatalogError, withoutSourceLocations } from '../../shared/errors'
import { compareExact, type ExactInt } from '../../shared/exact-int'
import type { FreshAnswers } from '../fresh-answers'
import type { CallOptions, CellBytes, CellBytesRequest, ReadRowsRequest, TableHandle } from '../table-handle'
import type { TableFiles } from '../table-files'
import { bytesFromPages } from '../cell-bytes'
import { describeRestTable } from './describe-table'
import { describeRequest } from './describe-schema'
import type { HttpTransport } from './http'
import { count, isRecord, parseCount } from './json-values'
import { queryRows } from './query-rows'
import type { RestNames, RestTableTarget } from './rest-names'
import type { RouteChoice, RouteGroup } from './route-choice'
import { restAddColumns, restAlterColumns, restDropColumns } from './schema'
import type { TableStatsReader } from './table-stats'
import type { RestVersionRoutes } from './versions'
import { createIndexRoute, dropIndexRoute, listIndexesRoute, optimizeRoute } from './indexes'
import { restExplainSearch, restSearchInfo, restSearchRows } from './search'
import { isUnsupportedOperation } from './unsupported'
import { plainColumns } from '../lance/lance-rows'
import { TableMoved, type MergeRowsRequest, type MergeRowsResult } from '../merge-rows'
import { mergeQuery, probeMergeRoute, restMergeRows } from './merge-rows'
import { keyListFilter } from '../key-list'
import { MAX_FILTER_LENGTH } from '../../shared/input-bounds'
import { messageOf } from '../lance/lance-errors'
import type { CleanupPlan, MaintenanceAction, MaintenanceOutcome, TableHealth } from '../../shared/contract/health'
import { restTableHealth } from './health'
import type { ChangedRowsPage, ChangedRowsRequest, VersionDiff, VersionDiffRequest } from '../../shared/contract/changes'

/** Why a blob column's cells came from the catalog's query routes without their bytes. */
const BLOB_NOT_SERVED = "The catalog's answers hold where this blob column's bytes are, not the bytes (the REST spec has no route for them)"

/** What every table of one REST connection shares. */
export interface RestTableContext {
  readonly http: HttpTransport
  readonly names: RestNames
  readonly stats: TableStatsReader
  readonly versionRoutes: RestVersionRoutes
  readonly choice: RouteChoice
  /** Where the connection also reads tables at their location: that table's handle, its kept describes, and what forgets both. */
  readonly location: RestTableLocation | null
}

/** The location side of a REST connection that reads tables there too. */
export interface RestTableLocation {
  /** The table at its location, through LanceDB. */
  table(ref: TableRef): TableHandle
  /** The catalog's describe answers, reused under the kept tables' freshness rule. */
  readonly described: FreshAnswers<TableDescription>
  /** Forgets what is kept of `ref` (its LanceDB handle and describe): this app changed or replaced it. */
  forget(ref: TableRef): void
}

/** One table of a REST catalog. */
export class RestTable implements TableHandle {
  readonly #target: RestTableTarget
  readonly #atLocation: TableHandle | null

  constructor(
    private readonly on: RestTableContext,
    readonly ref: TableRef
  ) {
    this.#target = on.names.target(ref)
    this.#atLocation = on.location?.table(ref) ?? null
  }

  async describe(options: CallOptions = {}): Promise<TableDescription> {
    const description = await this.#describe(options)
    // No stats and no count_rows (the describe found both routes missing): the catalog
    // serves metadata only, so rows are counted at the table's location.
    const location = this.#atLocation
    if (!location || description.rowCount !== null || !this.on.choice.describedWithoutData()) return description
    // Lance's own statistics at the location: rows, fragments and bytes from the manifest at once;
    // and the schema and version when the describe gave only a location (the spec makes them optional).
    const read = await location.describe(options)
    return {
      ...description,
      fields: description.fields.length === 0 ? read.fields : description.fields,
      version: description.version ?? read.version,
      rowCount: read.rowCount,
      fragmentCount: read.fragmentCount,
      totalBytes: read.totalBytes
    }
  }

  tableFiles(options: CallOptions = {}): Promise<TableFiles | null> {
    // Through the location side, which refuses a local location the profile does not let it
    // open, and reads a store's files with the profile's own storage options or, for a
    // table opened with vended ones, those the catalog vends now (LocationTables.filesOptionsOf).
    return this.#atLocation ? this.#atLocation.tableFiles(options) : Promise.resolve(null)
  }

  version(options: CallOptions & { readonly fresh?: boolean } = {}): Promise<ExactInt> {
    // One describe names the version (without the stats and counts a full description adds);
    // a catalog whose describe leaves it out lists its versions. A fresh answer skips the kept describe.
    const viaRoute = async (): Promise<ExactInt> => {
      if (options.fresh) return this.#freshVersion(options)
      const described = this.on.location
        ? (await this.#describe(options)).version
        : describedVersion(await this.on.http.json(describeRequest(this.#target, options)))
      return described ?? latestOf(await this.on.versionRoutes.listVersions(this.ref, options))
    }
    return this.#either('versions', viaRoute, (t) => t.version(options))
  }

  countRows(filter?: string, options: CallOptions = {}): Promise<ExactInt> {
    return this.#either(
      'data',
      () => this.#countRoute(filter, options),
      (t) => t.countRows(filter, options)
    )
  }

  readRows(request: ReadRowsRequest, options: CallOptions = {}): Promise<RowsPage> {
    const group = request.version === undefined ? 'data' : 'version-read'
    return this.#either(
      group,
      async () => this.#readRoute(await this.#withoutBytes(asFilter(request), options), options),
      (t) => t.readRows(request, options)
    )
  }

  keyReadBound(version?: ExactInt): number | null {
    const group = version === undefined ? 'data' : 'version-read'
    return this.on.choice.asksRoute(group, this.#atLocation !== null) ? MAX_FILTER_LENGTH : null
  }

  /**
   * `request` with the columns that hold no bytes named, where it asks to leave out byte
   * columns and the table's description is kept (so knowing them costs no request); else
   * as it is: a catalog of routes alone reads them rather than ask for a description per page.
   */
  async #withoutBytes(request: ReadRowsRequest, options: CallOptions): Promise<ReadRowsRequest> {
    if (request.leaveOutBytes !== true || request.columns !== undefined || request.version !== undefined || !this.on.location) return request
    const columns = plainColumns((await this.#describe(options)).fields)
    return columns ? { ...request, columns } : request
  }

  readBytes(request: CellBytesRequest, options: CallOptions = {}): Promise<CellBytes[]> {
    const { column, filter, version } = request
    const viaRoute = async (): Promise<CellBytes[]> => {
      const cells = await bytesFromPages(
        (offset, limit) =>
          this.#readRoute(
            { offset, limit, columns: [column], ...(filter === undefined ? {} : { filter }), ...(version === undefined ? {} : { version }) },
            options
          ),
        request
      )
      // A blob column's query answer holds where each value's bytes are, and the spec has no
      // route for the bytes themselves: where this connection reads the table's files too,
      // they are read there; else each cell says why it has none.
      if (!cells.some((cell) => cell !== null && cell.bytes === null)) return cells
      const location = this.#atLocation
      const unread = (why: string): CellBytes[] =>
        cells.map((cell) => (cell !== null && cell.bytes === null ? { ...cell, unread: `${BLOB_NOT_SERVED}${why}` } : cell))
      if (!location) return unread(", and this connection does not read the table's files.")
      try {
        return await location.readBytes(request, options)
      } catch (error) {
        if (!(error instanceof CatalogError) || error.code === 'cancelled') throw error
        // The cause alone (what the store said), without the source locations a library left in it.
        return unread(`; reading them at the table's location failed: ${withoutSourceLocations(error.details?.cause ?? error.message)}`)
      }
    }
    return this.#either(version === undefined ? 'data' : 'version-read', viaRoute, (t) => t.readBytes(request, options))
  }

  // Schema evolution: the spec's alter routes, in schema.ts.
  addColumns(columns: readonly NewColumn[], options?: CallOptions): Promise<SchemaChangeResult> {
    return this.#change(
      'schema',
      () => restAddColumns(this.on.http, this.#target, columns, options),
      (t) => t.addColumns(columns, options)
    )
  }

  alterColumns(alterations: readonly ColumnAlteration[], options?: CallOptions): Promise<SchemaChangeResult> {
    const viaRoute = (): Promise<SchemaChangeResult> => restAlterColumns(this.on.http, this.#target, alterations, options)
    return this.#change('schema', viaRoute, (t) => t.alterColumns(alterations, options))
  }

  dropColumns(columns: readonly string[], options?: CallOptions): Promise<SchemaChangeResult> {
    return this.#change(
      'schema',
      () => restDropColumns(this.on.http, this.#target, columns, options),
      (t) => t.dropColumns(columns, options)
    )
  }

  // Versions and tags: the spec's routes, in versions.ts.
  listVersions(options?: CallOptions): Promise<TableVersionInfo[]> {
    return this.#either(
      'versions',
      () => this.on.versionRoutes.listVersions(this.ref, options),
      (t) => t.listVersions(options)
    )
  }

  /** Tags, or null when neither the catalog nor the location offers them. */
  async listTags(options?: CallOptions): Promise<TableTagInfo[] | null> {
    try {
      return await this.#either(
        'tags',
        () => this.on.versionRoutes.listTags(this.ref, options),
        (t) => t.listTags(options)
      )
    } catch (error) {
      if (isUnsupportedOperation(error)) return null
      throw error
    }
  }

  describeVersion(version: ExactInt, options?: CallOptions): Promise<TableDescription> {
    const viaRoute = async (): Promise<TableDescription> => {
      const described = await this.on.versionRoutes.describeVersion(this.ref, version, options)
      // A server that ignores `version` describes the latest one.
      if (!described) throw new CatalogError('unsupported', 'The catalog does not describe older versions.')
      return { ...described, rowCount: await this.countRowsAt(version, undefined, options) }
    }
    // At the location, the catalog's describe of the latest version still says where the table lives.
    return this.#either('version-describe', viaRoute, async (t) => {
      const [older, latest] = await Promise.all([t.describeVersion(version, options), this.#describe(options)])
      return { ...older, location: latest.location }
    })
  }

  countRowsAt(version: ExactInt, filter?: string, options?: CallOptions): Promise<ExactInt> {
    return this.#either(
      'version-count',
      () => this.on.versionRoutes.countRowsAt(this.ref, version, filter, options),
      (t) => t.countRowsAt(version, filter, options)
    )
  }

  async restoreVersion(version: ExactInt, options?: CallOptions): Promise<ExactInt> {
    const viaRoute = async (): Promise<ExactInt> => {
      await this.on.versionRoutes.restore(this.ref, version, options)
      return latestOf(await this.listVersions(options))
    }
    try {
      return await this.#either('restore', viaRoute, (t) => t.restoreVersion(version, options))
    } finally {
      this.on.location?.forget(this.ref)
    }
  }

  createTag(tag: string, version: ExactInt, options?: CallOptions): Promise<void> {
    return this.#either(
      'tag-write',
      () => this.on.versionRoutes.createTag(this.ref, tag, version, options),
      (t) => t.createTag(tag, version, options)
    )
  }

  deleteTag(tag: string, options?: CallOptions): Promise<void> {
    return this.#either(
      'tag-write',
      () => this.on.versionRoutes.deleteTag(this.ref, tag, options),
      (t) => t.deleteTag(tag, options)
    )
  }

  // Search: the spec's query route and index listings, in search.ts.
  searchRows(spec: SearchSpec, options: CallOptions = {}): Promise<RowsPage> {
    return this.#either(
      'data',
      () => restSearchRows(this.on.http, this.#target, spec, options),
      (t) => t.searchRows(spec, options)
    )
  }

  explainSearch(spec: SearchSpec, options: CallOptions = {}): Promise<string> {
    return this.#either(
      'explain',
      () => restExplainSearch(this.on.http, this.#target, spec, options),
      (t) => t.explainSearch(spec, options)
    )
  }

  searchInfo(options: CallOptions = {}): Promise<SearchInfo> {
    // The fields come from the describe the table's view has just asked for.
    const viaRoute = async (): Promise<SearchInfo> => restSearchInfo(this.on.http, this.#target, (await this.#describe(options)).fields, options)
    return this.#either('search-info', viaRoute, (t) => t.searchInfo(options))
  }

  // Indexes: the spec's index routes, in indexes.ts.
  listIndexes(options: CallOptions = {}): Promise<IndexInfo[]> {
    return this.#either(
      'indexes',
      () => listIndexesRoute(this.on.http, this.#target, options),
      (t) => t.listIndexes(options)
    )
  }

  createIndex(spec: IndexSpec, options: CallOptions = {}): Promise<void> {
    return this.#change(
      'indexes',
      () => createIndexRoute(this.on.http, this.#target, spec, options),
      (t) => t.createIndex(spec, options)
    )
  }

  dropIndex(name: string, options: CallOptions = {}): Promise<void> {
    return this.#change(
      'indexes',
      () => dropIndexRoute(this.on.http, this.#target, name, options),
      (t) => t.dropIndex(name, options)
    )
  }

  optimizeTable(options?: CallOptions): Promise<OptimizeResult> {
    return this.#change(
      'indexes',
      () => optimizeRoute(this.#target),
      (t) => t.optimizeTable(options)
    )
  }

  // Row writes: the spec's merge_insert route, in merge-rows.ts.
  async mergeRows(request: MergeRowsRequest, options: CallOptions = {}): Promise<MergeRowsResult> {
    try {
      return await this.#change(
        'merge',
        async () => {
          // Deletes too many to name in a URL are written at the table's location, where there is one: still one version.
          const location = this.#atLocation
          if (location && mergeQuery(this.#target, request) === null) return location.mergeRows(request, options)
          // The spec's merge_insert takes no expected version: ask the catalog for its latest one just before.
          if (request.expectedVersion !== undefined) {
            const latest = await this.#freshVersion(options)
            if (latest !== request.expectedVersion) throw new TableMoved(latest)
          }
          return restMergeRows(this.on.http, this.#target, request, options)
        },
        (t) => t.mergeRows(request, options)
      )
    } finally {
      // The location's kept LanceDB handle would otherwise serve the version before the merge.
      this.on.location?.forget(this.ref)
    }
  }

  /** The latest version as the catalog says it now, never from a kept describe. */
  async #freshVersion(options: CallOptions): Promise<ExactInt> {
    return (
      describedVersion(await this.on.http.json(describeRequest(this.#target, options))) ?? latestOf(await this.on.versionRoutes.listVersions(this.ref, options))
    )
  }

  async rowWritesUnavailable(options: CallOptions = {}): Promise<string | null> {
    const location = this.#atLocation
    if (this.on.choice.asksRoute('merge', location !== null)) {
      const offered = await this.on.choice.offers('merge', () => probeMergeRoute(this.on.http, this.on.names, this.ref, options))
      // Null (the probe could not tell): offered, and the first commit tells.
      if (offered !== false) return null
    }
    const missing = `The catalog does not offer the merge_insert route for ${this.#target.subject}`
    if (!location) return `${missing}, and this connection does not read the table's files.`
    try {
      await location.version(options)
      return null
    } catch (error) {
      if (options.signal?.aborted) throw error
      const cause = error instanceof CatalogError && typeof error.details?.cause === 'string' ? error.details.cause : messageOf(error)
      return `${missing}, and LanceDB cannot open the table's files at its location (${firstCause(cause)}), so rows cannot be written.`
    }
  }

  // Health: the spec's stats, version, tag and index routes (health.ts); maintenance has no routes.
  async tableHealth(options: CallOptions = {}): Promise<TableHealth> {
    const health = await this.#either(
      'health',
      () => restTableHealth(this.on, this.ref, this.#target, options),
      (t) => t.tableHealth(options)
    )
    // Maintenance runs only at the table's location: the spec has no route for it.
    return this.#atLocation ? health : { ...health, maintenanceUnavailable: MAINTENANCE_NEEDS_FILES }
  }

  cleanupPlan(olderThan: Date, options?: CallOptions): Promise<CleanupPlan> {
    return this.#either(
      'maintenance',
      () => noMaintenanceRoute(this.#target, 'list old versions to clean up'),
      (t) => t.cleanupPlan(olderThan, options)
    )
  }

  maintainTable(action: MaintenanceAction, options?: CallOptions): Promise<MaintenanceOutcome> {
    return this.#change(
      'maintenance',
      () => noMaintenanceRoute(this.#target, action.kind === 'optimize' ? 'optimize' : 'clean up old versions of'),
      (t) => t.maintainTable(action, options)
    )
  }

  diffVersions(request: VersionDiffRequest, options?: CallOptions): Promise<VersionDiff> {
    return this.#either(
      'maintenance',
      () => this.#noCompareRoute(),
      (t) => t.diffVersions(request, options)
    )
  }

  changedRows(request: ChangedRowsRequest, options?: CallOptions): Promise<ChangedRowsPage> {
    return this.#either(
      'maintenance',
      () => this.#noCompareRoute(),
      (t) => t.changedRows(request, options)
    )
  }

  /** Comparing versions reads row ids or addresses, which the spec's routes do not give: only the table's files answer. */
  #noCompareRoute(): never {
    throw new CatalogError(
      'unsupported',
      `The Lance REST spec has no operation to compare versions of ${this.#target.subject}, and this connection does not read the table's files.`
    )
  }

  /** The route of `group`, or the same operation at the table's location, as route-choice.ts decides. */
  #either<T>(group: RouteGroup, viaRoute: () => Promise<T>, atLocation: (t: TableHandle) => Promise<T>): Promise<T> {
    const location = this.#atLocation
    return this.on.choice.run(group, viaRoute, location ? () => atLocation(location) : null)
  }

  /** A change this app makes to the table: its describe is asked again afterwards. */
  async #change<T>(group: RouteGroup, viaRoute: () => Promise<T>, atLocation: (t: TableHandle) => Promise<T>): Promise<T> {
    try {
      return await this.#either(group, viaRoute, atLocation)
    } finally {
      this.on.location?.described.forget(this.ref)
    }
  }

  /** The catalog's describe, reused while fresh where the connection keeps describes. */
  #describe(options: CallOptions = {}): Promise<TableDescription> {
    const ask = (): Promise<TableDescription> =>
      describeRestTable(
        {
          http: this.on.http,
          names: this.on.names,
          stats: this.on.stats,
          // What the describe leaves out is asked of the catalog's own routes, never the location.
          data: { countRows: (filter, o) => this.#countRoute(filter, o), readRows: (request, o) => this.#readRoute(request, o) }
        },
        this.ref,
        options
      )
    return this.on.location ? this.on.location.described.get(this.ref, ask) : ask()
  }

  async #countRoute(filter: string | undefined, options: CallOptions = {}): Promise<ExactInt> {
    const response = await this.on.http.request({
      method: 'POST',
      path: `/v1/table/${this.#target.encodedId}/count_rows`,
      query: this.#target.query,
      json: { id: this.#target.id, ...(filter ? { predicate: filter } : {}) },
      idempotent: true,
      signal: options.signal,
      subject: this.#target.subject,
      notFound: 'table_not_found'
    })
    const rows = parseCount(response.body.toString('utf8'))
    if (rows === null) {
      throw new CatalogError('bad_response', `The server's row count for ${this.#target.subject} is not a number.`, { status: response.status })
    }
    return rows
  }

  #readRoute(request: ReadRowsRequest, options: CallOptions = {}): Promise<RowsPage> {
    return queryRows(this.on.http, this.on.names, this.ref, request, options)
  }
}

const MAINTENANCE_NEEDS_FILES = "The Lance REST spec has no operation to optimize or clean up a table, and this connection does not read the table's files."

/** The spec has no maintenance operations: said before any request, so the location is read instead where it can be. */
function noMaintenanceRoute(target: RestTableTarget, verb: string): never {
  throw new CatalogError(
    'unsupported',
    `The Lance REST spec has no operation to ${verb} ${target.subject}, and this connection does not read the table's files.`
  )
}

/** The first line of a LanceDB error, without the source file it names: what a person can act on. */
function firstCause(message: string): string {
  const line = (message.split(/\n|\s+Caused by:/)[0] ?? message).replace(/, \S+\.rs:\d+:\d+\s*$/, '').trim()
  return line.length > 240 ? `${line.slice(0, 239)}…` : line
}

/** A read by keys as a filter for the catalog's query route (which the caller keeps within `keyReadBound`). */
function asFilter(request: ReadRowsRequest): ReadRowsRequest {
  if (!request.keys) return request
  const { keys, ...rest } = request
  return { ...rest, filter: keyListFilter(keys) }
}

/** The version a describe answer names, if it names one. */
function describedVersion(body: unknown): ExactInt | null {
  return isRecord(body) ? count(body['version']) : null
}

/** The newest of a table's versions. */
function latestOf(versions: readonly TableVersionInfo[]): ExactInt {
  return versions.map((v) => v.version).reduce((a, b) => (compareExact(a, b) >= 0 ? a : b))
}
