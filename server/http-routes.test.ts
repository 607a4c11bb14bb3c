/**
 * The reference server at the HTTP level: route shapes, trailing slashes, error bodies
 * and statuses, detailed describe (JsonArrowSchema, stats), count_rows, query, create
 * modes, declare, paging parameters, delimiters, bearer tokens and database headers.
 */
import { existsSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { connectNamespace } from '@lancedb/lancedb'
import { tableFromIPC } from 'apache-arrow'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildNestedCatalog, makeTempDir, removeDir, sampleTableIpc, VECTOR_DIMENSION } from '../test-kit/lancedb-catalog'
import { encodePageToken } from './tokens'
import { startCatalogServer, type RunningCatalogServer } from './server'

let root: string
let server: RunningCatalogServer

interface Answer {
  readonly status: number
  readonly contentType: string
  readonly bytes: Uint8Array
  readonly text: string
  readonly body: Record<string, unknown>
}

async function call(
  method: 'GET' | 'POST',
  path: string,
  init: { json?: unknown; bytes?: Uint8Array; headers?: Record<string, string>; base?: string } = {}
): Promise<Answer> {
  const headers: Record<string, string> = { ...init.headers }
  let body: string | Uint8Array<ArrayBuffer> | undefined
  if (init.json !== undefined) {
    headers['content-type'] = 'application/json'
    body = JSON.stringify(init.json)
  } else if (init.bytes !== undefined) {
    headers['content-type'] ??= 'application/vnd.apache.arrow.stream'
    body = new Uint8Array(init.bytes)
  }
  const response = await fetch(`${init.base ?? server.url}${path}`, { method, headers, body })
  const bytes = new Uint8Array(await response.arrayBuffer())
  const text = new TextDecoder().decode(bytes)
  const contentType = response.headers.get('content-type') ?? ''
  const parsed: unknown = contentType.includes('json') && text.trim() !== '' ? JSON.parse(text) : {}
  return { status: response.status, contentType, bytes, text, body: (parsed ?? {}) as Record<string, unknown> }
}

beforeAll(async () => {
  root = await makeTempDir('http-routes')
  await buildNestedCatalog(root, {
    tables: { people: 10 },
    namespaces: { analytics: { tables: { events: 25 }, namespaces: { web: {}, mobile: {}, desktop: {} } } }
  })
  await mkdir(join(root, 'shop'))
  await buildNestedCatalog(join(root, 'shop'), { tables: { products: 4 } })
  server = await startCatalogServer({ root })
})

afterAll(async () => {
  await server?.close()
  await removeDir(root)
})

