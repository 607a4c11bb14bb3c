import { describe, expect, it } from 'vitest'
import { mulberry32 } from '../../../test-kit/prng'
import { MessageMeter } from './message-meter'

/** One frame as a client sends it (masked), with a payload of `size` bytes. */
function frame(opcode: number, fin: boolean, size: number): Buffer {
  const length =
    size < 126
      ? [size]
      : size < 65_536
        ? [126, size >> 8, size & 0xff]
        : [127, 0, 0, 0, 0, (size >>> 24) & 0xff, (size >> 16) & 0xff, (size >> 8) & 0xff, size & 0xff]
  const [first = 0, ...rest] = length
  return Buffer.concat([Buffer.from([(fin ? 0x80 : 0) | opcode, 0x80 | first, ...rest, 1, 2, 3, 4]), Buffer.alloc(size, 0x61)])
}

describe('MessageMeter', () => {
  it.each(Array.from({ length: 20 }, (_, i) => 7_000 + i))('counts an unfinished message however its bytes are cut (seed %i)', (seed) => {
    const rng = mulberry32(seed)
    // A message of 1 to 40 fragments with a ping among them, its last frame held back or sent.
    const sizes = Array.from({ length: 1 + rng.int(40) }, () => (rng.int(3) === 0 ? rng.int(125) : rng.int(70_000)))
    const finished = rng.chance(0.5)
    const frames = sizes.map((size, i) => frame(i === 0 ? 2 : 0, finished && i === sizes.length - 1, size))
    frames.splice(1 + rng.int(frames.length), 0, frame(9, true, rng.int(126)))
    const bytes = Buffer.concat(frames)
    const meter = new MessageMeter()
    let most = 0
    for (let at = 0; at < bytes.length;) {
      const cut = Math.min(bytes.length, at + 1 + rng.int(80_000))
      meter.feed(bytes.subarray(at, cut))
      most = Math.max(most, meter.mostFragments)
      at = cut
    }
    expect(most).toBe(sizes.length)
    expect(meter.serial).toBe(1)
    if (finished) expect([meter.bytes, meter.fragments]).toEqual([0, 0])
    else expect([meter.bytes, meter.fragments]).toEqual([bytes.length, sizes.length])
  })
})
