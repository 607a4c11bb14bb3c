/**
 * The table handle on tables LanceDB opens: a directory catalog's tables and a REST
 * catalog's tables read at their location. Each operation runs LanceDB's own call
 * (./versions.ts, schema.ts, search.ts, indexes.ts) on the connection's kept LanceDB
 * table (./table-handles.ts); an older version is read on a read-only one of its own.
 */
import { fileURLToPath } from 'node:url'
import type { Table as LanceDbTable } from '@lancedb/lancedb'
import type { TableDescription, TableRef } from '../../shared/catalog-types'
import type { RowsPage } from '../../shared/contract/tables'
import type { ColumnAlteration, NewColumn, SchemaChangeResult } from '../../shared/contract/schema'
import type { TableTagInfo, TableVersionInfo } from '../../shared/contract/versions'
import type { SearchInfo, SearchSpec } from '../../shared/contract/search'
import type { IndexInfo, IndexSpec, OptimizeResult } from '../../shared/contract/indexes'
import { CatalogError } from '../../shared/errors'
import { exactInt, type ExactInt } from '../../shared/exact-int'
import { quoteTable } from './lance-errors'
import { readLanceRows } from './lance-rows'
import { addLanceColumns, alterLanceColumns, dropLanceColumns } from './schema'
import * as versions from './versions'
import { explainLanceSearch, lanceSearchInfo, searchLanceRows } from './search'
import { createTableIndex, dropTableIndex, listTableIndexes, optimizeTable } from './indexes'
import { boundedFilter } from './bounded-sql'
import type { CallOptions, CellBytes, CellBytesRequest, ReadRowsRequest, TableHandle } from '../table-handle'
import { readLanceBytes } from './lance-bytes'
import type { MergeRowsRequest, MergeRowsResult } from '../merge-rows'
import { mergeLanceRows } from './merge-rows'
import type { CleanupPlan, MaintenanceAction, MaintenanceOutcome, TableHealth } from '../../shared/contract/health'
import { lanceTableHealth } from './health'
import { lanceCleanupPlan, maintainLanceTable } from './maintenance'
import type { ChangedRowsPage, ChangedRowsRequest, VersionDiff, VersionDiffRequest } from '../../shared/contract/changes'
import { stableRowIds } from './health'
import { keyDiff, keyedAddresses, lineageDiff, rowsAt, versionSide, type KeyValue, type VersionSide } from './version-diff'
import { changedRowsPage, ChangeSets, commonColumns, keyChangeSet, lineageChangeSet, type AtVersion } from './changed-rows'
import { compareExact } from '../../shared/exact-int'
import { TableHandles, TableOpenFailure, type TableHandleLimits } from './table-handles'
import type { TableFiles } from '../table-files'
import { tableFilesAt } from '../files/store-files'

/** What the catalog around the tables adds: checks before a call, and what an error means there. */
export interface LanceTableHost {
  /** Checks a call may start (the client is open, the call not cancelled, the names usable). */
  begin(table: TableRef, options: CallOptions | undefined): void
  /**
   * What LanceDB threw while doing `action` (e.g. `count the rows of table "t"`), as a
   * `CatalogError`; `opening` when it threw while opening the table.
   */
  failure(error: unknown, action: string, table: TableRef, opening: boolean): Promise<CatalogError> | CatalogError
  /**
   * The storage options the files of `opened` (the table `table`) on a store may be read
   * with (../files/store-files.ts), those it was opened with or ones asked anew; null or
   * absent where they are not known, and then only a table in a folder here has its files
   * read. May throw a CatalogError saying why they cannot be had.
   */
  storageOptions?(
    opened: LanceDbTable,
    table: TableRef,
    options: CallOptions | undefined
  ): Readonly<Record<string, string>> | null | Promise<Readonly<Record<string, string>> | null>
  /** The files of `opened` on a store as they are read, where the host says more about their failures; as they are when absent. */
  storeFiles?(opened: LanceDbTable, files: TableFiles): TableFiles
}

/** The LanceDB tables of one connection: those it keeps open, and a handle on each. */
export class LanceTables {
  /** The connection's open tables. */
  readonly handles: TableHandles
  /** Which rows changed between two versions, kept while someone pages through them. */
  readonly changeSets = new ChangeSets()

