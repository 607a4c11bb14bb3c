/**
 * The table features on tables LanceDB opens: a directory catalog's tables and a REST
 * catalog's tables read at their location. Each action runs LanceDB's own call
 * (./versions.ts, schema.ts, search.ts, indexes.ts) on the connection's kept handle of the table (./table-handles.ts);
 * an older version is read on a read-only handle of its own.
 */
import { fileURLToPath } from 'node:url'
import type { Table as LanceTable } from '@lancedb/lancedb'
import type { TableDescription, TableRef } from '../../../shared/catalog-types'
import type { RowsPage } from '../../../shared/contract/tables'
import type { ColumnAlteration, NewColumn, SchemaChangeResult } from '../../../shared/contract/schema'
import type { TableTagInfo, TableVersionInfo } from '../../../shared/contract/versions'
import type { SearchInfo, SearchSpec } from '../../../shared/contract/search'
import type { IndexInfo, IndexSpec, OptimizeResult } from '../../../shared/contract/indexes'
import { CatalogError } from '../../../shared/errors'
import { exactInt, type ExactInt } from '../../../shared/exact-int'
import { quoteTable } from './lance-errors'
import { readLanceRows } from './lance-rows'
import { addLanceColumns, alterLanceColumns, dropLanceColumns } from './schema'
import * as versions from './versions'
import { explainLanceSearch, lanceSearchInfo, searchLanceRows } from './search'
import { createTableIndex, dropTableIndex, listTableIndexes, optimizeTable } from './indexes'
import { boundedFilter } from './bounded-sql'
import type { CallOptions, ReadRowsRequest, TableAccess } from '../table-access'
import { TableHandles, TableOpenFailure, type TableHandleLimits } from './table-handles'

/** What the catalog around the tables adds: checks before a call, and what an error means there. */
export interface LanceTableHost {
  /** Checks a call may start (the client is open, the call not cancelled, the names usable). */
  begin(table: TableRef, options: CallOptions | undefined): void
  /**
   * What LanceDB threw while doing `action` (e.g. `count the rows of table "t"`), as a
   * `CatalogError`; `opening` when it threw while opening the table.
   */
  failure(error: unknown, action: string, table: TableRef, opening: boolean): Promise<CatalogError> | CatalogError
}

/** The table features of one connection's LanceDB tables. */
export class LanceTableAccess implements TableAccess {
  /** The connection's open tables. */
  readonly handles: TableHandles

  constructor(
    open: (table: TableRef) => Promise<LanceTable>,
    private readonly host: LanceTableHost,
    limits: TableHandleLimits = {}
  ) {
    this.handles = new TableHandles(async (table, version) => {
      const opened = await open(table)
      if (version === undefined) return opened
      try {
        await versions.checkoutLanceVersion(opened, table, exactInt(version))
        return opened
      } catch (error) {
        opened.close()
        throw error
      }
    }, limits)
  }

  describeTable(table: TableRef, options?: CallOptions): Promise<TableDescription> {
    return this.#latest(table, options, 'describe', async (t) => ({ ...(await versions.describeLanceTable(t, table)), location: locationOf(t) }))
  }

  countRows(table: TableRef, filter?: string, options?: CallOptions): Promise<ExactInt> {
    // LanceDB's JS SDK counts in a JS number; kept as it gives it.
    return this.#latest(table, options, 'count the rows of', async (t) => exactInt(await t.countRows(boundedFilter(filter))))
  }

  readRows(table: TableRef, request: ReadRowsRequest, options?: CallOptions): Promise<RowsPage> {
    const { version, ...latest } = request
    if (version === undefined) return this.#latest(table, options, 'read the rows of', (t) => readLanceRows(t, latest, table))
    return this.#at(table, version, options, 'read the rows of', (t) => readLanceRows(t, latest, table))
  }

  addColumns(table: TableRef, columns: readonly NewColumn[], options?: CallOptions): Promise<SchemaChangeResult> {
    return this.#write(table, options, 'add columns to', (t) => addLanceColumns(t, columns))
  }

  alterColumns(table: TableRef, alterations: readonly ColumnAlteration[], options?: CallOptions): Promise<SchemaChangeResult> {
    return this.#write(table, options, 'alter the columns of', (t) => alterLanceColumns(t, alterations))
  }

  dropColumns(table: TableRef, columns: readonly string[], options?: CallOptions): Promise<SchemaChangeResult> {
    return this.#write(table, options, 'drop columns of', (t) => dropLanceColumns(t, columns))
  }

  listVersions(table: TableRef, options?: CallOptions): Promise<TableVersionInfo[]> {
    return this.#latest(table, options, 'list the versions of', (t) => versions.listLanceVersions(t))
  }

