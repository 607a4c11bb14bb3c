/**
 * The renderer's decoder on record batches whose compressed buffers are decompression
 * bombs or broken frames: each is refused quickly with the codec's message, and a real
 * compressed stream still decodes beside them.
 */
import { CompressionType } from 'apache-arrow'
import { describe, expect, it } from 'vitest'
import { bombArrowStream } from '../../../../test-kit/portable/bomb-arrow'
import { hostileLz4, hostileZstd, lz4ZerosFrame, zstdRleFrame } from '../../../../test-kit/portable/hostile-compression'
import { compressedArrow } from '../../../../test-kit/portable/compressed-arrow'
import { decodeArrow } from './arrow-decode'

const bombs: [string, CompressionType.LZ4_FRAME | CompressionType.ZSTD, Uint8Array, number][] = [
  ['four ZSTD columns declaring 2 GiB each', CompressionType.ZSTD, hostileZstd(7)['declares 2 GiB of content'] as Uint8Array, 4],
  ['ZSTD RLE blocks over the maximum (4 KB to 2 GiB)', CompressionType.ZSTD, hostileZstd(7)['RLE blocks larger than the maximum'] as Uint8Array, 1],
  ['valid ZSTD RLE blocks making 2 GiB with no size', CompressionType.ZSTD, zstdRleFrame(16_384), 1],
  ['an LZ4 match before the output', CompressionType.LZ4_FRAME, hostileLz4(7)['match before the output'] as Uint8Array, 1],
  ['LZ4 declaring 2 GiB', CompressionType.LZ4_FRAME, hostileLz4(7)['declares 2 GiB of content'] as Uint8Array, 2]
]

describe('decodeArrow on compressed bombs', () => {
  it.each(bombs)('refuses %s, quickly', (_name, type, frame, columns) => {
    const stream = bombArrowStream(type, frame, columns, Math.max(1024, Math.ceil(frame.length / 8) + 1))
    const started = performance.now()
    expect(() => decodeArrow(stream)).toThrow(/LZ4: |Zstandard: /)
    expect(performance.now() - started).toBeLessThan(2000)
  })

  it('refuses 8.4 MB of valid LZ4 blocks that make 2 GiB, before allocating', () => {
    const frame = lz4ZerosFrame(512)
    const stream = bombArrowStream(CompressionType.LZ4_FRAME, frame, 1, Math.ceil(frame.length / 8) + 1)
    const started = performance.now()
    expect(() => decodeArrow(stream)).toThrow(/LZ4: the frame would decode to up to 2147\d+ bytes, more than the 268435456 allowed/)
    expect(performance.now() - started).toBeLessThan(2000)
  })

  it('refuses three valid ZSTD columns of 200 MiB each (20 KB in all) past the 512 MiB a decode may make', () => {
    const frame = zstdRleFrame(1600)
    const stream = bombArrowStream(CompressionType.ZSTD, frame, 3)
    expect(stream.length).toBeLessThan(30_000)
    expect(() => decodeArrow(stream)).toThrow(/Arrow data may decode to 536870912 bytes in all, and the buffers before this one took 419430400/)
  })

  it.each(['lz4', 'zstd'] as const)('still decodes a real %s stream', (codec) => {
    expect(decodeArrow(compressedArrow(codec)).numRows).toBe(5)
  })
})
