/**
 * The Lance-native features of a directory catalog's tables: versions and tags, schema
 * evolution, search and indexes. Each opens the table and makes LanceDB's own call
 * (lance-native/*.ts); `DirNamespace` (dir-namespace.ts) extends this with the core
 * (listings, namespaces, tables, rows) and says how a table is opened.
 */
import { fileURLToPath } from 'node:url'
import type { Table as LanceTable } from '@lancedb/lancedb'
import type { TableDescription, TableRef } from '../../shared/catalog-types'
import type { RowsPage } from '../../shared/contract/tables'
import type { ColumnAlteration, NewColumn, SchemaChangeResult } from '../../shared/contract/schema'
import type { TableTagInfo, TableVersionInfo } from '../../shared/contract/versions'
import type { ExactInt } from '../../shared/exact-int'
import type { SearchInfo, SearchSpec } from '../../shared/contract/search'
import type { IndexInfo, IndexSpec, OptimizeResult } from '../../shared/contract/indexes'
import type { CallOptions, NamespaceClient } from './namespace-client'
import { addLanceColumns, alterLanceColumns, dropLanceColumns } from './lance-native/schema'
import * as versions from './lance-native/versions'
import { explainLanceSearch, lanceSearchInfo, searchLanceRows } from './lance-native/search'
import { createTableIndex, dropTableIndex, listTableIndexes, optimizeTable } from './lance-native/indexes'

type Feature =
  | 'listVersions' | 'listTags' | 'describeVersion' | 'countRowsAt' | 'restoreVersion' | 'createTag' | 'deleteTag'
  | 'addColumns' | 'alterColumns' | 'dropColumns'
  | 'searchRows' | 'explainSearch' | 'searchInfo'
  | 'listIndexes' | 'createIndex' | 'dropIndex' | 'optimizeTable'

export abstract class DirTableFeatures implements Pick<NamespaceClient, Feature> {
  /**
   * Checks the call may start, opens `table`, runs `use` on it and closes it; `verb` names
   * the action in errors ("list the versions of" table "t").
   */
  protected abstract onTable<T>(table: TableRef, options: CallOptions | undefined, verb: string, use: (t: LanceTable) => Promise<T>): Promise<T>

  // Versions, in lance-native/versions.ts.
  listVersions(table: TableRef, options?: CallOptions): Promise<TableVersionInfo[]> {
    return this.onTable(table, options, 'list the versions of', (t) => versions.listLanceVersions(t))
  }

  listTags(table: TableRef, options?: CallOptions): Promise<TableTagInfo[] | null> {
    return this.onTable(table, options, 'list the tags of', (t) => versions.listLanceTags(t))
  }

  describeVersion(table: TableRef, version: ExactInt, options?: CallOptions): Promise<TableDescription> {
    return this.onTable(table, options, 'describe', async (t) => ({ ...(await versions.describeLanceVersion(t, table, version)), location: locationOf(t) }))
  }

  countRowsAt(table: TableRef, version: ExactInt, filter?: string, options?: CallOptions): Promise<ExactInt> {
    return this.onTable(table, options, 'count the rows of', (t) => versions.countLanceRowsAt(t, table, version, filter))
  }

  restoreVersion(table: TableRef, version: ExactInt, options?: CallOptions): Promise<ExactInt> {
    return this.onTable(table, options, 'restore', (t) => versions.restoreLanceVersion(t, table, version))
  }

  createTag(table: TableRef, tag: string, version: ExactInt, options?: CallOptions): Promise<void> {
    return this.onTable(table, options, 'tag a version of', (t) => versions.createLanceTag(t, table, tag, version))
  }

  deleteTag(table: TableRef, tag: string, options?: CallOptions): Promise<void> {
    return this.onTable(table, options, 'delete a tag of', (t) => versions.deleteLanceTag(t, table, tag))
  }

  // Schema evolution, in lance-native/schema.ts.
  addColumns(table: TableRef, columns: readonly NewColumn[], options?: CallOptions): Promise<SchemaChangeResult> {
    return this.onTable(table, options, 'add columns to', (t) => addLanceColumns(t, columns))
  }

  alterColumns(table: TableRef, alterations: readonly ColumnAlteration[], options?: CallOptions): Promise<SchemaChangeResult> {
    return this.onTable(table, options, 'alter the columns of', (t) => alterLanceColumns(t, alterations))
  }

  dropColumns(table: TableRef, columns: readonly string[], options?: CallOptions): Promise<SchemaChangeResult> {
    return this.onTable(table, options, 'drop columns of', (t) => dropLanceColumns(t, columns))
  }

  // Search, in lance-native/search.ts.
  searchRows(table: TableRef, spec: SearchSpec, options?: CallOptions): Promise<RowsPage> {
    return this.onTable(table, options, 'search', (t) => searchLanceRows(t, spec))
  }

  explainSearch(table: TableRef, spec: SearchSpec, options?: CallOptions): Promise<string> {
    return this.onTable(table, options, 'explain a search of', (t) => explainLanceSearch(t, spec))
  }

  searchInfo(table: TableRef, options?: CallOptions): Promise<SearchInfo> {
    return this.onTable(table, options, 'list the search indexes of', (t) => lanceSearchInfo(t))
  }

  // Indexes, in lance-native/indexes.ts.
  listIndexes(table: TableRef, options?: CallOptions): Promise<IndexInfo[]> {
    return this.onTable(table, options, 'list the indexes of', (t) => listTableIndexes(t))
  }

  createIndex(table: TableRef, spec: IndexSpec, options?: CallOptions): Promise<void> {
    return this.onTable(table, options, `create an index on column "${spec.column}" of`, (t) => createTableIndex(t, spec, options?.signal))
  }

  dropIndex(table: TableRef, name: string, options?: CallOptions): Promise<void> {
    return this.onTable(table, options, `drop index "${name}" of`, (t) => dropTableIndex(t, name))
  }

  optimizeTable(table: TableRef, options?: CallOptions): Promise<OptimizeResult> {
    return this.onTable(table, options, 'optimize', (t) => optimizeTable(t))
  }
}

/**
 * LanceDB exposes a table's location only in `display()`
 * (`NativeTable(name, uri=…, read_consistency_interval=…)`); null if that text changes.
 */
export function locationOf(table: LanceTable): string | null {
  const match = /uri=(.*), read_consistency_interval=/.exec(table.display())
  const uri = match?.[1]
  if (!uri) return null
  return uri.startsWith('file://') ? fileURLToPath(uri) : uri
}
