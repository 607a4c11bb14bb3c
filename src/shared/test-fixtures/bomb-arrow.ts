/**
 * Test fixtures: Arrow IPC streams whose compressed buffers are hostile frames (from
 * ./hostile-compression.ts). Each buffer's 8-byte uncompressed length is the real, small
 * one, so a check of those lengths alone passes the stream: only the codec can refuse it.
 */
import { compressionRegistry, CompressionType, Field, Float64, makeData, RecordBatch, RecordBatchStreamWriter, Schema, Struct, Table } from 'apache-arrow'

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
