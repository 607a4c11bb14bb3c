/**
 * Versions over REST: our client (openRestCatalog) against the reference server on a
 * LanceDB-made table with 4 versions, through the spec's version and tag routes, and on a
 * metadata-only server, where counts and rows of an older version are read at the table's
 * location. Restores are checked through LanceDB itself.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { connect, type Connection } from '@lancedb/lancedb'
import { tableFromIPC } from 'apache-arrow'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeLanceNativeTable, NATIVE_VERSION_ROWS } from '../test-kit/lance-native-table'
import { makeTempDir, removeDir } from '../test-kit/lancedb-catalog'
import { forwardRequest } from '../test-kit/forward-request'
import { openRestCatalog } from '../src/catalog/rest/rest-namespace'
import type { NamespaceClient } from '../src/catalog/namespace-client'
import { CatalogError } from '../src/shared/errors'
import { startCatalogServer, type RunningCatalogServer } from './server'

let root: string
let db: Connection
const servers: RunningCatalogServer[] = []
const clients: NamespaceClient[] = []

beforeAll(async () => {
  root = await makeTempDir('versions-routes')
  db = await connect(root)
  for (const name of ['articles', 'restored', 'tagged', 'metadata_only', 'unrouted', 'paged']) (await makeLanceNativeTable(db, name)).close()
})

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()))
  await Promise.all(servers.map((s) => s.close()))
  db?.close()
  await removeDir(root)
})

async function open(options: { dataRoutes?: boolean; pageSize?: number; versionRoutes?: false } = {}): Promise<NamespaceClient> {
  const { versionRoutes, ...serverOptions } = options
  const server = await startCatalogServer({ root, ...serverOptions })
  servers.push(server)
  const uri = versionRoutes === false ? await withoutVersionRoutes(server.url) : server.url
  const client = openRestCatalog({ uri }, { maxRetries: 0 })
  clients.push(client)
  return client
}

const ref = (name: string) => ({ namespace: [], name })

/** A catalog without the version and tag routes: a proxy answering them 404 (no Lance code), as a server that never heard of them. */
async function withoutVersionRoutes(target: string): Promise<string> {
  const upstream = new URL(target)
  const proxy = createServer((req, res) => {
    if (/\/(version\/list|restore|tags\/[a-z]+)\/?$/.test(new URL(req.url ?? '/', target).pathname)) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found')
      return
    }
    forwardRequest(upstream, req, res)
  })
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
  servers.push({ url: '', port: 0, close: () => new Promise<void>((resolve) => proxy.close(() => resolve())) })
  return `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`
}

async function idsAt(name: string, version?: number): Promise<number[]> {
  const table = await db.openTable(name)
  if (version !== undefined) await table.checkout(version)
  const rows = await table.query().select(['id']).toArray()
  table.close()
  return rows.map((row: { id: number }) => Number(row.id)).sort((a, b) => a - b)
}

describe('versions over REST (reference server)', () => {
  it('lists the 4 versions with their row counts, and no tags yet', async () => {
    const client = await open()
    const versions = await client.table(ref('articles')).listVersions()
    expect(versions.map((v) => [v.version, v.rows])).toEqual(NATIVE_VERSION_ROWS.map((rows, i) => [String(i + 1), String(rows)]))
    expect(await client.table(ref('articles')).listTags()).toEqual([])
  })

  it('describes, counts and reads version 1 with its own 300 rows while the latest keeps 500', async () => {
    const client = await open()
    expect(await client.table(ref('articles')).describeVersion('1')).toMatchObject({ version: '1', rowCount: '300' })
    expect(await client.table(ref('articles')).countRowsAt('1', 'id >= 250')).toBe('50')
    const page = await client.table(ref('articles')).readRows({ offset: 0, limit: 1000, version: '1' })
    expect(page.rowCount).toBe(300)
    expect(Math.max(...Array.from(tableFromIPC(page.arrow).getChild('id')?.toArray() ?? [], Number))).toBe(299)
    expect((await client.table(ref('articles')).describe()).rowCount).toBe('500')
  })

  it("restores version 2 as version 5 with version 2's rows (checked through LanceDB)", async () => {
    const client = await open()
    expect(await client.table(ref('restored')).restoreVersion('2')).toBe('5')
    const table = await db.openTable('restored')
    expect(await table.version()).toBe(5)
    table.close()
    expect(await idsAt('restored')).toEqual(await idsAt('restored', 2))
    expect((await client.table(ref('restored')).listVersions()).map((v) => v.rows)).toEqual([...NATIVE_VERSION_ROWS, 300].map(String))
  })

  it('creates, lists and deletes tags, and says what is wrong with a bad one', async () => {
    const client = await open()
    await client.table(ref('tagged')).createTag('baseline', '1')
    expect(await client.table(ref('tagged')).listTags()).toEqual([{ name: 'baseline', version: '1' }])
    const lance = await db.openTable('tagged')
    expect(await (await lance.tags()).getVersion('baseline')).toBe(1)
    lance.close()
    const duplicate = await client
      .table(ref('tagged'))
      .createTag('baseline', '2')
      .catch((e: unknown) => e)
    expect(duplicate).toBeInstanceOf(CatalogError)
    expect((duplicate as CatalogError).message).toContain('already has a tag "baseline"')
    await client.table(ref('tagged')).deleteTag('baseline')
    expect(await client.table(ref('tagged')).listTags()).toEqual([])
  })

  it('refuses a version the table never had, naming the versions it has', async () => {
    const client = await open()
    const error = await client
      .table(ref('articles'))
      .describeVersion('9')
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(CatalogError)
    expect((error as CatalogError).code).toBe('table_not_found')
    const restore = await client
      .table(ref('articles'))
      .restoreVersion('9')
      .catch((e: unknown) => e)
    expect((restore as CatalogError).message).toContain('has no version 9')
  })

  it("on a metadata-only catalog reads the older version at the table's location", async () => {
    const client = await open({ dataRoutes: false })
    expect(await client.table(ref('metadata_only')).describeVersion('1')).toMatchObject({ version: '1', rowCount: '300' })
    const page = await client.table(ref('metadata_only')).readRows({ offset: 0, limit: 1000, version: '1' })
    expect(page.rowCount).toBe(300)
    expect(await client.table(ref('metadata_only')).countRowsAt('4')).toBe('500')
  })

  it('follows the pages of the version listing', async () => {
    const client = await open({ pageSize: 1 })
    expect((await client.table(ref('paged')).listVersions()).map((v) => v.version)).toEqual(['1', '2', '3', '4'])
  })

  it("without the version and tag routes, lists, restores and tags at the table's location", async () => {
    const client = await open({ versionRoutes: false })
    expect((await client.table(ref('unrouted')).listVersions()).map((v) => v.rows)).toEqual(NATIVE_VERSION_ROWS.map(String))
    expect(await client.table(ref('unrouted')).describeVersion('2')).toMatchObject({
      version: '2',
      rowCount: '300',
      location: expect.stringContaining('unrouted')
    })
    await client.table(ref('unrouted')).createTag('before', '3')
    expect(await client.table(ref('unrouted')).listTags()).toEqual([{ name: 'before', version: '3' }])
    expect(await client.table(ref('unrouted')).restoreVersion('1')).toBe('5')
    expect(await idsAt('unrouted')).toEqual(await idsAt('unrouted', 1))
  })
})
