/**
 * A window of one bytes column's cells on a table LanceDB has opened. A binary column is
 * read through the table's rows (../cell-bytes.ts). A Lance blob column (`lance.blob.v2`)
 * holds descriptors in its rows, so its bytes are read through LanceDB's blob files, only
 * up to the caller's bound; a blob stored at a URI is never fetched (a URI in the data could
 * name any file or host), and LanceDB 0.39's JavaScript SDK reads no legacy blob column
 * (`lance-encoding:blob`): such cells give their size and why.
 */
import type { Table as LanceDbTable } from '@lancedb/lancedb'
import type { TableRef } from '../../shared/catalog-types'
import { bytesFromPages } from '../cell-bytes'
import type { CellBytes, CellBytesRequest } from '../table-handle'
import { boundedFilter } from './bounded-sql'
import { readLanceRows } from './lance-rows'

const AT_URI = 'This blob is stored at a URI outside the table; the app does not fetch it.'

/** The cells of `request.column` in the window, each cut to `request.maxBytesPerCell`. */
export async function readLanceBytes(table: LanceDbTable, request: CellBytesRequest, ref: TableRef): Promise<CellBytes[]> {
  // The caller's handle is already at the request's version.
  if (!(await table.blobColumns()).includes(request.column)) {
    const filter = request.filter === undefined ? {} : { filter: request.filter }
    return bytesFromPages((offset, limit) => readLanceRows(table, { offset, limit, columns: [request.column], ...filter }, ref), request)
  }
  let query = table.query().select([request.column]).withRowId()
  const filter = boundedFilter(request.filter)
  if (filter !== undefined) query = query.where(filter)
  const rows = await query.offset(request.offset).limit(request.limit).toArrow()
  const descriptors = rows.getChild(request.column)
  const ids = rows.getChild('_rowid')
  if (!descriptors || !ids) return []
  const stored: { index: number; id: bigint }[] = []
  const cells: CellBytes[] = []
  for (let i = 0; i < rows.numRows; i++) {
    const descriptor = descriptors.get(i) as { size?: unknown; blob_uri?: unknown } | null
    if (!descriptor) {
      cells.push(null)
      continue
    }
    const size = Number(descriptor.size)
    const known = Number.isSafeInteger(size) ? size : null
    if (typeof descriptor.blob_uri === 'string' && descriptor.blob_uri !== '') cells.push({ size: known, bytes: null, unread: AT_URI })
    else {
      cells.push(null)
      stored.push({ index: i, id: BigInt(ids.get(i) as bigint | number) })
    }
  }
  const files = await table.fetchBlobFiles(
    request.column,
    stored.map((s) => s.id)
  )
  await Promise.all(
    stored.map(async ({ index }, n) => {
      const file = files[n]
      if (!file) return
      const size = file.size()
      const end = size < BigInt(request.maxBytesPerCell) ? size : BigInt(request.maxBytesPerCell)
      const bytes = end === 0n ? new Uint8Array() : new Uint8Array(await file.readRange(0n, end))
      cells[index] = { size: Number(size), bytes }
    })
  )
  return cells
}
