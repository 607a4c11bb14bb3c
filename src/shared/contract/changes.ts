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

/** The channel that counts what changed between two versions. */
export const changesContract = {
  'changes:count': {
    request: z
      .object({
        connectionId,
        table: tableRef,
        from: versionNumber,
        to: versionNumber,
        // Absent: the table's stable row ids.
        key: columnRef.optional()
      })
      .strict(),
    response: response<VersionDiff>()
  }
} as const
