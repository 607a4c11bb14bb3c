/**
 * The Lance-native features of a REST catalog's tables, each on the spec's routes: schema
 * evolution (schema.ts), versions and tags (version-methods.ts, through versions.ts and
 * versions-access.ts), indexes (indexes.ts) and search (search.ts). `RestNamespace`
 * (rest-namespace.ts) extends this with the core (listings, namespaces, tables, rows).
 */
import type { TableDescription, TableRef } from '../../../shared/catalog-types'
import type { RowsPage } from '../../../shared/contract/tables'
import type { ColumnAlteration, NewColumn, SchemaChangeResult } from '../../../shared/contract/schema'
import type { IndexInfo, IndexSpec, OptimizeResult } from '../../../shared/contract/indexes'
import type { SearchInfo, SearchSpec } from '../../../shared/contract/search'
import type { CallOptions, NamespaceClient, ReadRowsRequest } from '../namespace-client'
import type { HttpTransport } from './http'
import type { RestNames } from './rest-names'
import { restAddColumns, restAlterColumns, restDropColumns } from './schema'
import { RestVersionRoutes } from './versions'
import { VersionAccess } from './versions-access'
import { VersionMethods } from './version-methods'
import { createIndexRoute, dropIndexRoute, listIndexesRoute, optimizeRoute } from './indexes'
import { restExplainSearch, restSearchInfo, restSearchRows, type RestTableTarget } from './search'

type Feature =
  | 'addColumns' | 'alterColumns' | 'dropColumns'
  | 'listVersions' | 'listTags' | 'describeVersion' | 'countRowsAt' | 'restoreVersion' | 'createTag' | 'deleteTag'
  | 'listIndexes' | 'createIndex' | 'dropIndex' | 'optimizeTable'
  | 'searchRows' | 'explainSearch' | 'searchInfo'

export abstract class RestTableFeatures extends VersionMethods implements Pick<NamespaceClient, Feature> {
  /** The version routes on this connection's transport. */
  readonly versionRoutes: RestVersionRoutes
  protected readonly versions: VersionAccess

  constructor(
    protected readonly http: HttpTransport,
    protected readonly names: RestNames
  ) {
    super()
    this.versionRoutes = new RestVersionRoutes(http, names.delimiter)
    this.versions = new VersionAccess(this.versionRoutes, null, this)
  }

  abstract describeTable(table: TableRef, options?: CallOptions): Promise<TableDescription>
  abstract readRows(table: TableRef, request: ReadRowsRequest, options?: CallOptions): Promise<RowsPage>

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
