/**
 * Channels for exporting a table's current result (its SQL filter and column choice, all
 * rows, not just the loaded page) to a file. An export runs in main as a job the renderer
 * polls for progress and may cancel. In the desktop app the file goes where a save dialog
 * says; in browser mode main writes a temporary file the page then downloads once.
 */
import { z } from 'zod'
import { columnList, connectionId, response, sqlFilter, tableRef } from './common'
import type { ErrorValue } from '../errors'
import { searchQuery } from './search'
import { versionNumber } from './versions'

/** The formats an export writes. */
export const exportFormat = z.enum(['csv', 'jsonl', 'arrow', 'parquet'])

/** An export format: CSV, JSON lines, Arrow IPC (file) or Parquet. */
export type ExportFormat = z.infer<typeof exportFormat>

/** The file name extension of each format. */
export const EXPORT_EXTENSIONS: Readonly<Record<ExportFormat, string>> = { csv: 'csv', jsonl: 'jsonl', arrow: 'arrow', parquet: 'parquet' }

/** Where an export's file goes: a path chosen in the desktop save dialog, or a browser download. */
export type ExportTarget = { readonly kind: 'file'; readonly path: string } | { readonly kind: 'download'; readonly fileName: string }

/** An export as the renderer sees it. */
export interface ExportStatus {
  readonly id: string
  readonly state: 'running' | 'done' | 'failed' | 'cancelled'
  readonly rowsWritten: number
  /** Rows matching the filter when the export began. */
  readonly totalRows: number
  readonly target: ExportTarget
  /** In browser mode once done: the one-time URL path (`/download/…`) that serves the file. */
  readonly downloadPath?: string
  /** What went wrong, when failed. */
  readonly error?: ErrorValue
}

/** Export channels. */
export const exportContract = {
  'export:start': {
    request: z
      .object({
        connectionId,
        table: tableRef,
        format: exportFormat,
        columns: columnList.optional(),
        filter: sqlFilter.optional(),
        // An older version open read-only in the grid; absent, the latest.
        version: versionNumber.optional(),
        // A vector or full-text search shown in the grid: its rows (at most k) are exported.
        search: searchQuery.optional()
      })
      .strict(),
    // null: the person closed the save dialog without choosing a file.
    response: response<ExportStatus | null>()
  },
  'export:status': {
    request: z.object({ id: z.string().min(1).max(200) }).strict(),
    response: response<ExportStatus>()
  },
  'export:cancel': {
    request: z.object({ id: z.string().min(1).max(200) }).strict(),
    response: response<ExportStatus>()
  }
} as const
