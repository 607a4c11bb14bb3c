/**
 * Thumbnails of images in cells, made with sharp (libvips) in the main process, so a page of
 * a table of images carries a few kilobytes per cell instead of the images. Every image is
 * held to bounds before it is decoded: its header is read first and one declaring more than
 * MAX_IMAGE_PIXELS is refused unread, a decode stops at the first error (a truncated file, or
 * bytes that only look like an image) and after THUMB_TIMEOUT_SECONDS. Only raster formats
 * are decoded: SVG never reaches sharp (librsvg would render a document).
 */
import sharp, { type Sharp } from 'sharp'
import { bmpSize, decodeBmp } from './bmp'

/** Most pixels an image may declare to be decoded: about 50 megapixels (an 8,660 x 5,773 photo). */
export const MAX_IMAGE_PIXELS = 50_000_000
/** Longest a thumbnail may take. */
const THUMB_TIMEOUT_SECONDS = 10
/** The formats decoded, as sharp names them. */
const RASTER_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff'])

/** What reading an image told: its pixel size, and its thumbnail or why there is none. */
export interface ImageFacts {
  readonly width: number | null
  readonly height: number | null
  readonly thumb: Uint8Array | null
  readonly problem: string | null
}

/** sharp's name for the format of each image type the app decodes. */
const FORMAT_OF: Readonly<Record<string, string>> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'heif',
  'image/heif': 'heif',
  'image/tiff': 'tiff'
}

/**
 * The pixel size of an image whose signature says `mime`, and whether it may be shown, from
 * its header alone: bytes that decode as another format than their signature says are not.
 */
export async function imageHeader(bytes: Uint8Array, mime: string): Promise<ImageFacts> {
  if (mime === 'image/bmp') {
    const size = bmpSize(bytes, MAX_IMAGE_PIXELS)
    return typeof size === 'string' ? { width: null, height: null, thumb: null, problem: size } : { ...size, thumb: null, problem: null }
  }
  const expected = FORMAT_OF[mime]
  if (!expected) return { width: null, height: null, thumb: null, problem: `The app makes no thumbnails of ${mime} images.` }
  try {
    const { format, width, height } = await sharp(bytes, { limitInputPixels: false, failOn: 'error' }).metadata()
    const size = { width: width ?? null, height: height ?? null }
    if (format !== expected) return { ...size, thumb: null, problem: `The bytes start like ${mime} but are not (they read as ${String(format)}).` }
    return { ...size, thumb: null, problem: sizeProblem(format, width, height) }
  } catch (error) {
    return { width: null, height: null, thumb: null, problem: decodeProblem(error) }
  }
}

/** A WebP thumbnail whose longest side is at most `side` pixels, or why none was made. */
export async function makeThumbnail(bytes: Uint8Array, mime: string, side: number): Promise<ImageFacts> {
  const header = await imageHeader(bytes, mime)
  if (header.problem) return header
  try {
    const thumb = await pipeline(bytes, mime, side)
      .rotate()
      .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 70 })
      .timeout({ seconds: THUMB_TIMEOUT_SECONDS })
      .toBuffer()
    return { ...header, thumb: new Uint8Array(thumb) }
  } catch (error) {
    return { ...header, problem: decodeProblem(error) }
  }
}

/** The decode of `bytes`: sharp's own, or for a BMP (which sharp cannot read) its pixels sampled down to the thumbnail. */
function pipeline(bytes: Uint8Array, mime: string, side: number): Sharp {
  if (mime !== 'image/bmp') return sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error', animated: false })
  const picture = decodeBmp(bytes, MAX_IMAGE_PIXELS, side * 2)
  if (typeof picture === 'string') throw new Error(picture)
  return sharp(picture.pixels, { raw: { width: picture.width, height: picture.height, channels: 3 } })
}

function sizeProblem(format: string, width: number | undefined, height: number | undefined): string | null {
  if (!RASTER_FORMATS.has(format)) return `The app shows no ${format.toUpperCase()} images.`
  if (!width || !height) return 'The image does not say its size.'
  if (width * height > MAX_IMAGE_PIXELS) {
    return `The image declares ${width.toLocaleString('en-US')} x ${height.toLocaleString('en-US')} pixels, more than the ${MAX_IMAGE_PIXELS / 1_000_000} megapixels the app decodes.`
  }
  return null
}

function decodeProblem(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  const first = message.split('\n')[0] ?? ''
  return `The image could not be decoded (${first.length > 160 ? `${first.slice(0, 160)}…` : first}).`
}
