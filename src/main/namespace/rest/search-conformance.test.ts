/**
 * Search client conformance: the REST client's search calls (QueryTable with a vector or
 * a full-text query, ExplainTableQueryPlan, ListTableIndices) go through a proxy on
 * 127.0.0.1 that checks each request against the spec file before passing it to the
 * reference server, whose answers drive the client. Runs where `LANCE_NAMESPACE_SPEC`
 * names the spec file (see server/spec/README.md), skipped otherwise.
 */
import { connect } from '@lancedb/lancedb'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tableFromIPC } from 'apache-arrow'
import { afterAll, beforeAll, expect } from 'vitest'
import { makeTempDir, removeDir } from '../../../../e2e/support/lancedb-catalog'
import { NATIVE_PHRASE, NATIVE_PHRASE_ROW, makeLanceNativeTable, nativeVector } from '../../../../e2e/support/lance-native-table'
import { startCatalogServer, type RunningCatalogServer } from '../../../../server/server'
import { SpecCheck, SPEC_AVAILABLE, itWithSpec, type SeenRequest } from '../../../../server/spec/spec-check'
import { openRestNamespace } from './rest-namespace'

let root: string
let upstream: RunningCatalogServer
let proxy: Server
let spec: SpecCheck
const seen: { request: SeenRequest; problems: string[] }[] = []

beforeAll(async () => {
  if (!SPEC_AVAILABLE) return
  root = await makeTempDir('search-conformance')
  const db = await connect(root)
  ;(await makeLanceNativeTable(db)).close()
  db.close()
  upstream = await startCatalogServer({ root })
  spec = await SpecCheck.load()
  proxy = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const body = Buffer.concat(chunks)
      const request: SeenRequest = { method: req.method ?? 'GET', url: req.url ?? '/', contentType: req.headers['content-type'], body }
      seen.push({ request, problems: spec.requestProblems(request) })
      const headers = req.headers['content-type'] ? { 'content-type': req.headers['content-type'] } : undefined
      fetch(`${upstream.url}${request.url}`, { method: request.method, headers, body: body.length > 0 ? body : undefined })
        .then(async (answer) => {
          res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/octet-stream' })
          res.end(Buffer.from(await answer.arrayBuffer()))
        })
        .catch((error: unknown) => {
          res.writeHead(502)
          res.end(String(error))
        })
    })
  })
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
}, 60_000)

afterAll(async () => {
  await new Promise((resolve) => proxy?.close(resolve))
  await upstream?.close()
  if (root) await removeDir(root)
})

itWithSpec('sends only spec-valid requests for every search operation', async () => {
  const client = openRestNamespace({ uri: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}` })
  const table = { namespace: [], name: 'articles' }
  try {
    const similar = { kind: 'vector' as const, column: 'vector', vector: nativeVector(9), distanceType: 'cosine' as const, k: 3, nprobes: 2, refineFactor: 2 }
    const rows = tableFromIPC((await client.searchRows(table, { query: similar, columns: ['id'], filter: 'id < 400' })).arrow)
    expect(Number(rows.getChild('id')?.get(0))).toBe(9)
    const found = tableFromIPC((await client.searchRows(table, { query: { kind: 'fts', text: NATIVE_PHRASE, k: 5 } })).arrow)
    expect(Number(found.getChild('id')?.get(0))).toBe(NATIVE_PHRASE_ROW)
    expect(await client.explainSearch(table, { query: similar })).toMatch(/KNN|ANN/)
    expect(await client.explainSearch(table, { query: { kind: 'scan', k: 100 }, filter: 'id > 3' })).toMatch(/LanceRead|LanceScan/)
    // The reference server has no index routes (yet): the request must still be the spec's.
    await client.searchInfo(table).catch(() => null)
  } finally {
    await client.close()
  }
  expect(seen.flatMap((entry) => entry.problems)).toEqual([])
  const used = new Set(seen.map((entry) => spec.operationOf(entry.request.method, entry.request.url)?.operationId))
  expect(used).toEqual(new Set(['QueryTable', 'ExplainTableQueryPlan', 'ListTableIndices', 'DescribeTable', 'GetTableStats']))
})
