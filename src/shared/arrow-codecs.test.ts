/**
 * The Arrow codecs' two budgets: each buffer's, and the run's (all buffers one synchronous
 * decode produces), which a microtask resets so the next decode starts afresh.
 */
import { CompressionType } from 'apache-arrow'
import { describe, expect, it } from 'vitest'
import { boundedArrowCodecs } from './arrow-codecs'
import { lz4Frame, lz4ZerosBlock, rleBlock, zstdFrame } from '../../test-kit/portable/hostile-compression'

const KiB = 1024
const MiB = 1024 * KiB

function decoderOf(codecs: ReturnType<typeof boundedArrowCodecs>, type: CompressionType): (data: Uint8Array) => Uint8Array {
  const decode = codecs.get(type)?.decode
  if (!decode) throw new Error(`no decoder for ${CompressionType[type]}`)
  return decode
}

describe('boundedArrowCodecs', () => {
  it('holds each buffer to its budget', () => {
    const zstd = decoderOf(boundedArrowCodecs(100 * KiB, MiB), CompressionType.ZSTD)
    expect(zstd(zstdFrame([rleBlock(100 * KiB)], { contentSize: 100 * KiB })).length).toBe(100 * KiB)
    expect(() => zstd(zstdFrame([rleBlock(100 * KiB + 1)], { contentSize: 100 * KiB + 1 }))).toThrow(
      `Zstandard: the frame declares ${100 * KiB + 1} bytes of content, more than the ${100 * KiB} allowed.`
    )
  })

  it('holds all the buffers of one synchronous run to the run budget, across codecs, and starts afresh after it', async () => {
    const codecs = boundedArrowCodecs(MiB, 2 * MiB)
    const zstd = decoderOf(codecs, CompressionType.ZSTD)
    const lz4 = decoderOf(codecs, CompressionType.LZ4_FRAME)
    const zstdColumn = zstdFrame(Array.from({ length: 7 }, () => rleBlock(128 * KiB)))
    const lz4Column = lz4Frame([{ bytes: lz4ZerosBlock(896 * KiB) }], { blockMaxCode: 6 })
    expect(zstd(zstdColumn).length).toBe(896 * KiB)
    expect(lz4(lz4Column).length).toBe(896 * KiB)
    expect(() => zstd(zstdColumn)).toThrow(
      `Zstandard: the frames' raw and RLE blocks alone make ${896 * KiB} bytes, more than the ${256 * KiB} allowed. Arrow data may decode to ${2 * MiB} bytes in all, and the buffers before this one took ${1792 * KiB}.`
    )
    expect(() => lz4(lz4Column)).toThrow(/^LZ4: .* Arrow data may decode to 2097152 bytes in all/)
    await Promise.resolve()
    expect(zstd(zstdColumn).length).toBe(896 * KiB)
  })
})
