/**
 * Videos' first frames decoded in the page with WebCodecs' VideoDecoder: main finds the
 * first keyframe in the container (it has no video decoder) and the page decodes just that
 * one chunk, scales it to the thumbnail's size as an ImageBitmap and closes the frame and the
 * decoder. A few decodes run at once (a decoder holds codec memory, maybe a hardware
 * decoder), each given DECODE_TIMEOUT_MS. What a frame gave, a picture or an error, is kept
 * for the last KEPT frames, and at most KEPT_PIXELS of pictures, by what they are (codec,
 * size and bytes), so scrolling back, or the grid's block of cells asked again, draws
 * without decoding again.
 */
import type { VideoFirstFrame } from '@shared/contract/media'

/** Frames whose outcome is kept: a few screens of cells (a row's picture is at most 64 pixels a side, a tile's 256). */
const KEPT = 200
/** Pixels of the kept pictures, 4 bytes each: 64 MB, so a few of the viewer's posters (1280 pixels a side) do not hold hundreds. */
const KEPT_PIXELS = 16_000_000
const DECODES_AT_ONCE = 2
const DECODE_TIMEOUT_MS = 5000

const kept = new Map<string, { readonly picture: Promise<ImageBitmap>; readonly pixels: number }>()
let keptPixels = 0
let running = 0
const waiting: (() => void)[] = []

/** Whether this page can decode video frames (WebCodecs needs a secure context: file:, https:, a loopback http: address). */
export function canDecodeFrames(): boolean {
  return typeof window !== 'undefined' && 'VideoDecoder' in window && 'EncodedVideoChunk' in window
}

/** The first frame as a picture whose longest side is at most `side` pixels; rejects with why it cannot be had. */
export function framePicture(frame: VideoFirstFrame, side: number): Promise<ImageBitmap> {
  const key = `${side}|${frame.codec}|${frame.width}x${frame.height}|${frame.bytes.length}|${hash(frame.bytes)}|${frame.description ? hash(frame.description) : ''}`
  const known = kept.get(key)
  if (known) {
    // Most recently used last.
    kept.delete(key)
    kept.set(key, known)
    return known.picture
  }
  const { width, height } = scaled(frame.width, frame.height, side)
  const made = queued(() => decode(frame, side))
  made.catch(() => undefined)
  kept.set(key, { picture: made, pixels: width * height })
  keptPixels += width * height
  for (const [oldest, entry] of kept) {
    if (kept.size <= KEPT && keptPixels <= KEPT_PIXELS) break
    // The newest stays, however large: it is what was asked for.
    if (oldest === key) break
    kept.delete(oldest)
    keptPixels -= entry.pixels
    // A picture a canvas has drawn is copied there; the bitmap itself can go.
    entry.picture.then(
      (bitmap) => bitmap.close(),
      () => undefined
    )
  }
  return made
}

/** A picture's size within `side` pixels, never enlarged. */
function scaled(width: number, height: number, side: number): { readonly width: number; readonly height: number } {
  const scale = Math.min(1, side / Math.max(width, height, 1))
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) }
}

async function queued<T>(work: () => Promise<T>): Promise<T> {
  if (running >= DECODES_AT_ONCE) await new Promise<void>((start) => waiting.push(start))
  else running++
  try {
    return await work()
  } finally {
    const next = waiting.shift()
    // The slot passes to the next in line, which counts as running already.
    if (next) next()
    else running--
  }
}

async function decode(frame: VideoFirstFrame, side: number): Promise<ImageBitmap> {
  const config: VideoDecoderConfig = {
    codec: frame.codec,
    codedWidth: frame.width,
    codedHeight: frame.height,
    optimizeForLatency: true,
    ...(frame.description ? { description: frame.description } : {}),
    ...(frame.colorSpace ? { colorSpace: { ...frame.colorSpace } } : {})
  }
  const support = await VideoDecoder.isConfigSupported(config)
  if (!support.supported) throw new Error(`This browser cannot decode ${frame.codec} video.`)
  const picture = await decodeOne(config, frame.bytes)
  try {
    const { width, height } = scaled(picture.displayWidth, picture.displayHeight, side)
    return await createImageBitmap(picture, { resizeWidth: width, resizeHeight: height, resizeQuality: 'medium' })
  } finally {
    picture.close()
  }
}

/** The one frame a decoder configured with `config` makes of the keyframe `bytes`; the decoder is closed either way. */
function decodeOne(config: VideoDecoderConfig, bytes: Uint8Array): Promise<VideoFrame> {
  return new Promise<VideoFrame>((resolve, reject) => {
    let settled = false
    const close = (): void => {
      if (decoder.state !== 'closed') decoder.close()
    }
    const fail = (error: unknown): void => {
      if (!settled) {
        settled = true
        clearTimeout(timer)
        reject(new Error(`The first frame could not be decoded (${error instanceof Error ? error.message : String(error)}).`))
      }
      close()
    }
    const timer = setTimeout(() => fail(new Error(`no picture after ${DECODE_TIMEOUT_MS / 1000} s`)), DECODE_TIMEOUT_MS)
    const decoder = new VideoDecoder({
      output: (picture) => {
        if (settled) {
          picture.close()
          return
        }
        settled = true
        clearTimeout(timer)
        resolve(picture)
        close()
      },
      error: fail
    })
    try {
      decoder.configure(config)
      decoder.decode(new EncodedVideoChunk({ type: 'key', timestamp: 0, data: bytes }))
      // Flushing ends the decode: the picture comes out before it resolves, so resolving without one means there is none.
      decoder.flush().then(() => fail(new Error('the decoder gave no picture')), fail)
    } catch (error) {
      // configure() and decode() throw on a config or chunk they refuse (a chunk that is not a keyframe).
      fail(error)
    }
  })
}

/** FNV-1a of the bytes: what tells two frames apart in the kept outcomes. */
function hash(bytes: Uint8Array): string {
  let h = 0x811c9dc5
  for (const byte of bytes) h = Math.imul(h ^ byte, 0x01000193)
  return (h >>> 0).toString(36)
}
