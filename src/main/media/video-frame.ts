/**
 * A video's first keyframe, found by reading its container, so the page can decode that one
 * frame with WebCodecs and show it as the cell's thumbnail (libvips here has no video loader,
 * and main decodes no video). Two containers are read, from their specifications:
 *
 * - MP4 (ISO base media, ISO/IEC 14496-12): moov/trak whose mdia/hdlr says `vide`, its
 *   mdia/minf/stbl sample table: the first sample entry of stsd (avc1/avc3 with avcC, vp09
 *   with vpcC, av01 with av1C) for the codec and the coded size, stss for the first sync
 *   sample (every sample is one without it), stsz/stz2 for sample sizes, stsc and stco/co64
 *   for where the sample's chunk starts.
 * - WebM and Matroska (EBML): Segment/Tracks/TrackEntry of type video (CodecID V_VP8,
 *   V_VP9, V_AV1 or V_MPEG4/ISO/AVC, its CodecPrivate and Video/PixelWidth, PixelHeight),
 *   then the Clusters' SimpleBlocks, and Blocks of BlockGroups, of that track, up to the
 *   first keyframe.
 *
 * The bytes may be anything: every size is checked against the bytes (and its parent) before
 * it is used, nothing is allocated from a declared size (the frame is a view of the input),
 * nesting and the elements read are bounded, and nothing throws: whatever is wrong comes
 * back as a sentence. Only fixed paths are followed (moov/trak/mdia/minf/stbl/stsd, and
 * Segment/Tracks/TrackEntry/Video, Segment/Cluster/BlockGroup), never arbitrary nesting,
 * so a file of deeply nested boxes costs no more than its boxes on those paths.
 */

/**
 * The largest keyframe handed to the page. A thumbnail travels with its grid block (20 rows)
 * and is kept in main's cell cache, so this bounds both per cell: a keyframe of a 720p
 * H.264 or VP9 video is typically 20 to 150 KB and of a 1080p one 60 to 250 KB at common
 * quality, so this covers most videos a table holds while keeping a block of video cells
 * to a few megabytes. A larger keyframe shows the video's badge, with the reason.
 */
export const FIRST_FRAME_MAX_BYTES = 256 * 1024
/** The largest coded picture handed to the page to decode (an 8K frame is 33 megapixels; 4096 x 4096 is plenty for a thumbnail source). */
export const FIRST_FRAME_MAX_PIXELS = 4096 * 4096
/** Most boxes or elements read in one file, all levels together. */
const MAX_ELEMENTS = 100_000
/** The first keyframe must be among the first this many samples of its track. */
const MAX_SAMPLE_NUMBER = 100_000

import type { VideoFirstFrame as FirstFrame } from '../../shared/contract/media'

/** The first keyframe of `bytes` (whose signature says `mime`), copied out of them, or why there is none to show. */
export function firstVideoFrame(bytes: Uint8Array, mime: string): FirstFrame | string {
  try {
    const found = mime === 'video/webm' ? fromMatroska(bytes) : fromIsoMedia(bytes)
    return typeof found === 'string' ? found : checked(found)
  } catch (error) {
    // Only a reader's own bug lands here (every read is checked); a cell shows it rather than failing its block.
    return `The video could not be read (${error instanceof Error ? error.message : String(error)}).`
  }
}

function checked(found: FirstFrame): FirstFrame | string {
  const colorSpace = found.codec.startsWith('vp09.') ? vp9ColorSpace(found.bytes) : null
  const frame = colorSpace ? { ...found, colorSpace } : found
  if (frame.width <= 0 || frame.height <= 0) return 'The video does not say its picture size.'
  if (frame.width * frame.height > FIRST_FRAME_MAX_PIXELS) {
    return `The video's pictures are ${frame.width.toLocaleString('en-US')} x ${frame.height.toLocaleString('en-US')} pixels, more than the thumbnails decode.`
  }
  if (frame.bytes.length === 0) return 'The first frame of the video is empty.'
  if (frame.bytes.length > FIRST_FRAME_MAX_BYTES) {
    return `The first frame of the video is ${kib(frame.bytes.length)}, more than the ${kib(FIRST_FRAME_MAX_BYTES)} a thumbnail reads; open the video to see it.`
  }
  // Copies: a view would keep the whole video's buffer alive in the cache, and go whole to the page.
  return { ...frame, description: frame.description?.slice() ?? null, bytes: frame.bytes.slice() }
}

