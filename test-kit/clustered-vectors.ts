/**
 * A LanceDB table of clustered vectors for the embedding map's tests and bench: `rows`
 * rows with an int64 `id`, a `cluster` name (`c0`, `c1`, ...), a `score` and a float32
 * `vector` of `dimension` drawn around one of `clusters` well-separated centres (row i is
 * in cluster i % clusters). `unplaced` adds rows at the end whose vectors hold NaN, are
 * all zeros, or repeat one value. Plain Node (Vitest, Playwright and the bench use it).
 */
import type { Connection, Table as LanceTable } from '@lancedb/lancedb'
import type { FixedSizeList as FixedSizeListType, Float32 as Float32Type } from 'apache-arrow'
// LanceDB takes only tables built with its own Arrow copy.
import { lanceArrow as arrow } from '../src/catalog/lance-arrow'
import { mulberry32 } from './prng'

const { Field, FixedSizeList, Float32, Float64, Int64, makeData, makeVector, RecordBatch, Schema, Table, Utf8, vectorFromArray } = arrow

/** What the table holds. */
export interface ClusteredSpec {
  readonly rows: number
  readonly clusters: number
  readonly dimension: number
  /** Extra rows per unplaceable kind (NaN, zeros, constant); none when left out. */
  readonly unplaced?: number
  readonly seed?: number
}

/** The cluster of row `id` (for the placeable rows), as the `cluster` column names it. */
export const clusterOf = (id: number, clusters: number): string => `c${id % clusters}`

/** Rows `first` to `first + count - 1` as an Arrow table (the bench writes a million in parts). */
export function clusteredBatch(spec: ClusteredSpec, first: number, count: number): InstanceType<typeof Table> {
  const { clusters, dimension } = spec
  const rng = mulberry32((spec.seed ?? 7) + first)
  const random = (): number => rng.next()
  const centres = Array.from({ length: clusters }, (_, c) => {
    // Centre c: a distinct random direction, scaled so clusters sit far apart against the noise.
    const centreRandom = mulberry32(1000 + c)
    return Float32Array.from({ length: dimension }, () => (centreRandom.next() - 0.5) * 10)
  })
  const values = new Float32Array(count * dimension)
  const ids = new BigInt64Array(count)
  const names: string[] = []
  const scores = new Float64Array(count)
  const unplaced = spec.unplaced ?? 0
  for (let r = 0; r < count; r++) {
    const id = first + r
    ids[r] = BigInt(id)
    scores[r] = (id % 100) / 10
    if (id < spec.rows) {
      const centre = centres[id % clusters]!
      for (let j = 0; j < dimension; j++) values[r * dimension + j] = centre[j]! + (random() - 0.5)
      names.push(clusterOf(id, clusters))
    } else {
      // The unplaceable rows after the others: NaN, then zeros, then a repeated value.
      const kind = Math.floor((id - spec.rows) / unplaced)
      for (let j = 0; j < dimension; j++) values[r * dimension + j] = kind === 0 ? (j === 0 ? NaN : 1) : kind === 1 ? 0 : 0.5
      names.push(['nan', 'zero', 'constant'][kind] ?? 'other')
    }
  }
  const schema = new Schema([
    new Field('id', new Int64(), false),
    new Field('cluster', new Utf8(), false),
    new Field('score', new Float64(), false),
    new Field('vector', new FixedSizeList(dimension, new Field('item', new Float32(), true)), false)
  ])
  const vector = makeData({
    type: schema.fields[3]!.type as FixedSizeListType<Float32Type>,
    length: count,
    nullCount: 0,
    child: makeData({ type: new Float32(), length: count * dimension, data: values })
  })
  const table = new Table({
    id: makeVector(makeData({ type: new Int64(), length: count, data: ids })),
    cluster: vectorFromArray(names, new Utf8()),
    score: makeVector(scores),
    vector: makeVector(vector)
  })
  return new Table(
    schema,
    table.batches.map((batch) => new RecordBatch(schema, batch.data))
  )
}

/**
 * Makes the table `name` in `db` (replacing one of the same name), writing in parts of at
 * most 100,000 rows; `storageOptions` for a catalog on an object store (LanceDB 0.39 needs
 * them again for each table it creates there).
 */
export async function makeClusteredTable(
  db: Connection,
  name: string,
  spec: ClusteredSpec,
  storageOptions: Readonly<Record<string, string>> = {}
): Promise<LanceTable> {
  const total = spec.rows + 3 * (spec.unplaced ?? 0)
  const part = 100_000
  const table = await db.createTable(name, clusteredBatch(spec, 0, Math.min(part, total)), { mode: 'overwrite', storageOptions: { ...storageOptions } })
  for (let first = part; first < total; first += part) await table.add(clusteredBatch(spec, first, Math.min(part, total - first)))
  return table
}
