/**
 * Versions over REST: our client (openRestCatalog) against the reference server on a
 * LanceDB-made table with 4 versions, through the spec's version and tag routes, and on a
 * metadata-only server, where counts and rows of an older version are read at the table's
 * location. Restores are checked through LanceDB itself.
 */
import { connect, type Connection } from '@lancedb/lancedb'
import { tableFromIPC } from 'apache-arrow'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeLanceNativeTable, NATIVE_VERSION_ROWS } from '../e2e/support/lance-native-table'
import { makeTempDir, removeDir } from '../e2e/support/lancedb-catalog'
import { openRestCatalog } from '../src/main/namespace/rest/data-access'
import type { NamespaceClient } from '../src/main/namespace/namespace-client'
import { CatalogError } from '../src/shared/errors'
import { startCatalogServer, type RunningCatalogServer } from './server'

let root: string
let db: Connection
const servers: RunningCatalogServer[] = []
const clients: NamespaceClient[] = []

beforeAll(async () => {
  root = await makeTempDir('versions-routes')
  db = await connect(root)
  for (const name of ['articles', 'restored', 'tagged', 'metadata_only']) (await makeLanceNativeTable(db, name)).close()
})

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()))
  await Promise.all(servers.map((s) => s.close()))
  db?.close()
  await removeDir(root)
})

async function open(options: { dataRoutes?: boolean } = {}): Promise<NamespaceClient> {
  const server = await startCatalogServer({ root, ...options })
  servers.push(server)
  const client = openRestCatalog({ uri: server.url }, { maxRetries: 0 })
  clients.push(client)
  return client
}

const ref = (name: string) => ({ namespace: [], name })

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
    const versions = await client.listVersions(ref('articles'))
    expect(versions.map((v) => [v.version, v.rows])).toEqual(NATIVE_VERSION_ROWS.map((rows, i) => [i + 1, rows]))
    expect(await client.listTags(ref('articles'))).toEqual([])
  })

  it('describes, counts and reads version 1 with its own 300 rows while the latest keeps 500', async () => {
    const client = await open()
    expect(await client.describeVersion(ref('articles'), 1)).toMatchObject({ version: 1, rowCount: 300 })
    expect(await client.countRowsAt(ref('articles'), 1, 'id >= 250')).toBe(50)
    const page = await client.readRows(ref('articles'), { offset: 0, limit: 1000, version: 1 })
    expect(page.rowCount).toBe(300)
    expect(Math.max(...Array.from(tableFromIPC(page.arrow).getChild('id')?.toArray() ?? [], Number))).toBe(299)
    expect((await client.describeTable(ref('articles'))).rowCount).toBe(500)
  })

  it('restores version 2 as version 5 with version 2\'s rows (checked through LanceDB)', async () => {
    const client = await open()
    expect(await client.restoreVersion(ref('restored'), 2)).toBe(5)
    const table = await db.openTable('restored')
    expect(await table.version()).toBe(5)
    table.close()
    expect(await idsAt('restored')).toEqual(await idsAt('restored', 2))
    expect((await client.listVersions(ref('restored'))).map((v) => v.rows)).toEqual([...NATIVE_VERSION_ROWS, 300])
  })

  it('creates, lists and deletes tags, and says what is wrong with a bad one', async () => {
    const client = await open()
    await client.createTag(ref('tagged'), 'baseline', 1)
    expect(await client.listTags(ref('tagged'))).toEqual([{ name: 'baseline', version: 1 }])
    const lance = await db.openTable('tagged')
    expect(await (await lance.tags()).getVersion('baseline')).toBe(1)
    lance.close()
    const duplicate = await client.createTag(ref('tagged'), 'baseline', 2).catch((e: unknown) => e)
    expect(duplicate).toBeInstanceOf(CatalogError)
    expect((duplicate as CatalogError).message).toContain('already has a tag "baseline"')
    await client.deleteTag(ref('tagged'), 'baseline')
    expect(await client.listTags(ref('tagged'))).toEqual([])
  })

  it('refuses a version the table never had, naming the versions it has', async () => {
    const client = await open()
    const error = await client.describeVersion(ref('articles'), 9).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(CatalogError)
    expect((error as CatalogError).code).toBe('table_not_found')
    const restore = await client.restoreVersion(ref('articles'), 9).catch((e: unknown) => e)
    expect((restore as CatalogError).message).toContain('has no version 9')
  })

  it('on a metadata-only catalog reads the older version at the table\'s location', async () => {
    const client = await open({ dataRoutes: false })
    expect(await client.describeVersion(ref('metadata_only'), 1)).toMatchObject({ version: 1, rowCount: 300 })
    const page = await client.readRows(ref('metadata_only'), { offset: 0, limit: 1000, version: 1 })
    expect(page.rowCount).toBe(300)
    expect(await client.countRowsAt(ref('metadata_only'), 4)).toBe(500)
  })
})
