/**
 * Crafted import files for tests of the readers' bounds, built here rather than stored.
 */
import { Field, Int32, makeData, RecordBatch, RecordBatchStreamWriter, Schema, Struct } from 'apache-arrow'

/** Rows the bomb's record batch declares: 2^31-1. */
export const BOMB_ROWS = 2 ** 31 - 1

/**
 * A 296-byte Arrow IPC stream whose one record batch declares 2^31-1 rows of an int32
 * column backed by 4 bytes. Decoding it takes the declared length on trust; a reader that
 * then allocates per row runs out of memory.
 */
export function arrowBomb(): Uint8Array {
  const type = new Int32()
  const field = new Field('x', type, true)
  const schema = new Schema([field])
  const column = makeData({ type, length: BOMB_ROWS, nullCount: 0, data: new Int32Array(1) })
  const batch = makeData({ type: new Struct([field]), length: BOMB_ROWS, nullCount: 0, children: [column] })
  const writer = new RecordBatchStreamWriter()
  writer.reset(undefined, schema)
  writer.write(new RecordBatch(schema, batch))
  writer.close()
  return writer.toUint8Array(true)
}
