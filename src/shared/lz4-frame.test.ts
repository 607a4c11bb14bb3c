/**
 * The bounded LZ4 frame decoder: what real encoders write decodes exactly, and every
 * hostile frame is refused quickly with a message, never decoded past the budget.
 */
import { compress as lz4jsCompress } from 'lz4js'
import { describe, expect, it } from 'vitest'
import { decodeLz4Frames } from './lz4-frame'
import {
  hostileLz4,
  lz4Frame,
  lz4Sequence,
  lz4ZerosBlock,
  lz4ZerosFrame,
  refusalsOfMutations,
  compressibleBytes,
  sameBytes
} from '../../test-kit/portable/hostile-compression'
import { seededRandom } from '../../test-kit/portable/seeded-random'

const MiB = 1024 * 1024
const BUDGET = 64 * MiB

describe('decodeLz4Frames', () => {
  it.each([0, 1, 17, 1000, 70_000, 2 * MiB])('round-trips %i bytes encoded by lz4js', (size) => {
    const original = compressibleBytes(size, size)
    expect(sameBytes(decodeLz4Frames(lz4jsCompress(original), BUDGET), original)).toBe(true)
  })

  it('decodes independent blocks, stored blocks, a declared content size and checksums', () => {
    const first = lz4Sequence(Uint8Array.of(7, 8, 9), 3, 30)
    const frame = lz4Frame([{ bytes: first }, { bytes: Uint8Array.of(1, 2, 3), stored: true }], { contentSize: 34 + 3, independent: true })
    const expected = [7, 8, 9, ...Array.from({ length: 30 }, (_, index) => [7, 8, 9][index % 3]), 0, 1, 2, 3]
    expect([...decodeLz4Frames(frame, BUDGET)]).toEqual(expected)
  })

  it('lets a linked block reach back into the block before it, but not an independent one', () => {
    const blocks = [{ bytes: Uint8Array.of(5, 6), stored: true }, { bytes: lz4Sequence(Uint8Array.of(), 2, 6) }]
    expect([...decodeLz4Frames(lz4Frame(blocks), BUDGET)]).toEqual([5, 6, 5, 6, 5, 6, 5, 6, 0])
    expect(() => decodeLz4Frames(lz4Frame(blocks, { independent: true }), BUDGET)).toThrow(/before the start of the output/)
  })

  it('decodes a valid frame of zeros at the top ratio within the budget', () => {
    const frame = lz4ZerosFrame(2)
    expect(frame.length).toBeLessThan(40_000)
    const out = decodeLz4Frames(frame, BUDGET)
    expect(out.length).toBe(8 * MiB)
    expect(sameBytes(out, new Uint8Array(8 * MiB))).toBe(true)
  })

  it.each(Object.entries(hostileLz4(1)))('refuses a frame with a %s, quickly', (_name, frame) => {
    const started = performance.now()
    expect(() => decodeLz4Frames(frame, BUDGET)).toThrow(/^LZ4: /)
    expect(performance.now() - started).toBeLessThan(2_000)
  })

  it('refuses 8.4 MB of valid blocks that would make 2 GiB, before allocating', () => {
    const frame = lz4ZerosFrame(512)
    expect(frame.length).toBeLessThan(9_000_000)
    const started = performance.now()
    expect(() => decodeLz4Frames(frame, BUDGET)).toThrow(/more than the 67108864 allowed/)
    expect(performance.now() - started).toBeLessThan(2_000)
  })

  it('refuses a declared content size above the budget', () => {
    const frame = lz4Frame([{ bytes: Uint8Array.of(1), stored: true }], { contentSize: BUDGET + 1 })
    expect(() => decodeLz4Frames(frame, BUDGET)).toThrow(/LZ4: /)
  })

  it('either decodes within the budget or throws, on 2,000 mutated frames', () => {
    const random = seededRandom(42)
    const seeds = [
      lz4jsCompress(compressibleBytes(3000, 1)),
      lz4Frame([{ bytes: lz4Sequence(Uint8Array.of(1, 2), 2, 5000) }, { bytes: Uint8Array.of(3, 4), stored: true }], { contentSize: 5004, independent: false }),
      lz4Frame([{ bytes: lz4ZerosBlock(60_000) }]),
      ...Object.values(hostileLz4(2))
    ]
    // Every refusal is the decoder's own, said in its words (never a RangeError from deep inside).
    for (const refusal of refusalsOfMutations(decodeLz4Frames, seeds, random, 8 * MiB, 2000)) expect(refusal).toMatch(/^Error: LZ4: /)
  })
})
