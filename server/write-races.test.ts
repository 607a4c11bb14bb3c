/**
 * Concurrent row writes against the reference server on a real LanceDB catalog: inserts
 * into a table only declared so far take turns, so the first creates it and the others
 * append, and none is lost.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeTempDir, removeDir, sampleTableIpc } from '../test-kit/lancedb-catalog'
import { startCatalogServer, type RunningCatalogServer } from './server'

let root: string
let server: RunningCatalogServer

beforeEach(async () => {
  root = await makeTempDir('write-races')
  server = await startCatalogServer({ root })
})

afterEach(async () => {
  await server.close()
  await removeDir(root)
})

async function post(path: string, body: Uint8Array | object): Promise<{ status: number; body: Record<string, unknown> }> {
  const init: RequestInit =
    body instanceof Uint8Array
      ? { method: 'POST', headers: { 'content-type': 'application/vnd.apache.arrow.stream' }, body: new Uint8Array(body) }
      : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }
  const response = await fetch(`${server.url}${path}`, init)
  const text = await response.text()
  return { status: response.status, body: (text.trim().startsWith('{') ? JSON.parse(text) : { value: text.trim() }) as Record<string, unknown> }
}

async function count(table: string): Promise<number> {
  return Number((await post(`/v1/table/${table}/count_rows`, {})).body['value'])
}

describe('concurrent row writes', () => {
  it('inserts racing into a declared table: one creates it, the others append, every row lands', async () => {
    expect((await post('/v1/table/fresh/declare', {})).status).toBe(200)
    const answers = await Promise.all([0, 1, 2, 3].map((i) => post('/v1/table/fresh/insert', sampleTableIpc(5, i * 100))))
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200])
    expect(answers.map((answer) => answer.body['num_inserted_rows'])).toEqual([5, 5, 5, 5])
    expect(await count('fresh')).toBe(20)
    // Each write committed its own version.
    expect(new Set(answers.map((answer) => answer.body['version'])).size).toBe(4)
  })
})
