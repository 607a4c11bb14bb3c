/**
 * The page's side of a video thumbnail: the renderer's own first-frames.ts (its types
 * stripped by TypeScript, as a CommonJS script for a plain page) run in Chromium on a secure origin (./video-clips.ts), given
 * the first frames exactly as `media:cells` sent them, each made into a 64 px picture
 * (`framePicture(frame, 64)`: configure a VideoDecoder, decode the one keyframe, scale it
 * with createImageBitmap, close both). Each round loads the module afresh, so nothing is
 * answered from the pictures it keeps.
 */
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import type { VideoFirstFrame } from '../../src/shared/contract/media'
import { securePage } from './video-clips'

const FIRST_FRAMES = fileURLToPath(new URL('../../src/renderer/src/features/cell-viewer/first-frames.ts', import.meta.url))

/** What decoding cost in one round. */
export interface DecodeRound {
  /** Each frame alone, one after another: from asking to the picture. */
  readonly oneMs: readonly number[]
  /** All the frames asked at once (first-frames.ts runs two decodes at a time): from asking to the last picture. */
  readonly allMs: number
  readonly frames: number
  /** The pictures' size, to check they are thumbnails. */
  readonly width: number
  readonly height: number
  readonly decodable: boolean
}

/** Decodes `frames` (distinct ones) at `side` pixels in `rounds` rounds, each with the module loaded afresh. */
export async function timeFrameDecodes(frames: readonly VideoFirstFrame[], side: number, rounds: number): Promise<DecodeRound[]> {
  // Its one import is a type, so the module stands alone once its types are gone.
  const script = ts.transpileModule(await readFile(FIRST_FRAMES, 'utf8'), {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 }
  }).outputText
  const plain = frames.map((f) => ({ ...f, bytes: Array.from(f.bytes), description: f.description ? Array.from(f.description) : null }))
  const { browser, page } = await securePage()
  try {
    const out: DecodeRound[] = []
    for (let round = 0; round < rounds; round++) {
      // Twice: once for frames one at a time, once for all at once, each with nothing kept.
      const times = await page.evaluate(
        async ({ script, plain, side }) => {
          type Module = { canDecodeFrames(): boolean; framePicture(frame: unknown, side: number): Promise<{ width: number; height: number }> }
          const load = (): Module => {
            const exports = {}
            new Function('exports', script)(exports)
            return exports as Module
          }
          const asFrame = (f: (typeof plain)[number]): unknown => ({
            ...f,
            bytes: Uint8Array.from(f.bytes),
            description: f.description ? Uint8Array.from(f.description) : null
          })
          const one = load()
          const oneMs: number[] = []
          let width = 0
          let height = 0
          for (const f of plain) {
            const begun = performance.now()
            const picture = await one.framePicture(asFrame(f), side)
            oneMs.push(performance.now() - begun)
            width = picture.width
            height = picture.height
          }
          const all = load()
          const begun = performance.now()
          await Promise.all(plain.map((f) => all.framePicture(asFrame(f), side)))
          return { oneMs, allMs: performance.now() - begun, width, height, decodable: one.canDecodeFrames() }
        },
        { script, plain, side }
      )
      out.push({ ...times, frames: frames.length })
    }
    return out
  } finally {
    await browser.close()
  }
}
