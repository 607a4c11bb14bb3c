/**
 * Search client conformance: the REST client's search calls (QueryTable with a vector or
 * a full-text query, ExplainTableQueryPlan, ListTableIndices) go through a proxy on
 * 127.0.0.1 (server/spec/validating-proxy.ts) that checks each request against the spec
 * file before passing it to the reference server, whose answers drive the client. Runs where `LANCE_NAMESPACE_SPEC`
 * names the spec file (see server/spec/README.md), skipped otherwise.
 */
import { connect } from '@lancedb/lancedb'
import { tableFromIPC } from 'apache-arrow'
import { afterAll, beforeAll, expect } from 'vitest'
import { makeTempDir, removeDir } from '../../../test-kit/lancedb-catalog'
import { NATIVE_PHRASE, NATIVE_PHRASE_ROW, makeLanceNativeTable, nativeVector } from '../../../test-kit/lance-native-table'
import { startCatalogServer, type RunningCatalogServer } from '../../../server/server'
import { SpecCheck, SPEC_AVAILABLE, itWithSpec } from '../../../server/spec/spec-check'
import { startValidatingProxy, type ValidatingProxy } from '../../../server/spec/validating-proxy'
import { openRestNamespace } from './rest-namespace'

let root: string
let upstream: RunningCatalogServer
let proxy: ValidatingProxy

beforeAll(async () => {
  if (!SPEC_AVAILABLE) return
  root = await makeTempDir('search-conformance')
  const db = await connect(root)
  ;(await makeLanceNativeTable(db)).close()
  db.close()
  upstream = await startCatalogServer({ root })
  proxy = await startValidatingProxy(await SpecCheck.load(), upstream.url)
}, 60_000)

afterAll(async () => {
  await proxy?.close()
  await upstream?.close()
  if (root) await removeDir(root)
})

itWithSpec('sends only spec-valid requests for every search operation', async () => {
  const client = openRestNamespace({ uri: proxy.url })
  const table = { namespace: [], name: 'articles' }
  try {
    const similar = { kind: 'vector' as const, column: 'vector', vector: nativeVector(9), distanceType: 'cosine' as const, k: 3, nprobes: 2, refineFactor: 2 }
    const rows = tableFromIPC((await client.table(table).searchRows({ query: similar, columns: ['id'], filter: 'id < 400' })).arrow)
    expect(Number(rows.getChild('id')?.get(0))).toBe(9)
    const found = tableFromIPC((await client.table(table).searchRows({ query: { kind: 'fts', text: NATIVE_PHRASE, k: 5 } })).arrow)
    expect(Number(found.getChild('id')?.get(0))).toBe(NATIVE_PHRASE_ROW)
    expect(await client.table(table).explainSearch({ query: similar })).toMatch(/KNN|ANN/)
    expect(await client.table(table).explainSearch({ query: { kind: 'scan', k: 100 }, filter: 'id > 3' })).toMatch(/LanceRead|LanceScan/)
    // The reference server has no index routes (yet): the request must still be the spec's.
    await client
      .table(table)
      .searchInfo()
      .catch(() => null)
  } finally {
    await client.close()
  }
  expect(proxy.seen.flatMap((entry) => entry.problems)).toEqual([])
  expect(proxy.operationsUsed()).toEqual(new Set(['QueryTable', 'ExplainTableQueryPlan', 'ListTableIndices', 'DescribeTable', 'GetTableStats']))
})
