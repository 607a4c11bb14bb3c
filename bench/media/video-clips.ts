/**
 * Short 1280 x 720 clips for the video table, encoded by Chromium's own WebCodecs
 * VideoEncoder (through Playwright, as scripts/encode-test-frames.mjs does for the tests'
 * tiny frames): each clip is a different detailed picture (a gradient, a few hundred shapes,
 * lines of text and pixel noise) panning slowly, a keyframe and the delta frames after it.
 * H.264 (constrained baseline, level 3.1, the avcC description the encoder gives) when this
 * Chromium encodes it, else VP8. Also the page the figures decode frames in: a secure
 * origin (https://bench.test/, served by a Playwright route), as WebCodecs needs one.
 */
import { chromium, type Browser, type Page } from '@playwright/test'
import { chromiumPath } from '../../e2e/fixtures/launch'

export const CLIP_WIDTH = 1280
export const CLIP_HEIGHT = 720

/** What every clip was encoded with. */
export interface EncodedClips {
  /** The codec string the encoder reported (`avc1.42e01f`, `vp8`). */
  readonly codec: string
  /** avcC for H.264, null for VP8. */
  readonly description: Uint8Array | null
  readonly clips: readonly { readonly key: Uint8Array; readonly deltas: readonly Uint8Array[] }[]
}

/** What the page code below uses of the page's WebCodecs and canvas (this project's Node code is typed without the DOM). */
interface Canvas2d {
  fillStyle: unknown
  font: string
  createLinearGradient(x0: number, y0: number, x1: number, y1: number): { addColorStop(at: number, colour: string): void }
  fillRect(x: number, y: number, width: number, height: number): void
  beginPath(): void
  arc(x: number, y: number, radius: number, from: number, to: number): void
  fill(): void
  fillText(text: string, x: number, y: number): void
  getImageData(x: number, y: number, width: number, height: number): { data: Uint8ClampedArray }
  putImageData(data: { data: Uint8ClampedArray }, x: number, y: number): void
  drawImage(source: unknown, x: number, y: number): void
}
interface EncodedChunk {
  readonly type: string
  readonly byteLength: number
  copyTo(into: Uint8Array): void
}
interface EncoderConfig {
  readonly codec: string
  readonly width: number
  readonly height: number
  readonly bitrate: number
  readonly framerate: number
  readonly avc: { readonly format: 'avc' }
}
interface PageCodecs {
  OffscreenCanvas: new (width: number, height: number) => { readonly width: number; readonly height: number; getContext(kind: '2d'): Canvas2d | null }
  VideoFrame: new (source: unknown, init: { timestamp: number; duration: number }) => { close(): void }
  VideoEncoder: {
    new (init: {
      output: (chunk: EncodedChunk, metadata?: { decoderConfig?: { codec: string; description?: ArrayBuffer | ArrayBufferView } }) => void
      error: (error: unknown) => void
    }): { configure(config: EncoderConfig): void; encode(frame: unknown, options: { keyFrame: boolean }): void; flush(): Promise<void>; close(): void }
    isConfigSupported(config: EncoderConfig): Promise<{ supported?: boolean }>
  }
}

/** Codecs tried, in order: H.264 in MP4 is what most tables of clips hold; VP8 in WebM if this Chromium cannot encode it. */
const CODECS = ['avc1.42E01F', 'vp8']

/** A headless Chromium (no sandbox, as in a container) and a page on a secure origin. */
export async function securePage(): Promise<{ browser: Browser; page: Page }> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox', '--disable-gpu'] })
  const page = await browser.newPage()
  await page.route('https://bench.test/**', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>bench</title>' }))
  await page.goto('https://bench.test/')
  // tsx (esbuild's keepNames) wraps named functions in `__name(...)`; functions evaluated in the page need it too.
  await page.evaluate('globalThis.__name = (f) => f')
  return { browser, page }
}