  listTags(table: TableRef, options?: CallOptions): Promise<TableTagInfo[] | null> {
    return this.#latest(table, options, 'list the tags of', (t) => versions.listLanceTags(t))
  }

  describeVersion(table: TableRef, version: ExactInt, options?: CallOptions): Promise<TableDescription> {
    return this.#at(table, version, options, 'describe', async (t) => ({
      ...(await versions.describeLanceTable(t, table)),
      location: locationOf(t),
      // Lance lists the indexes of the checked-out version's manifest.
      indexNames: (await t.listIndices()).map((index) => index.name)
    }))
  }

  countRowsAt(table: TableRef, version: ExactInt, filter?: string, options?: CallOptions): Promise<ExactInt> {
    const bounded = boundedFilter(filter)
    return this.#at(table, version, options, 'count the rows of', async (t) => exactInt(await t.countRows(bounded)))
  }

  async restoreVersion(table: TableRef, version: ExactInt, options?: CallOptions): Promise<ExactInt> {
    try {
      // Restored from the version's own handle, so the kept latest one never moves back in time.
      return await this.#at(table, version, options, 'restore', async (t) => {
        await t.restore()
        return exactInt(await t.version())
      })
    } finally {
      this.handles.forget(table)
    }
  }

  createTag(table: TableRef, tag: string, version: ExactInt, options?: CallOptions): Promise<void> {
    return this.#write(table, options, 'tag a version of', (t) => versions.createLanceTag(t, table, tag, version))
  }

  deleteTag(table: TableRef, tag: string, options?: CallOptions): Promise<void> {
    return this.#write(table, options, 'delete a tag of', (t) => versions.deleteLanceTag(t, table, tag))
  }

  searchRows(table: TableRef, spec: SearchSpec, options?: CallOptions): Promise<RowsPage> {
    return this.#latest(table, options, 'search', (t) => searchLanceRows(t, spec))
  }

  explainSearch(table: TableRef, spec: SearchSpec, options?: CallOptions): Promise<string> {
    return this.#latest(table, options, 'explain a search of', (t) => explainLanceSearch(t, spec))
  }

  searchInfo(table: TableRef, options?: CallOptions): Promise<SearchInfo> {
    return this.#latest(table, options, 'list the search indexes of', (t) => lanceSearchInfo(t))
  }

  listIndexes(table: TableRef, options?: CallOptions): Promise<IndexInfo[]> {
    return this.#latest(table, options, 'list the indexes of', (t) => listTableIndexes(t))
  }

  createIndex(table: TableRef, spec: IndexSpec, options?: CallOptions): Promise<void> {
    return this.#write(table, options, `create an index on column "${spec.column}" of`, (t) => createTableIndex(t, spec, options?.signal))
  }

  dropIndex(table: TableRef, name: string, options?: CallOptions): Promise<void> {
    return this.#write(table, options, `drop index "${name}" of`, (t) => dropTableIndex(t, name))
  }

  optimizeTable(table: TableRef, options?: CallOptions): Promise<OptimizeResult> {
    return this.#write(table, options, 'optimize', (t) => optimizeTable(t))
  }

  #latest<T>(table: TableRef, options: CallOptions | undefined, verb: string, use: (t: LanceTable) => Promise<T>): Promise<T> {
    return this.#run(table, options, verb, () => this.handles.latest(table, use))
  }

  /** A change through the kept handle, which then holds the new version itself. */
  #write<T>(table: TableRef, options: CallOptions | undefined, verb: string, use: (t: LanceTable) => Promise<T>): Promise<T> {
    return this.#run(table, options, verb, () => this.handles.latest(table, use, false))
  }

  #at<T>(table: TableRef, version: ExactInt, options: CallOptions | undefined, verb: string, use: (t: LanceTable) => Promise<T>): Promise<T> {
    return this.#run(table, options, verb, () => this.handles.atVersion(table, versions.lanceVersionNumber(version, table), use))
  }

  async #run<T>(table: TableRef, options: CallOptions | undefined, verb: string, call: () => Promise<T>): Promise<T> {
    this.host.begin(table, options)
    try {
      return await call()
    } catch (error) {
      const opening = error instanceof TableOpenFailure
      const reason = opening ? error.reason : error
      // Already named by the code that threw it (an index that does not exist, a cancelled build).
      if (reason instanceof CatalogError) throw reason
      throw await this.host.failure(reason, `${verb} table ${quoteTable(table)}`, table, opening)
    }
  }
}

/**
 * LanceDB exposes a table's location only in `display()`
 * (`NativeTable(name, uri=…, read_consistency_interval=…)`); null if that text changes.
 */
function locationOf(table: LanceTable): string | null {
  const match = /uri=(.*), read_consistency_interval=/.exec(table.display())
  const uri = match?.[1]
  if (!uri) return null
  return uri.startsWith('file://') ? fileURLToPath(uri) : uri
}
