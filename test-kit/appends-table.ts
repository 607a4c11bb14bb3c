/**
 * A table that needs maintenance, made by LanceDB itself: 50 small appends of 10 rows, a
 * BTREE index on `id` built after 40 of them (so the last 100 rows are unindexed), then
 * one row deleted from each of the first 20 appends (20 deleted rows still stored, no
 * fragment emptied). `lanceNumbers` reads what LanceDB's own SDK says of it.
 */
import { connect } from '@lancedb/lancedb'

export const APPENDS_TABLE = 'appends'
export const APPENDS = 50
export const ROWS_PER_APPEND = 10
export const INDEXED_APPENDS = 40
/** One row in each of the first 20 appends. */
export const APPENDS_DELETE = 'id % 10 = 3 AND id < 200'
export const APPENDS_DELETED = 20

function rows(first: number): { id: number; label: string }[] {
  return Array.from({ length: ROWS_PER_APPEND }, (_, i) => ({ id: first + i, label: `row ${first + i}` }))
}

/** Builds the table in the catalog at `root`; `stable` turns on stable row ids. */
export async function buildAppendsTable(root: string, stable = false): Promise<void> {
  const db = await connect(root)
  const table = await db.createTable(APPENDS_TABLE, rows(0), stable ? { storageOptions: { new_table_enable_stable_row_ids: 'true' } } : {})
  for (let k = 1; k < APPENDS; k++) {
    if (k === INDEXED_APPENDS) await table.createIndex('id')
    await table.add(rows(k * ROWS_PER_APPEND))
  }
  await table.delete(APPENDS_DELETE)
  table.close()
  db.close()
}

/** What LanceDB's SDK says of the table, on a connection of its own. */
export interface LanceNumbers {
  readonly fragments: number
  readonly small: number
  readonly rows: number
  /** Rows deleted but still stored, from the latest version's summary. */
  readonly deleted: number
  readonly unindexed: number
  readonly versions: readonly number[]
  readonly tags: readonly string[]
  readonly lengths: object
}

/** LanceDB's own numbers for the table in `root`. */
export async function lanceNumbers(root: string): Promise<LanceNumbers> {
  const db = await connect(root)
  const table = await db.openTable(APPENDS_TABLE)
  try {
    const stats = await table.stats()
    const versions = await table.listVersions()
    const latest = versions.reduce((a, b) => (b.version > a.version ? b : a))
    const index = await table.indexStats('id_idx')
    return {
      fragments: stats.fragmentStats.numFragments,
      small: stats.fragmentStats.numSmallFragments,
      rows: stats.numRows,
      deleted: Number(latest.metadata['total_deletion_file_rows']),
      unindexed: index?.numUnindexedRows ?? -1,
      versions: versions.map((v) => v.version).sort((a, b) => a - b),
      tags: Object.keys(await (await table.tags()).list()).sort(),
      lengths: { ...stats.fragmentStats.lengths }
    }
  } finally {
    table.close()
    db.close()
  }
}

/** Tags `version` of the table in `root` as `tag`, with LanceDB's SDK. */
export async function tagAppendsVersion(root: string, tag: string, version: number): Promise<void> {
  const db = await connect(root)
  const table = await db.openTable(APPENDS_TABLE)
  await (await table.tags()).create(tag, version)
  table.close()
  db.close()
}
