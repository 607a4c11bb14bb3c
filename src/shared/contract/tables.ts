/**
 * Channels for working with a table's data: reading rows, counting, creating, dropping
 * and renaming. Rows travel as Arrow IPC stream bytes in byte-capped pages, decoded in
 * the renderer.
 */
import { z } from 'zod'
import type { ExactInt } from '../exact-int'
import { bytes, columnList, connectionId, newName, newTableRef, response, sqlFilter, tableRef } from './common'
import { operationId } from './operations'
import { dataStorageVersion } from '../data-storage-version'

/** The most Arrow bytes one page of rows holds, for dir and REST alike (about 16 MiB). */
export const READ_PAGE_MAX_BYTES = 16 * 1024 * 1024

/**
 * One page of rows. A page stops at `limit` rows, at the end of the rows, or before it
 * would exceed READ_PAGE_MAX_BYTES (then `truncated` is true and the rest starts at
 * `offset + rowCount`). A page holds at least one row whenever rows remain, so paging
 * always moves on, even past a single row larger than the cap.
 */
export interface RowsPage {
  /** Arrow IPC stream bytes: the schema, then `rowCount` rows. */
  readonly arrow: Uint8Array
  readonly rowCount: number
  /** True when the byte cap, not `limit` or the end of the rows, ended the page. */
  readonly truncated: boolean
}

/** How create (of a table or namespace) treats an existing object. */
export const createMode = z.enum(['create', 'exist_ok', 'overwrite'])

/** How create treats an existing object: `create` fails, `exist_ok` keeps it, `overwrite` replaces it. */
export type CreateMode = z.infer<typeof createMode>

/** A window of rows: an offset, a row limit, optional columns and SQL filter. */
export const rowsWindow = z.object({
  offset: z.number().int().min(0),
  limit: z.number().int().min(1).max(100_000),
  columns: columnList.optional(),
  filter: sqlFilter.optional()
})

/**
 * Leave out the columns that hold bytes (binary, Lance blobs) when no columns are named:
 * what the grid asks for before it knows a table's columns, so a table of images is never
 * read whole for a page whose byte cells come from the media channels.
 */
export const leaveOutBytes = z.boolean().optional()

/** Table data channels. */
export const tablesContract = {
  'tables:readRows': {
    request: rowsWindow.extend({ connectionId, table: tableRef, leaveOutBytes }).strict(),
    response: response<RowsPage>()
  },
  'tables:count': {
    request: z.object({ connectionId, table: tableRef, filter: sqlFilter.optional() }).strict(),
    response: response<ExactInt>()
  },
  'tables:create': {
    // `operationId`: the page watches and may cancel the call (see ./operations.ts).
    // `dataStorageVersion`: the Lance version to write the table in; LanceDB's default when left out.
    request: z
      .object({
        connectionId,
        table: newTableRef,
        mode: createMode,
        data: bytes,
        dataStorageVersion: dataStorageVersion.optional(),
        operationId: operationId.optional()
      })
      .strict(),
    response: response<null>()
  },
  'tables:drop': {
    request: z.object({ connectionId, table: tableRef, operationId: operationId.optional() }).strict(),
    response: response<null>()
  },
  'tables:rename': {
    request: z.object({ connectionId, table: tableRef, newName }).strict(),
    response: response<null>()
  },
  // The user's Refresh: every open table is checked for writes made elsewhere on its next use.
  'tables:refresh': {
    request: z.object({}).strict(),
    response: response<null>()
  }
} as const
