/**
 * A merge insert as LanceDB runs it (`mergeInsert(on).whenMatchedUpdateAll()
 * .whenNotMatchedInsertAll().whenNotMatchedBySourceDelete({ where })`), and as the Lance
 * REST spec's `merge_insert` route takes it: rows as an Arrow IPC stream, the key and the
 * delete condition beside them. It commits one version however many rows it changes; the
 * rows to delete are named by their keys in one `IN` list (./key-list.ts), which LanceDB
 * takes at any length (a commit of 100,000 deletes included).
 */
import { CatalogError } from '../shared/errors'
import type { ExactInt } from '../shared/exact-int'

/** What to merge. */
export interface MergeRowsRequest {
  /** The column rows are matched on (never `_rowid`, which LanceDB cannot merge on). */
  readonly on: string
  /** Arrow IPC stream bytes of whole rows in the table's schema: matched ones replace their row, the others are added. */
  readonly rows: Uint8Array
  /** SQL literals of the `on` values of rows to delete (among those `rows` do not match); none are deleted when absent or empty. */
  readonly deleteKeys?: readonly string[]
  /** Write only if this is still the table's latest version (checked just before the write); otherwise `TableMoved`. */
  readonly expectedVersion?: ExactInt
}

/** The table's latest version is no longer the one a merge expected: nothing was written. */
export class TableMoved extends CatalogError {
  constructor(readonly version: ExactInt) {
    super('invalid_request', `The table moved on to version ${version} while the rows were being written; nothing was written.`, { version })
  }
}

/** What a merge did. */
export interface MergeRowsResult {
  /** The version it committed. */
  readonly version: ExactInt
  readonly updated: number
  readonly inserted: number
  readonly deleted: number
}
