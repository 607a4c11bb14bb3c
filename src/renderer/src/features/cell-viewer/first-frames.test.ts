/**
 * The decode of videos' first frames against a stand-in VideoDecoder (Node has no WebCodecs;
 * the e2e decodes real frames in Chromium): one decode per frame however often it is asked
 * for, the decoder and the frame closed every time, errors and silence turned into reasons,
 * and at most two decodes at once.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { VideoFirstFrame } from '@shared/contract/media'
import { framePicture } from './first-frames'

/** What each stand-in decoder does with its chunk. */
type Behaviour = 'picture' | 'error' | 'silent' | 'refuse'

let behaviour: Behaviour = 'picture'
let decoders: FakeDecoder[] = []
let decoding = 0
let mostAtOnce = 0
const closedFrames: number[] = []

class FakeDecoder {
  state: 'unconfigured' | 'configured' | 'closed' = 'unconfigured'
  readonly #init: { output: (frame: unknown) => void; error: (error: Error) => void }
  constructor(init: { output: (frame: unknown) => void; error: (error: Error) => void }) {
    this.#init = init
    decoders.push(this)
  }
  static isConfigSupported(config: { codec: string }): Promise<{ supported: boolean }> {
    return Promise.resolve({ supported: config.codec !== 'hev1.1.6.L93.B0' })
  }
  configure(): void {
    this.state = 'configured'
  }
  decode(): void {
    if (behaviour === 'refuse') throw new DOMException('not a key frame', 'DataError')
    decoding++
    mostAtOnce = Math.max(mostAtOnce, decoding)
  }
  async flush(): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, 5))
    decoding--
    if (this.state === 'closed') throw new DOMException('closed', 'AbortError')
    if (behaviour === 'error') {
      this.state = 'closed'
      this.#init.error(new Error('Decoding error.'))
      throw new DOMException('Decoding error.', 'EncodingError')
    }
    if (behaviour === 'picture') {
      const id = decoders.indexOf(this)
      this.#init.output({ displayWidth: 96, displayHeight: 64, close: () => closedFrames.push(id) })
    }
  }
  close(): void {
    this.state = 'closed'
  }
}

function frame(seed: number, codec = 'vp8'): VideoFirstFrame {
  return { codec, description: null, width: 96, height: 64, bytes: Uint8Array.from({ length: 40 }, (_, i) => (i * seed + seed) % 256) }
}

beforeEach(() => {
  behaviour = 'picture'
  decoders = []
  decoding = 0
  mostAtOnce = 0
  closedFrames.length = 0
  vi.stubGlobal('VideoDecoder', FakeDecoder)
  vi.stubGlobal('EncodedVideoChunk', class {})
  vi.stubGlobal('createImageBitmap', (_: unknown, size: { resizeWidth: number; resizeHeight: number }) =>
    Promise.resolve({ width: size.resizeWidth, height: size.resizeHeight, close: vi.fn() })
  )
})

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('framePicture', () => {
  it('decodes a frame once, scaled within the side, and closes the frame and the decoder', async () => {
    const first = await framePicture(frame(1), 64)
    expect([first.width, first.height]).toEqual([64, 43])
    expect(decoders).toHaveLength(1)
    expect(decoders[0]?.state).toBe('closed')
    expect(closedFrames).toEqual([0])
    // Asked again, as a cell scrolled back into view is, even as another copy of the same bytes: no second decode.
    expect(await framePicture({ ...frame(1), bytes: frame(1).bytes.slice() }, 64)).toBe(first)
    expect(decoders).toHaveLength(1)
    // Another size is another picture.
    await framePicture(frame(1), 256)
    expect(decoders).toHaveLength(2)
  })

  it('gives the reason when the decoder fails, refuses the chunk, says nothing, or lacks the codec', async () => {
    behaviour = 'error'
    await expect(framePicture(frame(2), 64)).rejects.toThrow(/could not be decoded \(Decoding error\.\)/)
    behaviour = 'refuse'
    await expect(framePicture(frame(3), 64)).rejects.toThrow(/could not be decoded \(not a key frame\)/)
    behaviour = 'silent'
    await expect(framePicture(frame(4), 64)).rejects.toThrow(/gave no picture/)
    await expect(framePicture(frame(5, 'hev1.1.6.L93.B0'), 64)).rejects.toThrow(/cannot decode hev1/)
    expect(decoders.every((decoder) => decoder.state === 'closed')).toBe(true)
    // A failure is kept too: asking again does not decode again.
    behaviour = 'picture'
    await expect(framePicture(frame(2), 64)).rejects.toThrow(/Decoding error/)
    expect(decoders).toHaveLength(3)
  })

  it('keeps at most 16 megapixels of pictures, closing those it drops', async () => {
    // Posters of 1280 x 853 (1.09 megapixels each): the 15th pushes out the first.
    const big = (seed: number): VideoFirstFrame => ({ ...frame(seed), width: 1920, height: 1280 })
    const first = await framePicture(big(200), 1280)
    for (let i = 1; i < 15; i++) await framePicture(big(200 + i), 1280)
    expect(first.close).toHaveBeenCalled()
    const asked = decoders.length
    await framePicture(big(200), 1280)
    expect(decoders).toHaveLength(asked + 1)
  })

  it('decodes at most two frames at once', async () => {
    await Promise.all(Array.from({ length: 6 }, (_, i) => framePicture(frame(100 + i), 64)))
    expect(decoders).toHaveLength(6)
    expect(mostAtOnce).toBe(2)
  })
})