/** VP9's color_space values (its specification's CS_*) as WebCodecs names their matrices; SMPTE 240 and BT.2020 are left to the decoder (TypeScript's DOM types name neither). */
const VP9_MATRICES = [undefined, 'smpte170m', 'bt709', 'smpte170m', undefined, undefined, undefined, 'rgb'] as const

/**
 * The colour range and matrix a VP9 keyframe's uncompressed header declares (its
 * color_config), or null where the header is not a keyframe's or is cut short. The bits, in
 * order: frame_marker (2), profile_low_bit, profile_high_bit, a reserved bit in profile 3,
 * show_existing_frame, frame_type (0 for a keyframe), show_frame, error_resilient_mode, the
 * sync code 0x49 0x83 0x42, a bit depth bit in profiles 2 and 3, color_space (3), and,
 * unless the colour space is RGB (always full range), color_range.
 */
export function vp9ColorSpace(frame: Uint8Array): FirstFrame['colorSpace'] | null {
  let at = 0
  const bit = (): number | null => {
    const byte = frame[at >> 3]
    if (byte === undefined) return null
    const value = (byte >> (7 - (at & 7))) & 1
    at++
    return value
  }
  const bits = (count: number): number | null => {
    let value = 0
    for (let i = 0; i < count; i++) {
      const next = bit()
      if (next === null) return null
      value = (value << 1) | next
    }
    return value
  }
  if (bits(2) !== 2) return null
  const low = bit()
  const high = bit()
  if (low === null || high === null) return null
  const profile = (high << 1) | low
  if (profile === 3 && bit() === null) return null
  if (bit() !== 0) return null // show_existing_frame: no header of its own
  if (bit() !== 0) return null // not a keyframe
  if (bits(2) === null) return null // show_frame, error_resilient_mode
  if (bits(24) !== 0x498342) return null
  if (profile >= 2 && bit() === null) return null
  const space = bits(3)
  if (space === null) return null
  const matrix = VP9_MATRICES[space]
  if (space === 7) return { fullRange: true, matrix: 'rgb' }
  const range = bit()
  if (range === null) return null
  return { fullRange: range === 1, ...(matrix ? { matrix } : {}) }
}

function kib(bytes: number): string {
  return `${Math.round(bytes / 1024).toLocaleString('en-US')} KiB`
}

/** Counts the boxes or elements read, so a file of millions of tiny ones stops early. */
class Budget {
  #left = MAX_ELEMENTS
  take(): boolean {
    return this.#left-- > 0
  }
}

// ---------------------------------------------------------------------------------------
// ISO base media (MP4)

interface Box {
  readonly type: string
  /** Where the box's payload starts and ends (end within the parent). */
  readonly start: number
  readonly end: number
}

/** The boxes between `start` and `end`, or a sentence at the first that does not fit. */
function boxes(bytes: Uint8Array, start: number, end: number, budget: Budget): Box[] | string {
  const found: Box[] = []
  let at = start
  while (at < end) {
    if (!budget.take()) return 'The video has too many boxes to read.'
    if (end - at < 8) return 'The video is cut short in the middle of a box header.'
    const size32 = u32(bytes, at)
    const type = fourcc(bytes, at + 4)
    let header = 8
    let size: number
    if (size32 === 1) {
      if (end - at < 16) return `The video is cut short in the header of its "${printable(type)}" box.`
      const high = u32(bytes, at + 8)
      // Sizes past 2^53 cannot be in any bytes this app holds.
      if (high >= 0x200000) return `The "${printable(type)}" box declares a size past the end of the video.`
      size = high * 0x1_0000_0000 + u32(bytes, at + 12)
      header = 16
    } else if (size32 === 0) {
      // Size 0: the box runs to the end of what holds it.
      size = end - at
    } else {
      size = size32
    }
    if (size < header) return `The "${printable(type)}" box declares a size smaller than its header.`
    if (size > end - at) return `The "${printable(type)}" box runs past the end of ${start === 0 ? 'the video (it may be cut short)' : 'the box holding it'}.`
    found.push({ type, start: at + header, end: at + size })
    at += size
  }
  return found
}

