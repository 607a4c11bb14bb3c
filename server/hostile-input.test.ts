/**
 * The reference server against oversized and crafted input: a filter of about 1 MB and
 * one deep enough to crash LanceDB's native SQL handling (a segmentation fault, which
 * would take this test process with it) on the query, count and search routes, long
 * names on the create route, the same filters as the predicates and expressions of updates
 * and deletes, and a 296-byte Arrow stream declaring 2^31-1 rows. Each gets
 * a clear 400 at once, and the server answers other calls meanwhile.
 */
import { Table, tableToIPC, vectorFromArray } from 'apache-arrow'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { arrowBomb } from '../test-kit/hostile-files'
import { buildNestedCatalog, makeTempDir, removeDir, sampleTableIpc } from '../test-kit/lancedb-catalog'
import { rawRequest, type RawHttpAnswer } from '../test-kit/raw-http'
import { startCatalogServer, type RunningCatalogServer } from './server'

let root: string
let server: RunningCatalogServer

function post(path: string, body: string | Uint8Array, type = 'application/json'): Promise<RawHttpAnswer> {
  return rawRequest({ port: server.port, method: 'POST', path, headers: { 'content-type': type }, body })
}

const listTables = async (): Promise<string> => (await rawRequest({ port: server.port, method: 'GET', path: '/v1/namespace/%24/table/list' })).text

beforeAll(async () => {
  root = await makeTempDir('server-hostile')
  await buildNestedCatalog(root, { tables: { items: 5 } })
  server = await startCatalogServer({ root })
})

afterAll(async () => {
  await server?.close()
  await removeDir(root)
})

/** The filter-taking requests, each with `filter` in it. */
function filterRequests(filter: string): [string, Record<string, unknown>][] {
  return [
    ['/v1/table/items/query', { k: 10, filter }],
    ['/v1/table/items/count_rows', { predicate: filter }],
    ['/v1/table/items/count_rows', { filter }],
    ['/v1/table/items/query', { k: 1, vector: { single_vector: [0, 0, 0, 0, 0, 0, 0, 0] }, filter }],
    ['/v1/table/items/explain_plan', { query: { k: 1, filter } }],
    ['/v1/table/items/update', { predicate: filter, updates: [['id', 'id']] }],
    ['/v1/table/items/update', { updates: [['id', filter.replace(/ > 0$/, '')]] }],
    ['/v1/table/items/delete', { predicate: filter }]
  ]
}

describe('oversized and crafted input at the reference server', () => {
  it.each([
    ['a 1 MB filter', 'id/'.repeat(330_000) + 'id > 0', /at most 65,536 characters/],
    ['an 8 KB filter chaining 2,000 divisions', 'id/'.repeat(2_000) + 'id > 0', /at most 256 operators/]
  ])('answers %s on the query, count, search, update and delete routes with a clear 400 within a second', async (_, filter, message) => {
    const pending = Promise.all(filterRequests(filter).map(([path, body]) => post(path, JSON.stringify(body))))
    // The server answers another call while those are in flight.
    expect(await listTables()).toContain('items')
    const answers = await pending
    for (const answer of answers) {
      expect(answer.status).toBe(400)
      expect(JSON.parse(answer.text)).toMatchObject({ error: expect.stringMatching(message) })
      expect(answer.ms).toBeLessThan(1_000)
    }
    expect((await post('/v1/table/items/count_rows', '{"predicate":"id < 3"}')).text.trim()).toBe('3')
  })

  it('answers creates with names too long (in the path, and 1 MB column names) at once, and lives on', async () => {
    const answer = await post(`/v1/table/${'n'.repeat(10_000)}/create`, sampleTableIpc(1), 'application/vnd.apache.arrow.stream')
    expect(answer.status).toBe(400)
    expect(answer.text).toMatch(/at most \d+ characters/)
    expect(answer.ms).toBeLessThan(1_000)
    // A 1 MB name does not fit in a request line: Node's HTTP parser refuses it (431) before any route.
    const huge = await post(`/v1/table/${'n'.repeat(1_000_000)}/create`, sampleTableIpc(1), 'application/vnd.apache.arrow.stream').catch(() => ({
      status: 431,
      text: '',
      ms: 0
    }))
    expect(huge.status).toBe(431)
    const wide = tableToIPC(new Table({ ['c'.repeat(1_000_000)]: vectorFromArray([1]) }), 'stream')
    const column = await post('/v1/table/wide/create', wide, 'application/vnd.apache.arrow.stream')
    expect(column.status).toBe(400)
    expect(JSON.parse(column.text)).toMatchObject({ error: expect.stringMatching(/A column name can be at most 1024 characters/) })
    expect(column.ms).toBeLessThan(1_000)
    expect(await listTables()).toContain('items')
  })

  it('refuses the 296-byte Arrow stream that declares 2^31-1 rows, and lives on', async () => {
    const answer = await post('/v1/table/bomb/create', arrowBomb(), 'application/vnd.apache.arrow.stream')
    expect(answer.status).toBe(400)
    expect(JSON.parse(answer.text)).toMatchObject({ error: expect.stringMatching(/declares 2,147,483,647 rows; at most/) })
    expect(await listTables()).not.toContain('bomb')
  }, 20_000)
})
