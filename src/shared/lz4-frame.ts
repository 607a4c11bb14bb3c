/**
 * A bounded decoder of LZ4 frames (the LZ4 Frame Format and LZ4 Block Format
 * specifications), for Arrow IPC buffers compressed as LZ4_FRAME. The bytes come from a
 * catalog or a client, so nothing is trusted: the whole frame is walked first and the
 * output size it could reach is held to the caller's budget before anything is allocated;
 * each block is then decoded with every offset and length checked, so a crafted frame
 * ends in a thrown error with a message saying why, never in a write out of bounds, a
 * loop, or an allocation the input did not pay for.
 */

const FRAME_MAGIC = 0x184d2204
// Skippable frames carry user data under magic numbers 0x184D2A50 to 0x184D2A5F.
const SKIPPABLE_MASK = 0xfffffff0
const SKIPPABLE_MAGIC = 0x184d2a50
// Block Maximum Size by the BD byte's 3-bit code; codes 0 to 3 are reserved.
const BLOCK_MAX_SIZES: Readonly<Record<number, number>> = { 4: 64 * 1024, 5: 256 * 1024, 6: 1024 * 1024, 7: 4 * 1024 * 1024 }
const UNCOMPRESSED_BIT = 0x80000000
const MIN_MATCH = 4
// One input byte of a compressed block yields at most 255 output bytes (a length
// extension byte of 255); a token, offset and 15 in each nibble make 3 bytes yield 19.
const MAX_RATIO = 255

/** One frame's descriptor and where its parts lie in the input. */
interface FrameLayout {
  readonly blockMax: number
  readonly contentSize: number | null
  readonly independent: boolean
  readonly blocks: readonly { readonly start: number; readonly size: number; readonly stored: boolean }[]
  /** The most output its blocks can produce. */
  readonly bound: number
  /** Where the next frame (or the end) starts. */
  readonly end: number
}

/**
 * Decodes the LZ4 frames in `input` (skippable frames are passed over), producing at most
 * `budget` bytes; throws an Error saying what is wrong with a frame that is malformed,
 * truncated, or would produce more than `budget`.
 */
export function decodeLz4Frames(input: Uint8Array, budget: number): Uint8Array {
  const frames: FrameLayout[] = []
  let total = 0
  for (let at = 0; at < input.length;) {
    const magic = readU32(input, at, 'magic number')
    if ((magic & SKIPPABLE_MASK) >>> 0 === SKIPPABLE_MAGIC) {
      const size = readU32(input, at + 4, 'skippable frame size')
      at += 8 + size
      if (at > input.length) throw new Error('LZ4: a skippable frame is cut short.')
      continue
    }
    if (magic !== FRAME_MAGIC) throw new Error(`LZ4: not an LZ4 frame (magic number 0x${magic.toString(16)} at byte ${at}).`)
    const frame = layout(input, at)
    total += frame.contentSize ?? frame.bound
    if (total > budget) {
      throw new Error(`LZ4: the frame would decode to ${frame.contentSize === null ? 'up to ' : ''}${total} bytes, more than the ${budget} allowed.`)
    }
    frames.push(frame)
    at = frame.end
  }
  const out = new Uint8Array(total)
  let written = 0
  for (const frame of frames) {
    const frameStart = written
    for (const block of frame.blocks) {
      written = block.stored
        ? copyStored(input, block.start, block.size, out, written)
        : decodeBlock(input, block.start, block.size, out, written, frame.independent ? written : frameStart, written + frame.blockMax)
    }
    if (frame.contentSize !== null && written - frameStart !== frame.contentSize) {
      throw new Error(`LZ4: the frame declares ${frame.contentSize} bytes of content but its blocks hold ${written - frameStart}.`)
    }
  }
  return written === out.length ? out : out.slice(0, written)
}

