/**
 * Test fixtures: compressed bytes built to hurt a decoder, made here from the LZ4 frame and
 * block formats and RFC 8878 (Zstandard) rather than copied, each from a seed so a failure
 * can be replayed. Every builder says what it claims and what it really holds:
 * - LZ4 frames whose matches reach before the output, whose blocks exceed the frame's block
 *   maximum size, that declare far more content than they hold, that are cut short, and a
 *   valid frame of zeros at LZ4's top ratio (about 255:1);
 * - Zstandard frames that declare 2 GiB of content, whose RLE blocks exceed the format's
 *   Block_Maximum_Size, with the reserved block type, cut short, and valid frames of RLE
 *   blocks that regenerate far more than their size.
 * Pure TypeScript (no Node), so the renderer's tests build them too; bodies made with
 * node:zlib's encoders are made in the tests that use them.
 */
import { concatBytes } from '../../src/shared/bytes'
import { seededRandom } from './seeded-random'

/** `count` bytes from `random`. */
export function randomBytes(random: () => number, count: number): Uint8Array {
  return Uint8Array.from({ length: count }, () => Math.floor(random() * 256))
}

const MiB = 1024 * 1024

function u32(value: number): number[] {
  return [value & 0xff, (value >>> 8) & 0xff, (value >>> 16) & 0xff, (value >>> 24) & 0xff]
}

function u64(value: number): number[] {
  return [...u32(value % 2 ** 32), ...u32(Math.floor(value / 2 ** 32))]
}

function join(parts: readonly (Uint8Array | readonly number[])[]): Uint8Array {
  const bytes = parts.map((part) => (part instanceof Uint8Array ? part : Uint8Array.from(part)))
  return concatBytes(
    bytes,
    bytes.reduce((sum, part) => sum + part.length, 0)
  )
}

// --- LZ4 (frame format: magic, FLG, BD, [content size], HC, blocks, end mark) ---

/** One block of an LZ4 frame: its bytes, stored (uncompressed) or LZ4-compressed. */
export interface Lz4Block {
  readonly bytes: Uint8Array
  readonly stored?: boolean
  /** The size word written, when it should lie about the bytes. */
  readonly sizeWord?: number
}

/** An LZ4 frame around `blocks`; `blockMaxCode` 4..7 is 64 KiB..4 MiB. */
export function lz4Frame(blocks: readonly Lz4Block[], options: { contentSize?: number; blockMaxCode?: number; independent?: boolean } = {}): Uint8Array {
  const flg = 0x40 | (options.independent ? 0x20 : 0) | (options.contentSize !== undefined ? 0x08 : 0)
  const bd = (options.blockMaxCode ?? 4) << 4
  const parts: (Uint8Array | number[])[] = [u32(0x184d2204), [flg, bd]]
  if (options.contentSize !== undefined) parts.push(u64(options.contentSize))
  // The header checksum (xxHash32 of the descriptor, second byte) is not computed: the
  // decoders under test skip it, and one that checked would refuse these frames anyway.
  parts.push([0])
  for (const block of blocks) {
    parts.push(u32(block.sizeWord ?? ((block.stored ? 0x80000000 : 0) | block.bytes.length) >>> 0), block.bytes)
  }
  parts.push(u32(0))
  return join(parts)
}

/** An LZ4 block of `literals` then one match `offset` back, `length` long (at least 4). */
export function lz4Sequence(literals: Uint8Array, offset: number, length: number): Uint8Array {
  const bytes: number[] = []
  const litNibble = Math.min(literals.length, 15)
  const matchNibble = Math.min(length - 4, 15)
  bytes.push((litNibble << 4) | matchNibble)
  if (litNibble === 15) pushLength(bytes, literals.length - 15)
  bytes.push(...literals, offset & 0xff, (offset >> 8) & 0xff)
  if (matchNibble === 15) pushLength(bytes, length - 4 - 15)
  // The format wants the last sequence to be literals only.
  bytes.push(0x10, 0)
  return Uint8Array.from(bytes)
}

function pushLength(bytes: number[], rest: number): void {
  for (; rest >= 255; rest -= 255) bytes.push(255)
  bytes.push(rest)
}

/** A valid LZ4 block of `size` zeros (one zero literal, one match of offset 1): about 255:1. */
export function lz4ZerosBlock(size: number): Uint8Array {
  return lz4Sequence(Uint8Array.of(0), 1, size - 2)
}

