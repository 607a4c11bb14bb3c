/**
 * A bounded Zstandard decoder for Arrow IPC buffers compressed as ZSTD: a scan of every
 * frame and block header (RFC 8878) before fzstd decodes a byte, then fzstd's streaming
 * decoder writing into output this module sizes and counts.
 *
 * fzstd 0.1 allocates whatever a frame header declares (its content size, or its window
 * when streaming) and regenerates RLE blocks of any size the 21-bit field can hold, so a
 * few hundred bytes can claim gigabytes. The scan refuses, before any allocation:
 * reserved block types; blocks larger than Block_Maximum_Size (the smaller of the window
 * and 128 KiB); a declared content size above the budget, or one the blocks cannot
 * produce (raw and RLE sizes are exact, a compressed block makes at most
 * Block_Maximum_Size); a window above the budget; dictionaries; truncation.
 */
import { Decompress } from 'fzstd'
import { concatBytes } from './bytes'

const FRAME_MAGIC = 0xfd2fb528
// Skippable frames: magic numbers 0x184D2A50 to 0x184D2A5F, then a 4-byte size.
const SKIPPABLE_MASK = 0xfffffff0
const SKIPPABLE_MAGIC = 0x184d2a50
const MAX_BLOCK = 128 * 1024
const BLOCK_TYPES = ['raw', 'RLE', 'compressed', 'reserved'] as const

/** What the scan learnt of one frame. */
interface FrameScan {
  /** Frame_Content_Size, or null when the header leaves it out. */
  readonly contentSize: number | null
  /** The bytes its raw and RLE blocks make: the least the frame can decode to. */
  readonly least: number
  /** Where the next frame (or the end) starts. */
  readonly end: number
}

/**
 * Decodes the Zstandard frames in `input` (skippable frames are passed over), producing
 * at most `budget` bytes; throws an Error saying what is wrong with a frame that is
 * malformed, truncated, or would produce more than `budget`.
 */
export function decodeZstdFrames(input: Uint8Array, budget: number): Uint8Array {
  if (input.length === 0) throw new Error('Zstandard: the input holds no frame.')
  let declared: number | null = 0
  let least = 0
  for (let at = 0; at < input.length;) {
    const frame = scanFrame(input, at, budget)
    if (frame.contentSize === null) declared = null
    else if (declared !== null) declared += frame.contentSize
    if (declared !== null && declared > budget) throw new Error(`Zstandard: the frames declare ${declared} bytes of content, more than the ${budget} allowed.`)
    least += frame.least
    if (least > budget) throw new Error(`Zstandard: the frames' raw and RLE blocks alone make ${least} bytes, more than the ${budget} allowed.`)
    at = frame.end
  }
  return declared === null ? decodeCounted(input, budget) : decodeExactly(input, declared)
}

/** Decodes frames that declare `size` bytes in all into exactly that many. */
function decodeExactly(input: Uint8Array, size: number): Uint8Array {
  const out = new Uint8Array(size)
  let written = 0
  const decoder = new Decompress((chunk) => {
    if (written + chunk.length > size) throw new Error(`Zstandard: the frames make more than the ${size} bytes they declare.`)
    out.set(chunk, written)
    written += chunk.length
  })
  push(decoder, input)
  if (written !== size) throw new Error(`Zstandard: the frames declare ${size} bytes of content but make ${written}.`)
  return out
}

/** Decodes frames without a declared size, stopping as soon as the output passes `budget`. */
function decodeCounted(input: Uint8Array, budget: number): Uint8Array {
  const chunks: Uint8Array[] = []
  let written = 0
  const decoder = new Decompress((chunk) => {
    written += chunk.length
    if (written > budget) throw new Error(`Zstandard: the frames make more than the ${budget} bytes allowed.`)
    chunks.push(chunk)
  })
  push(decoder, input)
  if (chunks.length === 1) return chunks[0] as Uint8Array
  return concatBytes(chunks, written)
}

/** Runs fzstd, giving its errors (codes, not sentences) a message that says what failed. */
function push(decoder: Decompress, input: Uint8Array): void {
  try {
    decoder.push(input, true)
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    throw new Error(message.startsWith('Zstandard: ') ? message : `Zstandard: the data cannot be decoded (${message}).`)
  }
}