/** The first child box of `type` in `parent`, or undefined; a sentence when the children do not parse. */
function child(bytes: Uint8Array, parent: Box, type: string, budget: Budget): Box | undefined | string {
  const children = boxes(bytes, parent.start, parent.end, budget)
  return typeof children === 'string' ? children : children.find((box) => box.type === type)
}

/** Follows `path` of box types down from `parent`. */
function descend(bytes: Uint8Array, parent: Box, path: readonly string[], budget: Budget): Box | string {
  let box = parent
  for (const type of path) {
    const next = child(bytes, box, type, budget)
    if (typeof next === 'string') return next
    if (!next) return `The video's "${box.type}" box has no "${type}" box.`
    box = next
  }
  return box
}

function fromIsoMedia(bytes: Uint8Array): FirstFrame | string {
  const budget = new Budget()
  const top = boxes(bytes, 0, bytes.length, budget)
  const moov = typeof top === 'string' ? firstComplete(bytes, 'moov', budget) : top.find((box) => box.type === 'moov')
  if (typeof top === 'string' && !moov) return top
  if (!moov) return 'The video has no "moov" box (its index), so its frames cannot be found.'
  const traks = boxes(bytes, moov.start, moov.end, budget)
  if (typeof traks === 'string') return traks
  for (const trak of traks.filter((box) => box.type === 'trak')) {
    const mdia = descend(bytes, trak, ['mdia'], budget)
    if (typeof mdia === 'string') continue
    const hdlr = child(bytes, mdia, 'hdlr', budget)
    // hdlr: version and flags (4), pre_defined (4), handler_type (4).
    if (typeof hdlr !== 'object' || hdlr.end - hdlr.start < 12 || fourcc(bytes, hdlr.start + 8) !== 'vide') continue
    const stbl = descend(bytes, mdia, ['minf', 'stbl'], budget)
    if (typeof stbl === 'string') return stbl
    return fromSampleTable(bytes, stbl, budget)
  }
  return 'The video has no video track.'
}

/** When the top level stops parsing (a truncated file), a moov box that came whole before that. */
function firstComplete(bytes: Uint8Array, type: string, budget: Budget): Box | undefined {
  let at = 0
  while (bytes.length - at >= 8 && budget.take()) {
    const size = u32(bytes, at)
    if (size < 8 || size > bytes.length - at) return undefined
    if (fourcc(bytes, at + 4) === type) return { type, start: at + 8, end: at + size }
    at += size
  }
  return undefined
}

function fromSampleTable(bytes: Uint8Array, stbl: Box, budget: Budget): FirstFrame | string {
  const children = boxes(bytes, stbl.start, stbl.end, budget)
  if (typeof children === 'string') return children
  const find = (type: string): Box | undefined => children.find((box) => box.type === type)
  const stsd = find('stsd')
  if (!stsd) return 'The video track has no sample description ("stsd").'
  const entry = sampleEntry(bytes, stsd, budget)
  if (typeof entry === 'string') return entry
  const sizes = sampleSizes(bytes, find('stsz'), find('stz2'))
  if (typeof sizes === 'string') return sizes
  if (sizes.count === 0) return 'The video track lists no samples (a fragmented MP4, whose frames the thumbnail does not read).'
  const number = firstSync(bytes, find('stss'))
  if (typeof number === 'string') return number
  if (number > sizes.count) return 'The video names a keyframe past its last sample.'
  const offset = sampleOffset(bytes, number, sizes, find('stsc'), find('stco') ?? find('co64'))
  if (typeof offset === 'string') return offset
  const size = sizes.size(number)
  if (size > FIRST_FRAME_MAX_BYTES) {
    return `The first frame of the video is ${kib(size)}, more than the ${kib(FIRST_FRAME_MAX_BYTES)} a thumbnail reads; open the video to see it.`
  }
  if (offset > bytes.length || size > bytes.length - offset) return 'The first frame of the video lies past the bytes read (the video may be cut short).'
  return { ...entry, bytes: bytes.subarray(offset, offset + size) }
}

