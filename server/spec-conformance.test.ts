/**
 * Server conformance: every operation of the Lance REST spec this server implements is
 * called, answering both success and the errors a client meets (not found, conflicts,
 * bad requests, no credentials), and every answer is checked against the spec file with
 * an OpenAPI validator: the status is one the operation lists, the media type is the one
 * the spec gives, and JSON bodies match their schema. No extensions slip through.
 */
import { afterAll, beforeAll, expect } from 'vitest'
import { buildNestedCatalog, makeTempDir, removeDir, sampleTableIpc } from '../test-kit/lancedb-catalog'
import { ROUTES, startCatalogServer, type RunningCatalogServer } from './server'
import { isSpecRoute } from './spec-statuses'
import { SpecCheck, SPEC_AVAILABLE, itWithSpec } from './spec/spec-check'

const KEY = 'conformance-key'
const JSON_TYPE = 'application/json'
const ARROW_STREAM = 'application/vnd.apache.arrow.stream'

let root: string
let server: RunningCatalogServer
let spec: SpecCheck

interface Exchange {
  readonly method: 'GET' | 'POST'
  readonly url: string
  readonly status: number
  readonly problems: string[]
}

const exchanges: Exchange[] = []

/** Sends one request (with the key unless `anonymous`) and records its answer's problems by the spec. */
async function send(method: 'GET' | 'POST', url: string, body?: unknown, options: { anonymous?: boolean; type?: string } = {}): Promise<number> {
  const headers: Record<string, string> = options.anonymous ? {} : { 'x-api-key': KEY }
  let payload: string | Uint8Array<ArrayBuffer> | undefined
  if (body instanceof Uint8Array) {
    headers['content-type'] = options.type ?? ARROW_STREAM
    payload = new Uint8Array(body)
  } else if (body !== undefined) {
    headers['content-type'] = options.type ?? JSON_TYPE
    payload = typeof body === 'string' ? body : JSON.stringify(body)
  }
  const { status, problems } = await spec.exchange(server.url, { method, url, headers, body: payload })
  exchanges.push({ method, url, status, problems })
  return status
}

beforeAll(async () => {
  if (!SPEC_AVAILABLE) return
  root = await makeTempDir('spec-conformance')
  await buildNestedCatalog(root, { tables: { people: 10 }, namespaces: { analytics: { tables: { events: 25 }, namespaces: { web: {} } } } })
  server = await startCatalogServer({ root, apiKeys: [KEY], pageSize: 2 })
  spec = await SpecCheck.load()
})

afterAll(async () => {
  await server?.close()
  if (root) await removeDir(root)
})

