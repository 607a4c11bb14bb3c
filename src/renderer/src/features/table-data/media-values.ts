/**
 * Byte cells whose bytes are at hand (a search result's rows carry them): what they hold,
 * told from their bytes as main tells them, without thumbnails (the grid makes no pictures
 * of its own); and a row as JSON, byte cells named by type and size rather than copied.
 */
import type { Vector } from 'apache-arrow'
import type { MediaCell, MediaValue } from '@shared/contract/media'
import { detectMedia, hexHead } from '@shared/media-kind'
import { mediaTitle } from '../cell-viewer/media-text'
import { jsonAt } from './cell-values'

/** Why a search result shows no picture. */
const NO_PICTURE_IN_SEARCH = 'Pictures are shown in the table’s rows; clear the search to see this one.'

/** What `bytes` hold, as a grid cell (null bytes: a null cell). */
export function mediaCellOfBytes(bytes: Uint8Array | null): MediaCell {
  if (bytes === null)
    return { size: null, kind: 'bytes', mime: 'application/octet-stream', label: 'null', width: null, height: null, thumb: null, head: '', problem: null }
  const type = detectMedia(bytes)
  return { size: bytes.length, ...type, width: null, height: null, thumb: null, head: hexHead(bytes), problem: null }
}

/** `bytes` as the viewer's whole value; pictures are not decoded here, only in main. */
export function mediaValueOfBytes(bytes: Uint8Array | null): MediaValue | null {
  if (bytes === null) return null
  const type = detectMedia(bytes)
  return { size: bytes.length, ...type, width: null, height: null, bytes, problem: type.kind === 'image' ? NO_PICTURE_IN_SEARCH : null }
}

/** Row `index` of a page as JSON text: each column's value, a byte cell as its type and size. */
export function rowJson(
  columns: readonly { readonly name: string; readonly bytes?: boolean }[],
  vectors: readonly (Vector | null)[],
  index: number,
  mediaAt: (col: number) => MediaCell | undefined
): string {
  const row: Record<string, unknown> = {}
  columns.forEach((column, col) => {
    const vector = vectors[col]
    if (column.bytes) {
      const cell = mediaAt(col)
      row[column.name] = cell === undefined || cell.size === null ? null : mediaTitle(cell)
    } else row[column.name] = vector ? jsonAt(vector, index) : null
  })
  return JSON.stringify(row, null, 2)
}