/** The codec and size of the first sample entry of `stsd`. */
function sampleEntry(bytes: Uint8Array, stsd: Box, budget: Budget): Omit<FirstFrame, 'bytes'> | string {
  // stsd: version and flags (4), entry_count (4), then the entries as boxes.
  if (stsd.end - stsd.start < 8) return 'The video\'s sample description ("stsd") is cut short.'
  const entries = boxes(bytes, stsd.start + 8, stsd.end, budget)
  if (typeof entries === 'string') return entries
  const entry = entries[0]
  if (!entry) return 'The video\'s sample description ("stsd") is empty.'
  // A visual sample entry: SampleEntry's 8 bytes, then 70 bytes of which width and height are at 24 and 26; its boxes follow.
  if (entry.end - entry.start < 78) return `The video's "${printable(entry.type)}" sample entry is cut short.`
  const width = u16(bytes, entry.start + 24)
  const height = u16(bytes, entry.start + 26)
  const inner = boxes(bytes, entry.start + 78, entry.end, budget)
  if (typeof inner === 'string') return inner
  const config = (type: string): Uint8Array | null => {
    const box = inner.find((b) => b.type === type)
    return box ? bytes.subarray(box.start, box.end) : null
  }
  switch (entry.type) {
    case 'avc1':
    case 'avc3': {
      const avcC = config('avcC')
      if (!avcC) return 'The H.264 video has no decoder configuration ("avcC").'
      const codec = avcCodec(avcC)
      return codec ? { codec, description: avcC, width, height } : 'The H.264 video\'s decoder configuration ("avcC") is malformed.'
    }
    case 'vp09': {
      const vpcC = config('vpcC')
      // vpcC: version and flags (4), profile, level, bit depth (4 bits) with chroma and range.
      if (!vpcC || vpcC.length < 7) return 'The VP9 video has no decoder configuration ("vpcC").'
      return { codec: vp9Codec(vpcC[4] ?? 0, vpcC[5] ?? 0, (vpcC[6] ?? 0) >> 4), description: null, width, height }
    }
    case 'av01': {
      const codec = av1Codec(config('av1C'))
      return codec.startsWith('av01') ? { codec, description: null, width, height } : codec
    }
    default:
      return `The thumbnail decodes H.264, VP9 and AV1 video in MP4, not "${printable(entry.type)}".`
  }
}

interface Sizes {
  readonly count: number
  readonly size: (number: number) => number
}

/** stsz (one size for all, or a u32 each) or stz2 (4, 8 or 16 bits each), checked to hold `count` entries. */
function sampleSizes(bytes: Uint8Array, stsz: Box | undefined, stz2: Box | undefined): Sizes | string {
  if (stsz) {
    if (stsz.end - stsz.start < 12) return 'The video\'s sample sizes ("stsz") are cut short.'
    const fixed = u32(bytes, stsz.start + 4)
    const count = u32(bytes, stsz.start + 8)
    if (fixed !== 0) return { count, size: () => fixed }
    if (count > (stsz.end - stsz.start - 12) / 4) return 'The video lists more sample sizes than its "stsz" box holds.'
    return { count, size: (n) => u32(bytes, stsz.start + 12 + (n - 1) * 4) }
  }
  if (stz2) {
    if (stz2.end - stz2.start < 12) return 'The video\'s sample sizes ("stz2") are cut short.'
    const bits = bytes[stz2.start + 7] ?? 0
    const count = u32(bytes, stz2.start + 8)
    if (bits !== 4 && bits !== 8 && bits !== 16) return 'The video\'s compact sample sizes ("stz2") have a field size of neither 4, 8 nor 16 bits.'
    if (count > ((stz2.end - stz2.start - 12) * 8) / bits) return 'The video lists more sample sizes than its "stz2" box holds.'
    const at = stz2.start + 12
    return {
      count,
      size: (n) => {
        const i = n - 1
        if (bits === 16) return u16(bytes, at + i * 2)
        if (bits === 8) return bytes[at + i] ?? 0
        const byte = bytes[at + (i >> 1)] ?? 0
        return i % 2 === 0 ? byte >> 4 : byte & 0x0f
      }
    }
  }
  return 'The video track has no sample sizes ("stsz").'
}

