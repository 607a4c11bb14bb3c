/**
 * One export: counts the rows the filter keeps, then reads them page by page through the
 * namespace client's `readRows` (so directory and REST catalogs export alike) and hands
 * each page's batches to the format's writer, reporting rows written as it goes. A
 * cancel or a failure removes the partial file.
 */
import '../../catalog/arrow-codecs'
import { ANSWER_IPC_BUDGET } from '../../shared/arrow-preflight'
import { decodeArrowIpc } from '../../shared/arrow-ipc-decode'
import type { TableRef } from '../../shared/catalog-types'
import type { ExportFormat } from '../../shared/contract/export'
import type { SearchQuery } from '../../shared/contract/search'
import { CatalogError } from '../../shared/errors'
import type { NamespaceClient } from '../../catalog/namespace-client'
import { createBatchWriter, type BatchWriter } from './batch-writers'
import type { ByteSink } from './file-sink'
import { approximate, type ExactInt } from '../../shared/exact-int'

/** Rows asked for per read; the client's byte cap may cut a page shorter. */
export const EXPORT_PAGE_ROWS = 10_000

/** What to export. */
export interface ExportRequest {
  readonly table: TableRef
  readonly format: ExportFormat
  readonly columns?: readonly string[]
  readonly filter?: string
  /** An older version to export; absent, the latest. */
  readonly version?: ExactInt
  /** A search whose rows (at most k, one page) are exported instead of the scan's. */
  readonly search?: SearchQuery
}

/** Progress as an export runs. */
export interface ExportProgress {
  onTotal(rows: number): void
  onRows(rowsWritten: number): void
}

/** Runs an export to `sink`; resolves with the rows written, rejects with a CatalogError (the sink is discarded). */
export async function runExport(
  client: NamespaceClient,
  request: ExportRequest,
  sink: ByteSink,
  progress: ExportProgress,
  signal: AbortSignal
): Promise<number> {
  const filter = request.filter?.trim() ? request.filter : undefined
  const columns = request.columns && request.columns.length > 0 ? request.columns : undefined
  let written = 0
  try {
    if (request.search && request.search.kind !== 'scan') {
      const page = await client
        .table(request.table)
        .searchRows({ query: request.search, ...(columns ? { columns } : {}), ...(filter ? { filter } : {}) }, { signal })
      progress.onTotal(page.rowCount)
      const table = decodeArrowIpc(page.arrow, ANSWER_IPC_BUDGET)
      const writer = createBatchWriter(request.format, table.schema, sink)
      for (const batch of table.batches) await writer.write(batch)
      if (signal.aborted) throw cancelled()
      await writer.finish()
      progress.onRows(page.rowCount)
      return page.rowCount
    }
    const { version } = request
    const total =
      version === undefined
        ? await client.table(request.table).countRows(filter, { signal })
        : await client.table(request.table).countRowsAt(version, filter, { signal })
    progress.onTotal(approximate(total))
    let writer: BatchWriter | null = null
    for (;;) {
      if (signal.aborted) throw cancelled()
      const page = await client
        .table(request.table)
        .readRows({ offset: written, limit: EXPORT_PAGE_ROWS, columns, filter, ...(version === undefined ? {} : { version }) }, { signal })
      const table = decodeArrowIpc(page.arrow, ANSWER_IPC_BUDGET)
      writer ??= createBatchWriter(request.format, table.schema, sink)
      for (const batch of table.batches) {
        if (signal.aborted) throw cancelled()
        await writer.write(batch)
      }
      written += page.rowCount
      progress.onRows(written)
      // A short page without the byte cap's mark is the end of the rows.
      if (page.rowCount === 0 || (page.rowCount < EXPORT_PAGE_ROWS && !page.truncated)) break
    }
    if (signal.aborted) throw cancelled()
    await writer?.finish()
    return written
  } catch (error) {
    await sink.discard().catch(() => undefined)
    if (signal.aborted) throw cancelled()
    throw asCatalogError(error)
  }
}

function cancelled(): CatalogError {
  return new CatalogError('cancelled', 'The export was cancelled; the partial file was removed.')
}

function asCatalogError(error: unknown): CatalogError {
  if (error instanceof CatalogError) return error
  const cause = error instanceof Error ? error.message : String(error)
  const errno = typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : undefined
  if (errno === 'ENOSPC')
    return new CatalogError('internal', 'The export failed: the disk is full. Free some space or choose another place, then export again.', { cause })
  if (errno === 'EACCES' || errno === 'EPERM' || errno === 'EROFS') {
    return new CatalogError('permission_denied', 'The export failed: the file cannot be written there. Choose a folder you can write to.', { cause })
  }
  return new CatalogError('internal', `The export failed while writing the file: ${cause}. Nothing was kept; try again or choose another format.`, { cause })
}
