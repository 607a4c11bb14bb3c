/**
 * A LanceDB table for the export tests: `rows` rows with an int64 id, a string that is
 * null on every tenth row, a float, a bool, a microsecond UTC timestamp and a 4-float
 * vector. `EXPORT_FILTER` keeps the rows with id below `kept`. Plain Node (Vitest and
 * Playwright both use it).
 */
import type { Connection, Table as LanceTable } from '@lancedb/lancedb'
import type { FixedSizeList as FixedSizeListType, Float32 as Float32Type } from 'apache-arrow'
// LanceDB takes only tables built with its own Arrow copy.
import { lanceArrow as arrow } from '../src/catalog/lance-arrow'
const { Bool, Field, FixedSizeList, Float32, Float64, Int64, makeData, makeVector, RecordBatch, Schema, Table, TimestampMicrosecond, Utf8, vectorFromArray } =
  arrow

/** The table's name. */
export const EXPORT_TABLE = 'events'
/** The filter the tests export with: it keeps ids 0 to kept - 1. */
export const exportFilter = (kept: number): string => `id < ${kept}`
const DIM = 4
const T0 = 1_700_000_000_000_000n

/** Row `id`'s values as the tests expect them back. */
export function exportRow(id: number): { id: number; name: string | null; score: number; flag: boolean; tsMicros: bigint; vector: number[] } {
  return {
    id,
    name: id % 10 === 0 ? null : `event ${id}, "quoted"`,
    score: id * 0.25,
    flag: id % 3 === 0,
    tsMicros: T0 + BigInt(id) * 1_000_001n,
    vector: Array.from({ length: DIM }, (_, k) => Math.fround((id % 1000) / 8 + k))
  }
}

/** Makes the table in `db` (replacing one of the same name) with `rows` rows. */
export async function makeExportTable(db: Connection, rows: number, name = EXPORT_TABLE): Promise<LanceTable> {
  const schema = new Schema([
    new Field('id', new Int64(), false),
    new Field('name', new Utf8(), true),
    new Field('score', new Float64(), false),
    new Field('flag', new Bool(), false),
    new Field('ts', new TimestampMicrosecond('UTC'), false),
    new Field('vector', new FixedSizeList(DIM, new Field('item', new Float32(), true)), false)
  ])
  const values = Array.from({ length: rows }, (_, i) => exportRow(i))
  const vector = makeData({
    type: schema.fields[5]!.type as FixedSizeListType<Float32Type>,
    length: rows,
    nullCount: 0,
    child: makeData({ type: new Float32(), length: rows * DIM, data: Float32Array.from(values.flatMap((v) => v.vector)) })
  })
  const table = new Table({
    id: makeVector(makeData({ type: new Int64(), length: rows, data: BigInt64Array.from(values, (v) => BigInt(v.id)) })),
    name: vectorFromArray(
      values.map((v) => v.name),
      new Utf8()
    ),
    score: makeVector(Float64Array.from(values, (v) => v.score)),
    flag: vectorFromArray(
      values.map((v) => v.flag),
      new Bool()
    ),
    ts: makeVector(makeData({ type: new TimestampMicrosecond('UTC'), length: rows, data: BigInt64Array.from(values, (v) => v.tsMicros) })),
    vector: makeVector(vector)
  })
  // `new Table` marks every field nullable; keep the schema's nullability (only name holds nulls).
  const data = new Table(
    schema,
    table.batches.map((batch) => new RecordBatch(schema, batch.data))
  )
  return db.createTable(name, data, { mode: 'overwrite' })
}
