/**
 * Channels of a table's versions (Versions): the history, reading an
 * older version read-only (description, count, rows), restoring one as the new latest,
 * and tags naming versions.
 */
import { z } from 'zod'
import type { TableDescription } from '../catalog-types'
import type { ExactInt } from '../exact-int'
import { tagNameProblem } from '../tag-name'
import { MAX_LISTED_NAME_LENGTH } from '../namespace-path'
import { connectionId, existingName, response, sqlFilter, tableRef } from './common'
import { leaveOutBytes, rowsWindow, type RowsPage } from './tables'

/** One version of a table, as its history lists it. */
export interface TableVersionInfo {
  readonly version: ExactInt
  /** When the version was written (ISO 8601), or null when the catalog does not say. */
  readonly timestamp: string | null
  /** The operation that wrote it, where the catalog records one; null otherwise. */
  readonly operation: string | null
  /** Rows the table holds at this version, or null when the catalog does not say. */
  readonly rows: ExactInt | null
  /** What Lance's summary of the version counts, where the catalog passes it on. */
  readonly summary?: VersionSummary | null
}

/** The counts Lance keeps with each version (LanceDB's `listVersions` metadata); each null where absent. */
export interface VersionSummary {
  /** Rows stored in data files, deleted ones included (`total_data_file_rows`). */
  readonly dataFileRows: ExactInt | null
  /** Rows deleted but still stored (`total_deletion_file_rows`). */
  readonly deletedRows: ExactInt | null
  /** `total_data_files`. */
  readonly dataFiles: ExactInt | null
  /** `total_fragments`. */
  readonly fragments: ExactInt | null
  /** Bytes of the data files (`total_files_size`). */
  readonly bytes: ExactInt | null
}

/** A tag: a name pointing at one version. */
export interface TableTagInfo {
  readonly name: string
  readonly version: ExactInt
}

/** A table's history with its tags; `tags` is null where the catalog offers no tags. */
export interface TableHistory {
  /** Oldest first. */
  readonly versions: readonly TableVersionInfo[]
  readonly tags: readonly TableTagInfo[] | null
}

/**
 * A version number in decimal digits, exact past 2^53 (see ../exact-int.ts): Lance
 * versions are unsigned 64-bit integers starting at 1.
 */
export const versionNumber = z
  .string()
  .regex(/^[1-9][0-9]{0,19}$/, 'A version is a whole number from 1 on, in decimal digits.')
  // Zod runs this check after a failed pattern too: only digits are converted (text like
  // `latest` would make BigInt throw out of the validation); the pattern reports the rest.
  .refine((value) => !/^[0-9]+$/.test(value) || BigInt(value) <= 18_446_744_073_709_551_615n, 'A version is at most 18446744073709551615.')

/** A tag name to create, checked with the rule of ../tag-name.ts. */
export const tagName = z.string().superRefine((value, ctx) => {
  const problem = tagNameProblem(value)
  if (problem) ctx.addIssue({ code: 'custom', message: problem })
})

/** Version channels. */
export const versionsContract = {
  'versions:list': {
    request: z.object({ connectionId, table: tableRef }).strict(),
    response: response<TableHistory>()
  },
  'versions:describe': {
    request: z.object({ connectionId, table: tableRef, version: versionNumber }).strict(),
    response: response<TableDescription>()
  },
  'versions:count': {
    request: z.object({ connectionId, table: tableRef, version: versionNumber, filter: sqlFilter.optional() }).strict(),
    response: response<ExactInt>()
  },
  'versions:readRows': {
    request: rowsWindow.extend({ connectionId, table: tableRef, version: versionNumber, leaveOutBytes }).strict(),
    response: response<RowsPage>()
  },
  /** Makes the rows of `version` the table's new latest version; answers that new version's number. */
  'versions:restore': {
    request: z.object({ connectionId, table: tableRef, version: versionNumber }).strict(),
    response: response<ExactInt>()
  },
  'versions:createTag': {
    request: z.object({ connectionId, table: tableRef, tag: tagName, version: versionNumber }).strict(),
    response: response<null>()
  },
  'versions:deleteTag': {
    request: z.object({ connectionId, table: tableRef, tag: existingName('A tag name', MAX_LISTED_NAME_LENGTH) }).strict(),
    response: response<null>()
  }
} as const
