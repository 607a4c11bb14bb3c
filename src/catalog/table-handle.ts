/**
 * A table handle: what a person can do with one table, whatever reaches its data. The
 * namespace client's `table(ref)` returns one; it opens nothing until it is used, and each
 * call reaches the table through what the client keeps open. The shape of LanceDB's own
 * `Table` (a `NativeTable` on files, a `RemoteTable` over HTTP): two implementations,
 * LanceDB on files (lance/lance-table.ts: directory catalogs and REST catalogs read at a
 * table's location) and a REST catalog's routes (rest/rest-table.ts), which falls back
 * to the table's location where the catalog lacks a route, decided in one place
 * (rest/route-choice.ts).
 */
import type { TableDescription, TableRef } from '../shared/catalog-types'
import type { RowsPage, rowsWindow } from '../shared/contract/tables'
import type { ColumnAlteration, NewColumn, SchemaChangeResult } from '../shared/contract/schema'
import type { TableTagInfo, TableVersionInfo } from '../shared/contract/versions'
import type { SearchInfo, SearchSpec } from '../shared/contract/search'
import type { IndexInfo, IndexSpec, OptimizeResult } from '../shared/contract/indexes'
import type { ExactInt } from '../shared/exact-int'
import type { z } from 'zod'
import type { TransactionProgress } from '../shared/contract/operations'
import type { MergeRowsRequest, MergeRowsResult } from './merge-rows'
import type { KeyList } from './key-list'
import type { TableFiles } from './table-files'
import type { CleanupPlan, MaintenanceAction, MaintenanceOutcome, TableHealth } from '../shared/contract/health'
import type { ChangedRowsPage, ChangedRowsRequest, VersionDiff, VersionDiffRequest } from '../shared/contract/changes'

/** Options every call may take: a signal to cancel the request when the UI drops it. */
export interface CallOptions {
  readonly signal?: AbortSignal
  /** Told each time a catalog reports on a long-running operation of this call (see rest/transactions.ts). */
  readonly onTransaction?: (progress: TransactionProgress) => void
}

/**
 * A rows request: the contract's window of rows (offset, limit, optional columns and SQL
 * filter), the most Arrow bytes the page may hold (READ_PAGE_MAX_BYTES unless told), the
 * version to read (the latest unless told), and whether to leave out the columns that hold
 * bytes when no columns are named (the grid's first page, asked before it knows the table's
 * columns: their cells come from the media channels). A table read through LanceDB leaves
 * them out from its schema; over a REST catalog's routes they are left out where the
 * table's description is kept (a catalog read at table locations too), else read.
 */
export type ReadRowsRequest = Readonly<z.infer<typeof rowsWindow>> & {
  readonly maxBytes?: number
  readonly version?: ExactInt
  readonly leaveOutBytes?: boolean | undefined
  /** Instead of `filter`: the rows with these keys, a list this app built (see `keyReadBound`). */
  readonly keys?: KeyList
  /**
   * Rows per batch LanceDB hands over (its own 1,024 unless told). Longer batches cost
   * less per row but each is held whole, so only a caller that knows its rows' size asks.
   */
  readonly batchRows?: number
}

/** A window of one bytes column's cells: rows `offset` on, matching `filter`, at `version` (the latest unless told). */
export interface CellBytesRequest {
  readonly column: string
  readonly offset: number
  readonly limit: number
  readonly filter?: string
  readonly version?: ExactInt
  /** The most bytes kept of each cell: a longer one is cut there, its whole size still told. */
  readonly maxBytesPerCell: number
}

/**
 * One cell's bytes (cut to the request's bound) and its whole size; for bytes that were
 * not read (a blob stored at a URI, a legacy blob column), its size where known and why;
 * null for a null cell.
 */
export type CellBytes =
  { readonly size: number; readonly bytes: Uint8Array } | { readonly size: number | null; readonly bytes: null; readonly unread: string } | null

/** One table of a catalog, and every operation on it. */
export interface TableHandle {
  /** Which table this is. */
  readonly ref: TableRef
  /** Schema, location, version and row count of a table. */
  describe(options?: CallOptions): Promise<TableDescription>
  /**
   * The table's own files, read by byte ranges, where this connection reads them itself: a
   * folder on this computer, or an S3 store with the storage options the table was opened
   * with; null where it cannot (a REST table only the catalog's routes reach, a store this
   * app has no reader for). For what only the files tell (a vector index's partitions).
   */
  tableFiles(options?: CallOptions): Promise<TableFiles | null>
  /**
   * The number of the latest version, as cheaply as the catalog tells it (for what is kept
   * per version); with `fresh`, as the catalog says it now, never from what is kept (before a write).
   */
  version(options?: CallOptions & { readonly fresh?: boolean }): Promise<ExactInt>
  /** Number of rows, optionally matching a SQL filter. */
  countRows(filter?: string, options?: CallOptions): Promise<ExactInt>
  /** A window of rows as an Arrow IPC stream, cut short (and marked so) at the byte cap. */
  readRows(request: ReadRowsRequest, options?: CallOptions): Promise<RowsPage>
  /** The bytes of a window of one binary or Lance blob column's cells, each cut to a bound (images, audio and files in cells). */
  readBytes(request: CellBytesRequest, options?: CallOptions): Promise<CellBytes[]>
  // Schema evolution: each answers the version the change made.
  /** Adds columns computed by SQL expressions over the existing rows. */
  addColumns(columns: readonly NewColumn[], options?: CallOptions): Promise<SchemaChangeResult>
  /** Renames columns or changes their nullability. */
  alterColumns(alterations: readonly ColumnAlteration[], options?: CallOptions): Promise<SchemaChangeResult>
  /** Drops columns. */
  dropColumns(columns: readonly string[], options?: CallOptions): Promise<SchemaChangeResult>