/** The 1-based number of the first sync sample: stss's first entry, or 1 when every sample is one. */
function firstSync(bytes: Uint8Array, stss: Box | undefined): number | string {
  if (!stss) return 1
  if (stss.end - stss.start < 12 || u32(bytes, stss.start + 4) === 0) return 'The video lists no keyframes ("stss").'
  const number = u32(bytes, stss.start + 8)
  if (number === 0) return 'The video names a keyframe of number 0.'
  if (number > MAX_SAMPLE_NUMBER) return `The video's first keyframe is sample ${number.toLocaleString('en-US')}, further in than the thumbnail reads.`
  return number
}

/** Where sample `number` (1-based) starts: its chunk's offset (stsc, stco/co64) plus the sizes of the samples before it in the chunk. */
function sampleOffset(bytes: Uint8Array, number: number, sizes: Sizes, stsc: Box | undefined, offsets: Box | undefined): number | string {
  if (!stsc || !offsets) return 'The video track does not say where its samples are ("stsc", "stco").'
  if (stsc.end - stsc.start < 8 || offsets.end - offsets.start < 8) return "The video's sample table is cut short."
  const wide = offsets.type === 'co64'
  const chunks = u32(bytes, offsets.start + 4)
  if (chunks > (offsets.end - offsets.start - 8) / (wide ? 8 : 4)) return 'The video lists more chunks than its chunk offsets box holds.'
  const runs = u32(bytes, stsc.start + 4)
  if (runs > (stsc.end - stsc.start - 8) / 12) return 'The video lists more sample-to-chunk entries than its "stsc" box holds.'
  // Walk the runs of chunks with the same samples per chunk, to the chunk holding the sample.
  let before = 0
  for (let i = 0; i < runs; i++) {
    const at = stsc.start + 8 + i * 12
    const first = u32(bytes, at)
    const perChunk = u32(bytes, at + 4)
    const next = i + 1 < runs ? u32(bytes, at + 12) : chunks + 1
    if (first === 0 || next <= first || perChunk === 0) return 'The video\'s sample-to-chunk entries ("stsc") are out of order.'
    const inRun = (next - first) * perChunk
    if (number > before + inRun) {
      before += inRun
      continue
    }
    const chunk = first + Math.floor((number - 1 - before) / perChunk)
    if (chunk > chunks) return 'The video names a chunk past its chunk offsets.'
    const firstInChunk = before + (chunk - first) * perChunk + 1
    const base = wide ? u64(bytes, offsets.start + 8 + (chunk - 1) * 8) : u32(bytes, offsets.start + 8 + (chunk - 1) * 4)
    let offset = base
    for (let n = firstInChunk; n < number; n++) offset += sizes.size(n)
    return offset
  }
  return 'The video\'s sample-to-chunk entries ("stsc") do not reach its first keyframe.'
}

// ---------------------------------------------------------------------------------------
// EBML (WebM, Matroska)

const EBML_HEADER = 0x1a45dfa3
const SEGMENT = 0x18538067
const TRACKS = 0x1654ae6b
const TRACK_ENTRY = 0xae
const TRACK_NUMBER = 0xd7
const TRACK_TYPE = 0x83
const CODEC_ID = 0x86
const CODEC_PRIVATE = 0x63a2
const CONTENT_ENCODINGS = 0x6d80
const VIDEO = 0xe0
const PIXEL_WIDTH = 0xb0
const PIXEL_HEIGHT = 0xba
const CLUSTER = 0x1f43b675
const SIMPLE_BLOCK = 0xa3
const BLOCK_GROUP = 0xa0
const BLOCK = 0xa1
const REFERENCE_BLOCK = 0xfb

interface Element {
  readonly id: number
  /** Where the element's data starts and ends; an element of unknown size ends at its parent's end. */
  readonly start: number
  readonly end: number
  readonly unknownSize: boolean
}

