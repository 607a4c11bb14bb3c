/**
 * Channels for working with a table's data: reading rows, counting, creating, dropping
 * and renaming. Rows travel as Arrow IPC stream bytes, decoded in the renderer.
 */
import { z } from 'zod'
import { bytes, component, connectionId, response, tableRef } from './common'

/** How create treats an existing table. */
export const createMode = z.enum(['create', 'exist_ok', 'overwrite'])

/** Table data channels. */
export const tablesContract = {
  'tables:readRows': {
    request: z
      .object({
        connectionId,
        table: tableRef,
        offset: z.number().int().min(0),
        limit: z.number().int().min(1).max(100_000),
        columns: z.array(z.string().min(1)).optional(),
        filter: z.string().optional()
      })
      .strict(),
    response: response<Uint8Array>()
  },
  'tables:count': {
    request: z.object({ connectionId, table: tableRef, filter: z.string().optional() }).strict(),
    response: response<number>()
  },
  'tables:create': {
    request: z.object({ connectionId, table: tableRef, mode: createMode, data: bytes }).strict(),
    response: response<null>()
  },
  'tables:drop': {
    request: z.object({ connectionId, table: tableRef }).strict(),
    response: response<null>()
  },
  'tables:rename': {
    request: z.object({ connectionId, table: tableRef, newName: component }).strict(),
    response: response<null>()
  }
} as const
