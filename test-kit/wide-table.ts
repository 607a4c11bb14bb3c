/**
 * A large LanceDB table for read tests and the reads benchmark: `rows` rows of an int32
 * `id` (0, 1, 2, ...) and a `payload` string of `rowBytes` bytes. The payload column is
 * built straight from one repeated buffer, so making 100,000 rows of 4.6 KB takes seconds.
 */
import { connectNamespace } from '@lancedb/lancedb'
import { lanceArrow as arrow } from '../src/catalog/lance-arrow'

/** Rows per write: about 46 MB of payload at 4.6 KB a row. */
const WRITE_ROWS = 10_000

/** Creates table `name` at the root of the dir catalog in `root`. */
export async function createWideTable(root: string, name: string, rows: number, rowBytes: number): Promise<void> {
  const db = await connectNamespace('dir', { root })
  try {
    const schema = new arrow.Schema([new arrow.Field('id', new arrow.Int32(), false), new arrow.Field('payload', new arrow.Utf8(), false)])
    const table = await db.createEmptyTable(name, schema, [])
    try {
      for (let start = 0; start < rows; start += WRITE_ROWS) await table.add(batchOf(schema, start, Math.min(WRITE_ROWS, rows - start), rowBytes))
    } finally {
      table.close()
    }
  } finally {
    db.close()
  }
}

function batchOf(schema: InstanceType<typeof arrow.Schema>, start: number, count: number, rowBytes: number): InstanceType<typeof arrow.Table> {
  const ids = arrow.makeData({ type: new arrow.Int32(), length: count, nullCount: 0, data: Int32Array.from({ length: count }, (_, i) => start + i) })
  const offsets = Int32Array.from({ length: count + 1 }, (_, i) => i * rowBytes)
  const text = Buffer.alloc(count * rowBytes, 'lance catalog browser payload ')
  const payload = arrow.makeData({ type: new arrow.Utf8(), length: count, nullCount: 0, valueOffsets: offsets, data: text })
  const struct = arrow.makeData({ type: new arrow.Struct(schema.fields), length: count, nullCount: 0, children: [ids, payload] })
  return new arrow.Table([new arrow.RecordBatch(schema, struct)])
}
