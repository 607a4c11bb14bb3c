/**
 * Where a page of thumbnails spends its time, timed in this process with the product's own
 * pieces, in the order `MediaCells` (src/main/media/media-cells.ts) runs them: each byte
 * column in turn, CHUNK_ROWS rows at a time, the chunk's bytes read through the table handle
 * (LanceDB) and then its cells described together (sharp makes the thumbnails). What the
 * host adds on top (its dispatch, encoding and the socket) is the rest of its
 * `media:cells` time, and a call answered from its kept cells shows that floor alone.
 */
import { openDirNamespace } from '../../src/catalog/dir/dir-namespace'
import { describeCell, THUMB_SOURCE_MAX_BYTES } from '../../src/main/media/media-cells'
import { THUMB_SIZES } from '../../src/shared/contract/media'
import type { StorageOptions } from '../remote/slow-store'
import { PAGE_ROWS } from './grid-calls'
import { BYTE_COLUMNS, MEDIA_TABLE, PLAIN_COLUMNS } from './media-rows'

/** Rows read at once, as media-cells.ts reads them. */
const CHUNK_ROWS = 8

/** One byte column's share of a page. */
export interface ColumnPhases {
  readonly column: string
  /** Reading the chunks' bytes through the table handle, all chunks. */
  readonly readMs: number
  /** Describing the cells (thumbnails for images), all chunks. */
  readonly describeMs: number
  readonly bytesRead: number
  readonly thumbs: number
  readonly storeRequests: number
}

/** A page's phases: the plain rows read, and each byte column's. */
export interface PagePhases {
  readonly plainRowsMs: number
  readonly plainStoreRequests: number
  readonly columns: readonly ColumnPhases[]
}

/** Times page `page` of the table at `root` phase by phase, with a handle of its own. */
export async function profilePage(root: string, storage: StorageOptions, page: number, storeRequests: () => number): Promise<PagePhases> {
  const client = await openDirNamespace(root, storage)
  try {
    const handle = client.table({ namespace: [], name: MEDIA_TABLE })
    await handle.countRows()
    const offset = page * PAGE_ROWS
    let requests = storeRequests()
    let begun = performance.now()
    await handle.readRows({ offset, limit: PAGE_ROWS, columns: [...PLAIN_COLUMNS] })
    const plainRowsMs = performance.now() - begun
    const plainStoreRequests = storeRequests() - requests
    const columns: ColumnPhases[] = []
    for (const column of BYTE_COLUMNS) {
      let readMs = 0
      let describeMs = 0
      let bytesRead = 0
      let thumbs = 0
      requests = storeRequests()
      for (let start = 0; start < PAGE_ROWS; start += CHUNK_ROWS) {
        begun = performance.now()
        const cells = await handle.readBytes({
          column,
          offset: offset + start,
          limit: Math.min(CHUNK_ROWS, PAGE_ROWS - start),
          maxBytesPerCell: THUMB_SOURCE_MAX_BYTES
        })
        readMs += performance.now() - begun
        bytesRead += cells.reduce((sum, cell) => sum + (cell?.bytes?.length ?? 0), 0)
        begun = performance.now()
        const described = await Promise.all(cells.map((cell) => describeCell(cell, THUMB_SIZES.row)))
        describeMs += performance.now() - begun
        thumbs += described.filter((cell) => cell.thumb !== null).length
      }
      columns.push({ column, readMs, describeMs, bytesRead, thumbs, storeRequests: storeRequests() - requests })
    }
    return { plainRowsMs, plainStoreRequests, columns }
  } finally {
    await client.close()
  }
}
