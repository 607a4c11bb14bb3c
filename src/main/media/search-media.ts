/**
 * What a search's byte cells hold, for the grid and the gallery of a search: a search's
 * rows are not the table's by position, so `media:cells` cannot name them, but its page
 * carries their bytes. The page is decoded within the answer budget, each byte cell cut to
 * THUMB_SOURCE_MAX_BYTES, and described as `media:cells` describes a cell, its thumbnails
 * made through the media cells' slots (./thumbnail-slots.ts), never on every libuv thread.
 */
import type { SearchMedia } from '../../shared/contract/search'
import type { RowsPage } from '../../shared/contract/tables'
import type { MediaCell, ThumbSize } from '../../shared/contract/media'
import { ANSWER_IPC_BUDGET } from '../../shared/arrow-preflight'
import { decodeArrowIpc } from '../../shared/arrow-ipc-decode'
import { byteCellsOfPage } from '../../catalog/cell-bytes'
import { THUMB_SOURCE_MAX_BYTES, type MediaCells } from './media-cells'

/** Why a search result's picture larger than what is checked shows no thumbnail (nor opens in the viewer). */
export const SEARCH_PICTURE_TOO_LARGE = `The image is larger than ${THUMB_SOURCE_MAX_BYTES / (1024 * 1024)} MB, the most a search result's pictures are checked at; clear the search to open it from the table's rows.`

/** The page's byte cells with thumbnails of `size`, per row, per byte column; null for a page without byte columns. */
export async function searchMedia(page: RowsPage, size: ThumbSize, media: MediaCells): Promise<SearchMedia | null> {
  const { columns, cells } = byteCellsOfPage(decodeArrowIpc(page.arrow, ANSWER_IPC_BUDGET), THUMB_SOURCE_MAX_BYTES)
  if (columns.length === 0) return null
  const read = cells.flat()
  const described = await media.describe(read, size)
  const at = (i: number): MediaCell => {
    const cell = described[i] as MediaCell
    const bytes = read[i]
    const cut = bytes?.bytes != null && bytes.bytes.length < bytes.size
    return cut && cell.kind === 'image' ? { ...cell, problem: SEARCH_PICTURE_TOO_LARGE } : cell
  }
  return { columns, cells: cells.map((row, r) => row.map((_, c) => at(r * columns.length + c))) }
}
