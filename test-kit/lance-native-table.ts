/**
 * A LanceDB-made table with what makes Lance tables more than rows: several versions, a
 * vector index and a full-text index. Shared by the tests of versions, indexes, search,
 * schema evolution and export, over directory and REST catalogs alike (the reference
 * server serves the same folder). Plain Node so Vitest and Playwright can both use it.
 *
 * History (each step is one version):
 *   1. create with 300 rows (ids 0-299)
 *   2. IVF_PQ index on `vector`
 *   3. FTS index on `text`
 *   4. add 200 rows (ids 300-499)
 */
import { Index, type Connection, type Table } from '@lancedb/lancedb'

/** The table's name in the catalog's root. */
export const NATIVE_TABLE = 'articles'
/** Length of the `vector` column. */
export const NATIVE_VECTOR_DIMENSION = 16
/** Rows the table holds at versions 1, 2, 3 and 4. */
export const NATIVE_VERSION_ROWS = [300, 300, 300, 500] as const
/** The phrase only row `NATIVE_PHRASE_ROW`'s text holds. */
export const NATIVE_PHRASE = 'quantum lighthouse'
export const NATIVE_PHRASE_ROW = 42
/** The index names LanceDB gives by default (`<column>_idx`). */
export const NATIVE_VECTOR_INDEX = 'vector_idx'
export const NATIVE_TEXT_INDEX = 'text_idx'

const TOPICS = ['harbour', 'orchard', 'glacier', 'market', 'library', 'canyon', 'festival', 'railway']

/** Row `id`'s vector: distinct for every id, so a row is its own nearest neighbour. */
export function nativeVector(id: number): number[] {
  return Array.from({ length: NATIVE_VECTOR_DIMENSION }, (_, k) => Math.sin(id * 0.37 + k * 1.3) + (k === id % NATIVE_VECTOR_DIMENSION ? 2 : 0))
}

/** Row `id` as LanceDB takes it. */
export function nativeRow(id: number): { id: number; text: string; category: string; vector: number[] } {
  const topic = TOPICS[id % TOPICS.length] ?? 'misc'
  const text = id === NATIVE_PHRASE_ROW ? `A note on the ${NATIVE_PHRASE} near the ${topic}` : `Article ${id} about the ${topic}`
  return { id, text, category: topic, vector: nativeVector(id) }
}

function rows(from: number, to: number): Array<Record<string, unknown>> {
  return Array.from({ length: to - from }, (_, index) => nativeRow(from + index))
}

/** Makes the table in `db` (replacing one of the same name) and returns it at version 4. */
export async function makeLanceNativeTable(db: Connection, name = NATIVE_TABLE): Promise<Table> {
  const table = await db.createTable(name, rows(0, 300), { mode: 'overwrite' })
  await table.createIndex('vector', { config: Index.ivfPq({ numPartitions: 2, numSubVectors: 4 }) })
  await table.createIndex('text', { config: Index.fts() })
  await table.add(rows(300, 500))
  return table
}
