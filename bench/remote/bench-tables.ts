/**
 * The benchmark's tables: rows of an int32 `id`, a short `text` and a `vector` of 32
 * float32s (seeded random values), written through LanceDB; and many one-row tables in a
 * local folder, made by copying one table's folder, so hundreds take a second or two.
 */
import { cp } from 'node:fs/promises'
import { join } from 'node:path'
import { connect, connectNamespace, Index } from '@lancedb/lancedb'
import { lanceArrow as arrow } from '../../src/catalog/lance-arrow'
import { storageProperties, type StorageOptions } from './slow-store'

/** Length of every row's vector. */
export const DIMENSION = 32

/** The IVF_PQ index's shape: partitions about sqrt(50,000) / 4, sub-vectors of 8 floats. */
export const INDEX_PARTITIONS = 64
export const INDEX_SUB_VECTORS = 4

const WORDS = ['amber', 'birch', 'cedar', 'delta', 'ember', 'fjord', 'grove', 'heath', 'inlet', 'juniper']

/** `rows` rows of the benchmark's schema; the same seed gives the same values. */
export function benchRows(rows: number, seed = 42): InstanceType<typeof arrow.Table> {
  const random = mulberry32(seed)
  const item = new arrow.Field('item', new arrow.Float32(), true)
  const schema = new arrow.Schema([
    new arrow.Field('id', new arrow.Int32(), false),
    new arrow.Field('text', new arrow.Utf8(), true),
    new arrow.Field('vector', new arrow.FixedSizeList(DIMENSION, item), false)
  ])
  const ids = arrow.makeData({ type: new arrow.Int32(), length: rows, nullCount: 0, data: Int32Array.from({ length: rows }, (_, i) => i) })
  const [text] = arrow.vectorFromArray(
    Array.from({ length: rows }, (_, i) => `row ${i}: ${WORDS[i % WORDS.length]} ${WORDS[(i * 7) % WORDS.length]}`),
    new arrow.Utf8()
  ).data
  if (!text) throw new Error('no text column was built')
  const values = arrow.makeData({
    type: new arrow.Float32(),
    length: rows * DIMENSION,
    nullCount: 0,
    data: Float32Array.from({ length: rows * DIMENSION }, () => random() * 2 - 1)
  })
  const vectors = arrow.makeData({ type: new arrow.FixedSizeList(DIMENSION, item), length: rows, nullCount: 0, child: values })
  const struct = arrow.makeData({ type: new arrow.Struct(schema.fields), length: rows, nullCount: 0, children: [ids, text, vectors] })
  return new arrow.Table([new arrow.RecordBatch(schema, struct)])
}

/** Writes `names` as tables of `rows` rows each in a dir catalog at `root` on the store. */
export async function writeTables(root: string, storage: StorageOptions, names: readonly string[], rows: number): Promise<void> {
  const db = await connectNamespace('dir', { root, ...storageProperties(storage) })
  try {
    const data = benchRows(rows)
    for (const name of names) (await db.createTable(name, data, { storageOptions: { ...storage } })).close()
  } finally {
    db.close()
  }
}

/** Builds an IVF_PQ index (L2) on the `vector` column of table `name`. */
export async function indexVectors(root: string, storage: StorageOptions, name: string): Promise<void> {
  const db = await connectNamespace('dir', { root, ...storageProperties(storage) })
  try {
    const table = await db.openTable(name, [], { storageOptions: { ...storage } })
    await table.createIndex('vector', { config: Index.ivfPq({ numPartitions: INDEX_PARTITIONS, numSubVectors: INDEX_SUB_VECTORS, distanceType: 'l2' }) })
    table.close()
  } finally {
    db.close()
  }
}

/** Makes `count` one-row tables `t0` … in a local folder (a catalog of `name.lance` folders). */
export async function copySmallTables(folder: string, count: number): Promise<void> {
  const db = await connect(folder)
  try {
    ;(await db.createTable('t0', benchRows(1))).close()
  } finally {
    db.close()
  }
  // A Lance table's files name no path, so a copied folder is a table of its own.
  for (let i = 1; i < count; i++) await cp(join(folder, 't0.lance'), join(folder, `t${i}.lance`), { recursive: true })
}

/** mulberry32: fast, seeded, good enough for benchmark data. */
function mulberry32(start: number): () => number {
  let seed = start
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
