/**
 * Test fixtures: Arrow IPC streams whose compressed buffers are hostile frames (from
 * ./hostile-compression.ts). Each buffer's 8-byte uncompressed length is the real, small
 * one, so a check of those lengths alone passes the stream: only the codec can refuse it.
 */
import { compressionRegistry, CompressionType, Field, Float64, makeData, RecordBatch, RecordBatchStreamWriter, Schema, Struct, Table } from 'apache-arrow'
import { hostileLz4, hostileZstd, lz4ZerosFrame, zstdRleFrame } from './hostile-compression'

/**
 * A stream of one record batch of `columns` float64 columns of `rows` rows, each column's
 * values compressed as `frame` (LZ4_FRAME or ZSTD per `type`). apache-arrow stores a buffer
 * uncompressed when the encoding is not smaller, so `rows * 8` must exceed the frame's size.
 */
export function bombArrowStream(type: CompressionType.LZ4_FRAME | CompressionType.ZSTD, frame: Uint8Array, columns = 1, rows = 1024): Uint8Array {
  if (rows * 8 <= frame.length) throw new Error(`A column of ${rows} float64 rows is not larger than the ${frame.length}-byte frame.`)
  const fields = Array.from({ length: columns }, (_, index) => new Field(`c${index}`, new Float64(), false))
  const children = fields.map(() => makeData({ type: new Float64(), length: rows, data: new Float64Array(rows) }))
  const batch = new RecordBatch(new Schema(fields), makeData({ type: new Struct(fields), length: rows, children }))
  // The writer compresses with the registered codec; lend it one that answers with the frame.
  const registered = compressionRegistry.get(type)
  compressionRegistry.set(type, { encode: () => frame, decode: (data) => data })
  try {
    return RecordBatchStreamWriter.writeAll(new Table([batch]), { compressionType: type }).toUint8Array(true)
  } finally {
    compressionRegistry.set(type, registered as NonNullable<typeof registered>)
  }
}

/** A stream of `columns` columns each compressed as `frame`, with rows enough to need it. */
function bombStream(type: CompressionType.LZ4_FRAME | CompressionType.ZSTD, frame: Uint8Array, columns = 1): Uint8Array {
  return bombArrowStream(type, frame, columns, Math.max(1024, Math.ceil(frame.length / 8) + 1))
}

/**
 * Every class of compressed Arrow bomb, from `seed`: its name, a maker of its bytes (made
 * when a test runs it) and what the bounded codecs' refusal says.
 */
export function compressedArrowBombs(seed: number): readonly (readonly [string, () => Uint8Array, RegExp])[] {
  return [
    [
      'four ZSTD columns declaring 2 GiB each',
      () => bombStream(CompressionType.ZSTD, hostileZstd(seed)['declares 2 GiB of content'] as Uint8Array, 4),
      /Zstandard: the frame declares/
    ],
    [
      'ZSTD RLE blocks over the maximum',
      () => bombStream(CompressionType.ZSTD, hostileZstd(seed)['RLE blocks larger than the maximum'] as Uint8Array),
      /Block_Maximum_Size/
    ],
    [
      'valid ZSTD RLE blocks making 2 GiB',
      () => bombStream(CompressionType.ZSTD, zstdRleFrame(16_384)),
      /Zstandard: the frames' raw and RLE blocks alone make/
    ],
    [
      'an LZ4 match before the output',
      () => bombStream(CompressionType.LZ4_FRAME, hostileLz4(seed)['match before the output'] as Uint8Array),
      /LZ4: a match reaches/
    ],
    ['LZ4 declaring 2 GiB', () => bombStream(CompressionType.LZ4_FRAME, hostileLz4(seed)['declares 2 GiB of content'] as Uint8Array, 2), /LZ4: /],
    ['8.4 MB of valid LZ4 making 2 GiB', () => bombStream(CompressionType.LZ4_FRAME, lz4ZerosFrame(512)), /LZ4: the frame would decode to up to/]
  ]
}
