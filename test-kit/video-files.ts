/**
 * A small muxer for tests: real MP4 (ISO base media) and WebM (EBML) structures around
 * encoded frames (test-kit/encoded-frames.ts), written from the formats' specifications, with
 * the building blocks (`box`, `ebml`) exposed so tests can make hostile variants.
 */
import { ENCODED_FRAMES, FRAME_HEIGHT, FRAME_WIDTH } from './encoded-frames'
import { concat } from './portable/concat-bytes'

/** An ISO box: a 32-bit size, the type, the payload. */
export function box(type: string, ...payload: Uint8Array[]): Uint8Array {
  const body = concat(payload)
  const out = new Uint8Array(8 + body.length)
  new DataView(out.buffer).setUint32(0, out.length)
  out.set(ascii(type), 4)
  out.set(body, 8)
  return out
}

/** A full box: version 0 and no flags before the payload. */
export function fullBox(type: string, ...payload: Uint8Array[]): Uint8Array {
  return box(type, new Uint8Array(4), ...payload)
}

/** Big-endian unsigned integers of `width` bytes each. */
export function be(width: 1 | 2 | 4 | 8, ...values: number[]): Uint8Array {
  const out = new Uint8Array(width * values.length)
  const view = new DataView(out.buffer)
  values.forEach((value, i) => {
    if (width === 1) view.setUint8(i, value)
    else if (width === 2) view.setUint16(i * 2, value)
    else if (width === 4) view.setUint32(i * 4, value)
    else view.setBigUint64(i * 8, BigInt(value))
  })
  return out
}

export function ascii(text: string): Uint8Array {
  return Uint8Array.from(text, (c) => c.charCodeAt(0))
}

/** What an MP4 of one video track is made of. */
export interface Mp4Options {
  /** The sample entry's type: avc1, vp09, av01 (or anything, for a codec the reader refuses). */
  readonly entry: string
  /** The configuration box inside the entry: avcC, vpcC or av1C, and its payload. */
  readonly config: { readonly type: string; readonly payload: Uint8Array } | null
  readonly frames: readonly Uint8Array[]
  readonly width?: number
  readonly height?: number
  /** 1-based numbers of the sync samples; no stss box when absent (every sample is one). */
  readonly sync?: readonly number[]
  /** Samples per chunk (all frames in chunks of this many). */
  readonly perChunk?: number
  /** mdat before moov (a file not laid out for streaming). */
  readonly mdatFirst?: boolean
  /** 64-bit chunk offsets (co64) instead of stco. */
  readonly wideOffsets?: boolean
}

/** An MP4 of one video track holding `frames`, a sample each, in one mdat. */
export function mp4Video(options: Mp4Options): Uint8Array {
  const { frames, mdatFirst = false } = options
  const ftyp = box('ftyp', ascii('isom'), be(4, 0x200), ascii('isomiso2mp41'))
  const mdat = box('mdat', ...frames)
  if (mdatFirst) return concat([ftyp, mdat, moov(options, ftyp.length + 8)])
  // The moov's size does not depend on the offsets it holds: lay it out once to learn where mdat's data starts.
  const size = moov(options, 0).length
  return concat([ftyp, moov(options, ftyp.length + size + 8), mdat])
}

