/**
 * What a cell's bytes hold, told from the bytes themselves (their signature), never from a
 * column's name: images, audio, video and PDF a person can look at, SVG and HTML that are
 * documents (never rendered, since they may carry script), and anything else as plain
 * bytes. Only the first bytes are read; a truncated or lying file is caught later, by
 * whatever decodes it.
 */

/** The families of media the app shows differently. */
export type MediaKind = 'image' | 'audio' | 'video' | 'pdf' | 'document' | 'bytes'

/** A detected type: its family and MIME type. */
export interface MediaType {
  readonly kind: MediaKind
  readonly mime: string
  /** A short name for people (`PNG`, `WAV`, `MP4`). */
  readonly label: string
}

/** How many leading bytes detection reads. */
export const SIGNATURE_BYTES = 64

const BYTES: MediaType = { kind: 'bytes', mime: 'application/octet-stream', label: 'bytes' }

/** The type of `bytes`, from their signature; plain bytes when none matches. */
export function detectMedia(bytes: Uint8Array): MediaType {
  const b = bytes.subarray(0, SIGNATURE_BYTES)
  if (starts(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return image('image/png', 'PNG')
  if (starts(b, [0xff, 0xd8, 0xff])) return image('image/jpeg', 'JPEG')
  if (ascii(b, 0, 'GIF87a') || ascii(b, 0, 'GIF89a')) return image('image/gif', 'GIF')
  if (ascii(b, 0, 'RIFF') && ascii(b, 8, 'WEBP')) return image('image/webp', 'WebP')
  if (ascii(b, 0, 'RIFF') && ascii(b, 8, 'WAVE')) return { kind: 'audio', mime: 'audio/wav', label: 'WAV' }
  // BM, then the file size and two reserved zero words.
  if (ascii(b, 0, 'BM') && b.length >= 14 && b[6] === 0 && b[7] === 0 && b[8] === 0 && b[9] === 0) return image('image/bmp', 'BMP')
  if (ascii(b, 0, 'fLaC')) return { kind: 'audio', mime: 'audio/flac', label: 'FLAC' }
  if (ascii(b, 0, 'OggS')) return { kind: 'audio', mime: 'audio/ogg', label: 'Ogg' }
  if (ascii(b, 0, 'ID3') || isMp3Frame(b)) return { kind: 'audio', mime: 'audio/mpeg', label: 'MP3' }
  if (ascii(b, 0, '%PDF-')) return { kind: 'pdf', mime: 'application/pdf', label: 'PDF' }
  if (starts(b, [0x1a, 0x45, 0xdf, 0xa3])) return { kind: 'video', mime: 'video/webm', label: 'WebM' }
  if (ascii(b, 4, 'ftyp')) return isoMedia(ascii4(b, 8))
  const text = leadingText(b)
  if (/^<svg[\s>]/i.test(text) || (/^<\?xml/i.test(text) && /<svg[\s>]/i.test(text))) return { kind: 'document', mime: 'image/svg+xml', label: 'SVG' }
  if (/^<!doctype html|^<html[\s>]/i.test(text)) return { kind: 'document', mime: 'text/html', label: 'HTML' }
  return BYTES
}

/** The ISO base media family by its major brand: AVIF and HEIF images, M4A audio, MP4 and QuickTime video. */
function isoMedia(brand: string): MediaType {
  if (brand === 'avif' || brand === 'avis') return image('image/avif', 'AVIF')
  if (brand === 'heic' || brand === 'heix' || brand === 'mif1') return image('image/heif', 'HEIF')
  if (brand === 'M4A ' || brand === 'M4B ') return { kind: 'audio', mime: 'audio/mp4', label: 'M4A' }
  if (brand === 'qt  ') return { kind: 'video', mime: 'video/quicktime', label: 'QuickTime' }
  return { kind: 'video', mime: 'video/mp4', label: 'MP4' }
}

function image(mime: string, label: string): MediaType {
  return { kind: 'image', mime, label }
}

/** An MPEG audio frame header: 11 sync bits, a valid version and layer III. */
function isMp3Frame(b: Uint8Array): boolean {
  const [first, second] = [b[0] ?? 0, b[1] ?? 0]
  return first === 0xff && (second & 0xe0) === 0xe0 && (second & 0x18) !== 0x08 && (second & 0x06) === 0x02
}

function starts(b: Uint8Array, signature: readonly number[]): boolean {
  return signature.every((value, i) => b[i] === value)
}

function ascii(b: Uint8Array, at: number, text: string): boolean {
  for (let i = 0; i < text.length; i++) if (b[at + i] !== text.charCodeAt(i)) return false
  return true
}

function ascii4(b: Uint8Array, at: number): string {
  return String.fromCharCode(...b.subarray(at, at + 4))
}

/** The first bytes as text, after a UTF-8 byte order mark and white space, for the markup checks. */
function leadingText(b: Uint8Array): string {
  let start = starts(b, [0xef, 0xbb, 0xbf]) ? 3 : 0
  while (start < b.length && [0x20, 0x09, 0x0a, 0x0d].includes(b[start] ?? 0)) start++
  let text = ''
  for (let i = start; i < b.length && (b[i] ?? 0) < 0x80; i++) text += String.fromCharCode(b[i] ?? 0)
  return text
}

/** `0x89504e47…` for the first `count` bytes, for bytes of no known type. */
export function hexHead(bytes: Uint8Array, count = 16): string {
  let hex = ''
  for (const byte of bytes.subarray(0, count)) hex += byte.toString(16).padStart(2, '0')
  return `0x${hex}${bytes.length > count ? '…' : ''}`
}

/** Whether a column of this readable type holds bytes (binary, large_binary, fixed-size binary). */
export function isBytesType(type: string): boolean {
  return type === 'binary' || type === 'large_binary' || type.startsWith('fixed_size_binary')
}

/** What `holdsBytes` needs of a described column. */
export interface DescribedColumn {
  readonly type: string
  readonly metadata?: Readonly<Record<string, string>> | undefined
}

/**
 * Whether a described column holds bytes the media channels read (and the grid and a
 * profile leave out of their page reads): a byte type, or a Lance blob v2 column, which a
 * table's description shows as a struct of its data and URI, marked by its extension name.
 */
export function holdsBytes(field: DescribedColumn): boolean {
  return isBytesType(field.type) || field.metadata?.['ARROW:extension:name'] === 'lance.blob.v2'
}
