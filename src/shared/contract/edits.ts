/**
 * Channels for editing a table's rows: whether the table at hand can be edited (and why
 * not), and committing a batch of staged edits (updated cells, added rows, deleted rows) as
 * one merge insert on a key column, which adds exactly one version.
 *
 * Values travel as each cell's text form (what the grid shows and the editor holds) or an
 * explicit null, and both sides read them with ../edit-values.ts: the renderer to mark a bad
 * cell, main to build the Arrow rows it writes. Rows are named by their key's text form.
 */
import { z } from 'zod'
import type { ExactInt } from '../exact-int'
import { MAX_EDIT_TEXT } from '../edit-values'
import { MAX_COLUMNS } from '../input-bounds'
import { columnRef, connectionId, response, tableRef } from './common'
import { versionNumber } from './versions'

/** The most rows one commit may touch: updated, added and deleted together. */
export const MAX_EDIT_ROWS = 100_000
/** The most characters of cell text one commit may carry, all cells together. */
export const MAX_EDIT_COMMIT_TEXT = 128 * 1024 * 1024
/** The most characters a key's text form may have. */
export const MAX_KEY_TEXT = 4096

/** One cell's value: its text form, or null for a null value (never the text `null`). */
export const cellText = z
  .string()
  .max(MAX_EDIT_TEXT, `A value can have at most ${MAX_EDIT_TEXT.toLocaleString('en')} characters.`)
  .nullable()
/** A row's key value in its text form (a key is never null). */
export const keyText = z.string().max(MAX_KEY_TEXT, `A key value can have at most ${MAX_KEY_TEXT} characters.`)
/** Values by column name; a column left out keeps its value (an update) or is null (an added row). */
export const rowValues = z
  .record(columnRef, cellText)
  .refine((values) => Object.keys(values).length <= MAX_COLUMNS, `A row can name at most ${MAX_COLUMNS} columns.`)

/** Changed cells of one existing row. */
export const rowUpdate = z
  .object({
    /** The row's key, as the key column's text form at the edits' base version. */
    key: keyText,
    /** The changed cells only, by column; at least one. */
    values: rowValues.refine((values) => Object.keys(values).length > 0, 'An update changes at least one cell.')
  })
  .strict()

function textLength(values: Readonly<Record<string, string | null>>): number {
  let length = 0
  for (const value of Object.values(values)) length += value?.length ?? 0
  return length
}

/** The request of `tables:commitEdits`. */
export const commitEditsRequest = z
  .object({
    connectionId,
    table: tableRef,
    /** The version the edits were made on; rows changed since then are a conflict. */
    baseVersion: versionNumber,
    /** The column rows are matched on: the table's primary key, or one the user picked. */
    key: columnRef,
    /** Existing rows with changed cells. */
    updates: z.array(rowUpdate).max(MAX_EDIT_ROWS).readonly(),
    /** Added rows: every column's value, or left out for null. */
    inserts: z.array(rowValues).max(MAX_EDIT_ROWS).readonly(),
    /** Keys of rows to delete. */
    deletes: z.array(keyText).max(MAX_EDIT_ROWS).readonly(),
    /** Keys the user chose to write although they changed elsewhere since the base version. */
    overwrite: z.array(keyText).max(MAX_EDIT_ROWS).readonly()
  })
  .strict()
  .superRefine((request, ctx) => {
    const rows = request.updates.length + request.inserts.length + request.deletes.length
    if (rows === 0) ctx.addIssue({ code: 'custom', message: 'There are no edits to commit.' })
    if (rows > MAX_EDIT_ROWS) {
      ctx.addIssue({
        code: 'custom',
        message: `One commit can change at most ${MAX_EDIT_ROWS.toLocaleString('en')} rows; this one changes ${rows.toLocaleString('en')}.`
      })
    }
    let text = 0
    for (const update of request.updates) text += textLength(update.values) + update.key.length
    for (const insert of request.inserts) text += textLength(insert)
    if (text > MAX_EDIT_COMMIT_TEXT)
      ctx.addIssue({ code: 'custom', message: `One commit can carry at most ${MAX_EDIT_COMMIT_TEXT.toLocaleString('en')} characters of values.` })
  })

/** The request of `tables:commitEdits` (type). */
export type CommitEditsRequest = z.infer<typeof commitEditsRequest>

/** Whether the table at hand can be edited, and on which key. */
export interface Editability {
  /** True when edits can be committed here. */
  readonly editable: boolean
  /** Why not, in a sentence (a time-travel version, a read-only catalog, no write route); null when editable. */
  readonly reason: string | null
  /** The table's latest version: edits made now are made on it (their `baseVersion`). */
  readonly version: ExactInt
  /** The table's unenforced primary key column, when its schema declares one; edits use it as the key. */
  readonly primaryKey: string | null
  /** Columns that can serve as the key (integers and strings, not `_rowid`); the user picks one when there is no primary key. */
  readonly keyColumns: readonly string[]
  /** Columns that cannot be edited as text, with why (bytes, for example); their values are kept as they are. */
  readonly readOnlyColumns: readonly { readonly name: string; readonly reason: string }[]
}

/** How an edited row stands at the latest version, when it changed since the base version. */
export interface EditConflict {
  /** The row's key (text form). */
  readonly key: string
  /** `changed`: its values differ; `deleted`: it is gone; `added`: a row with this key appeared (an added row's key). */
  readonly state: 'changed' | 'deleted' | 'added'
}

/** What a commit answers: the version it made, or the conflicts that stopped it (nothing was written). */
export type CommitEditsResult =
  | {
      readonly kind: 'committed'
      /** The version the commit made. */
      readonly version: ExactInt
      /** The version before it: restoring it (`versions:restore`) undoes the commit. */
      readonly previousVersion: ExactInt
      readonly updated: number
      readonly inserted: number
      readonly deleted: number
    }
  | {
      readonly kind: 'conflict'
      /** The table's latest version, which moved past the edits' base version. */
      readonly version: ExactInt
      /** The edited rows that changed elsewhere; keys listed in `overwrite` are not among them. */
      readonly conflicts: readonly EditConflict[]
      /** Arrow IPC stream bytes: the `changed` and `added` rows as they are now, every column (the key names each). */
      readonly rows: Uint8Array
    }

/** Row editing channels. */
export const editsContract = {
  'tables:editability': {
    request: z
      .object({
        connectionId,
        table: tableRef,
        /** The version the grid shows when it is an older one (time travel); such a version is never editable. */
        version: versionNumber.optional()
      })
      .strict(),
    response: response<Editability>()
  },
  'tables:commitEdits': {
    request: commitEditsRequest,
    response: response<CommitEditsResult>()
  }
} as const