/** Checks the frame (or skippable frame) at `at`: its header, then every block header. */
function scanFrame(input: Uint8Array, at: number, budget: number): FrameScan {
  const magic = readLE(input, at, 4, 'magic number')
  if ((magic & SKIPPABLE_MASK) >>> 0 === SKIPPABLE_MAGIC) {
    const end = at + 8 + readLE(input, at + 4, 4, 'skippable frame size')
    if (end > input.length) throw new Error('Zstandard: a skippable frame is cut short.')
    return { contentSize: 0, least: 0, end }
  }
  if (magic !== FRAME_MAGIC) throw new Error(`Zstandard: not a Zstandard frame (magic number 0x${magic.toString(16)} at byte ${at}).`)
  const descriptor = readLE(input, at + 4, 1, 'frame header')
  const sizeFlag = descriptor >> 6
  const singleSegment = (descriptor & 0x20) !== 0
  const checksum = (descriptor & 0x04) !== 0
  const dictionaryBytes = [0, 1, 2, 4][descriptor & 3] as number
  if ((descriptor & 0x08) !== 0) throw new Error('Zstandard: the frame header sets its reserved bit.')
  let pos = at + 5
  let windowSize = 0
  if (!singleSegment) {
    const windowDescriptor = readLE(input, pos, 1, 'window descriptor')
    const base = 2 ** (10 + (windowDescriptor >> 3))
    windowSize = base + (base / 8) * (windowDescriptor & 7)
    pos += 1
  }
  if (dictionaryBytes > 0 && readLE(input, pos, dictionaryBytes, 'dictionary id') !== 0) {
    throw new Error('Zstandard: the frame needs a dictionary, which Arrow IPC never uses.')
  }
  pos += dictionaryBytes
  const sizeBytes = [singleSegment ? 1 : 0, 2, 4, 8][sizeFlag] as number
  let contentSize: number | null = null
  if (sizeBytes > 0) {
    contentSize = readLE(input, pos, sizeBytes, 'content size') + (sizeBytes === 2 ? 256 : 0)
    pos += sizeBytes
  }
  if (singleSegment) windowSize = contentSize ?? 0
  if (contentSize !== null && contentSize > budget) {
    throw new Error(`Zstandard: the frame declares ${contentSize} bytes of content, more than the ${budget} allowed.`)
  }
  // fzstd allocates the window whole before the first block when streaming.
  if (windowSize > budget) throw new Error(`Zstandard: the frame asks for a window of ${windowSize} bytes, more than the ${budget} allowed.`)
  const blockMax = Math.min(windowSize, MAX_BLOCK)
  let exact = 0
  let most = 0
  for (let last = false; !last;) {
    const header = readLE(input, pos, 3, 'block header')
    pos += 3
    last = (header & 1) === 1
    const type = BLOCK_TYPES[(header >> 1) & 3] as (typeof BLOCK_TYPES)[number]
    const size = header >>> 3
    if (type === 'reserved') throw new Error('Zstandard: a block has the reserved block type.')
    if (size > blockMax) throw new Error(`Zstandard: a ${type} block of ${size} bytes exceeds the frame's Block_Maximum_Size of ${blockMax}.`)
    const stored = type === 'RLE' ? 1 : size
    if (pos + stored > input.length) throw new Error(`Zstandard: a ${type} block of ${size} bytes is cut short.`)
    pos += stored
    if (type === 'compressed') most += blockMax
    else {
      exact += size
      most += size
    }
  }
  if (checksum) pos += 4
  if (pos > input.length) throw new Error('Zstandard: the frame is cut short (its checksum is missing).')
  if (contentSize !== null && (contentSize > most || contentSize < exact)) {
    throw new Error(
      `Zstandard: the frame declares ${contentSize} bytes of content, but its blocks make ${exact === most ? exact : `between ${exact} and ${most}`}.`
    )
  }
  return { contentSize, least: exact, end: pos }
}

function readLE(input: Uint8Array, at: number, bytes: number, what: string): number {
  if (at + bytes > input.length) throw new Error(`Zstandard: the frame is cut short (in its ${what}).`)
  let value = 0
  for (let index = bytes - 1; index >= 0; index--) value = value * 256 + (input[at + index] as number)
  return value
}
