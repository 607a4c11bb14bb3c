/**
 * One cell's whole value for the value viewer: its bytes (up to MEDIA_VALUE_MAX_BYTES), what
 * they hold, and for an image its pixel size, read from its header, with the reason when it
 * must not be shown as a picture (too many pixels, not what its signature says); for a video
 * its first keyframe (./video-frame.ts), which the viewer shows before the video plays; for a
 * PDF its first page, drawn in the PDF worker (./pdf-thumbnails.ts) as a picture: the viewer
 * never hands a PDF to the browser.
 */
import { MEDIA_VALUE_MAX_BYTES, type MediaValue } from '../../shared/contract/media'
import { CatalogError } from '../../shared/errors'
import { detectMedia } from '../../shared/media-kind'
import type { CallOptions, CellBytesRequest, TableHandle } from '../../catalog/table-handle'
import { sharedPdfThumbnails, type PdfThumbnails } from './pdf-thumbnails'
import { imageHeader } from './thumbnails'
import { firstVideoFrame } from './video-frame'

/** The value of one cell of a bytes column. */
export async function readMediaValue(
  handle: TableHandle,
  request: Omit<CellBytesRequest, 'limit' | 'maxBytesPerCell'>,
  options?: CallOptions,
  pdfs: PdfThumbnails = sharedPdfThumbnails
): Promise<MediaValue> {
  const [cell] = await handle.readBytes({ ...request, limit: 1, maxBytesPerCell: MEDIA_VALUE_MAX_BYTES }, options)
  if (cell === undefined) throw new CatalogError('invalid_request', `Row ${request.offset + 1} is past the last row.`)
  if (cell === null)
    return { size: 0, kind: 'bytes', mime: 'application/octet-stream', label: 'null', width: null, height: null, bytes: null, problem: 'The cell is null.' }
  if (cell.bytes === null)
    return {
      size: cell.size ?? 0,
      kind: 'bytes',
      mime: 'application/octet-stream',
      label: 'blob',
      width: null,
      height: null,
      bytes: null,
      problem: cell.unread
    }
  const type = detectMedia(cell.bytes)
  if (cell.bytes.length < cell.size) {
    const mib = MEDIA_VALUE_MAX_BYTES / (1024 * 1024)
    return { size: cell.size, ...type, width: null, height: null, bytes: null, problem: `The value is larger than ${mib} MB, the most the viewer shows.` }
  }
  if (type.kind === 'video') {
    const frame = firstVideoFrame(cell.bytes, type.mime)
    if (typeof frame !== 'string')
      return { size: cell.size, ...type, width: frame.width, height: frame.height, bytes: cell.bytes, problem: null, firstFrame: frame }
  }
  if (type.kind === 'pdf') {
    const page = await pdfs.firstPage(cell.bytes)
    const drawn =
      page.thumb === null
        ? { firstPageProblem: page.problem ?? 'The first page could not be drawn.' }
        : { firstPage: { image: page.thumb, pages: page.pages ?? 1 } }
    return { size: cell.size, ...type, width: page.width, height: page.height, bytes: cell.bytes, problem: null, ...drawn }
  }
  const image = type.kind === 'image' ? await imageHeader(cell.bytes, type.mime) : { width: null, height: null, problem: null }
  return { size: cell.size, ...type, width: image.width, height: image.height, bytes: cell.bytes, problem: image.problem }
}