/** `count` clips of `frames` frames each (a keyframe, then deltas), at `bitrate` bits a second and 30 frames a second. */
export async function encodeClips(count: number, frames: number, bitrate: number): Promise<EncodedClips> {
  const { browser, page } = await securePage()
  try {
    const encoded = await page.evaluate(
      async ({ codecs, width, height, count, frames, bitrate }) => {
        const { OffscreenCanvas, VideoEncoder, VideoFrame } = globalThis as unknown as PageCodecs
        let codec = ''
        for (const candidate of codecs) {
          const config = { codec: candidate, width, height, bitrate, framerate: 30, avc: { format: 'avc' as const } }
          if ((await VideoEncoder.isConfigSupported(config)).supported) {
            codec = candidate
            break
          }
        }
        if (codec === '') throw new Error(`This Chromium encodes none of ${codecs.join(', ')} at ${width} x ${height}.`)
        // A picture larger than the frame, panned a few pixels a frame.
        const canvas = new OffscreenCanvas(width + 2 * frames, height + frames)
        const context = canvas.getContext('2d')
        if (!context) throw new Error('no 2d context')
        const frameCanvas = new OffscreenCanvas(width, height)
        const frameContext = frameCanvas.getContext('2d')
        if (!frameContext) throw new Error('no 2d context')
        let seed = 1
        const random = (): number => {
          seed = (Math.imul(seed, 1103515245) + 12345) >>> 0
          return seed / 4294967296
        }
        const clips: { key: number[]; deltas: number[][] }[] = []
        let reported = codec
        let description: number[] | null = null
        for (let clip = 0; clip < count; clip++) {
          seed = clip * 7919 + 1
          const gradient = context.createLinearGradient(0, 0, canvas.width, canvas.height)
          gradient.addColorStop(0, `hsl(${(clip * 47) % 360} 60% 35%)`)
          gradient.addColorStop(1, `hsl(${(clip * 47 + 150) % 360} 70% 65%)`)
          context.fillStyle = gradient
          context.fillRect(0, 0, canvas.width, canvas.height)
          for (let shape = 0; shape < 400; shape++) {
            context.fillStyle = `hsl(${Math.floor(random() * 360)} ${40 + Math.floor(random() * 50)}% ${20 + Math.floor(random() * 60)}%)`
            context.beginPath()
            context.arc(random() * canvas.width, random() * canvas.height, 4 + random() * 60, 0, 2 * Math.PI)
            context.fill()
          }
          context.fillStyle = 'rgb(250, 250, 240)'
          context.font = '22px sans-serif'
          for (let line = 0; line < 24; line++)
            context.fillText(`clip ${clip} line ${line}: the quick brown fox jumps over the lazy dog ${random().toFixed(6)}`, 20, 30 + line * 30)
          const pixels = context.getImageData(0, 0, canvas.width, canvas.height)
          for (let at = 0; at < pixels.data.length; at += 4) {
            const noise = Math.floor((random() - 0.5) * 12)
            for (let c = 0; c < 3; c++) pixels.data[at + c] = Math.max(0, Math.min(255, (pixels.data[at + c] ?? 0) + noise))
          }
          context.putImageData(pixels, 0, 0)
          const chunks: { type: string; data: number[] }[] = []
          const encoder = new VideoEncoder({
            output: (chunk, metadata) => {
              const data = new Uint8Array(chunk.byteLength)
              chunk.copyTo(data)
              chunks.push({ type: chunk.type, data: Array.from(data) })
              const config = metadata?.decoderConfig
              if (config) {
                reported = config.codec
                if (config.description) {
                  const d = config.description
                  description = Array.from(d instanceof ArrayBuffer ? new Uint8Array(d) : new Uint8Array(d.buffer, d.byteOffset, d.byteLength))
                }
              }
            },
            error: (error) => {
              throw error
            }
          })
          encoder.configure({ codec, width, height, bitrate, framerate: 30, avc: { format: 'avc' } })
          for (let i = 0; i < frames; i++) {
            frameContext.drawImage(canvas, -2 * i, -i)
            const frame = new VideoFrame(frameCanvas, { timestamp: (i * 1_000_000) / 30, duration: 1_000_000 / 30 })
            encoder.encode(frame, { keyFrame: i === 0 })
            frame.close()
          }
          await encoder.flush()
          encoder.close()
          const [first, ...rest] = chunks
          if (first?.type !== 'key') throw new Error(`clip ${clip}: the first chunk is not a keyframe`)
          clips.push({ key: first.data, deltas: rest.map((c) => c.data) })
        }
        return { codec: reported, description, clips }
      },
      { codecs: CODECS, width: CLIP_WIDTH, height: CLIP_HEIGHT, count, frames, bitrate }
    )
    return {
      codec: encoded.codec,
      description: encoded.description ? Uint8Array.from(encoded.description) : null,
      clips: encoded.clips.map((c) => ({ key: Uint8Array.from(c.key), deltas: c.deltas.map((d) => Uint8Array.from(d)) }))
    }
  } finally {
    await browser.close()
  }
}
