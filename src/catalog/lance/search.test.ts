/**
 * Search through every way the app reaches a table: a directory catalog (LanceDB), a REST
 * catalog with the spec's query and explain routes (the reference server), and a
 * metadata-only REST catalog read at the table's location. Each must find a row as its
 * own nearest neighbour, find the known phrase, refuse a vector of the wrong length with
 * a message naming both lengths, and explain a plan.
 */
import { connect } from '@lancedb/lancedb'
import { tableFromIPC } from 'apache-arrow'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeTempDir, removeDir } from '../../../test-kit/lancedb-catalog'
import {
  NATIVE_PHRASE,
  NATIVE_PHRASE_ROW,
  NATIVE_TABLE,
  NATIVE_VECTOR_DIMENSION,
  makeLanceNativeTable,
  nativeVector
} from '../../../test-kit/lance-native-table'
import { startCatalogServer, type RunningCatalogServer } from '../../../server/server'
import type { SearchSpec } from '../../shared/contract/search'
import { openDirNamespace } from '../dir/dir-namespace'
import type { NamespaceClient } from '../namespace-client'
import { openRestCatalog } from '../rest/rest-namespace'

let root: string
let routes: RunningCatalogServer
let metadataOnly: RunningCatalogServer
const log: string[] = []
const table = { namespace: [], name: NATIVE_TABLE }

beforeAll(async () => {
  root = await makeTempDir('search')
  const db = await connect(root)
  ;(await makeLanceNativeTable(db)).close()
  db.close()
  routes = await startCatalogServer({ root, log: (line) => log.push(line) })
  metadataOnly = await startCatalogServer({ root, dataRoutes: false })
}, 60_000)

afterAll(async () => {
  await routes?.close()
  await metadataOnly?.close()
  await removeDir(root)
})

const similar = (id: number, extra: Partial<Extract<SearchSpec['query'], { kind: 'vector' }>> = {}): SearchSpec => ({
  query: { kind: 'vector', column: 'vector', vector: nativeVector(id), distanceType: 'l2', k: 5, ...extra }
})

const clients: Record<string, () => Promise<NamespaceClient>> = {
  dir: () => openDirNamespace(root),
  'REST routes': async () => openRestCatalog({ uri: routes.url }),
  'REST at the location': async () => openRestCatalog({ uri: metadataOnly.url })
}

describe.each(Object.keys(clients))('search over %s', (kind) => {
  let client: NamespaceClient
  beforeAll(async () => {
    client = await (clients[kind] as () => Promise<NamespaceClient>)()
  })
  afterAll(async () => client?.close())

  it('finds a row as its own nearest neighbour at distance 0, with the chosen columns and filter', async () => {
    for (const id of [7, 420]) {
      const page = await client.table(table).searchRows({ ...similar(id, { refineFactor: 2 }), columns: ['id', 'text'], filter: 'id >= 0' })
      const rows = tableFromIPC(page.arrow)
      expect(rows.schema.fields.map((f) => f.name)).toEqual(['id', 'text', '_distance'])
      expect(Number(rows.getChild('id')?.get(0))).toBe(id)
      expect(rows.getChild('_distance')?.get(0)).toBe(0)
      expect(page.rowCount).toBe(5)
    }
  })

  it('applies the filter to the neighbours', async () => {
    const rows = tableFromIPC((await client.table(table).searchRows({ ...similar(7, { distanceType: 'cosine', k: 20 }), filter: 'id >= 100' })).arrow)
    const ids = Array.from(rows.getChild('id')?.toArray() ?? [], Number)
    expect(ids.length).toBeGreaterThan(0)
    expect(ids.every((id) => id >= 100)).toBe(true)
  })

  it('finds the known phrase by full-text search', async () => {
    const page = await client.table(table).searchRows({ query: { kind: 'fts', text: NATIVE_PHRASE, k: 10 } })
    const rows = tableFromIPC(page.arrow)
    expect(Array.from(rows.getChild('id')?.toArray() ?? [], Number)).toEqual([NATIVE_PHRASE_ROW])
    expect(rows.schema.fields.some((f) => f.name === '_score')).toBe(true)
  })

  it('refuses a vector of the wrong length, naming both lengths', async () => {
    await expect(client.table(table).searchRows({ query: { ...similar(1).query, vector: [1, 2, 3] } as SearchSpec['query'] })).rejects.toThrow(
      `The query vector has 3 values, but column "vector" holds vectors of ${NATIVE_VECTOR_DIMENSION}`
    )
  })

  it("explains a search with LanceDB's plan", async () => {
    expect(await client.table(table).explainSearch(similar(3, { nprobes: 2 }))).toMatch(/KNNVectorDistance|ANNSubIndex/)
    expect(await client.table(table).explainSearch({ query: { kind: 'fts', text: NATIVE_PHRASE, k: 3 }, filter: 'id < 100' })).toMatch(/MatchQuery/)
    // The plain rows' query (no search) has a plan too, with its filter in it.
    const plain = await client.table(table).explainSearch({ query: { kind: 'scan', k: 100 }, columns: ['id'], filter: 'id >= 250' })
    expect(plain).toMatch(/LanceRead|LanceScan/)
    expect(plain).toMatch(/id >= /)
    expect(plain).not.toMatch(/KNN|MatchQuery/)
  })

  it('tells the vector columns with their index and the full-text indexed columns', async () => {
    expect(await client.table(table).searchInfo()).toEqual({
      vectorColumns: [{ name: 'vector', dimension: NATIVE_VECTOR_DIMENSION, indexType: 'IVF_PQ' }],
      ftsColumns: ['text']
    })
  })
})

it('the REST client searches and explains through the query and explain_plan routes', () => {
  expect(log.some((line) => /\/v1\/table\/articles\/query\S* -> 200/.test(line))).toBe(true)
  expect(log.some((line) => /\/v1\/table\/articles\/explain_plan\S* -> 200/.test(line))).toBe(true)
})
