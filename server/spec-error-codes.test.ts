/**
 * The status and Lance error code of each failure the spec names a code for: a tag that
 * exists or is missing, a version that is missing, a column that is missing, an index the
 * column cannot take, an operation the server does not offer, and a table and a namespace
 * that would share one name. Clients branch on these codes, so each must be the spec's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildNestedCatalog, makeTempDir, removeDir, sampleTableIpc } from '../test-kit/lancedb-catalog'
import { startCatalogServer, type RunningCatalogServer } from './server'

let root: string
let server: RunningCatalogServer

interface Answer {
  readonly status: number
  readonly code: unknown
  readonly error: string
}

async function post(path: string, body?: unknown): Promise<Answer> {
  const init: RequestInit =
    body instanceof Uint8Array
      ? { method: 'POST', headers: { 'content-type': 'application/vnd.apache.arrow.stream' }, body: new Uint8Array(body) }
      : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body ?? {}) }
  const response = await fetch(`${server.url}${path}`, init)
  const text = await response.text()
  const parsed = (text.trim().startsWith('{') ? JSON.parse(text) : {}) as { code?: unknown; error?: unknown }
  return { status: response.status, code: parsed.code, error: String(parsed.error ?? '') }
}

beforeAll(async () => {
  root = await makeTempDir('spec-error-codes')
  await buildNestedCatalog(root, { tables: {}, namespaces: { shop: { tables: { orders: 5 }, namespaces: { archive: {} } } } })
  server = await startCatalogServer({ root })
  expect((await post('/v1/table/shop%24orders/tags/create', { tag: 'first', version: 1 })).status).toBe(200)
})

afterAll(async () => {
  await server?.close()
  if (root) await removeDir(root)
})

describe('error statuses and codes as the spec lists them', () => {
  it('creating a tag that exists: 409 with code 9 (TableTagAlreadyExists)', async () => {
    const answer = await post('/v1/table/shop%24orders/tags/create', { tag: 'first', version: 1 })
    expect([answer.status, answer.code]).toEqual([409, 9])
    expect(answer.error).toMatch(/already has a tag "first"/)
  })

  it('the version of a missing tag: 404 with code 8 (TableTagNotFound), naming the table with its namespace', async () => {
    const answer = await post('/v1/table/shop%24orders/tags/version', { tag: 'nope' })
    expect([answer.status, answer.code]).toEqual([404, 8])
    expect(answer.error).toContain('shop$orders')
  })

  it('restoring a missing version: 404 with code 11 (TableVersionNotFound)', async () => {
    const answer = await post('/v1/table/shop%24orders/restore', { version: 99 })
    expect([answer.status, answer.code]).toEqual([404, 11])
    expect(answer.error).toMatch(/no version 99/)
  })

  it('describing a missing version: 404 with code 11 (TableVersionNotFound)', async () => {
    const answer = await post('/v1/table/shop%24orders/describe', { version: 99 })
    expect([answer.status, answer.code]).toEqual([404, 11])
  })

  it('dropping a column the table does not have: 404 with code 12 (TableColumnNotFound)', async () => {
    const answer = await post('/v1/table/shop%24orders/drop_columns', { columns: ['no_such_column'] })
    expect([answer.status, answer.code]).toEqual([404, 12])
    expect(answer.error).toContain('no_such_column')
  })

  it('an index type the column cannot take: 400 with code 13 (InvalidInput), not a server failure', async () => {
    const answer = await post('/v1/table/shop%24orders/create_index', { column: 'name', index_type: 'IVF_PQ' })
    expect([answer.status, answer.code]).toEqual([400, 13])
    expect(answer.error).toMatch(/name/)
  })

  it('registering a table, which this server does not offer: 406 with code 0 (Unsupported)', async () => {
    const answer = await post('/v1/table/shop%24elsewhere/register', { location: '/somewhere/else.lance' })
    expect([answer.status, answer.code]).toEqual([406, 0])
  })

  it('a table named as a sibling namespace, and a namespace named as a table: 409 saying which object holds the name', async () => {
    const table = await post('/v1/table/shop%24archive/create', sampleTableIpc(1))
    expect([table.status, table.code]).toEqual([409, 2])
    expect(table.error).toMatch(/namespace "shop\$archive" already has that name/i)
    expect((await post('/v1/table/shop%24archive/describe')).status).toBe(404)
    const namespace = await post('/v1/namespace/shop%24orders/create', {})
    expect([namespace.status, namespace.code]).toEqual([409, 5])
    expect(namespace.error).toMatch(/table "shop\$orders" already has that name/i)
  })
})
