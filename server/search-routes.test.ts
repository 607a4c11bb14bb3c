/**
 * The reference server's search at the HTTP level, with spec-shaped bodies: `query` with
 * `vector` or `full_text_query` answers Arrow IPC file data, `explain_plan` a bare JSON
 * string, and what the server does not implement, or a vector of the wrong length, a 400
 * that says so.
 */
import { connect } from '@lancedb/lancedb'
import { tableFromIPC } from 'apache-arrow'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeTempDir, removeDir } from '../test-kit/lancedb-catalog'
import { NATIVE_PHRASE, NATIVE_PHRASE_ROW, makeLanceNativeTable, nativeVector } from '../test-kit/lance-native-table'
import { startCatalogServer, type RunningCatalogServer } from './server'

let root: string
let server: RunningCatalogServer

beforeAll(async () => {
  root = await makeTempDir('search-routes')
  const db = await connect(root)
  ;(await makeLanceNativeTable(db)).close()
  db.close()
  server = await startCatalogServer({ root })
}, 60_000)

afterAll(async () => {
  await server?.close()
  await removeDir(root)
})

async function post(action: string, json: unknown): Promise<{ status: number; contentType: string; bytes: Uint8Array; text: string }> {
  const response = await fetch(`${server.url}/v1/table/articles/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(json)
  })
  const bytes = new Uint8Array(await response.arrayBuffer())
  return { status: response.status, contentType: response.headers.get('content-type') ?? '', bytes, text: new TextDecoder().decode(bytes) }
}

describe('query with a search', () => {
  it('finds the nearest rows of a single_vector, nearest first, as an Arrow IPC file', async () => {
    const answer = await post('query', {
      id: ['articles'],
      vector: { single_vector: nativeVector(12) },
      vector_column: 'vector',
      distance_type: 'l2',
      k: 3,
      columns: { column_names: ['id'] },
      filter: 'id < 400'
    })
    expect(answer.status).toBe(200)
    expect(answer.contentType).toBe('application/vnd.apache.arrow.file')
    const rows = tableFromIPC(answer.bytes)
    expect(rows.schema.fields.map((f) => f.name)).toEqual(['id', '_distance'])
    expect(Number(rows.getChild('id')?.get(0))).toBe(12)
    expect(rows.numRows).toBe(3)
  })

  it('takes a bare vector without vector_column (the one column of that dimension)', async () => {
    const rows = tableFromIPC((await post('query', { vector: nativeVector(310), k: 1, nprobes: 2, refine_factor: 1 })).bytes)
    expect(Number(rows.getChild('id')?.get(0))).toBe(310)
  })

  it('finds a phrase by full_text_query', async () => {
    const rows = tableFromIPC((await post('query', { vector: null, k: 5, full_text_query: { string_query: { query: NATIVE_PHRASE } } })).bytes)
    expect(Array.from(rows.getChild('id')?.toArray() ?? [], Number)).toEqual([NATIVE_PHRASE_ROW])
  })

  it.each([
    [{ vector: { single_vector: [1, 2, 3] }, vector_column: 'vector', k: 3 }, 'The query vector has 3 values, but column "vector" holds vectors of 16'],
    [{ vector: { single_vector: [1, 2, 3] }, k: 3 }, 'no vector column of dimension 3'],
    [{ vector: { single_vector: nativeVector(1) }, k: 3, distance_type: 'hamming' }, 'distanceType'],
    [{ vector: { multi_vector: [nativeVector(1)] }, k: 3 }, 'Multi-vector search is not supported'],
    [{ vector: { single_vector: nativeVector(1) }, k: 3, ef: 20 }, '"ef" is not supported'],
    [{ vector: null, k: 3, full_text_query: { structured_query: { query: {} } } }, 'A structured full-text query is not supported']
  ])('refuses %j with a 400 saying why', async (body, message) => {
    const answer = await post('query', body)
    expect(answer.status).toBe(400)
    expect(JSON.parse(answer.text).error).toContain(message)
  })
})

describe('explain_plan', () => {
  it("answers LanceDB's plan as a bare JSON string", async () => {
    const answer = await post('explain_plan', {
      id: ['articles'],
      query: { vector: { single_vector: nativeVector(5) }, k: 3, filter: 'id > 10' },
      verbose: false
    })
    expect(answer.status).toBe(200)
    const plan: unknown = JSON.parse(answer.text)
    expect(typeof plan).toBe('string')
    expect(plan).toMatch(/KNNVectorDistance|ANNSubIndex/)
  })

  it('refuses a body without a query', async () => {
    expect((await post('explain_plan', { id: ['articles'] })).status).toBe(400)
  })
})
