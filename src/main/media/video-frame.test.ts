import { describe, expect, it } from 'vitest'
import { ENCODED_FRAMES, FRAME_HEIGHT, FRAME_WIDTH } from '../../../test-kit/encoded-frames'
import { mulberry32 } from '../../../test-kit/prng'
import { ascii, av1C, avcMp4, be, box, EBML_IDS, ebml, garbageFrameWebm, mp4Video, vp8Webm, vpcC, webmVideo } from '../../../test-kit/video-files'
import { concat } from '../../../test-kit/portable/concat-bytes'
import type { VideoFirstFrame as FirstFrame } from '../../shared/contract/media'
import { FIRST_FRAME_MAX_BYTES, firstVideoFrame, vp9ColorSpace } from './video-frame'

const avc = ENCODED_FRAMES['avc1.42E01E']
const vp8 = ENCODED_FRAMES.vp8
const vp9 = ENCODED_FRAMES['vp09.00.10.08']
const av1 = ENCODED_FRAMES['av01.0.04M.08']

function frame(bytes: Uint8Array, mime = 'video/mp4'): FirstFrame {
  const found = firstVideoFrame(bytes, mime)
  if (typeof found === 'string') throw new Error(found)
  return found
}

function problem(bytes: Uint8Array, mime = 'video/mp4'): string {
  const found = firstVideoFrame(bytes, mime)
  if (typeof found !== 'string') throw new Error(`expected a problem, got a ${found.codec} frame`)
  return found
}

describe('firstVideoFrame in MP4', () => {
  it('finds an H.264 keyframe, its avcC and the codec string the avcC names', () => {
    const found = frame(avcMp4())
    // avcC: version 1, profile 0x42 (baseline), constraints 0xc0, level 0x0b.
    expect(found.codec).toBe(`avc1.${[...avc.description.subarray(1, 4)].map((b) => b.toString(16).padStart(2, '0')).join('')}`)
    expect(found.description).toEqual(avc.description)
    expect([found.width, found.height]).toEqual([FRAME_WIDTH, FRAME_HEIGHT])
    expect(found.bytes).toEqual(avc.frame)
  })

  it('reads VP9 (vpcC) and AV1 (av1C) sample entries', () => {
    expect(frame(mp4Video({ entry: 'vp09', config: { type: 'vpcC', payload: vpcC() }, frames: [vp9.frame] }))).toMatchObject({
      codec: 'vp09.00.10.08',
      description: null,
      bytes: vp9.frame
    })
    expect(frame(mp4Video({ entry: 'av01', config: { type: 'av1C', payload: av1C() }, frames: [av1.frame] }))).toMatchObject({
      codec: 'av01.0.04M.08',
      bytes: av1.frame
    })
  })

  it('takes the first sync sample, found through chunks of several samples, with moov after mdat and 64-bit offsets', () => {
    const lead = Uint8Array.from({ length: 40 }, (_, i) => i)
    const second = Uint8Array.from({ length: 25 }, (_, i) => 100 + i)
    for (const wideOffsets of [false, true]) {
      const bytes = mp4Video({
        entry: 'avc1',
        config: { type: 'avcC', payload: avc.description },
        frames: [lead, second, avc.frame, lead],
        sync: [3],
        perChunk: 2,
        mdatFirst: true,
        wideOffsets
      })
      expect(frame(bytes).bytes).toEqual(avc.frame)
    }
  })

  it('says why for a codec it does not decode, no video track, no moov, and a fragmented file', () => {
    expect(problem(mp4Video({ entry: 'hvc1', config: null, frames: [avc.frame] }))).toMatch(/not "hvc1"/)
    expect(problem(mp4Video({ entry: 'avc1', config: null, frames: [avc.frame] }))).toMatch(/no decoder configuration/)
    const audioOnly = avcMp4()
    const at = indexOf(audioOnly, ascii('vide'))
    audioOnly.set(ascii('soun'), at)
    expect(problem(audioOnly)).toMatch(/no video track/)
    expect(problem(concat([box('ftyp', ascii('isom')), box('free')]))).toMatch(/no "moov"/)
    expect(problem(mp4Video({ entry: 'avc1', config: { type: 'avcC', payload: avc.description }, frames: [] }))).toMatch(/fragmented/)
  })

  it('refuses a keyframe larger than the bound, and a picture of too many pixels', () => {
    const big = new Uint8Array(FIRST_FRAME_MAX_BYTES + 4096)
    expect(problem(mp4Video({ entry: 'avc1', config: { type: 'avcC', payload: avc.description }, frames: [big] }))).toMatch(/260 KiB, more than the 256 KiB/)
    expect(problem(mp4Video({ entry: 'avc1', config: { type: 'avcC', payload: avc.description }, frames: [avc.frame], width: 8000, height: 8000 }))).toMatch(
      /8,000 x 8,000 pixels/
    )
  })

  it('never throws on a cut-short file: every prefix gives a frame or a reason', () => {
    const whole = avcMp4()
    for (let length = 0; length < whole.length; length++) {
      const found = firstVideoFrame(whole.subarray(0, length), 'video/mp4')
      expect(typeof found).toBe('string')
    }
    expect(problem(whole.subarray(0, whole.length - 1))).toMatch(/cut short|past the/)
  })

  it('refuses a box whose size runs past its parent or the end, including a 64-bit size', () => {
    const whole = avcMp4()
    // The moov box (after the 28-byte ftyp) claiming a size past the end.
    const past = whole.slice()
    new DataView(past.buffer).setUint32(28, whole.length)
    expect(problem(past)).toMatch(/runs past the end/)
    // Size 1: a 64-bit size follows, here past the end (and one past 2^53).
    for (const high of [0, 0x7fffffff]) {
      const large = concat([box('ftyp', ascii('isom')), be(4, 1), ascii('moov'), be(4, high, 0xffff_fff0), new Uint8Array(32)])
      expect(problem(large)).toMatch(/past the end/)
    }
    // An stsz claiming a million sizes in a box of a few bytes.
    const sizes = whole.slice()
    const stsz = indexOf(sizes, ascii('stsz'))
    new DataView(sizes.buffer).setUint32(stsz + 12, 1_000_000)
    expect(problem(sizes)).toMatch(/more sample sizes than/)
  })

  it('reads a box of size 0 as running to the end of its parent', () => {
    const whole = avcMp4()
    const mdat = indexOf(whole, ascii('mdat')) - 4
    const open = whole.slice()
    new DataView(open.buffer).setUint32(mdat, 0)
    expect(frame(open).bytes).toEqual(avc.frame)
  })

  it('reads deeply nested and very many boxes without following them', () => {
    let nested = box('free')
    for (let i = 0; i < 3000; i++) nested = box('moov', nested)
    expect(problem(concat([box('ftyp', ascii('isom')), nested]))).toMatch(/no video track|has no/)
    const many = concat([box('ftyp', ascii('isom')), ...Array.from({ length: 200_000 }, () => box('free'))])
    expect(problem(many)).toMatch(/too many boxes/)
  })

  it('never throws on damaged files (seeded byte flips of a real one)', () => {
    const random = mulberry32(7)
    const whole = avcMp4()
    for (let round = 0; round < 2000; round++) {
      const damaged = whole.slice()
      for (let k = 0; k < 4; k++) damaged[random.int(damaged.length)] = random.int(256)
      const found = firstVideoFrame(damaged, 'video/mp4')
      if (typeof found === 'string') expect(found).not.toMatch(/could not be read/)
      else expect(found.bytes.length).toBeLessThanOrEqual(FIRST_FRAME_MAX_BYTES)
    }
  })
})

