/**
 * The Lance-native features of a REST catalog's tables: schema evolution (schema.ts),
 * versions and tags (versions.ts through versions-access.ts), indexes (indexes.ts) and
 * search (search.ts), each on the spec's routes. `RestNamespace` (rest-namespace.ts)
 * extends this with the core (listings, namespaces, tables, rows).
 */
import type { TableDescription, TableRef } from '../../../shared/catalog-types'
import type { RowsPage } from '../../../shared/contract/tables'
import type { ColumnAlteration, NewColumn, SchemaChangeResult } from '../../../shared/contract/schema'
import type { TableTagInfo, TableVersionInfo } from '../../../shared/contract/versions'
import type { IndexInfo, IndexSpec, OptimizeResult } from '../../../shared/contract/indexes'
import type { SearchInfo, SearchSpec } from '../../../shared/contract/search'
import type { CallOptions, NamespaceClient, ReadRowsRequest } from '../namespace-client'
import type { HttpTransport } from './http'
import type { RestNames } from './rest-names'
import { restAddColumns, restAlterColumns, restDropColumns } from './schema'
import { RestVersionRoutes } from './versions'
import { VersionAccess } from './versions-access'
import { createIndexRoute, dropIndexRoute, listIndexesRoute, optimizeRoute } from './indexes'
import { restExplainSearch, restSearchInfo, restSearchRows, type RestTableTarget } from './search'

type Feature =
  | 'addColumns' | 'alterColumns' | 'dropColumns'
  | 'listVersions' | 'listTags' | 'describeVersion' | 'countRowsAt' | 'restoreVersion' | 'createTag' | 'deleteTag'
  | 'listIndexes' | 'createIndex' | 'dropIndex' | 'optimizeTable'
  | 'searchRows' | 'explainSearch' | 'searchInfo'

export abstract class RestTableFeatures implements Pick<NamespaceClient, Feature> {
  /** The version routes (issue 16) on this connection's transport. */
  readonly versionRoutes: RestVersionRoutes
  readonly #versions: VersionAccess

  constructor(
    protected readonly http: HttpTransport,
    protected readonly names: RestNames
  ) {
    this.versionRoutes = new RestVersionRoutes(http, names.delimiter)
    this.#versions = new VersionAccess(this.versionRoutes, null, this)
  }

  abstract describeTable(table: TableRef, options?: CallOptions): Promise<TableDescription>
  abstract readRows(table: TableRef, request: ReadRowsRequest, options?: CallOptions): Promise<RowsPage>

  // Schema evolution (issue 16): the spec's alter routes, in schema.ts.
  addColumns(table: TableRef, columns: readonly NewColumn[], options?: CallOptions): Promise<SchemaChangeResult> {
    return restAddColumns(this.http, this.target(table), columns, options)
  }

  alterColumns(table: TableRef, alterations: readonly ColumnAlteration[], options?: CallOptions): Promise<SchemaChangeResult> {
    return restAlterColumns(this.http, this.target(table), alterations, options)
  }

  dropColumns(table: TableRef, columns: readonly string[], options?: CallOptions): Promise<SchemaChangeResult> {
    return restDropColumns(this.http, this.target(table), columns, options)
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
    return listIndexesRoute(this.http, this.target(table), options)
  }

  createIndex(table: TableRef, spec: IndexSpec, options: CallOptions = {}): Promise<void> {
    return createIndexRoute(this.http, this.target(table), spec, options)
  }

  dropIndex(table: TableRef, name: string, options: CallOptions = {}): Promise<void> {
    return dropIndexRoute(this.http, this.target(table), name, options)
  }

  async optimizeTable(table: TableRef): Promise<OptimizeResult> {
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
    return restSearchInfo(this.http, this.target(table), (await this.describeTable(table, options)).fields, options)
  }

  /** Where the routes of `table` live: its encoded id, delimiter, id and quoted name. */
  protected target(table: TableRef): RestTableTarget {
    return {
      encodedId: this.names.tableSegment(table),
      query: { delimiter: this.names.tableDelimiter(table) },
      id: [...table.namespace, table.name],
      subject: this.names.tableName(table)
    }
  }
}