/** Hostile LZ4 frames, each named by what it does to a decoder that trusts it. */
export function hostileLz4(seed: number): Readonly<Record<string, Uint8Array>> {
  const random = seededRandom(seed)
  const literals = randomBytes(random, 1 + Math.floor(random() * 8))
  return {
    // A match 64 KiB back from a few bytes written: reads before the output.
    'match before the output': lz4Frame([{ bytes: lz4Sequence(literals, 0xffff, 1 * MiB) }], { blockMaxCode: 7 }),
    'match offset 0': lz4Frame([{ bytes: lz4Sequence(literals, 0, 64) }]),
    // 16 MiB of input in a frame whose blocks may be 64 KiB at most.
    'block larger than the block maximum': lz4Frame([{ bytes: randomBytes(random, 64 * 1024 + 1 + Math.floor(random() * 1024)), stored: true }]),
    'declares 2 GiB of content': lz4Frame([{ bytes: lz4ZerosBlock(60_000) }], { contentSize: 2 * 1024 * MiB }),
    // The size word promises more bytes than follow.
    'block cut short': lz4Frame([{ bytes: randomBytes(random, 100), sizeWord: 50_000 }]).subarray(0, 150),
    'cut inside the header': lz4Frame([{ bytes: literals, stored: true }]).subarray(0, 5),
    'reserved block maximum code': lz4Frame([{ bytes: literals, stored: true }], { blockMaxCode: 2 }),
    // A match longer than the block maximum (64 KiB here).
    'block decodes past its maximum': lz4Frame([{ bytes: lz4ZerosBlock(200_000) }], { blockMaxCode: 4 })
  }
}

/** A valid LZ4 frame of `blocks` blocks of 4 MiB of zeros each (512 blocks: 2 GiB from about 8.4 MB). */
export function lz4ZerosFrame(blocks: number): Uint8Array {
  const block = lz4ZerosBlock(4 * MiB)
  return lz4Frame(
    Array.from({ length: blocks }, () => ({ bytes: block })),
    { blockMaxCode: 7 }
  )
}

// --- Zstandard (RFC 8878: magic, frame header, blocks of a 3-byte header each) ---

/** Block types of RFC 8878 section 3.1.1.2.2. */
export type ZstdBlockType = 'raw' | 'rle' | 'compressed' | 'reserved'
const BLOCK_TYPE_CODES: Readonly<Record<ZstdBlockType, number>> = { raw: 0, rle: 1, compressed: 2, reserved: 3 }

/** One block: its type, the Block_Size written, and the bytes that follow the header. */
export interface ZstdBlock {
  readonly type: ZstdBlockType
  readonly size: number
  readonly content: Uint8Array
}

/**
 * A Zstandard frame: `contentSize` as an 8-byte Frame_Content_Size (absent when undefined),
 * `windowLog` in the Window_Descriptor (10 + exponent, mantissa 0), single segment when
 * no window is given and a content size is.
 */
export function zstdFrame(blocks: readonly ZstdBlock[], options: { contentSize?: number; windowLog?: number } = {}): Uint8Array {
  const single = options.windowLog === undefined && options.contentSize !== undefined
  const descriptor = (options.contentSize !== undefined ? 3 << 6 : 0) | (single ? 0x20 : 0)
  const parts: (Uint8Array | number[])[] = [u32(0xfd2fb528), [descriptor]]
  if (!single) parts.push([((options.windowLog ?? 17) - 10) << 3])
  if (options.contentSize !== undefined) parts.push(u64(options.contentSize))
  blocks.forEach((block, index) => {
    const last = index === blocks.length - 1 ? 1 : 0
    const header = (block.size << 3) | (BLOCK_TYPE_CODES[block.type] << 1) | last
    parts.push([header & 0xff, (header >> 8) & 0xff, (header >> 16) & 0xff], block.content)
  })
  return join(parts)
}

/** An RLE block regenerating `size` copies of `byte`. */
export function rleBlock(size: number, byte = 0): ZstdBlock {
  return { type: 'rle', size, content: Uint8Array.of(byte) }
}

/** A valid frame of `blocks` RLE blocks of 128 KiB (the format's largest): 32768:1, no content size. */
export function zstdRleFrame(blocks: number): Uint8Array {
  return zstdFrame(Array.from({ length: blocks }, () => rleBlock(128 * 1024)))
}