describe('routes and errors', () => {
  it('tolerates a trailing slash on every kind of route', async () => {
    expect((await call('GET', '/v1/namespace/%24/list/')).body).toEqual({ namespaces: ['analytics'] })
    expect((await call('GET', '/v1/namespace/analytics/table/list/')).body).toEqual({ tables: ['events'] })
    expect((await call('POST', '/v1/table/people/describe/', { json: {} })).status).toBe(200)
    expect((await call('POST', '/v1/namespace/analytics/exists/', { json: {} })).status).toBe(200)
    expect((await call('POST', '/v1/table/people/count_rows/', { json: {} })).text.trim()).toBe('10')
  })

  it('answers errors with the spec body, the Lance code and the right status', async () => {
    const missing = await call('POST', '/v1/namespace/nope/describe', { json: {} })
    expect(missing.status).toBe(404)
    expect(missing.body).toMatchObject({ code: 1, instance: '/v1/namespace/nope/describe', error: expect.stringContaining('nope') })
    expect(typeof missing.body['type']).toBe('string')

    expect((await call('POST', '/v1/namespace/nope/exists', { json: {} })).status).toBe(404)
    expect((await call('POST', '/v1/table/analytics%24nope/describe', { json: {} })).body).toMatchObject({ code: 4 })
    expect((await call('GET', '/v1/namespace/nope/table/list')).status).toBe(404)

    const exists = await call('POST', '/v1/namespace/analytics/create', { json: {} })
    expect([exists.status, exists.body['code']]).toEqual([409, 2])
    const notEmpty = await call('POST', '/v1/namespace/analytics/drop', { json: {} })
    expect([notEmpty.status, notEmpty.body['code']]).toEqual([409, 3])

    // Names are data: one outside the naming rule is looked up like any other.
    const listedName = await call('GET', '/v1/namespace/bad%20name/list')
    expect([listedName.status, listedName.body['code']]).toEqual([404, 1])
    const badName = await call('POST', '/v1/namespace/bad%20name/create', { json: {} })
    expect([badName.status, badName.body['code']]).toEqual([400, 13])
    expect(badName.body['error']).toMatch(/a space is not allowed/)
    const rootTable = await call('POST', '/v1/table/%24/describe', { json: {} })
    expect([rootTable.status, rootTable.body['code']]).toEqual([400, 13])
    const badJson = await call('POST', '/v1/namespace/x/create', { headers: { 'content-type': 'application/json' }, bytes: new TextEncoder().encode('{oops') })
    expect([badJson.status, badJson.body['code']]).toEqual([400, 13])

    expect((await call('GET', '/v1/nothing/here')).status).toBe(404)
    expect((await call('GET', '/v1/table/people/describe')).status).toBe(405)
  })

  it('drops a missing namespace quietly only in skip mode', async () => {
    expect((await call('POST', '/v1/namespace/ghost/drop', { json: { mode: 'Skip' } })).status).toBe(200)
    expect((await call('POST', '/v1/namespace/ghost/drop', { json: { mode: 'Fail' } })).status).toBe(404)
    expect((await call('POST', '/v1/namespace/ghost/drop', { json: { behavior: 'sideways' } })).status).toBe(400)
  })

  it('splits identifiers on the delimiter the request names', async () => {
    expect((await call('GET', '/v1/namespace/analytics/list?delimiter=.')).body).toEqual({ namespaces: ['desktop', 'mobile', 'web'] })
    const described = await call('POST', '/v1/table/analytics.events/describe?delimiter=.', { json: {} })
    expect(described.status).toBe(200)
    expect(described.body['location']).toEqual(expect.stringContaining('events'))
  })
})