function moov(options: Mp4Options, dataStart: number): Uint8Array {
  const { entry, config, frames, width = FRAME_WIDTH, height = FRAME_HEIGHT, sync, perChunk = 1, wideOffsets = false } = options
  const offsets: number[] = []
  let at = dataStart
  frames.forEach((frame, i) => {
    if (i % perChunk === 0) offsets.push(at)
    at += frame.length
  })
  const visual = concat([
    new Uint8Array(6), // SampleEntry: reserved
    be(2, 1), // data_reference_index
    new Uint8Array(16), // pre_defined, reserved, pre_defined[3]
    be(2, width, height),
    be(4, 0x480000, 0x480000, 0), // 72 dpi each way, reserved
    be(2, 1), // frame_count
    new Uint8Array(32), // compressorname
    be(2, 0x18), // depth
    be(2, 0xffff) // pre_defined = -1
  ])
  const stsd = fullBox('stsd', be(4, 1), box(entry, visual, ...(config ? [box(config.type, config.payload)] : [])))
  const stbl = box(
    'stbl',
    stsd,
    fullBox('stts', be(4, 1, frames.length, 1000)),
    ...(sync ? [fullBox('stss', be(4, sync.length, ...sync))] : []),
    fullBox('stsc', be(4, 1, 1, perChunk, 1)),
    fullBox('stsz', be(4, 0, frames.length, ...frames.map((f) => f.length))),
    wideOffsets ? fullBox('co64', be(4, offsets.length), be(8, ...offsets)) : fullBox('stco', be(4, offsets.length, ...offsets))
  )
  const minf = box('minf', fullBox('vmhd', be(2, 0, 0, 0, 0)), box('dinf', fullBox('dref', be(4, 1), fullBox('url ', new Uint8Array(0)))), stbl)
  const hdlr = fullBox('hdlr', be(4, 0), ascii('vide'), new Uint8Array(12), ascii('Video\0'))
  const mdhd = fullBox('mdhd', be(4, 0, 0, 30_000, 1000 * frames.length), be(2, 0x55c4, 0))
  const tkhd = fullBox('tkhd', be(4, 0, 0, 1, 0, 1000 * frames.length, 0, 0), be(2, 0, 0, 0x0100, 0), identity(), be(4, width << 16, height << 16))
  const mvhd = fullBox('mvhd', be(4, 0, 0, 30_000, 1000 * frames.length, 0x10000), be(2, 0x0100, 0), be(4, 0, 0), identity(), new Uint8Array(24), be(4, 2))
  return box('moov', mvhd, box('trak', tkhd, box('mdia', mdhd, hdlr, minf)))
}

/** The unity transformation matrix of mvhd and tkhd. */
function identity(): Uint8Array {
  return be(4, 0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x40000000)
}

/** An MP4 around the encoded H.264 keyframe (avc1 with the encoder's avcC). */
export function avcMp4(): Uint8Array {
  const { description, frame } = ENCODED_FRAMES['avc1.42E01E']
  return mp4Video({ entry: 'avc1', config: { type: 'avcC', payload: description }, frames: [frame] })
}

/** A vpcC payload (version 1): profile 0, level 1.0, 8 bits, 4:2:0, BT.709, no init data. */
export function vpcC(): Uint8Array {
  return concat([be(4, 0x01000000), be(1, 0, 10, (8 << 4) | (1 << 1), 1, 1, 1), be(2, 0)])
}

/** An av1C payload: marker and version, profile 0 level 4 (seq_level_idx 4), main tier, 8 bits, 4:2:0. */
export function av1C(): Uint8Array {
  return be(1, 0x81, 0x04, 0x0c, 0x00)
}

// ---------------------------------------------------------------------------------------
// EBML

/** An EBML element: its ID (as written, marker included), its size as a variable-size integer, its data; `unknown` writes the unknown size. */
export function ebml(id: number, data: Uint8Array | readonly Uint8Array[], unknown = false): Uint8Array {
  const body = data instanceof Uint8Array ? data : concat(data)
  const idBytes: number[] = []
  for (let v = id; v > 0; v = Math.floor(v / 256)) idBytes.unshift(v % 256)
  return concat([Uint8Array.from(idBytes), unknown ? be(1, 0xff) : sizeVint(body.length), body])
}

/** A size as an 8-byte EBML variable-size integer (0x01 then 7 bytes). */
function sizeVint(size: number): Uint8Array {
  const out = be(8, size)
  out[0] = 0x01
  return out
}

/** An unsigned integer element. */
export function ebmlUint(id: number, value: number): Uint8Array {
  return ebml(id, value < 256 ? be(1, value) : value < 65536 ? be(2, value) : be(4, value))
}

