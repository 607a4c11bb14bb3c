/**
 * What changed between two versions of a table: the schema diff and the rows added,
 * deleted and updated, with the method that counted them and what it cannot see.
 */
import { z } from 'zod'
import type { FieldInfo } from '../catalog-types'
import type { ExactInt } from '../exact-int'
import { columnRef, connectionId, response, tableRef } from './common'
import { versionNumber } from './versions'

/** The schema diff between two versions. */
export interface SchemaDiff {
  readonly added: readonly FieldInfo[]
  readonly dropped: readonly FieldInfo[]
  readonly retyped: readonly { readonly name: string; readonly from: string; readonly to: string }[]
}

/** What changed from version `from` to version `to`. */
export interface VersionDiff {
  readonly from: ExactInt
  readonly to: ExactInt
  readonly method: 'row-lineage' | 'key'
  /** The key column, for the key method. */
  readonly key: string | null
  readonly added: ExactInt
  readonly deleted: ExactInt
  /** Null when the moved rows were too many to compare (see `limits`). */
  readonly updated: ExactInt | null
  readonly schema: SchemaDiff
  /** What the method cannot see. */
  readonly limits: string
}

/** Two versions to compare, and the key column to match rows by (none: the table's stable row ids). */
export interface VersionDiffRequest {
  readonly from: ExactInt
  readonly to: ExactInt
  readonly key?: string
}

/** The kinds of changed rows, each paged on its own. */
export const CHANGE_KINDS = ['added', 'deleted', 'updated'] as const

/** A kind of changed row: added (read at the later version), deleted (at the earlier), updated (at both). */
export type ChangeKind = (typeof CHANGE_KINDS)[number]

/** The most changed rows one page holds. */
export const MAX_CHANGED_ROWS_PAGE = 100

/** The most Arrow bytes each side (earlier, later) of one page of changed rows holds; a page of larger rows has fewer of them. */
export const CHANGED_ROWS_MAX_BYTES = 4 * 1024 * 1024

/** A page of one kind of changed row between two versions, `offset` into that kind's rows. */
export interface ChangedRowsRequest extends VersionDiffRequest {
  readonly kind: ChangeKind
  readonly offset: number
  readonly limit: number
}

/** One changed row: its index in the earlier and the later version's rows of the page, and the columns whose values differ. */
export interface ChangedRow {
  readonly before: number | null
  readonly after: number | null
  /** For an updated row, the columns both versions have whose values differ; empty otherwise. */
  readonly changed: readonly string[]
}

/** A page of changed rows, in the same order on every call for the same two versions. */
export interface ChangedRowsPage {
  readonly from: ExactInt
  readonly to: ExactInt
  readonly method: 'row-lineage' | 'key'
  readonly key: string | null
  readonly kind: ChangeKind
  /** Rows of this kind in all; null when they could not be listed (see `limits`). */
  readonly total: number | null
  readonly offset: number
  /** The offset of the next page, or null after the last. */
  readonly next: number | null
  /** Arrow IPC stream of the rows at the earlier version (deleted and updated rows), columns that hold bytes left out; null for added rows. */
  readonly before: Uint8Array | null
  /** The same at the later version (added and updated rows); null for deleted rows. */
  readonly after: Uint8Array | null
  /** The page's rows in order, each pointing into `before` and `after`, which may hold rows the page does not list. */
  readonly rows: readonly ChangedRow[]
  /** What the method cannot see. */
  readonly limits: string
}

/** Two versions of a table, and how their rows are matched. */
const versionPair = z.object({
  connectionId,
  table: tableRef,
  from: versionNumber,
  to: versionNumber,
  // Absent: the table's stable row ids.
  key: columnRef.optional()
})

/** The channels that count what changed between two versions and page the changed rows. */
export const changesContract = {
  'changes:count': {
    request: versionPair.strict(),
    response: response<VersionDiff>()
  },
  'changes:rows': {
    request: versionPair
      .extend({
        kind: z.enum(CHANGE_KINDS),
        offset: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
        limit: z.number().int().min(1).max(MAX_CHANGED_ROWS_PAGE)
      })
      .strict(),
    response: response<ChangedRowsPage>()
  }
} as const