/** The element at `at`, within `end`, or a sentence. */
function element(bytes: Uint8Array, at: number, end: number): Element | string {
  const id = vint(bytes, at, end, 4, true)
  if (!id) return 'The video has an element with a malformed ID.'
  const size = vint(bytes, at + id.length, end, 8, false)
  if (!size) return 'The video is cut short in an element header.'
  const start = at + id.length + size.length
  if (size.unknown) return { id: id.value, start, end, unknownSize: true }
  if (size.value > end - start)
    return `The video's element 0x${id.value.toString(16)} runs past the end of ${end === bytes.length ? 'the video (it may be cut short)' : 'the element holding it'}.`
  return { id: id.value, start, end: start + size.value, unknownSize: false }
}

/** An EBML variable-size integer: the ID keeps its length marker, a size drops it; all ones is an unknown size. */
function vint(bytes: Uint8Array, at: number, end: number, most: number, keepMarker: boolean): { value: number; length: number; unknown: boolean } | null {
  const first = bytes[at]
  if (first === undefined || at >= end) return null
  let length = 1
  while (length <= 8 && (first & (0x80 >> (length - 1))) === 0) length++
  if (length > most || at + length > end) return null
  let value = keepMarker ? first : first & (0xff >> length)
  let ones = value === 0xff >> length
  for (let i = 1; i < length; i++) {
    const byte = bytes[at + i] ?? 0
    value = value * 256 + byte
    ones &&= byte === 0xff
  }
  return { value, length, unknown: !keepMarker && ones }
}

interface Track {
  readonly number: number
  readonly codecId: string
  readonly codecPrivate: Uint8Array | null
  readonly width: number
  readonly height: number
}

function fromMatroska(bytes: Uint8Array): FirstFrame | string {
  const budget = new Budget()
  const header = element(bytes, 0, bytes.length)
  if (typeof header === 'string') return header
  if (header.id !== EBML_HEADER || header.unknownSize) return 'The video does not start with an EBML header.'
  let at = header.end
  let segment: Element | undefined
  while (at < bytes.length && !segment) {
    if (!budget.take()) return 'The video has too many elements to read.'
    const next = element(bytes, at, bytes.length)
    if (typeof next === 'string') return next
    if (next.id === SEGMENT) segment = next
    else if (next.unknownSize) return 'The video has an element of unknown size before its segment.'
    at = next.end
  }
  if (!segment) return 'The video has no segment.'
  let track: Track | undefined
  at = segment.start
  while (at < segment.end) {
    if (!budget.take()) return 'The video has too many elements to read.'
    const next = element(bytes, at, segment.end)
    if (typeof next === 'string') return next
    if (next.id === TRACKS) {
      if (next.unknownSize) return "The video's track list has an unknown size."
      const found = videoTrack(bytes, next, budget)
      if (typeof found === 'string') return found
      track = found
    } else if (next.id === CLUSTER && track) {
      const frame = keyframeIn(bytes, next, track, budget)
      if (typeof frame === 'string') return frame
      if (frame.bytes) {
        const codec = trackCodec(track, frame.bytes)
        return typeof codec === 'string' ? codec : { ...codec, width: track.width, height: track.height, bytes: frame.bytes }
      }
      at = frame.end
      continue
    } else if (next.unknownSize) {
      return 'The video has an element of unknown size the thumbnail does not read.'
    }
    at = next.end
  }
  return track ? 'The video has no keyframe in the bytes read (it may be cut short).' : 'The video has no video track before its frames.'
}

/** The first video track of a Tracks element. */
function videoTrack(bytes: Uint8Array, tracks: Element, budget: Budget): Track | string {
  const entries = children(bytes, tracks, budget)
  if (typeof entries === 'string') return entries
  for (const entry of entries.filter((e) => e.id === TRACK_ENTRY)) {
    const fields = children(bytes, entry, budget)
    if (typeof fields === 'string') return fields
    const field = (id: number): Element | undefined => fields.find((f) => f.id === id)
    if (unsigned(bytes, field(TRACK_TYPE)) !== 1) continue
    if (field(CONTENT_ENCODINGS)) return 'The video track is compressed or encrypted, which the thumbnail does not read.'
    const video = field(VIDEO)
    const size = video ? children(bytes, video, budget) : []
    if (typeof size === 'string') return size
    const codecId = field(CODEC_ID)
    const codecPrivate = field(CODEC_PRIVATE)
    return {
      number: unsigned(bytes, field(TRACK_NUMBER)) ?? 0,
      codecId: codecId ? String.fromCharCode(...bytes.subarray(codecId.start, Math.min(codecId.end, codecId.start + 64))).replace(/\0+$/, '') : '',
      codecPrivate: codecPrivate ? bytes.subarray(codecPrivate.start, codecPrivate.end) : null,
      width:
        unsigned(
          bytes,
          size.find((f) => f.id === PIXEL_WIDTH)
        ) ?? 0,
      height:
        unsigned(
          bytes,
          size.find((f) => f.id === PIXEL_HEIGHT)
        ) ?? 0
    }
  }
  return 'The video has no video track.'
}