export const EBML_IDS = {
  header: 0x1a45dfa3,
  docType: 0x4282,
  segment: 0x18538067,
  info: 0x1549a966,
  timecodeScale: 0x2ad7b1,
  tracks: 0x1654ae6b,
  trackEntry: 0xae,
  trackNumber: 0xd7,
  trackUid: 0x73c5,
  trackType: 0x83,
  codecId: 0x86,
  codecPrivate: 0x63a2,
  video: 0xe0,
  pixelWidth: 0xb0,
  pixelHeight: 0xba,
  cluster: 0x1f43b675,
  timecode: 0xe7,
  simpleBlock: 0xa3,
  blockGroup: 0xa0,
  block: 0xa1,
  referenceBlock: 0xfb
} as const

/** What a WebM of one video track is made of. */
export interface WebmOptions {
  readonly codecId: string
  readonly codecPrivate?: Uint8Array
  readonly frames: readonly { readonly data: Uint8Array; readonly key: boolean }[]
  readonly width?: number
  readonly height?: number
  /** Segment and Cluster of unknown size, as a live recording writes them. */
  readonly unknownSizes?: boolean
  /** Frames in BlockGroups (a keyframe without a ReferenceBlock) instead of SimpleBlocks. */
  readonly blockGroups?: boolean
  /** The track's number (1 unless told). */
  readonly track?: number
}

/** A WebM of one video track holding `frames` in one cluster. */
export function webmVideo(options: WebmOptions): Uint8Array {
  const { codecId, codecPrivate, frames, width = FRAME_WIDTH, height = FRAME_HEIGHT, unknownSizes = false, blockGroups = false, track = 1 } = options
  const id = EBML_IDS
  const header = ebml(id.header, [
    ebmlUint(0x4286, 1),
    ebmlUint(0x42f7, 1),
    ebmlUint(0x42f2, 4),
    ebmlUint(0x42f3, 8),
    ebml(id.docType, ascii('webm')),
    ebmlUint(0x4287, 2),
    ebmlUint(0x4285, 2)
  ])
  const tracks = ebml(id.tracks, [
    ebml(id.trackEntry, [
      ebmlUint(id.trackNumber, track),
      ebmlUint(id.trackUid, 1),
      ebmlUint(id.trackType, 1),
      ebml(id.codecId, ascii(codecId)),
      ...(codecPrivate ? [ebml(id.codecPrivate, codecPrivate)] : []),
      ebml(id.video, [ebmlUint(id.pixelWidth, width), ebmlUint(id.pixelHeight, height)])
    ])
  ])
  const blocks = frames.map(({ data, key }, i) => {
    // Track number as a 1-byte vint, a 16-bit timecode, flags (0x80: keyframe, in a SimpleBlock).
    const head = concat([be(1, 0x80 | track), be(2, i * 33), be(1, !blockGroups && key ? 0x80 : 0)])
    if (!blockGroups) return ebml(id.simpleBlock, [head, data])
    return ebml(id.blockGroup, [ebml(id.block, [head, data]), ...(key ? [] : [ebml(id.referenceBlock, be(1, 0xdf))])])
  })
  const cluster = ebml(id.cluster, [ebmlUint(id.timecode, 0), ...blocks], unknownSizes)
  const segment = ebml(id.segment, [ebml(id.info, [ebmlUint(id.timecodeScale, 1_000_000)]), tracks, cluster], unknownSizes)
  return concat([header, segment])
}

/** A WebM around the encoded VP8 keyframe. */
export function vp8Webm(): Uint8Array {
  return webmVideo({ codecId: 'V_VP8', frames: [{ data: ENCODED_FRAMES.vp8.frame, key: true }] })
}

/**
 * A WebM whose one keyframe is noise: `keepHeader` keeps the VP8 keyframe's first 10 bytes
 * (frame tag, start code, size), so the decoder takes it as a keyframe and fails while
 * decoding; without it the decoder refuses it as not a keyframe at all.
 */
export function garbageFrameWebm(keepHeader = false): Uint8Array {
  const noise = ENCODED_FRAMES.vp8.frame.map((byte, i) => (keepHeader && i < 10 ? byte : (i * 97 + 13) % 251))
  return webmVideo({ codecId: 'V_VP8', frames: [{ data: noise, key: true }] })
}
