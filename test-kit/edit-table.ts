/**
 * A small LanceDB table to edit, in a directory catalog: `items` with an int64 `id` (the
 * table's unenforced primary key when asked for), a nullable `name` and a non-null int32
 * `qty`. Ids are 10 apart so a row's key never equals its position. `readItems` reads it
 * back through LanceDB's SDK, with its version, to check what a commit wrote.
 */
import { connect } from '@lancedb/lancedb'
import { lanceArrow } from '../src/catalog/lance-arrow'

/** The table's name. */
export const EDIT_TABLE = 'items'

/** The metadata with which Lance marks a column as (part of) the unenforced primary key. */
const PRIMARY_KEY = 'lance-schema:unenforced-primary-key:position'

/** Row `i` of the table. */
export function itemRow(i: number): { id: bigint; name: string | null; qty: number } {
  return { id: BigInt(i * 10), name: i === 3 ? null : `item ${i}`, qty: i }
}

/** Makes `items` with `rows` rows in the catalog at `root`; `primaryKey` marks `id` as the key. */
export async function makeEditTable(root: string, rows: number, primaryKey: boolean): Promise<void> {
  const { Field, Int32, Int64, RecordBatch, Schema, Struct, Utf8, makeData, vectorFromArray } = lanceArrow
  const idField = new Field('id', new Int64(), false, primaryKey ? new Map([[PRIMARY_KEY, '0']]) : null)
  const schema = new Schema([idField, new Field('name', new Utf8(), true), new Field('qty', new Int32(), false)])
  const all = Array.from({ length: rows }, (_, i) => itemRow(i))
  const children = [
    vectorFromArray(
      all.map((row) => row.id),
      new Int64()
    ).data[0]!,
    vectorFromArray(
      all.map((row) => row.name),
      new Utf8()
    ).data[0]!,
    vectorFromArray(
      all.map((row) => row.qty),
      new Int32()
    ).data[0]!
  ]
  const table = new lanceArrow.Table([new RecordBatch(schema, makeData({ type: new Struct(schema.fields), length: rows, nullCount: 0, children }))])
  const db = await connect(root)
  try {
    ;(await db.createTable(EDIT_TABLE, table, { mode: 'overwrite' })).close()
  } finally {
    db.close()
  }
}

/** The table as LanceDB reads it: its latest version and its rows by id (as decimal text). */
export async function readItems(root: string): Promise<{ version: number; rows: Map<string, { name: string | null; qty: number }> }> {
  const db = await connect(root)
  const table = await db.openTable(EDIT_TABLE)
  try {
    const version = await table.version()
    const rows = new Map<string, { name: string | null; qty: number }>()
    for (const row of (await table.query().toArray()) as Array<{ id: bigint | number; name: string | null; qty: number }>) {
      rows.set(String(row.id), { name: row.name, qty: Number(row.qty) })
    }
    return { version, rows }
  } finally {
    table.close()
    db.close()
  }
}
