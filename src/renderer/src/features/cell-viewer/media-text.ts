/**
 * Words for what a byte cell holds: its hover title (`PNG · 320 × 200 · 40.2 KiB`, a PDF's
 * page size in points), and the file name its bytes are saved under
 * (`<table>-row<N>-<column>.<ext>`, the extension from its MIME type).
 */
import type { MediaKind } from '@shared/media-kind'
import { formatBytes } from '../../lib/format-bytes'

/** What the title needs of a cell or a whole value. */
export interface MediaFacts {
  /** A PDF's width and height are its first page's, in points. */
  readonly kind?: MediaKind
  readonly label: string
  readonly size: number | null
  readonly width: number | null
  readonly height: number | null
}

/** `PNG · 320 × 200 · 40.2 KiB` (a PDF's first page in points: `PDF · 612 × 792 pt · 3.1 KiB`); the type and size of anything else. */
export function mediaTitle({ kind, label, size, width, height }: MediaFacts): string {
  const parts = [label]
  const unit = kind === 'pdf' ? ' pt' : ''
  if (width !== null && height !== null) parts.push(`${width.toLocaleString('en-US')} × ${height.toLocaleString('en-US')}${unit}`)
  if (size !== null) parts.push(formatBytes(size))
  return parts.join(' · ')
}

/** File extensions of the MIME types `detectMedia` names. */
const EXTENSIONS: Readonly<Record<string, string>> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/bmp': 'bmp',
  'image/avif': 'avif',
  'image/heif': 'heic',
  'image/svg+xml': 'svg',
  'audio/wav': 'wav',
  'audio/flac': 'flac',
  'audio/ogg': 'ogg',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'video/webm': 'webm',
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'application/pdf': 'pdf',
  'text/html': 'html'
}

/** The extension for `mime`; `bin` for bytes of no known type. */
export function extensionOf(mime: string): string {
  return EXTENSIONS[mime] ?? 'bin'
}

/**
 * The name a cell's bytes are saved under: `<table>-row<N>-<column>.<ext>`, N counted from 1
 * as the grid shows it, and any character a file system may refuse replaced by `_`.
 */
export function bytesFileName(table: string, row: number, column: string, mime: string): string {
  const safe = (text: string): string => text.replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_').slice(0, 80)
  return `${safe(table)}-row${row + 1}-${safe(column)}.${extensionOf(mime)}`
}