/** Hostile Zstandard frames, each named by what it does to a decoder that trusts it. */
export function hostileZstd(seed: number): Readonly<Record<string, Uint8Array>> {
  const random = seededRandom(seed)
  const raw = randomBytes(random, 1 + Math.floor(random() * 64))
  // Just under 2 GiB: what fzstd 0.1 allocates in full before reading a block (at 2^31 its
  // 32-bit read of the size turns negative and it throws instead).
  const almost2GiB = 2 * 1024 * MiB - 64 * 1024
  return {
    'declares 2 GiB of content': zstdFrame([{ type: 'raw', size: raw.length, content: raw }], { contentSize: almost2GiB, windowLog: 20 }),
    // fzstd refuses windows over 2046 MB, and a single segment's window is its content size.
    'declares 1 GiB in a single segment': zstdFrame([{ type: 'raw', size: raw.length, content: raw }], { contentSize: 1024 * MiB }),
    // 1,024 RLE blocks of 2 MiB - 1 each: 4 KB of input, 2 GiB out, each block 16 times
    // the format's 128 KiB maximum.
    'RLE blocks larger than the maximum': zstdFrame(Array.from({ length: 1024 }, () => rleBlock(2 * MiB - 1, Math.floor(random() * 256)))),
    'reserved block type': zstdFrame([{ type: 'reserved', size: raw.length, content: raw }]),
    'block cut short': zstdFrame([{ type: 'raw', size: raw.length + 1000, content: raw }]),
    'cut inside the header': zstdFrame([{ type: 'raw', size: raw.length, content: raw }], { contentSize: raw.length }).subarray(0, 6),
    // Declares 1 MiB, but its one raw block can make only a few bytes.
    'declares more than its blocks can make': zstdFrame([{ type: 'raw', size: raw.length, content: raw }], { contentSize: 1024 * 1024, windowLog: 20 }),
    // A window of 1 GiB, which a streaming decoder allocates before the first block.
    'window of 1 GiB': zstdFrame([{ type: 'raw', size: raw.length, content: raw }], { windowLog: 30 })
  }
}

/** `bytes` flipped, cut or extended at a few places chosen by `random`: fuzz input. */
export function mutated(bytes: Uint8Array, random: () => number): Uint8Array {
  const out = Uint8Array.from(bytes)
  const edits = 1 + Math.floor(random() * 4)
  for (let edit = 0; edit < edits && out.length > 0; edit++) {
    const at = Math.floor(random() * out.length)
    out[at] = random() < 0.5 ? (out[at] as number) ^ (1 << Math.floor(random() * 8)) : Math.floor(random() * 256)
  }
  const cut = random()
  if (cut < 0.15) return out.subarray(0, Math.floor(random() * out.length))
  if (cut < 0.25) return join([out, randomBytes(random, 1 + Math.floor(random() * 16))])
  return out
}

/**
 * What a bounded decoder does with `rounds` mutations of `seeds` (drawn from `random`):
 * the refusals' messages, after checking that every input either decoded within `budget`
 * or was refused. A hang shows as the test's own timeout.
 */
export function refusalsOfMutations(
  decode: (input: Uint8Array, budget: number) => Uint8Array,
  seeds: readonly Uint8Array[],
  random: () => number,
  budget: number,
  rounds: number
): string[] {
  const refusals: string[] = []
  for (let round = 0; round < rounds; round++) {
    const input = mutated(seeds[round % seeds.length] as Uint8Array, random)
    let length: number
    try {
      length = decode(input, budget).length
    } catch (error) {
      refusals.push(String(error))
      continue
    }
    if (length > budget) throw new Error(`round ${round} decoded ${length} bytes, over the ${budget}-byte budget`)
  }
  return refusals
}

/** Bytes that compress somewhat, from `seed`: runs of random lengths of a few values, with noise. */
export function compressibleBytes(size: number, seed: number): Uint8Array {
  const random = seededRandom(seed)
  const out = new Uint8Array(size)
  for (let at = 0; at < size;) {
    const run = 1 + Math.floor(random() * 40)
    out.fill(Math.floor(random() * 4), at, at + run)
    at += run
    if (random() < 0.3 && at < size) out.set(randomBytes(random, Math.min(8, size - at)), at)
  }
  return out
}

/** True when `a` and `b` hold the same bytes (a plain loop: deep equality takes seconds over megabytes). */
export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}