itWithSpec('answers every implemented operation, in success and in error, only as the spec allows', async () => {
  const statuses = {
    // Namespaces: list (paged), create in each mode, describe, exists, drop.
    list: [
      await send('GET', '/v1/namespace/%24/list?limit=1'),
      await send('GET', '/v1/namespace/nope/list'),
      await send('GET', '/v1/namespace/%24/list?page_token=%25%25bad'),
      await send('GET', '/v1/namespace/%24/list', undefined, { anonymous: true })
    ],
    create: [
      await send('POST', '/v1/namespace/fresh/create', { id: ['fresh'] }),
      await send('POST', '/v1/namespace/fresh/create', { id: ['fresh'], mode: 'exist_ok' }),
      await send('POST', '/v1/namespace/fresh/create', { id: ['fresh'] }),
      await send('POST', '/v1/namespace/ghost%24child/create', {}),
      await send('POST', '/v1/namespace/bodiless/create'),
      await send('POST', '/v1/namespace/plain/create', '{}', { type: 'text/plain' }),
      await send('POST', '/v1/namespace/mine/create', { id: ['theirs'] }),
      await send('POST', '/v1/namespace/spaced%20name/create', {})
    ],
    describeNamespace: [await send('POST', '/v1/namespace/analytics/describe', { id: ['analytics'] }), await send('POST', '/v1/namespace/nope/describe', {})],
    namespaceExists: [await send('POST', '/v1/namespace/analytics/exists', {}), await send('POST', '/v1/namespace/nope/exists', {})],
    dropNamespace: [
      await send('POST', '/v1/namespace/fresh/drop', { id: ['fresh'] }),
      await send('POST', '/v1/namespace/analytics/drop', {}),
      await send('POST', '/v1/namespace/nope/drop', {}),
      await send('POST', '/v1/namespace/nope/drop', { mode: 'skip' })
    ],
    // Tables: listings, describe (plain, detailed, at a version), exists, create, declare, rename, drop.
    listTables: [
      await send('GET', '/v1/namespace/analytics/table/list'),
      await send('GET', '/v1/namespace/%24/table/list?include_declared=false'),
      await send('GET', '/v1/namespace/nope/table/list')
    ],
    listAllTables: [await send('GET', '/v1/table?limit=1'), await send('GET', '/v1/table?page_token=%25%25bad')],
    describeTable: [
      await send('POST', '/v1/table/analytics%24events/describe', { id: ['analytics', 'events'] }),
      await send('POST', '/v1/table/analytics%24events/describe?load_detailed_metadata=true&with_table_uri=true', {}),
      await send('POST', '/v1/table/analytics%24events/describe', { version: 1, load_detailed_metadata: true }),
      await send('POST', '/v1/table/analytics%24events/describe', { version: 42 }),
      await send('POST', '/v1/table/analytics%24nope/describe', {})
    ],
    tableExists: [await send('POST', '/v1/table/people/exists', {}), await send('POST', '/v1/table/nope/exists', {})],
    createTable: [
      await send('POST', '/v1/table/made/create', sampleTableIpc(3)),
      await send('POST', '/v1/table/made/create', sampleTableIpc(3)),
      await send('POST', '/v1/table/made/create?mode=overwrite', sampleTableIpc(2)),
      await send('POST', '/v1/table/ghost%24made/create', sampleTableIpc(1)),
      await send('POST', '/v1/table/empty/create', new Uint8Array())
    ],
    declareTable: [
      await send('POST', '/v1/table/declared/declare', { id: ['declared'] }),
      await send('POST', '/v1/table/declared/declare', {}),
      await send('POST', '/v1/table/declared/describe', {}),
      await send('POST', '/v1/table/ghost%24declared/declare', {})
    ],
    renameTable: [
      await send('POST', '/v1/table/made/rename', { new_table_name: 'people' }),
      await send('POST', '/v1/table/made/rename', { new_table_name: 'moved', new_namespace_id: ['analytics'] }),
      await send('POST', '/v1/table/nope/rename', { new_table_name: 'x' }),
      await send('POST', '/v1/table/made/rename', {})
    ],
    // Data: count_rows, query (Arrow file), stats.
    countRows: [
      await send('POST', '/v1/table/people/count_rows', { id: ['people'], predicate: 'id < 4' }),
      await send('POST', '/v1/table/nope/count_rows', {}),
      await send('POST', '/v1/table/people/count_rows', { version: 1 })
    ],
    query: [
      await send('POST', '/v1/table/people/query', { vector: null, k: 3, offset: 1, columns: { column_names: ['id'] }, filter: 'id > 0' }),
      await send('POST', '/v1/table/people/query', { vector: { single_vector: [1, 2] }, k: 1 }),
      await send('POST', '/v1/table/nope/query', { vector: null, k: 1 }),
      await send('POST', '/v1/table/people/query', { vector: null, k: -1 }),
      await send('POST', '/v1/table/people/query', { vector: { single_vector: Array.from({ length: 8 }, () => 0.5) }, vector_column: 'vector', k: 2 })
    ],
    explain: [
      await send('POST', '/v1/table/people/explain_plan', { query: { vector: { single_vector: Array.from({ length: 8 }, () => 0.5) }, k: 2 }, verbose: false }),
      await send('POST', '/v1/table/people/explain_plan', { query: { vector: null, k: 5, filter: 'id > 1' } }),
      await send('POST', '/v1/table/nope/explain_plan', { query: { vector: null, k: 1 } }),
      await send('POST', '/v1/table/people/explain_plan', {})
    ],
    stats: [await send('POST', '/v1/table/people/stats', { id: ['people'] }), await send('POST', '/v1/table/nope/stats', {})],
    // Versions and tags (listings take no body); people has one version, restoring it makes version 2.
    versions: [
      await send('POST', '/v1/table/people/version/list?limit=1'),
      await send('POST', '/v1/table/nope/version/list'),
      await send('POST', '/v1/table/people/restore', { version: 1 }),
      await send('POST', '/v1/table/people/restore', {}),
      await send('POST', '/v1/table/people/tags/create', { tag: 'first', version: 1 }),
      await send('POST', '/v1/table/people/tags/list'),
      await send('POST', '/v1/table/people/tags/version', { tag: 'first' }),
      await send('POST', '/v1/table/people/tags/delete', { tag: 'first' }),
      await send('POST', '/v1/table/people/tags/delete', { tag: 'first' })
    ],
    // Schema evolution: add a computed column, rename it, drop it, each also refused.
    schema: [
      await send('POST', '/v1/table/people/add_columns', { new_columns: [{ name: 'twice', expression: 'id * 2' }] }),
      await send('POST', '/v1/table/nope/add_columns', { new_columns: [{ name: 'twice', expression: 'id * 2' }] }),
      await send('POST', '/v1/table/people/add_columns', {}),
      await send('POST', '/v1/table/people/alter_columns', { alterations: [{ path: 'twice', rename: 'doubled' }] }),
      await send('POST', '/v1/table/people/alter_columns', { alterations: [{ path: 'doubled' }] }),
      await send('POST', '/v1/table/people/drop_columns', { columns: ['doubled'] }),
      await send('POST', '/v1/table/people/drop_columns', { columns: [] }),
      await send('POST', '/v1/table/nope/drop_columns', { columns: ['x'] })
    ],
    // Row writes: insert, merge insert, update and delete, each also refused; register is not offered.
    writes: [
      await send('POST', '/v1/table/people/insert', sampleTableIpc(2)),
      await send('POST', '/v1/table/nope/insert', sampleTableIpc(2)),
      await send('POST', '/v1/table/people/merge_insert?on=id&when_matched_update_all=true&when_not_matched_insert_all=true', sampleTableIpc(3)),
      await send('POST', '/v1/table/people/merge_insert', sampleTableIpc(3)),
      await send('POST', '/v1/table/people/update', { updates: [['score', 'score + 1']], predicate: 'id < 2' }),
      await send('POST', '/v1/table/people/update', {}),
      await send('POST', '/v1/table/people/delete', { predicate: 'id > 100' }),
      await send('POST', '/v1/table/nope/delete', { predicate: 'true' }),
      await send('POST', '/v1/table/elsewhere/register', { location: '/elsewhere.lance' })
    ],
    dropTable: [
      await send('POST', '/v1/table/made/drop'),
      await send('POST', '/v1/table/made/drop'),
      await send('POST', '/v1/table/people/drop', '{}', { type: 'text/plain' })
    ],
    // Indexes: create (both routes), list, stats and drop, each also failing (an
    // existing index is a 400 with Lance code 7: the create operations list no 409).
    indexes: [
      await send('POST', '/v1/table/analytics%24events/create_scalar_index', { column: 'id', index_type: 'BTREE' }),
      await send('POST', '/v1/table/analytics%24events/create_scalar_index', { column: 'id', index_type: 'BTREE' }),
      await send('POST', '/v1/table/analytics%24events/create_index', { column: 'id', index_type: 'BITMAP', name: 'id_bitmap' }),
      await send('POST', '/v1/table/analytics%24events/create_index', { column: 'nope', index_type: 'BTREE' }),
      await send('POST', '/v1/table/analytics%24events/index/list', { id: ['analytics', 'events'] }),
      await send('POST', '/v1/table/nope/index/list', {}),
      await send('POST', '/v1/table/analytics%24events/index/id_idx/stats', { index_name: 'id_idx' }),
      await send('POST', '/v1/table/analytics%24events/index/nope/stats', {}),
      await send('POST', '/v1/table/analytics%24events/index/id_idx/drop'),
      await send('POST', '/v1/table/analytics%24events/index/id_idx/drop')
    ]
  }

  // The calls reached the cases they name (a conformance pass over only 400s would prove little).
  expect(statuses.list).toEqual([200, 404, 400, 401])
  expect(statuses.create).toEqual([200, 200, 409, 404, 400, 400, 400, 400])
  expect(statuses.dropNamespace).toEqual([200, 409, 404, 200])
  expect(statuses.describeTable).toEqual([200, 200, 200, 404, 404])
  expect(statuses.createTable).toEqual([200, 409, 200, 404, 400])
  expect(statuses.declareTable).toEqual([200, 409, 200, 404])
  // This server's storage cannot rename: every well-formed rename is the spec's 406 Unsupported Operation.
  expect(statuses.renameTable).toEqual([406, 406, 406, 400])
  expect(statuses.countRows).toEqual([200, 404, 200])
  expect(statuses.versions).toEqual([200, 404, 200, 400, 200, 200, 200, 200, 400])
  expect(statuses.query).toEqual([200, 400, 404, 400, 200])
  expect(statuses.explain).toEqual([200, 200, 404, 400])
  expect(statuses.schema).toEqual([200, 404, 400, 200, 400, 200, 400, 404])
  expect(statuses.writes).toEqual([200, 404, 200, 400, 200, 400, 200, 404, 406])
  expect(statuses.dropTable).toEqual([200, 404, 400])
  expect(statuses.indexes).toEqual([200, 400, 200, 400, 200, 404, 200, 404, 200, 404])

  // The one answer the spec's operation does not list: its 406 Unsupported Operation on
  // RenameTable, the spec's own way to say an operation is not supported (spec-statuses.ts).
  const unlisted = (problem: string): boolean => problem.startsWith('RenameTable 406: the spec lists no status 406')
  expect(exchanges.flatMap((exchange) => exchange.problems).filter((problem) => !unlisted(problem))).toEqual([])
  expect(exchanges.flatMap((exchange) => exchange.problems).filter(unlisted)).toHaveLength(3)

  // Every spec operation the server routes was called.
  const implemented = ROUTES.filter(isSpecRoute).map((route) => spec.operationOf(route.method, route.pattern.replace(':id', 'x'))?.operationId)
  const called = new Set(exchanges.map((exchange) => spec.operationOf(exchange.method, exchange.url)?.operationId))
  expect(implemented.filter((id) => id === undefined || !called.has(id))).toEqual([])
  expect(implemented).toHaveLength(36)
})