/** The children of a sized element (one level: the track fields the reader needs are all direct children). */
function children(bytes: Uint8Array, parent: Element, budget: Budget): Element[] | string {
  const found: Element[] = []
  let at = parent.start
  while (at < parent.end) {
    if (!budget.take()) return 'The video has too many elements to read.'
    const next = element(bytes, at, parent.end)
    if (typeof next === 'string') return next
    if (next.unknownSize) return 'The video has an element of unknown size inside its track list.'
    found.push(next)
    at = next.end
  }
  return found
}

/** An unsigned integer element's value (at most 6 bytes), or undefined. */
function unsigned(bytes: Uint8Array, field: Element | undefined): number | undefined {
  if (!field || field.end - field.start > 6) return undefined
  let value = 0
  for (let i = field.start; i < field.end; i++) value = value * 256 + (bytes[i] ?? 0)
  return value
}

/**
 * The first keyframe of `track` in a cluster, or where the cluster ends when it has none. A
 * cluster of unknown size ends at the next element of the segment's level (their IDs are the
 * 4-byte ones; a cluster's own children have 1- and 2-byte IDs).
 */
function keyframeIn(bytes: Uint8Array, cluster: Element, track: Track, budget: Budget): { bytes: Uint8Array | null; end: number } | string {
  let at = cluster.start
  while (at < cluster.end) {
    if (!budget.take()) return 'The video has too many elements to read.'
    const next = element(bytes, at, cluster.end)
    if (typeof next === 'string') return next
    if (cluster.unknownSize && next.id > 0xffffff) return { bytes: null, end: at }
    if (next.unknownSize) return 'The video has an element of unknown size inside a cluster.'
    if (next.id === SIMPLE_BLOCK) {
      const block = blockOf(bytes, next, track)
      if (typeof block === 'string') return block
      // SimpleBlock flags: 0x80 marks a keyframe.
      if (block && (block.flags & 0x80) !== 0) return { bytes: block.data, end: next.end }
    } else if (next.id === BLOCK_GROUP) {
      const group = children(bytes, next, budget)
      if (typeof group === 'string') return group
      const inner = group.find((e) => e.id === BLOCK)
      const block = inner ? blockOf(bytes, inner, track) : null
      if (typeof block === 'string') return block
      // A block that references no other is a keyframe.
      if (block && !group.some((e) => e.id === REFERENCE_BLOCK)) return { bytes: block.data, end: next.end }
    }
    at = next.end
  }
  return { bytes: null, end: cluster.end }
}

/** A (Simple)Block's frame when it is of `track`: track number, a 16-bit timecode, flags, then the frame; laced blocks are refused. */
function blockOf(bytes: Uint8Array, block: Element, track: Track): { flags: number; data: Uint8Array } | null | string {
  const number = vint(bytes, block.start, block.end, 8, false)
  if (!number) return 'The video has a block too short for its header.'
  if (number.value !== track.number) return null
  const flagsAt = block.start + number.length + 2
  if (flagsAt >= block.end) return 'The video has a block too short for its header.'
  const flags = bytes[flagsAt] ?? 0
  if ((flags & 0x06) !== 0) return "The video's first frames are laced, which the thumbnail does not read."
  return { flags, data: bytes.subarray(flagsAt + 1, block.end) }
}