describe('describe, count_rows, query and stats', () => {
  it('describes with load_detailed_metadata: JsonArrowSchema, version and stats', async () => {
    const plain = await call('POST', '/v1/table/analytics%24events/describe', { json: { load_detailed_metadata: false } })
    expect(Object.keys(plain.body).sort()).toEqual(['location'])
    const location = plain.body['location'] as string
    // Left unset, describe answers what LanceDB's remote client needs to open the table.
    const unset = await call('POST', '/v1/table/analytics%24events/describe', { json: {} })
    expect(Object.keys(unset.body).sort()).toEqual(['location', 'schema', 'version'])
    expect(unset.body['version']).toBe(1)
    // LanceDB's remote client opens a table with a describe that has no body.
    const bodiless = await call('POST', '/v1/table/analytics%24events/describe')
    expect([bodiless.status, bodiless.body['version']]).toEqual([200, 1])
    expect(location.startsWith('/') || location.startsWith('file://')).toBe(true)
    expect(existsSync(location.replace(/^file:\/\//, ''))).toBe(true)

    const detailed = await call('POST', '/v1/table/analytics%24events/describe?load_detailed_metadata=true&with_table_uri=true', { json: {} })
    expect(detailed.body).toMatchObject({
      table: 'events',
      namespace: ['analytics'],
      location,
      table_uri: expect.stringMatching(/^file:\/\//),
      version: 1,
      stats: { num_deleted_rows: 0, num_fragments: 1 },
      is_only_declared: false
    })
    const fields = (detailed.body['schema'] as { fields: Array<Record<string, unknown>> }).fields
    expect(fields.map((f) => f['name'])).toEqual(['id', 'name', 'score', 'vector', 'tags', 'meta'])
    expect(fields[0]).toEqual({ name: 'id', nullable: false, type: { type: 'int64' } })
    expect(fields[1]).toMatchObject({ type: { type: 'string' }, nullable: true, metadata: { description: expect.any(String) } })
    expect(fields[2]).toMatchObject({ type: { type: 'double' } })
    expect(fields[3]).toMatchObject({
      type: { type: 'fixed_size_list', length: VECTOR_DIMENSION, fields: [{ name: 'item', type: { type: 'float' } }] }
    })
    expect(fields[4]).toMatchObject({ type: { type: 'list', fields: [{ type: { type: 'string' } }] } })
    expect(fields[5]).toMatchObject({
      type: {
        type: 'struct',
        fields: [
          { name: 'source', type: { type: 'string' } },
          { name: 'rank', type: { type: 'int32' } }
        ]
      }
    })
  })

  it('reports deleted rows and the new version after LanceDB deletes some', async () => {
    await call('POST', '/v1/table/analytics%24web%24scratch/create', { bytes: sampleTableIpc(12) })
    const lance = await connectNamespace('dir', { root })
    const table = await lance.openTable('scratch', ['analytics', 'web'])
    await table.delete('id < 5')
    table.close()
    lance.close()
    const detailed = await call('POST', '/v1/table/analytics%24web%24scratch/describe', { json: { load_detailed_metadata: true } })
    expect(detailed.body).toMatchObject({ version: 2, stats: { num_deleted_rows: 5 } })
    // No row count on describe: that is the stats operation's (no extensions to the spec).
    expect(detailed.body['stats']).not.toHaveProperty('num_rows')
    // A version asked for is the one described; one the table never had is not found.
    const first = await call('POST', '/v1/table/analytics%24web%24scratch/describe', { json: { load_detailed_metadata: true, version: 1 } })
    expect(first.body).toMatchObject({ version: 1, stats: { num_deleted_rows: 0 } })
    const plainFirst = await call('POST', '/v1/table/analytics%24web%24scratch/describe', { json: { version: 1 } })
    expect(plainFirst.body).toMatchObject({ version: 1 })
    const never = await call('POST', '/v1/table/analytics%24web%24scratch/describe', { json: { version: 99 } })
    expect([never.status, never.body['code']]).toEqual([404, 11])
    const stats = await call('POST', '/v1/table/analytics%24web%24scratch/stats', { json: {} })
    expect(stats.body).toMatchObject({ num_rows: 7, num_indices: 0, fragment_stats: { num_fragments: 1 } })
  })

  it('counts rows as a bare integer, with or without a predicate', async () => {
    const all = await call('POST', '/v1/table/analytics%24events/count_rows', { json: {} })
    expect(all.text.trim()).toBe('25')
    const some = await call('POST', '/v1/table/analytics%24events/count_rows', { json: { predicate: 'id >= 20' } })
    expect(JSON.parse(some.text)).toBe(5)
    expect((await call('POST', '/v1/table/analytics%24nope/count_rows', { json: {} })).status).toBe(404)
  })

  it('answers queries with an Arrow IPC file, as the spec says: offset, k, columns and filter', async () => {
    const answer = await call('POST', '/v1/table/analytics%24events/query', {
      json: { vector: null, k: 3, offset: 2, columns: { column_names: ['id', 'name'] }, filter: 'id % 2 = 0' }
    })
    expect(answer.status).toBe(200)
    expect(answer.contentType).toBe('application/vnd.apache.arrow.file')
    expect(Buffer.from(answer.bytes.subarray(0, 6)).toString('latin1')).toBe('ARROW1')
    const rows = tableFromIPC(answer.bytes)
    expect(rows.schema.fields.map((f) => f.name)).toEqual(['id', 'name'])
    expect(Array.from(rows.getChild('id')?.toArray() ?? [], Number)).toEqual([4, 6, 8])

    expect(tableFromIPC((await call('POST', '/v1/table/people/query', { json: {} })).bytes).numRows).toBe(10)
    const vector = await call('POST', '/v1/table/people/query', { json: { vector: { single_vector: [1, 2] }, k: 1 } })
    // A vector search (see search-routes.test.ts) whose vector fits no column: 400, Lance code 13 (invalid input).
    expect([vector.status, vector.body['code']]).toEqual([400, 13])
    expect((await call('POST', '/v1/table/people/query', { json: { k: -1 } })).status).toBe(400)
  })
})

describe('creating and declaring tables', () => {
  it('creates from an Arrow stream in each mode', async () => {
    const path = '/v1/table/analytics%24mobile%24sessions/create'
    const created = await call('POST', path, { bytes: sampleTableIpc(3) })
    expect(created.status).toBe(200)
    expect(created.body).toMatchObject({ location: expect.stringContaining('sessions'), version: 1 })
    const again = await call('POST', path, { bytes: sampleTableIpc(3) })
    expect([again.status, again.body['code']]).toEqual([409, 5])
    expect((await call('POST', `${path}?mode=ExistOk`, { bytes: sampleTableIpc(9) })).status).toBe(200)
    expect((await call('POST', `${path}?mode=overwrite`, { bytes: sampleTableIpc(6) })).status).toBe(200)
    expect((await call('POST', '/v1/table/analytics%24mobile%24sessions/count_rows', { json: {} })).text.trim()).toBe('6')

    expect((await call('POST', `${path}?mode=sometimes`, { bytes: sampleTableIpc(1) })).status).toBe(400)
    expect((await call('POST', '/v1/table/analytics%24mobile%24empty_body/create', {})).status).toBe(400)
    const notArrow = await call('POST', '/v1/table/analytics%24mobile%24junk/create', { bytes: new TextEncoder().encode('{"a":1}') })
    expect([notArrow.status, notArrow.body['code']]).toEqual([400, 13])
  })

  it('declares a table: listed, described as declared, hidden by include_declared=false', async () => {
    const declared = await call('POST', '/v1/table/analytics%24desktop%24pending/declare', { json: { id: ['analytics', 'desktop', 'pending'] } })
    expect(declared.status).toBe(200)
    const location = declared.body['location'] as string
    expect(location.startsWith('/')).toBe(true)

    expect((await call('GET', '/v1/namespace/analytics%24desktop/table/list')).body).toEqual({ tables: ['pending'] })
    expect((await call('GET', '/v1/namespace/analytics%24desktop/table/list?include_declared=false')).body).toEqual({ tables: [] })
    expect((await call('POST', '/v1/table/analytics%24desktop%24pending/exists', { json: {} })).status).toBe(200)
    const described = await call('POST', '/v1/table/analytics%24desktop%24pending/describe?check_declared=true', { json: {} })
    expect(described.body).toMatchObject({ location, is_only_declared: true })
    const twice = await call('POST', '/v1/table/analytics%24desktop%24pending/declare', { json: {} })
    expect([twice.status, twice.body['code']]).toEqual([409, 5])

    expect((await call('POST', '/v1/table/analytics%24desktop%24pending/drop')).status).toBe(200)
    expect((await call('POST', '/v1/table/analytics%24desktop%24pending/exists', { json: {} })).status).toBe(404)
  })

  it('refuses to move a table to another namespace on rename', async () => {
    const moved = await call('POST', '/v1/table/people/rename', { json: { new_table_name: 'humans', new_namespace_id: ['analytics'] } })
    expect([moved.status, moved.body['code']]).toEqual([406, 0])
    expect((await call('POST', '/v1/table/people/rename', { json: {} })).status).toBe(400)
  })

  it("answers a rename with the spec's 406 Unsupported Operation, code 0, in words about the catalog", async () => {
    const renamed = await call('POST', '/v1/table/people/rename', { json: { new_table_name: 'humans' } })
    expect([renamed.status, renamed.body['code'], renamed.body['type']]).toEqual([406, 0, '/errors/unsupported'])
    expect(renamed.body['error']).toBe('This catalog does not support renaming tables.')
    expect(JSON.stringify(renamed.body)).not.toMatch(/director/i)
    expect((await call('POST', '/v1/table/people/exists', { json: {} })).status).toBe(200)
  })
})

describe('paging parameters', () => {
  it('caps limit at the page size, resumes from tokens and rejects bad ones', async () => {
    const paged = await startCatalogServer({ root, pageSize: 2 })
    try {
      const first = await call('GET', '/v1/namespace/analytics/list?limit=10', { base: paged.url })
      expect(first.body['namespaces']).toEqual(['desktop', 'mobile'])
      const token = first.body['page_token'] as string
      expect(token).toEqual(expect.any(String))
      const second = await call('GET', `/v1/namespace/analytics/list?page_token=${encodeURIComponent(token)}`, { base: paged.url })
      expect(second.body).toEqual({ namespaces: ['web'] })
      const one = await call('GET', '/v1/namespace/analytics/list?limit=1', { base: paged.url })
      expect(one.body['namespaces']).toEqual(['desktop'])
      // LanceDB's tableNames(startAfter) sends the bare name as the token.
      expect((await call('GET', '/v1/namespace/analytics/list?page_token=desktop', { base: paged.url })).body['namespaces']).toEqual(['mobile', 'web'])
      expect((await call('GET', `/v1/namespace/analytics/list?page_token=${encodePageToken('mobile')}`, { base: paged.url })).body).toEqual({
        namespaces: ['web']
      })

      expect((await call('GET', '/v1/namespace/analytics/list?page_token=%21%21', { base: paged.url })).status).toBe(400)
      expect((await call('GET', '/v1/namespace/analytics/list?limit=ten', { base: paged.url })).status).toBe(400)
    } finally {
      await paged.close()
    }
  })
})

describe('credentials and databases', () => {
  it('accepts bearer tokens with their access level', async () => {
    const guarded = await startCatalogServer({ root, bearerTokens: ['reader-token:read', 'writer-token'] })
    try {
      const asReader = { base: guarded.url, headers: { authorization: 'Bearer reader-token' } }
      expect((await call('GET', '/v1/namespace/%24/list', asReader)).status).toBe(200)
      const denied = await call('POST', '/v1/namespace/nope/create', { ...asReader, json: {} })
      expect([denied.status, denied.body['code']]).toEqual([403, 15])
      expect(denied.body['error']).toMatch(/read-only/)
      const asWriter = { base: guarded.url, headers: { authorization: 'Bearer writer-token' } }
      expect((await call('POST', '/v1/namespace/analytics/exists', { ...asWriter, json: {} })).status).toBe(200)
      const basic = await call('GET', '/v1/namespace/%24/list', { base: guarded.url, headers: { authorization: 'Basic abc' } })
      expect([basic.status, basic.body['code']]).toEqual([401, 16])
      const none = await call('GET', '/v1/namespace/%24/list', { base: guarded.url })
      expect(none.body['error']).toMatch(/needs credentials/)
    } finally {
      await guarded.close()
    }
  })

  it('selects databases by header and refuses bad names', async () => {
    const shop = { headers: { 'x-service-database': 'shop' } }
    expect((await call('GET', '/v1/namespace/%24/table/list', shop)).body).toEqual({ tables: ['products'] })
    expect((await call('POST', '/v1/table/products/count_rows', { ...shop, json: {} })).text.trim()).toBe('4')
    const unknown = await call('GET', '/v1/tables', { headers: { 'x-service-database': 'attic' } })
    expect([unknown.status, unknown.body['error']]).toEqual([404, 'Database "attic" does not exist on this server.'])
    for (const name of ['..', 'a/b', 'sp ace']) {
      const bad = await call('GET', '/v1/tables', { headers: { 'x-service-database': name } })
      expect([bad.status, bad.body['code']]).toEqual([400, 13])
    }
    const prefixOnly = await call('GET', '/v1/tables', { headers: { 'x-service-database-prefix': 'shop' } })
    expect(prefixOnly.status).toBe(400)
  })
})
