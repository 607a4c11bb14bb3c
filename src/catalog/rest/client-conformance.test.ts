/**
 * Client conformance: the app's REST client runs every operation it uses against a
 * request-validating server built from the spec file: a proxy on 127.0.0.1
 * (server/spec/validating-proxy.ts) that checks each request with an OpenAPI validator
 * (route, parameters, body media type and schema) before passing it to the reference
 * catalog server, whose answers drive the client.
 */
import { afterAll, beforeAll, expect } from 'vitest'
import { buildNestedCatalog, makeTempDir, removeDir, sampleTableIpc } from '../../../test-kit/lancedb-catalog'
import { startCatalogServer, type RunningCatalogServer } from '../../../server/server'
import { SpecCheck, SPEC_AVAILABLE, itWithSpec } from '../../../server/spec/spec-check'
import { startValidatingProxy, type ValidatingProxy } from '../../../server/spec/validating-proxy'
import { CatalogError } from '../../shared/errors'
import { openRestNamespace } from './rest-namespace'

let root: string
let upstream: RunningCatalogServer
let proxy: ValidatingProxy

beforeAll(async () => {
  if (!SPEC_AVAILABLE) return
  root = await makeTempDir('client-conformance')
  await buildNestedCatalog(root, { tables: { people: 6 }, namespaces: { analytics: { tables: { events: 4 } }, 'Sales Team': { tables: { 'Q3 sales': 2 } } } })
  upstream = await startCatalogServer({ root, pageSize: 1 })
  proxy = await startValidatingProxy(await SpecCheck.load(), upstream.url)
})

afterAll(async () => {
  await proxy?.close()
  await upstream?.close()
  if (root) await removeDir(root)
})

itWithSpec('sends only spec-valid requests for every operation the app uses', async () => {
  const client = openRestNamespace({ uri: proxy.url })
  try {
    // Listings page through tokens (the server answers one name a page).
    expect((await client.listNamespaces([], { limit: 5 })).items).toHaveLength(1)
    expect((await client.listTables(['Sales Team'])).items).toEqual(['Q3 sales'])
    await client.createNamespace(['fresh'])
    await client.createNamespace(['fresh'], 'exist_ok')
    expect(await client.namespaceExists(['fresh'])).toBe(true)
    expect(await client.namespaceExists(['gone'])).toBe(false)
    await client.dropNamespace(['fresh'])

    const described = await client.table({ namespace: ['Sales Team'], name: 'Q3 sales' }).describe()
    expect([described.rowCount, described.fields.map((f) => f.name)]).toEqual(['2', ['id', 'name', 'score', 'vector', 'tags', 'meta']])
    expect(await client.table({ namespace: ['analytics'], name: 'events' }).countRows('id >= 2')).toBe('2')
    const page = await client.table({ namespace: [], name: 'people' }).readRows({ offset: 1, limit: 3, columns: ['id'], filter: 'id > 0' })
    expect(page.rowCount).toBe(3)

    await client.createTable({ namespace: ['analytics'], name: 'made' }, sampleTableIpc(2))
    await client.createTable({ namespace: ['analytics'], name: 'made' }, sampleTableIpc(3), 'overwrite')
    const rename = client.renameTable({ namespace: ['analytics'], name: 'made' }, 'renamed')
    // Directory catalogs cannot rename; the request itself must still be the spec's.
    await expect(rename).rejects.toBeInstanceOf(CatalogError)
    await client.dropTable({ namespace: ['analytics'], name: 'made' })

    // Indexes: both create routes, the listing (with each index's stats) and drop.
    const events = { namespace: ['analytics'], name: 'events' }
    await client.table(events).createIndex({ column: 'id', indexType: 'BTREE' })
    await client.table(events).createIndex({ column: 'vector', indexType: 'IVF_FLAT', numPartitions: 1, distanceType: 'cosine' })
    expect((await client.table(events).listIndexes()).map((index) => `${index.name} ${index.indexType}`).sort()).toEqual([
      'id_idx BTREE',
      'vector_idx IVF_FLAT'
    ])
    await client.table(events).dropIndex('id_idx')

    // Schema evolution, versions and tags: each change a version, a tag set and
    // removed, an older version described and counted, then restored as the latest.
    const people = { namespace: [], name: 'people' }
    await client.table(people).addColumns([{ name: 'twice', expression: 'id * 2' }])
    await client.table(people).alterColumns([{ path: 'twice', rename: 'doubled' }])
    await client.table(people).dropColumns(['doubled'])
    expect((await client.table(people).listVersions()).map((version) => version.version)).toEqual(expect.arrayContaining(['1', '2', '3', '4']))
    await client.table(people).createTag('first', '1')
    expect((await client.table(people).listTags())?.map((tag) => `${tag.name} ${tag.version}`)).toEqual(['first 1'])
    await client.table(people).deleteTag('first')
    expect((await client.table(people).describeVersion('1')).fields.map((f) => f.name)).not.toContain('twice')
    expect(await client.table(people).countRowsAt('1')).toBe('6')
    expect(Number(await client.table(people).restoreVersion('1'))).toBeGreaterThan(4)
  } finally {
    await client.close()
  }

  expect(proxy.seen.flatMap((entry) => entry.problems)).toEqual([])
  expect([...proxy.operationsUsed()].sort()).toEqual(
    [
      'AlterTableAddColumns',
      'AlterTableAlterColumns',
      'AlterTableDropColumns',
      'CountTableRows',
      'CreateNamespace',
      'CreateTableTag',
      'DeleteTableTag',
      'ListTableTags',
      'ListTableVersions',
      'RestoreTable',
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
