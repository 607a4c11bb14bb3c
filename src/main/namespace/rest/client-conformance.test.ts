/**
 * Client conformance: the app's REST client runs every operation it uses against a
 * request-validating server built from the spec file: a proxy on 127.0.0.1 that checks
 * each request with an OpenAPI validator (route, parameters, body media type and schema)
 * before passing it to the reference catalog server, whose answers drive the client.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect } from 'vitest'
import { buildNestedCatalog, makeTempDir, removeDir, sampleTableIpc } from '../../../../e2e/support/lancedb-catalog'
import { startCatalogServer, type RunningCatalogServer } from '../../../../server/server'
import { SpecCheck, SPEC_AVAILABLE, itWithSpec, type SeenRequest } from '../../../../server/spec/spec-check'
import { CatalogError } from '../../../shared/errors'
import { openRestNamespace } from './rest-namespace'

let root: string
let upstream: RunningCatalogServer
let proxy: Server
let proxyUrl: string
let spec: SpecCheck
const seen: { request: SeenRequest; problems: string[] }[] = []

/** Checks a request by the spec, then forwards it to the reference server as it came. */
async function startValidatingProxy(target: string): Promise<Server> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const body = Buffer.concat(chunks)
      const request: SeenRequest = { method: req.method ?? 'GET', url: req.url ?? '/', contentType: req.headers['content-type'], body }
      seen.push({ request, problems: spec.requestProblems(request) })
      const headers = req.headers['content-type'] ? { 'content-type': req.headers['content-type'] } : undefined
      fetch(`${target}${request.url}`, { method: request.method, headers, body: body.length > 0 ? body : undefined })
        .then(async (answer) => {
          const bytes = Buffer.from(await answer.arrayBuffer())
          res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/octet-stream' })
          res.end(bytes)
        })
        .catch((error: unknown) => {
          res.writeHead(502)
          res.end(String(error))
        })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return server
}

beforeAll(async () => {
  if (!SPEC_AVAILABLE) return
  root = await makeTempDir('client-conformance')
  await buildNestedCatalog(root, { tables: { people: 6 }, namespaces: { analytics: { tables: { events: 4 } }, 'Sales Team': { tables: { 'Q3 sales': 2 } } } })
  upstream = await startCatalogServer({ root, pageSize: 1 })
  spec = await SpecCheck.load()
  proxy = await startValidatingProxy(upstream.url)
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`
})

afterAll(async () => {
  await new Promise((resolve) => proxy?.close(resolve))
  await upstream?.close()
  if (root) await removeDir(root)
})

itWithSpec('sends only spec-valid requests for every operation the app uses', async () => {
  const client = openRestNamespace({ uri: proxyUrl })
  try {
    // Listings page through tokens (the server answers one name a page).
    expect((await client.listNamespaces([], { limit: 5 })).items).toHaveLength(1)
    expect((await client.listTables(['Sales Team'])).items).toEqual(['Q3 sales'])
    await client.createNamespace(['fresh'])
    await client.createNamespace(['fresh'], 'exist_ok')
    expect(await client.namespaceExists(['fresh'])).toBe(true)
    expect(await client.namespaceExists(['gone'])).toBe(false)
    await client.dropNamespace(['fresh'])

    const described = await client.describeTable({ namespace: ['Sales Team'], name: 'Q3 sales' })
    expect([described.rowCount, described.fields.map((f) => f.name)]).toEqual([2, ['id', 'name', 'score', 'vector', 'tags', 'meta']])
    expect(await client.countRows({ namespace: ['analytics'], name: 'events' }, 'id >= 2')).toBe(2)
    const page = await client.readRows({ namespace: [], name: 'people' }, { offset: 1, limit: 3, columns: ['id'], filter: 'id > 0' })
    expect(page.rowCount).toBe(3)

    await client.createTable({ namespace: ['analytics'], name: 'made' }, sampleTableIpc(2))
    await client.createTable({ namespace: ['analytics'], name: 'made' }, sampleTableIpc(3), 'overwrite')
    const rename = client.renameTable({ namespace: ['analytics'], name: 'made' }, 'renamed')
    // Directory catalogs cannot rename; the request itself must still be the spec's.
    await expect(rename).rejects.toBeInstanceOf(CatalogError)
    await client.dropTable({ namespace: ['analytics'], name: 'made' })

    // Indexes (issue 16): both create routes, the listing (with each index's stats) and drop.
    const events = { namespace: ['analytics'], name: 'events' }
    await client.createIndex(events, { column: 'id', indexType: 'BTREE' })
    await client.createIndex(events, { column: 'vector', indexType: 'IVF_FLAT', numPartitions: 1, distanceType: 'cosine' })
    expect((await client.listIndexes(events)).map((index) => `${index.name} ${index.indexType}`).sort()).toEqual(['id_idx BTREE', 'vector_idx IVF_FLAT'])
    await client.dropIndex(events, 'id_idx')
  } finally {
    await client.close()
  }

  expect(seen.flatMap((entry) => entry.problems)).toEqual([])
  const used = new Set(seen.map((entry) => spec.operationOf(entry.request.method, entry.request.url)?.operationId))
  expect([...used].sort()).toEqual(
    [
      'CountTableRows',
      'CreateNamespace',
      'CreateTable',
      'CreateTableIndex',
      'CreateTableScalarIndex',
      'DescribeTable',
      'DescribeTableIndexStats',
      'DropNamespace',
      'DropTable',
      'DropTableIndex',
      'GetTableStats',
      'ListNamespaces',
      'ListTableIndices',
      'ListTables',
      'NamespaceExists',
      'QueryTable',
      'RenameTable'
    ].sort()
  )
})