  // Versions: a table's history, an older version read (readRows takes a
  // `version` too), restoring a version as the new latest, and tags.
  /** Every version of a table, oldest first. */
  listVersions(options?: CallOptions): Promise<TableVersionInfo[]>
  /** The table's tags, or null where the catalog offers no tags. */
  listTags(options?: CallOptions): Promise<TableTagInfo[] | null>
  /** What `describe` says of the table at an older version. */
  describeVersion(version: ExactInt, options?: CallOptions): Promise<TableDescription>
  /** Rows of the table at a version, optionally matching a SQL filter. */
  countRowsAt(version: ExactInt, filter?: string, options?: CallOptions): Promise<ExactInt>
  /** Makes the rows of `version` the new latest version; returns that new version's number. */
  restoreVersion(version: ExactInt, options?: CallOptions): Promise<ExactInt>
  /** Names a version with a tag. */
  createTag(tag: string, version: ExactInt, options?: CallOptions): Promise<void>
  /** Removes a tag (the version stays). */
  deleteTag(tag: string, options?: CallOptions): Promise<void>

  // Search (the data tab's vector and full-text search)
  /** The rows a vector or full-text search finds (at most k), with the spec's columns and filter, scoring column included. */
  searchRows(spec: SearchSpec, options?: CallOptions): Promise<RowsPage>
  /** The engine's plan for that search, as text. */
  explainSearch(spec: SearchSpec, options?: CallOptions): Promise<string>
  /** The table's vector columns (dimension, index) and full-text indexed columns. */
  searchInfo(options?: CallOptions): Promise<SearchInfo>

  // Indexes; stats come with describeTable.
  /** The table's indexes with their types, columns and indexed/unindexed rows. */
  listIndexes(options?: CallOptions): Promise<IndexInfo[]>
  /** Builds an index and waits for it; aborting `options.signal` cancels the build. */
  createIndex(spec: IndexSpec, options?: CallOptions): Promise<void>
  /** Drops the index `name`. */
  dropIndex(name: string, options?: CallOptions): Promise<void>
  /** Indexes the rows added since each index was built (and compacts small files). */
  optimizeTable(options?: CallOptions): Promise<OptimizeResult>

  // Row writes (the grid's edits).
  /**
   * One merge insert on a key column, as one new version: the rows given replace the rows
   * whose key they match and are added where none matches, and the rows whose keys
   * `deleteKeys` lists (that the given rows do not match) are deleted.
   */
  mergeRows(request: MergeRowsRequest, options?: CallOptions): Promise<MergeRowsResult>
  /**
   * Why rows cannot be written here (the catalog offers neither its merge route nor a table
   * location LanceDB can open), or null; found out before any edit, changing nothing.
   */
  rowWritesUnavailable(options?: CallOptions): Promise<string | null>
  /** The most characters one `readRows` by `keys` at `version` may carry as SQL (read in parts beyond it), or null for any number of keys. */
  keyReadBound(version?: ExactInt): number | null

  // Health and maintenance (the Health tab).
  /** What the table is made of: rows, bytes, fragments, deleted rows still stored, unindexed rows, versions kept; missing numbers say why. */
  tableHealth(options?: CallOptions): Promise<TableHealth>
  /** The versions a clean-up of those older than `olderThan` would remove, with their tags, before anything runs. */
  cleanupPlan(olderThan: Date, options?: CallOptions): Promise<CleanupPlan>
  /** Optimizes the table or cleans up old versions, as `action` says; never removes a tagged version whose tag it was not told to delete. */
  maintainTable(action: MaintenanceAction, options?: CallOptions): Promise<MaintenanceOutcome>
  /** The schema diff and the rows added, deleted and updated between two versions, by row lineage or by a key column. */
  diffVersions(request: VersionDiffRequest, options?: CallOptions): Promise<VersionDiff>
  /** A page of the rows added, deleted or updated between two versions, matched as `diffVersions` matches them, each at the versions it is in. */
  changedRows(request: ChangedRowsRequest, options?: CallOptions): Promise<ChangedRowsPage>
}
