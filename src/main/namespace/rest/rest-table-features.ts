/**
 * What a person does with one table, on a REST catalog's routes only: describe
 * (describe-table.ts), count_rows, rows (query-rows.ts), schema evolution (schema.ts),
 * versions and tags (versions.ts), indexes (indexes.ts) and search (search.ts). A route
 * the catalog lacks throws its "unsupported" error; data-access.ts decides what to do then.
 */
import type { TableDescription, TableRef } from '../../../shared/catalog-types'
import type { RowsPage } from '../../../shared/contract/tables'
import type { ColumnAlteration, NewColumn, SchemaChangeResult } from '../../../shared/contract/schema'
import type { TableTagInfo, TableVersionInfo } from '../../../shared/contract/versions'
import type { IndexInfo, IndexSpec, OptimizeResult } from '../../../shared/contract/indexes'
import type { SearchInfo, SearchSpec } from '../../../shared/contract/search'
import { CatalogError } from '../../../shared/errors'
import { compareExact, type ExactInt } from '../../../shared/exact-int'
import type { CallOptions, ReadRowsRequest, TableAccess } from '../table-access'
import { describeRestTable } from './describe-table'
import type { HttpTransport } from './http'
import { parseCount } from './json-values'
import { pathSegment } from './path-segment'
import { queryRows } from './query-rows'
import type { RestNames } from './rest-names'
import { restAddColumns, restAlterColumns, restDropColumns } from './schema'
import { TableStatsReader } from './table-stats'
import { RestVersionRoutes } from './versions'
import { createIndexRoute, dropIndexRoute, listIndexesRoute, optimizeRoute } from './indexes'
import { restExplainSearch, restSearchInfo, restSearchRows, type RestTableTarget } from './search'

/** The table features of one REST connection, each on the spec's routes. */
export class RestTableRoutes implements TableAccess {
  /** The version routes on this connection's transport. */
  readonly versionRoutes: RestVersionRoutes
  readonly #stats: TableStatsReader

  constructor(
    private readonly http: HttpTransport,
    private readonly names: RestNames
  ) {
    this.versionRoutes = new RestVersionRoutes(http, names.delimiter)
    this.#stats = new TableStatsReader(http)
  }