describe('a VP9 keyframe’s colours', () => {
  it('are read from its header and handed over, as Chromium’s decoder does not read them', () => {
    // Chromium's encoder wrote this frame as full range BT.709 (color_space 2, color_range 1).
    const full = { fullRange: true, matrix: 'bt709' }
    expect(frame(mp4Video({ entry: 'vp09', config: { type: 'vpcC', payload: vpcC() }, frames: [vp9.frame] })).colorSpace).toEqual(full)
    expect(frame(webmVideo({ codecId: 'V_VP9', frames: [{ data: vp9.frame, key: true }] }), 'video/webm').colorSpace).toEqual(full)
    // The other codecs' decoders read their colours from the stream.
    expect(frame(avcMp4()).colorSpace).toBeUndefined()
    expect(frame(vp8Webm(), 'video/webm').colorSpace).toBeUndefined()
  })

  it('reads limited range, BT.601 and RGB, and nothing from a header that is not a keyframe’s or is cut short', () => {
    const header = (colour: number, first = 0x82): Uint8Array => new Uint8Array([first, 0x49, 0x83, 0x42, colour, 0, 0, 0])
    expect(vp9ColorSpace(header(0b0100_0000))).toEqual({ fullRange: false, matrix: 'bt709' })
    expect(vp9ColorSpace(header(0b0010_0000))).toEqual({ fullRange: false, matrix: 'smpte170m' })
    expect(vp9ColorSpace(header(0b0001_0000))).toEqual({ fullRange: true })
    expect(vp9ColorSpace(header(0b1110_0000))).toEqual({ fullRange: true, matrix: 'rgb' })
    // Profile 2 (0x92: profile_high_bit set): a bit depth bit comes before color_space.
    expect(vp9ColorSpace(header(0b0010_1000, 0x92))).toEqual({ fullRange: true, matrix: 'bt709' })
    expect(vp9ColorSpace(header(0b0101_0000, 0x86))).toBeNull() // frame_type 1: not a keyframe
    expect(vp9ColorSpace(header(0b0101_0000, 0x8a))).toBeNull() // show_existing_frame
    expect(vp9ColorSpace(header(0b0101_0000, 0x42))).toBeNull() // frame_marker 01
    expect(vp9ColorSpace(new Uint8Array([0x82, 0x49, 0x83, 0x43, 0x50]))).toBeNull() // wrong sync code
    for (let length = 0; length < 5; length++) expect(vp9ColorSpace(vp9.frame.subarray(0, length))).toBeNull()
  })
})

