/**
 * Byte cells whose bytes are at hand (a search result's rows carry them): what they hold,
 * as main described them in the search's answer, or told from their bytes without a
 * thumbnail (the grid makes no pictures of its own) where it did not; their whole values
 * for the viewer, a picture shown only once main found nothing wrong with it; and a row as
 * JSON, byte cells named by type and size rather than copied.
 */
import type { Vector } from 'apache-arrow'
import type { MediaCell, MediaValue } from '@shared/contract/media'
import { detectMedia, hexHead } from '@shared/media-kind'
import { mediaTitle } from '../cell-viewer/media-text'
import { jsonAt } from './cell-values'

/** Why a search result's picture is not shown when main did not describe it. */
const NO_PICTURE_IN_SEARCH = 'Pictures are shown in the table’s rows; clear the search to see this one.'
/** Why the viewer shows no first page of a search result's PDF: main draws it for `media:value`, which names the table's rows. */
const NO_PDF_PAGE_IN_SEARCH = 'The viewer draws a PDF’s first page from the table’s rows; clear the search to see this one’s.'

/** What `bytes` hold, as a grid cell (null bytes: a null cell). */
export function mediaCellOfBytes(bytes: Uint8Array | null): MediaCell {
  if (bytes === null)
    return { size: null, kind: 'bytes', mime: 'application/octet-stream', label: 'null', width: null, height: null, thumb: null, head: '', problem: null }
  const type = detectMedia(bytes)
  return { size: bytes.length, ...type, width: null, height: null, thumb: null, head: hexHead(bytes), problem: null }
}

/**
 * A search row's byte cell main did not describe: told from its bytes, and where main could
 * not describe the search's cells (`failure`), a picture or PDF says why it has no thumbnail.
 */
export function undescribedSearchCell(bytes: Uint8Array | null, failure: unknown): MediaCell {
  const cell = mediaCellOfBytes(bytes)
  if (failure === null || (cell.kind !== 'image' && cell.kind !== 'pdf')) return cell
  return { ...cell, problem: `No thumbnail: ${failure instanceof Error ? failure.message : String(failure)}` }
}

/**
 * `bytes` as the viewer's whole value. Pictures are not decoded here: one is shown only
 * when `described` (main's description of the cell, from its thumbnail) gives its pixel size
 * and no problem, as main's header check does for `media:value`; otherwise the viewer shows
 * main's reason (or, without a description, why there is none).
 */
export function mediaValueOfBytes(bytes: Uint8Array | null, described?: MediaCell): MediaValue | null {
  if (bytes === null) return null
  const type = detectMedia(bytes)
  const value = { size: bytes.length, ...type, bytes }
  const frame = type.kind === 'video' && described?.firstFrame ? described.firstFrame : null
  if (frame) return { ...value, width: frame.width, height: frame.height, problem: null, firstFrame: frame }
  if (type.kind === 'pdf') {
    const page = described?.kind === 'pdf' ? described : null
    return { ...value, width: page?.width ?? null, height: page?.height ?? null, problem: null, firstPageProblem: NO_PDF_PAGE_IN_SEARCH }
  }
  if (type.kind !== 'image') return { ...value, width: null, height: null, problem: null }
  const picture = described?.kind === 'image' ? described : null
  const width = picture?.width ?? null
  const height = picture?.height ?? null
  const fine = picture !== null && width !== null && height !== null && picture.problem === null
  return { ...value, width, height, problem: fine ? null : (picture?.problem ?? NO_PICTURE_IN_SEARCH) }
}

/** A search row's bytes as the page holds them, or null (a null cell, or not bytes). */
export function bytesAt(vector: Vector | null | undefined, index: number): Uint8Array | null {
  const value: unknown = vector?.get(index)
  return value instanceof Uint8Array ? value : null
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