/** The WebCodecs codec string (and description) of a Matroska track. */
function trackCodec(track: Track, frame: Uint8Array): Pick<FirstFrame, 'codec' | 'description'> | string {
  switch (track.codecId) {
    case 'V_VP8':
      return { codec: 'vp8', description: null }
    case 'V_VP9': {
      // CodecPrivate, when present: features as ID (1 profile, 2 level, 3 bit depth), length, value.
      const features = new Map<number, number>()
      const source = track.codecPrivate ?? new Uint8Array(0)
      for (let i = 0; i + 2 < source.length; i += 2 + (source[i + 1] ?? 0)) {
        if (source[i + 1] === 1) features.set(source[i] ?? 0, source[i + 2] ?? 0)
      }
      // Else the frame's header: frame_marker (2 bits), profile_low_bit, profile_high_bit.
      const first = frame[0] ?? 0
      const profile = features.get(1) ?? (((first >> 4) & 1) << 1) | ((first >> 5) & 1)
      return { codec: vp9Codec(profile, features.get(2) ?? 10, features.get(3) ?? (profile >= 2 ? 10 : 8)), description: null }
    }
    case 'V_AV1': {
      const codec = av1Codec(track.codecPrivate)
      return codec.startsWith('av01') ? { codec, description: null } : codec
    }
    case 'V_MPEG4/ISO/AVC': {
      const codec = track.codecPrivate ? avcCodec(track.codecPrivate) : null
      return codec && track.codecPrivate ? { codec, description: track.codecPrivate } : 'The H.264 video has no decoder configuration.'
    }
    default:
      return `The thumbnail decodes VP8, VP9, AV1 and H.264 video, not ${track.codecId ? `"${printable(track.codecId)}"` : 'a track without a codec'}.`
  }
}

// ---------------------------------------------------------------------------------------
// Codec strings

/** `avc1.PPCCLL` from an avcC record: version 1, then profile, constraint flags, level. */
function avcCodec(avcC: Uint8Array): string | null {
  if (avcC.length < 7 || avcC[0] !== 1) return null
  return `avc1.${hex(avcC[1])}${hex(avcC[2])}${hex(avcC[3])}`
}

/** `vp09.PP.LL.DD`. */
function vp9Codec(profile: number, level: number, bitDepth: number): string {
  return `vp09.${two(profile)}.${two(level)}.${two(bitDepth)}`
}

/** `av01.P.LLT.DD` from an av1C record: marker and version (0x81), profile and level, tier and bit depth flags. */
function av1Codec(av1C: Uint8Array | null): string {
  if (!av1C || av1C.length < 4 || av1C[0] !== 0x81) return 'The AV1 video has no decoder configuration ("av1C").'
  const profile = (av1C[1] ?? 0) >> 5
  const level = (av1C[1] ?? 0) & 0x1f
  const flags = av1C[2] ?? 0
  const bitDepth = (flags & 0x40) === 0 ? 8 : (flags & 0x20) === 0 ? 10 : 12
  return `av01.${profile}.${two(level)}${(flags & 0x80) === 0 ? 'M' : 'H'}.${two(bitDepth)}`
}

function hex(byte: number | undefined): string {
  return (byte ?? 0).toString(16).padStart(2, '0')
}

function two(value: number): string {
  return String(value).padStart(2, '0')
}

// ---------------------------------------------------------------------------------------
// Bytes

function u16(bytes: Uint8Array, at: number): number {
  return ((bytes[at] ?? 0) << 8) | (bytes[at + 1] ?? 0)
}

function u32(bytes: Uint8Array, at: number): number {
  return (((bytes[at] ?? 0) << 24) >>> 0) + ((bytes[at + 1] ?? 0) << 16) + ((bytes[at + 2] ?? 0) << 8) + (bytes[at + 3] ?? 0)
}

/** A 64-bit value, as a number (values past 2^53 come out inexact, and past any bytes held). */
function u64(bytes: Uint8Array, at: number): number {
  return u32(bytes, at) * 0x1_0000_0000 + u32(bytes, at + 4)
}

function fourcc(bytes: Uint8Array, at: number): string {
  return String.fromCharCode(bytes[at] ?? 0, bytes[at + 1] ?? 0, bytes[at + 2] ?? 0, bytes[at + 3] ?? 0)
}

/** A box type or codec ID fit to quote: printable ASCII only. */
function printable(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, '?')
}