/** Parses the frame header at `at` and walks its blocks, checking each size. */
function layout(input: Uint8Array, at: number): FrameLayout {
  const flg = readU8(input, at + 4, 'frame descriptor')
  const bd = readU8(input, at + 5, 'frame descriptor')
  if (flg >> 6 !== 1) throw new Error(`LZ4: frame version ${flg >> 6} is not supported (only version 1 exists).`)
  if ((flg & 0x02) !== 0 || (bd & 0x8f) !== 0) throw new Error('LZ4: the frame descriptor sets reserved bits.')
  const blockMax = BLOCK_MAX_SIZES[(bd >> 4) & 7]
  if (blockMax === undefined) throw new Error(`LZ4: block maximum size code ${(bd >> 4) & 7} is reserved.`)
  const independent = (flg & 0x20) !== 0
  const blockChecksum = (flg & 0x10) !== 0
  const hasContentSize = (flg & 0x08) !== 0
  const contentChecksum = (flg & 0x04) !== 0
  const hasDictId = (flg & 0x01) !== 0
  let pos = at + 6
  let contentSize: number | null = null
  if (hasContentSize) {
    const low = readU32(input, pos, 'content size')
    const high = readU32(input, pos + 4, 'content size')
    // Anything past 2^53 is far beyond any budget; keep it a safe integer that still refuses.
    contentSize = high >= 0x200000 ? Number.MAX_SAFE_INTEGER : high * 2 ** 32 + low
    pos += 8
  }
  if (hasDictId) throw new Error('LZ4: the frame needs a dictionary, which Arrow IPC never uses.')
  // The header checksum byte (xxHash32 of the descriptor) is skipped: the layout is
  // checked field by field, and corruption past it is caught by the bounds below.
  readU8(input, pos, 'header checksum')
  pos += 1
  const blocks: { start: number; size: number; stored: boolean }[] = []
  let bound = 0
  for (;;) {
    const word = readU32(input, pos, 'block size')
    pos += 4
    if (word === 0) break
    const stored = (word & UNCOMPRESSED_BIT) !== 0
    const size = (word & ~UNCOMPRESSED_BIT) >>> 0
    if (size > blockMax) throw new Error(`LZ4: a block of ${size} bytes exceeds the frame's block maximum size of ${blockMax}.`)
    if (pos + size > input.length) throw new Error(`LZ4: a block of ${size} bytes is cut short (the input ends ${input.length - pos} bytes in).`)
    blocks.push({ start: pos, size, stored })
    bound += stored ? size : Math.min(blockMax, size * MAX_RATIO)
    pos += size + (blockChecksum ? 4 : 0)
  }
  if (contentChecksum) pos += 4
  if (pos > input.length) throw new Error('LZ4: the frame is cut short (a checksum is missing).')
  if (contentSize !== null && contentSize > bound) {
    throw new Error(`LZ4: the frame declares ${contentSize} bytes of content but its blocks can hold at most ${bound}.`)
  }
  return { blockMax, contentSize, independent, blocks, bound, end: pos }
}

function copyStored(input: Uint8Array, start: number, size: number, out: Uint8Array, written: number): number {
  if (written + size > out.length) throw new Error('LZ4: the blocks hold more than the frame declares.')
  out.set(input.subarray(start, start + size), written)
  return written + size
}

/**
 * Decodes one compressed block (sequences of literals and matches) into `out` from
 * `written`; a match may reach back to `windowStart` (the block's own start for
 * independent blocks, the frame's otherwise) and the block may fill `out` up to `limit`.
 */
function decodeBlock(input: Uint8Array, start: number, size: number, out: Uint8Array, written: number, windowStart: number, limit: number): number {
  const end = start + size
  const cap = Math.min(limit, out.length)
  let i = start
  let o = written
  while (i < end) {
    const token = input[i++] as number
    let literals = token >> 4
    if (literals === 15) {
      for (let more = 255; more === 255;) {
        if (i >= end) throw new Error('LZ4: a block ends inside a literal length.')
        more = input[i++] as number
        literals += more
      }
    }
    if (i + literals > end) throw new Error('LZ4: a block ends inside its literals.')
    if (o + literals > cap) throw new Error('LZ4: a block decodes past its maximum size or the allowed output.')
    out.set(input.subarray(i, i + literals), o)
    i += literals
    o += literals
    // The last sequence of a block has literals only.
    if (i === end) break
    if (i + 2 > end) throw new Error('LZ4: a block ends inside a match offset.')
    const offset = (input[i] as number) | ((input[i + 1] as number) << 8)
    i += 2
    if (offset === 0) throw new Error('LZ4: a match has offset 0.')
    if (offset > o - windowStart)
      throw new Error(`LZ4: a match reaches ${offset} bytes back, before the start of the output (${o - windowStart} bytes written).`)
    let length = token & 15
    if (length === 15) {
      for (let more = 255; more === 255;) {
        if (i >= end) throw new Error('LZ4: a block ends inside a match length.')
        more = input[i++] as number
        length += more
      }
    }
    length += MIN_MATCH
    if (o + length > cap) throw new Error('LZ4: a block decodes past its maximum size or the allowed output.')
    // A match no longer than its offset copies at once. A longer one repeats the `offset`
    // bytes before it: copy them, then the doubled run, and so on; each source ends where
    // its target starts, so no copy reads bytes it writes.
    const from = o - offset
    for (let done = 0; done < length;) {
      const span = Math.min(offset + done, length - done)
      out.copyWithin(o + done, from, from + span)
      done += span
    }
    o += length
  }
  return o
}

function readU8(input: Uint8Array, at: number, what: string): number {
  if (at >= input.length) throw new Error(`LZ4: the frame is cut short (in its ${what}).`)
  return input[at] as number
}

function readU32(input: Uint8Array, at: number, what: string): number {
  if (at + 4 > input.length) throw new Error(`LZ4: the frame is cut short (in its ${what}).`)
  return ((input[at] as number) | ((input[at + 1] as number) << 8) | ((input[at + 2] as number) << 16) | ((input[at + 3] as number) << 24)) >>> 0
}
