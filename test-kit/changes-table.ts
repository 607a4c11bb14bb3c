/**
 * A table changed in known ways between two versions, made by LanceDB itself: 120 rows,
 * then 10 deleted, 5 updated, 7 added (optionally a compaction) and a column `w` added.
 * The truth: 7 added, 10 deleted, 5 updated, one column added.
 */
import { connect } from '@lancedb/lancedb'

export const CHANGES_TABLE = 'changes'
export const CHANGES_TRUTH = { added: '7', deleted: '10', updated: '5' } as const

function rows(first: number, n: number): { id: number; v: number; s: string }[] {
  return Array.from({ length: n }, (_, i) => ({ id: first + i, v: first + i, s: `row ${first + i}` }))
}

/** Builds the table in `root`; answers the version before the changes and the latest. */
export async function buildChangesTable(root: string, stable: boolean, compact = false, name = CHANGES_TABLE): Promise<{ from: string; to: string }> {
  const db = await connect(root)
  const t = await db.createTable(name, rows(0, 100), stable ? { storageOptions: { new_table_enable_stable_row_ids: 'true' } } : {})
  await t.add(rows(100, 20))
  const from = String(await t.version())
  await t.delete('id < 10')
  await t.update({ where: 'id >= 50 AND id < 55', values: { v: '-1' } })
  await t.add(rows(200, 7))
  if (compact) await t.optimize({ cleanupOlderThan: new Date(0) })
  await t.addColumns([{ name: 'w', valueSql: 'v * 2' }])
  const to = String(await t.version())
  t.close()
  db.close()
  return { from, to }
}

/** A table of 10 rows, then `added` more appended: answers the two versions. */
export async function buildAppendedTable(root: string, name: string, added: number, stable = false): Promise<{ from: string; to: string }> {
  const db = await connect(root)
  const t = await db.createTable(name, rows(0, 10), stable ? { storageOptions: { new_table_enable_stable_row_ids: 'true' } } : {})
  const from = String(await t.version())
  await t.add(rows(1000, added))
  const to = String(await t.version())
  t.close()
  db.close()
  return { from, to }
}

/** Appends `n` rows with ids from `first` to the table `name`: answers the new version. */
export async function appendRows(root: string, name: string, first: number, n: number): Promise<string> {
  const db = await connect(root)
  const t = await db.openTable(name)
  await t.add(rows(first, n))
  const version = String(await t.version())
  t.close()
  db.close()
  return version
}