describe('firstVideoFrame in WebM', () => {
  it('finds a VP8 keyframe in a SimpleBlock', () => {
    expect(frame(vp8Webm(), 'video/webm')).toMatchObject({ codec: 'vp8', description: null, width: FRAME_WIDTH, height: FRAME_HEIGHT, bytes: vp8.frame })
  })

  it('tells VP9 by its frame header, or by CodecPrivate, and AV1 by its av1C', () => {
    expect(frame(webmVideo({ codecId: 'V_VP9', frames: [{ data: vp9.frame, key: true }] }), 'video/webm').codec).toBe('vp09.00.10.08')
    const features = be(1, 1, 1, 0, 2, 1, 31, 3, 1, 8)
    expect(frame(webmVideo({ codecId: 'V_VP9', codecPrivate: features, frames: [{ data: vp9.frame, key: true }] }), 'video/webm').codec).toBe('vp09.00.31.08')
    expect(frame(webmVideo({ codecId: 'V_AV1', codecPrivate: av1C(), frames: [{ data: av1.frame, key: true }] }), 'video/webm')).toMatchObject({
      codec: 'av01.0.04M.08',
      bytes: av1.frame
    })
    expect(problem(webmVideo({ codecId: 'V_AV1', frames: [{ data: av1.frame, key: true }] }), 'video/webm')).toMatch(/av1C/)
    expect(problem(webmVideo({ codecId: 'V_THEORA', frames: [{ data: vp8.frame, key: true }] }), 'video/webm')).toMatch(/not "V_THEORA"/)
  })

  it('skips frames before the first keyframe, in SimpleBlocks and BlockGroups, and reads unknown sizes', () => {
    const frames = [
      { data: be(1, 1, 2, 3), key: false },
      { data: vp8.frame, key: true }
    ]
    for (const blockGroups of [false, true]) {
      for (const unknownSizes of [false, true]) {
        expect(frame(webmVideo({ codecId: 'V_VP8', frames, blockGroups, unknownSizes }), 'video/webm').bytes).toEqual(vp8.frame)
      }
    }
  })

  it('reads the frames of its video track only', () => {
    const other = webmVideo({ codecId: 'V_VP8', track: 2, frames: [{ data: vp8.frame, key: true }] })
    // The track says 2 but the blocks say 2 as well: found; with a block of track 1 only, none.
    expect(frame(other, 'video/webm').bytes).toEqual(vp8.frame)
    const at = indexOf(other, concat([be(1, EBML_IDS.trackNumber), be(1, 0x01, 0, 0, 0, 0, 0, 0, 1), be(1, 2)]))
    const renumbered = other.slice()
    renumbered[at + 9] = 3
    expect(problem(renumbered, 'video/webm')).toMatch(/no keyframe/)
  })

  it('never throws on a cut-short file, and says an element runs past the end', () => {
    const whole = vp8Webm()
    for (let length = 0; length < whole.length; length++) expect(typeof firstVideoFrame(whole.subarray(0, length), 'video/webm')).toBe('string')
    expect(problem(whole.subarray(0, whole.length - 1), 'video/webm')).toMatch(/runs past the end/)
  })

  it('refuses malformed IDs, huge sizes and laced blocks', () => {
    expect(problem(be(1, 0, 0, 0, 0), 'video/webm')).toMatch(/malformed ID/)
    const huge = concat([
      ebml(EBML_IDS.header, ebml(EBML_IDS.docType, ascii('webm'))),
      be(4, EBML_IDS.segment),
      be(1, 0x01, 0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe)
    ])
    expect(problem(huge, 'video/webm')).toMatch(/runs past the end/)
    const laced = vp8Webm()
    const block = indexOf(laced, be(1, EBML_IDS.simpleBlock), indexOf(laced, be(4, EBML_IDS.cluster)))
    // SimpleBlock ID, 8-byte size, track vint, timecode (2), flags.
    laced[block + 1 + 8 + 1 + 2] = 0x80 | 0x02
    expect(problem(laced, 'video/webm')).toMatch(/laced/)
  })

  it('hands over a garbage keyframe as is: the decoder is where it fails', () => {
    expect(frame(garbageFrameWebm(), 'video/webm').codec).toBe('vp8')
  })

  it('never throws on damaged files (seeded byte flips of a real one)', () => {
    const random = mulberry32(11)
    const whole = webmVideo({
      codecId: 'V_VP8',
      frames: [
        { data: be(1, 1, 2, 3), key: false },
        { data: vp8.frame, key: true }
      ],
      blockGroups: true
    })
    for (let round = 0; round < 2000; round++) {
      const damaged = whole.slice()
      for (let k = 0; k < 4; k++) damaged[random.int(damaged.length)] = random.int(256)
      const found = firstVideoFrame(damaged, 'video/webm')
      if (typeof found === 'string') expect(found).not.toMatch(/could not be read/)
    }
  })
})

function indexOf(haystack: Uint8Array, needle: Uint8Array, from = 0): number {
  outer: for (let i = from; i + needle.length <= haystack.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer
    return i
  }
  throw new Error('not found')
}
