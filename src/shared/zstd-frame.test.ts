/**
 * The bounded Zstandard decoder: what node:zlib's zstd encoder writes decodes exactly, and
 * every hostile frame is refused quickly with a message, never decoded past the budget.
 */
import { constants, zstdCompressSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { decodeZstdFrames } from './zstd-frame'
import { hostileZstd, refusalsOfMutations, rleBlock, zstdFrame, zstdRleFrame, compressibleBytes, sameBytes } from '../../test-kit/portable/hostile-compression'
import { seededRandom } from '../../test-kit/portable/seeded-random'

const MiB = 1024 * 1024
const BUDGET = 64 * MiB

const WITHOUT_SIZE = { params: { [constants.ZSTD_c_contentSizeFlag]: 0 } }
const WITH_CHECKSUM = { params: { [constants.ZSTD_c_checksumFlag]: 1 } }

describe('decodeZstdFrames', () => {
  it.each([0, 1, 17, 1000, 70_000, 300_000, 1 * MiB])('round-trips %i bytes from zstdCompressSync, with and without a content size', (size) => {
    const original = compressibleBytes(size, size)
    for (const options of [{}, WITHOUT_SIZE, WITH_CHECKSUM]) {
      expect(sameBytes(decodeZstdFrames(zstdCompressSync(original, options), BUDGET), original)).toBe(true)
    }
  })

  it('decodes concatenated frames and skips a skippable frame', () => {
    const skippable = Uint8Array.of(0x5a, 0x2a, 0x4d, 0x18, 3, 0, 0, 0, 9, 9, 9)
    const input = Buffer.concat([zstdCompressSync(Buffer.from('abc')), skippable, zstdCompressSync(Buffer.from('def'), WITHOUT_SIZE)])
    expect(Buffer.from(decodeZstdFrames(input, BUDGET)).toString()).toBe('abcdef')
  })

  it('decodes valid RLE blocks of the largest size within the budget', () => {
    const out = decodeZstdFrames(zstdFrame([rleBlock(128 * 1024, 5), rleBlock(10, 5)], { contentSize: 128 * 1024 + 10 }), BUDGET)
    expect(sameBytes(out, new Uint8Array(128 * 1024 + 10).fill(5))).toBe(true)
  })

  it.each(Object.entries(hostileZstd(1)))('refuses a frame that %s, quickly', (_name, frame) => {
    const started = performance.now()
    expect(() => decodeZstdFrames(frame, BUDGET)).toThrow(/^Zstandard: /)
    expect(performance.now() - started).toBeLessThan(2_000)
  })

  it('refuses real zeros past the budget: declared, before allocating; undeclared, once the output passes it', () => {
    const zeros = new Uint8Array(BUDGET + 1)
    expect(() => decodeZstdFrames(zstdCompressSync(zeros), BUDGET)).toThrow(
      `the frame declares ${BUDGET + 1} bytes of content, more than the ${BUDGET} allowed`
    )
    expect(() => decodeZstdFrames(zstdCompressSync(zeros, WITHOUT_SIZE), BUDGET)).toThrow(`the frames make more than the ${BUDGET} bytes allowed`)
  })

  it('refuses 16,384 valid RLE blocks (2 GiB from 64 KB, no content size) before decoding', () => {
    const frame = zstdRleFrame(16_384)
    expect(frame.length).toBeLessThan(70_000)
    const started = performance.now()
    expect(() => decodeZstdFrames(frame, BUDGET)).toThrow(`the frames' raw and RLE blocks alone make ${2 * 1024 * MiB} bytes, more than the ${BUDGET} allowed`)
    expect(performance.now() - started).toBeLessThan(2_000)
  })

  it('stops compressed blocks without a content size once their output passes the budget', () => {
    // A 128 KiB window, so the frame passes the window check under a 200,000-byte budget.
    const small = { params: { [constants.ZSTD_c_contentSizeFlag]: 0, [constants.ZSTD_c_windowLog]: 17 } }
    expect(() => decodeZstdFrames(zstdCompressSync(compressibleBytes(300_000, 9), small), 200_000)).toThrow(
      'Zstandard: the frames make more than the 200000 bytes allowed.'
    )
  })

  it('refuses a frame whose compressed blocks make less than it declares', () => {
    const real = zstdCompressSync(compressibleBytes(5000, 3))
    // The real frame's single-segment header declares its 5000 bytes in 2 bytes (value + 256); claim 9000.
    const lying = Uint8Array.from(real)
    expect(lying[4]).toBe(0x60)
    lying[5] = (9000 - 256) & 0xff
    lying[6] = (9000 - 256) >> 8
    expect(() => decodeZstdFrames(lying, BUDGET)).toThrow(/^Zstandard: /)
  })

  it('either decodes within the budget or throws, on 2,000 mutated frames', () => {
    const random = seededRandom(42)
    const seeds = [
      zstdCompressSync(compressibleBytes(3000, 1)),
      zstdCompressSync(compressibleBytes(50_000, 2), WITHOUT_SIZE),
      zstdCompressSync(compressibleBytes(2000, 3), WITH_CHECKSUM),
      zstdFrame([rleBlock(100_000, 1), { type: 'raw', size: 3, content: Uint8Array.of(1, 2, 3) }], { contentSize: 100_003 }),
      ...Object.values(hostileZstd(2))
    ]
    // Every refusal is the decoder's own, said in its words (never a RangeError from deep inside).
    for (const refusal of refusalsOfMutations(decodeZstdFrames, seeds, random, 8 * MiB, 2000)) expect(refusal).toMatch(/^Error: Zstandard: /)
  })
})