  constructor(
    open: (table: TableRef) => Promise<LanceDbTable>,
    readonly host: LanceTableHost,
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

  /** A handle on `ref`; nothing is opened until it is used. */
  table(ref: TableRef): LanceTable {
    return new LanceTable(this, ref)
  }
}

/** One table, through LanceDB. */
export class LanceTable implements TableHandle {
  constructor(
    private readonly tables: LanceTables,
    readonly ref: TableRef
  ) {}

  describe(options?: CallOptions): Promise<TableDescription> {
    return this.#latest(options, 'describe', async (t) => ({ ...(await versions.describeLanceTable(t, this.ref)), location: locationOf(t) }))
  }

  tableFiles(options?: CallOptions): Promise<TableFiles | null> {
    return this.#latest(options, 'find the files of', async (t) => {
      const location = locationOf(t)
      if (location === null) return null
      // A folder here needs no options; a store (s3://, gs://, az://, ...) is read only with those the table was opened with.
      if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(location)) return tableFilesAt(location, {})
      const storageOptions = (await this.tables.host.storageOptions?.(t, this.ref, options)) ?? null
      const files = storageOptions === null ? null : tableFilesAt(location, storageOptions)
      return files && this.tables.host.storeFiles ? this.tables.host.storeFiles(t, files) : files
    })
  }

  version(options?: CallOptions & { readonly fresh?: boolean }): Promise<ExactInt> {
    const read = async (t: LanceDbTable): Promise<ExactInt> => exactInt(await t.version())
    // As a write does, a fresh answer checks the kept table out at its latest version first.
    return options?.fresh ? this.#write(options, 'read the version of', read) : this.#latest(options, 'read the version of', read)
  }

  countRows(filter?: string, options?: CallOptions): Promise<ExactInt> {
    // LanceDB's JS SDK counts in a JS number; kept as it gives it.
    return this.#latest(options, 'count the rows of', async (t) => exactInt(await t.countRows(boundedFilter(filter))))
  }

  readRows(request: ReadRowsRequest, options?: CallOptions): Promise<RowsPage> {
    checkWindow(request)
    const { version, ...latest } = request
    if (version === undefined) return this.#latest(options, 'read the rows of', (t) => readLanceRows(t, latest, this.ref))
    return this.#at(version, options, 'read the rows of', (t) => readLanceRows(t, latest, this.ref))
  }

  readBytes(request: CellBytesRequest, options?: CallOptions): Promise<CellBytes[]> {
    const { version } = request
    const read = (t: LanceDbTable): Promise<CellBytes[]> => readLanceBytes(t, request, this.ref)
    return version === undefined ? this.#latest(options, 'read the bytes of', read) : this.#at(version, options, 'read the bytes of', read)
  }

  addColumns(columns: readonly NewColumn[], options?: CallOptions): Promise<SchemaChangeResult> {
    return this.#write(options, 'add columns to', (t) => addLanceColumns(t, columns))
  }

  alterColumns(alterations: readonly ColumnAlteration[], options?: CallOptions): Promise<SchemaChangeResult> {
    return this.#write(options, 'alter the columns of', (t) => alterLanceColumns(t, alterations))
  }

  dropColumns(columns: readonly string[], options?: CallOptions): Promise<SchemaChangeResult> {
    return this.#write(options, 'drop columns of', (t) => dropLanceColumns(t, columns))
  }

  listVersions(options?: CallOptions): Promise<TableVersionInfo[]> {
    return this.#latest(options, 'list the versions of', (t) => versions.listLanceVersions(t))
  }

  listTags(options?: CallOptions): Promise<TableTagInfo[] | null> {
    return this.#latest(options, 'list the tags of', (t) => versions.listLanceTags(t))
  }

  describeVersion(version: ExactInt, options?: CallOptions): Promise<TableDescription> {
    return this.#at(version, options, 'describe', async (t) => ({
      ...(await versions.describeLanceTable(t, this.ref)),
      location: locationOf(t),
      // Lance lists the indexes of the checked-out version's manifest.
      indexNames: (await t.listIndices()).map((index) => index.name)
    }))
  }

  countRowsAt(version: ExactInt, filter?: string, options?: CallOptions): Promise<ExactInt> {
    const bounded = boundedFilter(filter)
    return this.#at(version, options, 'count the rows of', async (t) => exactInt(await t.countRows(bounded)))
  }

  async restoreVersion(version: ExactInt, options?: CallOptions): Promise<ExactInt> {
    try {
      // Restored from the version's own handle, so the kept latest one never moves back in time.
      return await this.#at(version, options, 'restore', async (t) => {
        await t.restore()
        return exactInt(await t.version())
      })
    } finally {
      this.tables.handles.forget(this.ref)
    }
  }

  createTag(tag: string, version: ExactInt, options?: CallOptions): Promise<void> {
    return this.#write(options, 'tag a version of', (t) => versions.createLanceTag(t, this.ref, tag, version))
  }

  deleteTag(tag: string, options?: CallOptions): Promise<void> {
    return this.#write(options, 'delete a tag of', (t) => versions.deleteLanceTag(t, this.ref, tag))
  }

  searchRows(spec: SearchSpec, options?: CallOptions): Promise<RowsPage> {
    return this.#latest(options, 'search', (t) => searchLanceRows(t, spec))
  }

  explainSearch(spec: SearchSpec, options?: CallOptions): Promise<string> {
    return this.#latest(options, 'explain a search of', (t) => explainLanceSearch(t, spec))
  }

  searchInfo(options?: CallOptions): Promise<SearchInfo> {
    return this.#latest(options, 'list the search indexes of', (t) => lanceSearchInfo(t))
  }

  listIndexes(options?: CallOptions): Promise<IndexInfo[]> {
    return this.#latest(options, 'list the indexes of', (t) => listTableIndexes(t))
  }

  createIndex(spec: IndexSpec, options?: CallOptions): Promise<void> {
    return this.#write(options, `create an index on column "${spec.column}" of`, (t) => createTableIndex(t, spec, options?.signal))
  }

  dropIndex(name: string, options?: CallOptions): Promise<void> {
    return this.#write(options, `drop index "${name}" of`, (t) => dropTableIndex(t, name))
  }

  optimizeTable(options?: CallOptions): Promise<OptimizeResult> {
    return this.#write(options, 'optimize', (t) => optimizeTable(t))
  }

  mergeRows(request: MergeRowsRequest, options?: CallOptions): Promise<MergeRowsResult> {
    return this.#write(options, 'write rows to', (t) => mergeLanceRows(t, request))
  }

  rowWritesUnavailable(): Promise<string | null> {
    return Promise.resolve(null)
  }

  keyReadBound(): number | null {
    return null
  }

  tableHealth(options?: CallOptions): Promise<TableHealth> {
    return this.#latest(options, 'read the health of', (t) => lanceTableHealth(t, locationOf(t)))
  }

  cleanupPlan(olderThan: Date, options?: CallOptions): Promise<CleanupPlan> {
    return this.#latest(options, 'plan a clean-up of', (t) => lanceCleanupPlan(t, olderThan))
  }

  maintainTable(action: MaintenanceAction, options?: CallOptions): Promise<MaintenanceOutcome> {
    const verb = action.kind === 'optimize' ? 'optimize' : 'clean up old versions of'
    return this.#write(options, verb, (t) => maintainLanceTable(t, this.ref, action, options?.signal))
  }

  async diffVersions(request: VersionDiffRequest, options?: CallOptions): Promise<VersionDiff> {
    const [from, to] = ordered(request)
    const verb = 'compare versions of'
    const { key } = request
    if (key === undefined) {
      await this.#needStableRowIds(options, verb)
      const earlier = await this.#at(from, options, verb, versionSide)
      return this.#at(to, options, verb, async (t) => {
        const later = await versionSide(t)
        const common = commonColumns(earlier, later)
        return lineageDiff(t, earlier, later, async (ids) => [
          await this.#at(from, options, verb, (old) => rowsAt(old, { rowId: true }, common, ids)),
          await rowsAt(t, { rowId: true }, common, ids)
        ])
      })
    }
    const side = async (t: LanceDbTable): Promise<VersionSide & { keys: Map<KeyValue, bigint> }> => ({
      ...(await this.#keyedSide(t, key)),
      keys: await keyedAddresses(t, key)
    })
    const earlier = await this.#at(from, options, verb, side)
    const later = await this.#at(to, options, verb, side)
    const common = commonColumns(earlier, later)
    return keyDiff(earlier, later, key, async (before, after) => [
      await this.#at(from, options, verb, (t) => rowsAt(t, { key }, common, before)),
      await this.#at(to, options, verb, (t) => rowsAt(t, { key }, common, after))
    ])
  }

  async changedRows(request: ChangedRowsRequest, options?: CallOptions): Promise<ChangedRowsPage> {
    const [from, to] = ordered(request)
    const verb = 'list the changed rows of'
    const { key } = request
    const at: AtVersion = (which, use) => this.#at(which === 'from' ? from : to, options, verb, use)
    const set = await this.tables.changeSets.get(JSON.stringify([this.ref, from, to, key ?? null]), async () => {
      if (key === undefined) await this.#needStableRowIds(options, verb)
      const side = key === undefined ? versionSide : (t: LanceDbTable) => this.#keyedSide(t, key)
      const [earlier, later] = [await at('from', side), await at('to', side)]
      return key === undefined ? lineageChangeSet(at, earlier, later) : keyChangeSet(at, earlier, later, key)
    })
    return changedRowsPage(at, set, { from: Number(from), to: Number(to) }, request.kind, request.offset, request.limit)
  }

  /** Refuses to match rows by lineage on a table without stable row ids. */
  async #needStableRowIds(options: CallOptions | undefined, verb: string): Promise<void> {
    const stable = await this.#latest(options, verb, (t) => stableRowIds(t))
    if (stable === true) return
    throw new CatalogError(
      'invalid_request',
      stable === false
        ? `Table ${quoteTable(this.ref)} was created without stable row ids, so rows are matched by a key: choose a column whose values are unique.`
        : `Cannot tell yet whether table ${quoteTable(this.ref)} has stable row ids: choose a key column whose values are unique.`
    )
  }

  /** One side of a comparison by `key`, refused where that version lacks the column. */
  async #keyedSide(t: LanceDbTable, key: string): Promise<VersionSide> {
    const read = await versionSide(t)
    if (!read.fields.some((f) => f.name === key)) {
      throw new CatalogError(
        'invalid_request',
        `Column "${key}" is not in version ${read.version} of table ${quoteTable(this.ref)}: choose a column both versions have.`
      )
    }
    return read
  }

  #latest<T>(options: CallOptions | undefined, verb: string, use: (t: LanceDbTable) => Promise<T>): Promise<T> {
    return this.#run(options, verb, () => this.tables.handles.latest(this.ref, use))
  }

  /** A change through the kept handle, which then holds the new version itself. */
  #write<T>(options: CallOptions | undefined, verb: string, use: (t: LanceDbTable) => Promise<T>): Promise<T> {
    return this.#run(options, verb, () => this.tables.handles.latest(this.ref, use, false))
  }

  #at<T>(version: ExactInt, options: CallOptions | undefined, verb: string, use: (t: LanceDbTable) => Promise<T>): Promise<T> {
    return this.#run(options, verb, () => this.tables.handles.atVersion(this.ref, versions.lanceVersionNumber(version, this.ref), use))
  }

  async #run<T>(options: CallOptions | undefined, verb: string, call: () => Promise<T>): Promise<T> {
    this.tables.host.begin(this.ref, options)
    try {
      return await call()
    } catch (error) {
      const opening = error instanceof TableOpenFailure
      const reason = opening ? error.reason : error
      // Already named by the code that threw it (an index that does not exist, a cancelled build).
      if (reason instanceof CatalogError) throw reason
      throw await this.tables.host.failure(reason, `${verb} table ${quoteTable(this.ref)}`, this.ref, opening)
    }
  }
}

/**
 * LanceDB exposes a table's location only in `display()`
 * (`NativeTable(name, uri=…, read_consistency_interval=…)`); null if that text changes.
 */
function locationOf(table: LanceDbTable): string | null {
  const match = /uri=(.*), read_consistency_interval=/.exec(table.display())
  const uri = match?.[1]
  if (!uri) return null
  return uri.startsWith('file://') ? fileURLToPath(uri) : uri
}

/** The two versions of a request, earlier first: the order asked does not matter. */
function ordered(request: VersionDiffRequest): [ExactInt, ExactInt] {
  return compareExact(request.from, request.to) <= 0 ? [request.from, request.to] : [request.to, request.from]
}

function checkWindow({ offset, limit, maxBytes }: ReadRowsRequest): void {
  if (![offset, limit].every((n) => Number.isInteger(n) && n >= 0)) {
    throw new CatalogError('invalid_request', `Offset and limit must be whole numbers of at least 0 (got ${offset} and ${limit}).`)
  }
  if (maxBytes !== undefined && !(maxBytes >= 1)) throw new CatalogError('invalid_request', `A page's byte cap must be at least 1 (got ${maxBytes}).`)
}
