import { Field, FixedSizeList, Float32, Int64, RecordBatchStreamWriter, Schema, Table, Utf8, tableFromIPC, tableToIPC, vectorFromArray } from 'apache-arrow'
import { describe, expect, it } from 'vitest'
import { CatalogError } from '../../shared/errors'
import { collectAll } from '../collect-all'
import { arrowBomb } from '../../../test-kit/hostile-files'
import { openRestNamespace, type RestNamespaceClient } from './rest-namespace'
import { sendJson, sendText, type Handler, failure, useTestServers } from '../../../test-kit/test-http-server'

const { serve, track } = useTestServers()

function open(properties: Record<string, string>): RestNamespaceClient {
  const client = openRestNamespace(properties, { retryBaseDelayMs: 10, timeouts: { headersMs: 5000 } })
  return track(client)
}

/** A listing server over fixed pages: `pages[token]` answers a request with that token ('' = first). */
function pagedListing(pages: Record<string, { namespaces: string[]; page_token?: string | null }>): Handler {
  return (req, res) => {
    const page = pages[req.query.get('page_token') ?? '']
    if (page) sendJson(res, 200, page)
    else sendJson(res, 400, { error: `unknown token ${req.query.get('page_token')}`, code: 13 })
  }
}

describe('connection properties', () => {
  it('sends headers.* properties as headers without the prefix and encodes the root id as %24', async () => {
    const { url, requests } = await serve((_req, res) => sendJson(res, 200, { namespaces: ['a'] }))
    const client = open({ uri: `${url}/catalog/`, 'headers.x-api-key': 'k-123', 'headers.X-Service-Database': 'prod', other: 'ignored' })
    await client.listNamespaces([], { limit: 2 })
    const seen = requests[0]
    expect(seen?.rawUrl).toBe('/catalog/v1/namespace/%24/list?delimiter=%24&limit=2')
    expect(seen?.headers['x-api-key']).toBe('k-123')
    expect(seen?.headers['x-service-database']).toBe('prod')
    expect(Object.keys(seen?.headers ?? {}).some((name) => name.startsWith('headers.') || name === 'other')).toBe(false)
  })

  it.each([
    [{}, /needs a "uri"/],
    [{ uri: 'ftp://example.com' }, /http:\/\/ or https:\/\//],
    [{ uri: 'not a url' }, /not a valid URL/],
    [{ uri: 'https://bob:hunter2@example.com' }, /must not contain a user name or password/],
    [{ uri: 'https://example.com?x=1' }, /query string/],
    [{ uri: 'https://example.com', 'headers.bad name': 'v' }, /valid HTTP header/]
  ])('rejects bad properties %j with invalid_request', (properties, message) => {
    let caught: unknown
    try {
      openRestNamespace(properties)
    } catch (error) {
      caught = error
    }
    expect(caught).toBeInstanceOf(CatalogError)
    expect((caught as CatalogError).code).toBe('invalid_request')
    expect((caught as CatalogError).message).toMatch(message)
    expect((caught as CatalogError).message).not.toContain('hunter2')
  })

  it('encodes nested ids with the delimiter and honours a custom one', async () => {
    const { url, requests } = await serve((_req, res) => sendJson(res, 200, { tables: ['t1'] }))
    await open({ uri: url }).listTables(['a', 'b'])
    await open({ uri: url, delimiter: '.' }).listTables(['a', 'b'])
    expect(requests.map((r) => r.rawUrl)).toEqual(['/v1/namespace/a%24b/table/list?delimiter=%24', '/v1/namespace/a.b/table/list?delimiter=.'])
  })

  it('sends an id of "." or ".." (the root with delimiter ".", a namespace named "..") as %2E, which URL resolution keeps', async () => {
    const { url, requests } = await serve((_req, res) => sendJson(res, 200, { namespaces: [] }))
    await open({ uri: url, delimiter: '.' }).listNamespaces([])
    await open({ uri: url }).listNamespaces(['..'])
    expect(requests.map((r) => r.rawUrl)).toEqual(['/v1/namespace/%2E/list?delimiter=.', '/v1/namespace/%2E%2E/list?delimiter=%24'])
  })
})

describe('listing pages', () => {
  it('walks uneven pages, including an empty page that still carries a token', async () => {
    const { url, requests } = await serve(
      pagedListing({
        '': { namespaces: ['a', 'b', 'c'], page_token: 't1' },
        t1: { namespaces: [], page_token: 't2' },
        t2: { namespaces: ['d'], page_token: 't3' },
        t3: { namespaces: ['e', 'f'], page_token: null }
      })
    )
    const client = open({ uri: url })
    expect(await client.listNamespaces([], { limit: 3 })).toEqual({ items: ['a', 'b', 'c'], nextPageToken: 't1' })
    expect(await client.listNamespaces([], { pageToken: 't1', limit: 3 })).toEqual({ items: [], nextPageToken: 't2' })
    expect(await collectAll((page) => client.listNamespaces([], page), 3)).toEqual(['a', 'b', 'c', 'd', 'e', 'f'])
    expect(requests.slice(2).map((r) => r.query.get('page_token'))).toEqual([null, 't1', 't2', 't3'])
  })

  it.each([
    ['missing', {}],
    ['null', { page_token: null }],
    ['empty', { page_token: '' }]
  ])('ends the listing when the token is %s', async (_label, token) => {
    const { url } = await serve((_req, res) => sendJson(res, 200, { namespaces: ['only'], ...token }))
    expect(await open({ uri: url }).listNamespaces(['p'])).toEqual({ items: ['only'], nextPageToken: null })
  })

  it('stops with bad_response when the server hands back the token it was given', async () => {
    const { url } = await serve((req, res) => sendJson(res, 200, { namespaces: ['x'], page_token: req.query.get('page_token') ?? 'same' }))
    const client = open({ uri: url })
    const error = await failure(collectAll((page) => client.listNamespaces(['p'], page), 1))
    expect(error.code).toBe('bad_response')
    expect(error.message).toBe('The server repeated page token "same" for the namespaces in namespace "p"; stopping to avoid an endless listing.')
  })

  it('catches a token cycle even when the caller pages one request at a time', async () => {
    const { url } = await serve(
      pagedListing({ '': { namespaces: ['a'], page_token: 'A' }, A: { namespaces: ['b'], page_token: 'B' }, B: { namespaces: ['c'], page_token: 'A' } })
    )
    const client = open({ uri: url })
    const first = await client.listNamespaces([])
    const second = await client.listNamespaces([], { pageToken: first.nextPageToken })
    const error = await failure(client.listNamespaces([], { pageToken: second.nextPageToken }))
    expect(error.code).toBe('bad_response')
    expect(error.message).toContain('"A"')
    // Starting over from the first page is not a repeat.
    await expect(client.listNamespaces([])).resolves.toEqual({ items: ['a'], nextPageToken: 'A' })
  })

  it('returns bare table names when the server lists full identifiers', async () => {
    const { url } = await serve((_req, res) => sendJson(res, 200, { tables: ['db$t1', 'db$t2'] }))
    expect((await open({ uri: url }).listTables(['db'])).items).toEqual(['t1', 't2'])
  })

  it('rejects a listing answer without the names list', async () => {
    const { url } = await serve((_req, res) => sendJson(res, 200, { items: [] }))
    const error = await failure(open({ uri: url }).listNamespaces([]))
    expect(error.code).toBe('bad_response')
    expect(error.message).toContain('"namespaces"')
  })
})

describe('namespaces', () => {
  it('creates with the spec body and maps a bare 409 to namespace_exists', async () => {
    const { url, requests } = await serve((_req, res) => sendText(res, requests.length === 1 ? 200 : 409, ''))
    const client = open({ uri: url })
    await client.createNamespace(['sales', 'eu'], 'exist_ok')
    expect(requests[0]?.rawUrl).toBe('/v1/namespace/sales%24eu/create?delimiter=%24')
    expect(JSON.parse(requests[0]?.body.toString() ?? '')).toEqual({ id: ['sales', 'eu'], mode: 'exist_ok' })
    const error = await failure(client.createNamespace(['sales', 'eu']))
    expect(error.code).toBe('namespace_exists')
    expect(error.message).toBe('Namespace "sales$eu" already exists (HTTP 409).')
  })

  it('drops with the behaviour in the body', async () => {
    const { url, requests } = await serve((_req, res) => sendJson(res, 200, {}))
    await open({ uri: url }).dropNamespace(['old'], 'cascade')
    expect(requests[0]?.path).toBe('/v1/namespace/old/drop')
    expect(JSON.parse(requests[0]?.body.toString() ?? '')).toEqual({ id: ['old'], behavior: 'cascade' })
  })

  it('answers exists from the status: 200 true, 404 false, root without asking', async () => {
    const { url, requests } = await serve((req, res) =>
      req.path.startsWith('/v1/namespace/here/') ? sendText(res, 200, '') : sendJson(res, 404, { error: 'no such namespace', code: 1 })
    )
    const client = open({ uri: url })
    expect(await client.namespaceExists(['here'])).toBe(true)
    expect(await client.namespaceExists(['gone'])).toBe(false)
    expect(await client.namespaceExists([])).toBe(true)
    expect(requests).toHaveLength(2)
  })

  it('refuses empty names before sending anything', async () => {
    const { url, requests } = await serve((_req, res) => sendJson(res, 200, {}))
    const error = await failure(open({ uri: url }).createNamespace(['ok', '']))
    expect(error.code).toBe('invalid_name')
    expect(requests).toHaveLength(0)
  })

  it('sends listed names as they are, with a spare delimiter when a name holds "$"', async () => {
    const { url, requests } = await serve((_req, res) => sendJson(res, 200, { tables: ['Q3 sales'] }))
    const client = open({ uri: url })
    expect((await client.listTables(['my ns', 'café'])).items).toEqual(['Q3 sales'])
    await client.listTables(['price$usd'])
    const [plain, spare] = requests
    expect(decodeURIComponent(plain?.path ?? '')).toBe('/v1/namespace/my ns$café/table/list')
    expect(plain?.query.get('delimiter')).toBe('$')
    expect(decodeURIComponent(spare?.path ?? '')).toBe('/v1/namespace/price$usd/table/list')
    expect(spare?.query.get('delimiter')).toBe('|')
  })
})

describe('tables', () => {
  const table = { namespace: ['db'], name: 'items' }
  const data = new Table({ id: vectorFromArray([1n, 2n, 3n], new Int64()), label: vectorFromArray(['a', 'b', 'c'], new Utf8()) })

  it('describes a table from detailed metadata, counting rows when stats lack them', async () => {
    const schema = {
      fields: [
        { name: 'id', nullable: false, type: { type: 'int64' } },
        { name: 'vec', nullable: true, type: { type: 'fixed_size_list', length: 4, fields: [{ name: 'item', nullable: true, type: { type: 'float32' } }] } }
      ]
    }
    const { url, requests } = await serve((req, res) => {
      if (req.path.endsWith('/describe'))
        return sendJson(res, 200, { location: 'file:///data/items.lance', version: 7, schema, stats: { num_deleted_rows: 0, num_fragments: 1 } })
      if (req.path.endsWith('/count_rows')) return sendText(res, 200, '42', 'application/json')
      sendJson(res, 404, { error: 'unexpected', code: 0 })
    })
    const description = await open({ uri: url }).table(table).describe()
    expect(requests[0]?.rawUrl).toBe('/v1/table/db%24items/describe?delimiter=%24&load_detailed_metadata=true')
    expect(JSON.parse(requests[0]?.body.toString() ?? '')).toMatchObject({ id: ['db', 'items'], load_detailed_metadata: true })
    expect(description).toMatchObject({ location: 'file:///data/items.lance', version: '7', rowCount: '42' })
    expect(description.fields).toEqual([
      { name: 'id', type: 'int64', nullable: false },
      { name: 'vec', type: 'vector<float32>[4]', nullable: true, dimension: 4 }
    ])
  })

  it('falls back to count_rows and query when describe returns only the location and stats are not offered', async () => {
    const { url, requests } = await serve((req, res) => {
      if (req.path.endsWith('/describe')) return sendJson(res, 200, { location: 's3://bucket/items.lance' })
      if (req.path.endsWith('/count_rows')) return sendJson(res, 200, { count: 3 })
      if (req.path.endsWith('/query')) {
        const bytes = tableToIPC(data, 'stream')
        res.writeHead(200, { 'content-type': 'application/vnd.apache.arrow.stream' })
        return void res.end(Buffer.from(bytes))
      }
      res.writeHead(404)
      res.end('Not Found')
    })
    const client = open({ uri: url })
    const description = await client.table(table).describe()
    expect(description).toMatchObject({ location: 's3://bucket/items.lance', version: null, rowCount: '3' })
    expect(description.fields.map((f) => `${f.name}:${f.type}`)).toEqual(['id:int64', 'label:utf8'])
    // The missing stats route is remembered: the next describe does not ask again.
    await client.table(table).describe()
    expect(requests.filter((r) => r.path.endsWith('/stats'))).toHaveLength(1)
  })

  it('refuses a query answer declaring 2^31-1 rows in 296 bytes as a bad response', async () => {
    const { url } = await serve((req, res) => {
      res.writeHead(200, { 'content-type': 'application/vnd.apache.arrow.stream' })
      res.end(Buffer.from(arrowBomb()))
    })
    const read = open({ uri: url }).table(table).readRows({ offset: 0, limit: 100 })
    await expect(read).rejects.toMatchObject({
      code: 'bad_response',
      message: expect.stringMatching(/cannot be used: The Arrow data is damaged or crafted: a column declares 2,147,483,647 values that its bytes do not hold/)
    })
  })

  it('takes rows, fragments and bytes from the stats operation, without count_rows', async () => {
    const { url, requests } = await serve((req, res) => {
      if (req.path.endsWith('/describe'))
        return sendJson(res, 200, { location: 'x', version: 4, schema: { fields: [{ name: 'id', type: { type: 'int64' }, nullable: false }] } })
      if (req.path.endsWith('/stats'))
        return sendJson(res, 200, { num_rows: 1234, total_bytes: 5_000_000, num_indices: 0, fragment_stats: { num_fragments: 3, num_small_fragments: 0 } })
      return sendJson(res, 500, { error: 'not expected', code: 18 })
    })
    const description = await open({ uri: url }).table(table).describe()
    expect(description).toMatchObject({ version: '4', rowCount: '1234', fragmentCount: 3, totalBytes: '5000000' })
    expect(requests.map((r) => r.path.split('/').pop())).toEqual(['describe', 'stats'])
    expect(JSON.parse(requests[1]?.body.toString() ?? '')).toEqual({ id: ['db', 'items'] })
  })

  it('creates a table with the mode query parameter, the stream content type and a zero-row batch', async () => {
    const { url, requests } = await serve((_req, res) => sendJson(res, 200, { location: 'x' }))
    const schema = new Schema([new Field('id', new Int64(), false), new Field('v', new FixedSizeList(2, new Field('item', new Float32())), true)])
    const writer = new RecordBatchStreamWriter()
    writer.reset(undefined, schema)
    writer.close()
    await open({ uri: url }).createTable(table, writer.toUint8Array(true), 'overwrite')
    const seen = requests[0]
    expect(seen?.rawUrl).toBe('/v1/table/db%24items/create?delimiter=%24&mode=overwrite')
    expect(seen?.headers['content-type']).toBe('application/vnd.apache.arrow.stream')
    const sent = tableFromIPC(seen?.body ?? new Uint8Array())
    expect(sent.numRows).toBe(0)
    expect(sent.schema.fields.map((f) => f.name)).toEqual(['id', 'v'])
    expect(sent.batches).toHaveLength(1)
  })

  it('renames with the spec body and drops without a body', async () => {
    const { url, requests } = await serve((_req, res) => sendJson(res, 200, {}))
    const client = open({ uri: url })
    await client.renameTable(table, 'items2')
    await client.dropTable(table)
    expect(JSON.parse(requests[0]?.body.toString() ?? '')).toEqual({ id: ['db', 'items'], new_table_name: 'items2' })
    expect(requests[1]?.path).toBe('/v1/table/db%24items/drop')
    expect(requests[1]?.body).toHaveLength(0)
  })

  it('counts rows from a bare integer and sends the predicate', async () => {
    const { url, requests } = await serve((_req, res) => sendText(res, 200, '1234567\n'))
    expect(await open({ uri: url }).table(table).countRows('id > 3')).toBe('1234567')
    expect(JSON.parse(requests[0]?.body.toString() ?? '')).toEqual({ id: ['db', 'items'], predicate: 'id > 3' })
  })

  it('rejects a row count that is not a number', async () => {
    const { url } = await serve((_req, res) => sendText(res, 200, 'lots'))
    expect((await failure(open({ uri: url }).table(table).countRows())).code).toBe('bad_response')
  })

  it.each(['file', 'stream'] as const)('reads rows answered in Arrow %s framing as stream bytes', async (framing) => {
    const { url, requests } = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': `application/vnd.apache.arrow.${framing}` })
      res.end(Buffer.from(tableToIPC(data, framing)))
    })
    const page = await open({ uri: url })
      .table(table)
      .readRows({ offset: 10, limit: 3, columns: ['id', 'label'], filter: "label != 'z'" })
    expect(page.arrow[0]).toBe(0xff) // stream framing starts with a continuation marker, not ARROW1
    expect([page.rowCount, page.truncated]).toEqual([3, false])
    const rows = tableFromIPC(page.arrow)
    expect(rows.getChild('label')?.toArray()).toEqual(['a', 'b', 'c'])
    expect(JSON.parse(requests[0]?.body.toString() ?? '')).toEqual({
      id: ['db', 'items'],
      vector: null,
      k: 3,
      offset: 10,
      columns: { column_names: ['id', 'label'] },
      filter: "label != 'z'"
    })
  })

  it('rejects a query answer that is not Arrow', async () => {
    const { url } = await serve((_req, res) => sendJson(res, 200, { rows: [] }))
    const error = await failure(open({ uri: url }).table(table).readRows({ offset: 0, limit: 1 }))
    expect(error.code).toBe('bad_response')
    expect(error.message).toContain('not Arrow IPC')
  })
})