  describeTable(table: TableRef, options: CallOptions = {}): Promise<TableDescription> {
    return describeRestTable({ http: this.http, names: this.names, stats: this.#stats, client: this }, table, options)
  }

  async countRows(table: TableRef, filter?: string, options: CallOptions = {}): Promise<ExactInt> {
    const id = this.names.tableId(table)
    const response = await this.http.request({
      method: 'POST',
      path: `/v1/table/${pathSegment(id)}/count_rows`,
      query: { delimiter: this.names.tableDelimiter(table) },
      json: { id: [...table.namespace, table.name], ...(filter ? { predicate: filter } : {}) },
      idempotent: true,
      signal: options.signal,
      subject: this.names.tableName(table),
      notFound: 'table_not_found'
    })
    const rows = parseCount(response.body.toString('utf8'))
    if (rows === null) {
      throw new CatalogError('bad_response', `The server's row count for ${this.names.tableName(table)} is not a number.`, { status: response.status })
    }
    return rows
  }

  readRows(table: TableRef, request: ReadRowsRequest, options: CallOptions = {}): Promise<RowsPage> {
    return queryRows(this.http, this.names, table, request, options)
  }

  // Schema evolution: the spec's alter routes, in schema.ts.
  addColumns(table: TableRef, columns: readonly NewColumn[], options?: CallOptions): Promise<SchemaChangeResult> {
    return restAddColumns(this.http, this.target(table), columns, options)
  }

  alterColumns(table: TableRef, alterations: readonly ColumnAlteration[], options?: CallOptions): Promise<SchemaChangeResult> {
    return restAlterColumns(this.http, this.target(table), alterations, options)
  }

  dropColumns(table: TableRef, columns: readonly string[], options?: CallOptions): Promise<SchemaChangeResult> {
    return restDropColumns(this.http, this.target(table), columns, options)
  }

  // Versions and tags: the spec's routes, in versions.ts.
  listVersions(table: TableRef, options?: CallOptions): Promise<TableVersionInfo[]> {
    return this.versionRoutes.listVersions(table, options)
  }

  /** Tags; a catalog without tag routes throws its "unsupported" error (the namespace client answers null). */
  listTags(table: TableRef, options?: CallOptions): Promise<TableTagInfo[]> {
    return this.versionRoutes.listTags(table, options)
  }

  /** The describe of an older version, all but its row count. */
  async describeVersionOnly(table: TableRef, version: ExactInt, options?: CallOptions): Promise<Omit<TableDescription, 'rowCount'>> {
    const described = await this.versionRoutes.describeVersion(table, version, options)
    // A server that ignores `version` describes the latest one.
    if (!described) throw new CatalogError('unsupported', 'The catalog does not describe older versions.')
    return described
  }

  async describeVersion(table: TableRef, version: ExactInt, options?: CallOptions): Promise<TableDescription> {
    const described = await this.describeVersionOnly(table, version, options)
    return { ...described, rowCount: await this.countRowsAt(table, version, undefined, options) }
  }

  countRowsAt(table: TableRef, version: ExactInt, filter?: string, options?: CallOptions): Promise<ExactInt> {
    return this.versionRoutes.countRowsAt(table, version, filter, options)
  }

  async restoreVersion(table: TableRef, version: ExactInt, options?: CallOptions): Promise<ExactInt> {
    await this.versionRoutes.restore(table, version, options)
    return latestOf(await this.listVersions(table, options))
  }

  createTag(table: TableRef, tag: string, version: ExactInt, options?: CallOptions): Promise<void> {
    return this.versionRoutes.createTag(table, tag, version, options)
  }

  deleteTag(table: TableRef, tag: string, options?: CallOptions): Promise<void> {
    return this.versionRoutes.deleteTag(table, tag, options)
  }

  // Indexes: the spec's index routes, in indexes.ts.
  listIndexes(table: TableRef, options: CallOptions = {}): Promise<IndexInfo[]> {
    return listIndexesRoute(this.http, this.target(table), options)
  }

  createIndex(table: TableRef, spec: IndexSpec, options: CallOptions = {}): Promise<void> {
    return createIndexRoute(this.http, this.target(table), spec, options)
  }

  dropIndex(table: TableRef, name: string, options: CallOptions = {}): Promise<void> {
    return dropIndexRoute(this.http, this.target(table), name, options)
  }

  async optimizeTable(table: TableRef, _options?: CallOptions): Promise<OptimizeResult> {
    return optimizeRoute(this.target(table))
  }

  // Search: the spec's query route and index listings, in search.ts.
  searchRows(table: TableRef, spec: SearchSpec, options: CallOptions = {}): Promise<RowsPage> {
    return restSearchRows(this.http, this.target(table), spec, options)
  }

  explainSearch(table: TableRef, spec: SearchSpec, options: CallOptions = {}): Promise<string> {
    return restExplainSearch(this.http, this.target(table), spec, options)
  }

  async searchInfo(table: TableRef, options: CallOptions = {}): Promise<SearchInfo> {
    return this.searchInfoOf(table, (await this.describeTable(table, options)).fields, options)
  }

  /** What the table offers to search, given its described fields. */
  searchInfoOf(table: TableRef, fields: TableDescription['fields'], options: CallOptions = {}): Promise<SearchInfo> {
    return restSearchInfo(this.http, this.target(table), fields, options)
  }

  /** Where the routes of `table` live: its encoded id, delimiter, id and quoted name. */
  private target(table: TableRef): RestTableTarget {
    return {
      encodedId: this.names.tableSegment(table),
      query: { delimiter: this.names.tableDelimiter(table) },
      id: [...table.namespace, table.name],
      subject: this.names.tableName(table)
    }
  }
}

/** The newest of a table's versions. */
export function latestOf(versions: readonly TableVersionInfo[]): ExactInt {
  return versions.map((v) => v.version).reduce((a, b) => (compareExact(a, b) >= 0 ? a : b))
}
