/**
 * Writes test-kit/encoded-frames.ts: one keyframe per codec the app's video thumbnails decode
 * (H.264, VP8, VP9, AV1), encoded by Chromium's own WebCodecs VideoEncoder from a 96 x 64
 * picture of a known colour with a dark square at its top left, so tests can wrap real
 * frames in MP4 and WebM containers (test-kit/video-files.ts) and find the colour again.
 * Run `node scripts/encode-test-frames.mjs` (Chromium at CHROMIUM_PATH or /usr/bin/chromium).
 */
import { writeFileSync } from 'node:fs'
import { chromium } from '@playwright/test'
import { format, resolveConfig } from 'prettier'

const CODECS = ['avc1.42E01E', 'vp8', 'vp09.00.10.08', 'av01.0.04M.08']
const WIDTH = 96
const HEIGHT = 64
/** The picture: this colour, with a dark 32 x 32 square at the top left. */
const COLOUR = [230, 110, 30]
const DARK = [20, 20, 20]

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' })
try {
  const page = await browser.newPage()
  // WebCodecs needs a secure context: a file: page is one.
  await page.goto(`file://${process.cwd()}/`)
  const frames = await page.evaluate(
    async ({ codecs, width, height, colour, dark }) => {
      const canvas = new OffscreenCanvas(width, height)
      const context = canvas.getContext('2d')
      context.fillStyle = `rgb(${colour.join(',')})`
      context.fillRect(0, 0, width, height)
      context.fillStyle = `rgb(${dark.join(',')})`
      context.fillRect(0, 0, 32, 32)
      const out = []
      for (const codec of codecs) {
        const chunks = []
        let config = null
        const encoder = new VideoEncoder({
          output: (chunk, metadata) => {
            const data = new Uint8Array(chunk.byteLength)
            chunk.copyTo(data)
            chunks.push({ type: chunk.type, data: Array.from(data) })
            if (metadata?.decoderConfig) config = metadata.decoderConfig
          },
          error: (error) => {
            throw error
          }
        })
        encoder.configure({ codec, width, height, bitrate: 200_000, ...(codec.startsWith('avc1') ? { avc: { format: 'avc' } } : {}) })
        const frame = new VideoFrame(canvas, { timestamp: 0 })
        encoder.encode(frame, { keyFrame: true })
        frame.close()
        await encoder.flush()
        encoder.close()
        const description = config?.description ? Array.from(new Uint8Array(config.description)) : null
        out.push({ codec, configured: config?.codec ?? codec, description, chunk: chunks[0] })
      }
      return out
    },
    { codecs: CODECS, width: WIDTH, height: HEIGHT, colour: COLOUR, dark: DARK }
  )
  const base64 = (bytes) => Buffer.from(bytes).toString('base64')
  const entries = frames.map(({ codec, configured, description, chunk }) => {
    if (chunk?.type !== 'key') throw new Error(`${codec}: no keyframe`)
    return [
      `  '${codec}': {`,
      `    codec: '${configured}',`,
      `    description: ${description ? `bytes('${base64(description)}')` : 'null'},`,
      `    frame: bytes('${base64(chunk.data)}')`,
      '  }'
    ].join('\n')
  })
  const source = `/**
 * Keyframes encoded by Chromium's WebCodecs VideoEncoder (written by scripts/encode-test-frames.mjs,
 * not by hand): a ${WIDTH} x ${HEIGHT} picture of rgb(${COLOUR.join(', ')}) with a dark rgb(${DARK.join(', ')})
 * 32 x 32 square at its top left, one per codec, with the decoder description the encoder
 * gave (avcC for H.264, av1C for AV1). test-kit/video-files.ts wraps them in MP4 and WebM.
 */

/** The encoded picture's size and colours. */
export const FRAME_WIDTH = ${WIDTH}
export const FRAME_HEIGHT = ${HEIGHT}
export const FRAME_COLOUR: readonly number[] = [${COLOUR.join(', ')}]
export const FRAME_DARK: readonly number[] = [${DARK.join(', ')}]

/** One encoded keyframe and what a decoder is configured with. */
export interface EncodedFrame {
  /** The codec string the encoder reported. */
  readonly codec: string
  readonly description: Uint8Array | null
  readonly frame: Uint8Array
}

function bytes(base64: string): Uint8Array {
  return new Uint8Array(Buffer.from(base64, 'base64'))
}

/** The keyframes, by the codec asked of the encoder. */
export const ENCODED_FRAMES = {
${entries.join(',\n')}
} as const satisfies Record<string, EncodedFrame>
`
  const target = new URL('../test-kit/encoded-frames.ts', import.meta.url)
  writeFileSync(target, await format(source, { ...(await resolveConfig(target)), parser: 'typescript' }))
  for (const { codec, configured, description, chunk } of frames) console.log(codec, configured, description?.length ?? 0, chunk.data.length)
} finally {
  await browser.close()
}
