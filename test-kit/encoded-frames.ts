/**
 * Keyframes encoded by Chromium's WebCodecs VideoEncoder (written by scripts/encode-test-frames.mjs,
 * not by hand): a 96 x 64 picture of rgb(230, 110, 30) with a dark rgb(20, 20, 20)
 * 32 x 32 square at its top left, one per codec, with the decoder description the encoder
 * gave (avcC for H.264, av1C for AV1). test-kit/video-files.ts wraps them in MP4 and WebM.
 */

/** The encoded picture's size and colours. */
export const FRAME_WIDTH = 96
export const FRAME_HEIGHT = 64
export const FRAME_COLOUR: readonly number[] = [230, 110, 30]
export const FRAME_DARK: readonly number[] = [20, 20, 20]

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
  'avc1.42E01E': {
    codec: 'avc1.42E01E',
    description: bytes('AULAC//hABFnQsALjI1DEk3AQ0BB4RCNQAEABGjOPIA='),
    frame: bytes('AAAASGW4AAQAAAn///h6KAAIJfk/D//BFFAAEErxwABBLjgACC5Ji5OTrrpxdddfH//giigACCV44AAglxwABBctRdddddYuuuuuvA==')
  },
  vp8: {
    codec: 'vp8',
    description: null,
    frame: bytes('sAUAnQEqYABAAAAHCIWFiJmEiAEkEBmoqF/AfwB1RXgP4A/oDuAIJMcr9udQHLkE7cPKbOqFAP7/pdpP/r+aKGjJ7Tqw+V6jb5eNof/ODXX/Wxyl3monnSx5vJcs56zu/+BYAAA=')
  },
  'vp09.00.10.08': {
    codec: 'vp09.00.10.08',
    description: null,
    frame: bytes(
      'gkmDQlAF8AP2BjgkHBg6AAAgQABrQ///6slT7bab8ph3CasPcvNh0mqSRb41wymOH5TSTcrSdUIF///3kB16ClLUFDzL85kqVl6TYoPYVdRSz4SLuccWpDxI4vNABASoOiTnpdSaQAf////9QdP////+3hBLAAA/////6g6f////9vCEHJaA'
    )
  },
  'av01.0.04M.08': {
    codec: 'av01.0.04M.08',
    description: null,
    frame: bytes('EgAKDQAAAAMt/8AaICGgMIAyJxBFAAQQQQgAELRazKchrbZcs3I/hpQlLX/OAEn8jnzfGZYvLt+vgA==')
  }
} as const satisfies Record<string, EncodedFrame>