describe('server quirks', () => {
  it('uses the trailing-slash form when only that is routed, and remembers it', async () => {
    const { url, requests } = await serve((req, res) => {
      if (!req.path.endsWith('/')) return sendText(res, 404, 'Not Found')
      if (req.path.endsWith('/list/')) return sendJson(res, 200, { namespaces: ['a'] })
      sendJson(res, 200, {})
    })
    const client = open({ uri: url })
    expect((await client.listNamespaces([])).items).toEqual(['a'])
    await client.createNamespace(['b'])
    expect(requests.map((r) => r.path)).toEqual(['/v1/namespace/%24/list', '/v1/namespace/%24/list/', '/v1/namespace/b/create/'])
  })

  it('follows a same-origin redirect, keeping method and body', async () => {
    const { url, requests } = await serve((req, res) => {
      if (req.path === '/v1/namespace/n/create') {
        res.writeHead(308, { location: '/v1/namespace/n/create/' })
        return void res.end()
      }
      sendJson(res, 200, {})
    })
    await open({ uri: url }).createNamespace(['n'])
    expect(requests.map((r) => `${r.method} ${r.path} ${r.body.length > 0}`)).toEqual(['POST /v1/namespace/n/create true', 'POST /v1/namespace/n/create/ true'])
  })

  it('refuses to follow a redirect to another origin', async () => {
    const { url, requests } = await serve((_req, res) => {
      res.writeHead(302, { location: 'https://elsewhere.example.com/v1/namespace/%24/list' })
      res.end()
    })
    const error = await failure(open({ uri: url, 'headers.x-api-key': 'secret-key-123456' }).listNamespaces([]))
    expect(error.code).toBe('bad_response')
    expect(error.message).toContain('https://elsewhere.example.com')
    expect(requests).toHaveLength(1)
  })
})
