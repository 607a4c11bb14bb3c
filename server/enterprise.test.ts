/**
 * The Enterprise routes (`GET /v1/tables`, `POST /v1/tables/{name}`) through our
 * enterprise client, with read and write keys and `x-service-database` selecting a
 * database folder under the server's root.
 */
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { collectAll } from '../src/catalog/collect-all'
import { openRestNamespace, type RestNamespaceClient } from '../src/catalog/rest/rest-namespace'
import { buildNestedCatalog, buildV1Catalog, makeTempDir, removeDir, sampleTableIpc } from '../test-kit/lancedb-catalog'
import { startCatalogServer, type RunningCatalogServer } from './server'

const WRITE_KEY = 'enterprise-write-key'
const READ_KEY = 'enterprise-read-key'

let root: string
let server: RunningCatalogServer
const clients: RestNamespaceClient[] = []

function enterprise(headers: Record<string, string>) {
  const client = openRestNamespace({ uri: server.url, ...headers }, { maxRetries: 0 })
  clients.push(client)
  return { client, routes: client.enterprise }
}

beforeAll(async () => {
  root = await makeTempDir('enterprise')
  await buildV1Catalog(root, { root_a: 2, root_b: 1 })
  await mkdir(join(root, 'sales'))
  await buildNestedCatalog(join(root, 'sales'), { tables: { orders: 4, refunds: 1 }, namespaces: { archive: { tables: { old: 1 } } } })
  await mkdir(join(root, 'tenants', 'acme'), { recursive: true })
  await buildNestedCatalog(join(root, 'tenants', 'acme'), { tables: { invoices: 3 } })
  server = await startCatalogServer({ root, apiKeys: [WRITE_KEY, `${READ_KEY}:read`], pageSize: 1 })
})

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()))
  await server?.close()
  await removeDir(root)
})

describe('Enterprise routes on the reference server', () => {
  it('lists the root tables of the server folder without a database header', async () => {
    const { routes } = enterprise({ 'headers.x-api-key': READ_KEY })
    const first = await routes.listTables()
    expect(first.items).toEqual(['root_a'])
    const second = await routes.listTables({ pageToken: first.nextPageToken })
    expect(second).toEqual({ items: ['root_b'], nextPageToken: null })
    const connectivity = await routes.checkConnectivity()
    expect(connectivity.tables).toEqual(['root_a'])
    expect(connectivity.latencyMs).toBeGreaterThanOrEqual(0)
  })

  it('selects the database folder named by x-service-database', async () => {
    const { routes, client } = enterprise({ 'headers.x-api-key': READ_KEY, 'headers.x-service-database': 'sales' })
    const names: string[] = []
    let pageToken: string | null = null
    do {
      const page = await routes.listTables({ pageToken, limit: 5 })
      names.push(...page.items)
      pageToken = page.nextPageToken
    } while (pageToken)
    expect(names).toEqual(['orders', 'refunds'])
    // The spec routes on the same connection see the same database (one page per item here).
    expect((await client.listNamespaces([])).items).toEqual(['archive'])
    expect(await client.table({ namespace: [], name: 'orders' }).countRows()).toBe('4')
  })

  it('puts the prefix folder in front of the database name', async () => {
    const { routes } = enterprise({
      'headers.x-api-key': READ_KEY,
      'headers.x-service-database-prefix': 'tenants',
      'headers.x-service-database': 'acme'
    })
    expect((await routes.listTables()).items).toEqual(['invoices'])
  })

  it('answers an unknown database with a 404 that names it', async () => {
    const { routes } = enterprise({ 'headers.x-api-key': WRITE_KEY, 'headers.x-service-database': 'nope' })
    await expect(routes.listTables()).rejects.toMatchObject({
      code: 'namespace_not_found',
      message: expect.stringContaining('Database "nope" does not exist on this server.')
    })
    const probe = await routes.checkWriteAccess('probe')
    expect(probe.status).toBe(404)
  })

  it('creates tables with a write key and refuses them with a read key', async () => {
    const writer = enterprise({ 'headers.x-api-key': WRITE_KEY, 'headers.x-service-database': 'sales' })
    await writer.routes.createTable('returns', sampleTableIpc(6))
    expect(await writer.client.table({ namespace: [], name: 'returns' }).countRows()).toBe('6')
    await expect(writer.routes.createTable('returns', sampleTableIpc(1))).rejects.toMatchObject({ code: 'table_exists' })
    await writer.routes.createTable('nothing_yet', sampleTableIpc(0))
    expect((await writer.client.table({ namespace: [], name: 'nothing_yet' }).describe()).rowCount).toBe('0')

    const reader = enterprise({ 'headers.x-api-key': READ_KEY, 'headers.x-service-database': 'sales' })
    await expect(reader.routes.createTable('sneaky', sampleTableIpc(1))).rejects.toMatchObject({ code: 'permission_denied' })
    expect(await collectAll((page) => reader.client.listTables([], page))).toEqual(['nothing_yet', 'orders', 'refunds', 'returns'])
  })

  it("answers a bodiless POST with the key holder's write access", async () => {
    const writer = await enterprise({ 'headers.x-api-key': WRITE_KEY }).routes.checkWriteAccess('probe_table')
    expect(writer).toMatchObject({ verdict: 'writable' })
    expect([200, 204]).toContain(writer.status)

    const reader = await enterprise({ 'headers.x-api-key': READ_KEY }).routes.checkWriteAccess('probe_table')
    expect(reader).toMatchObject({ status: 403, verdict: 'read_only', error: { code: 'permission_denied' } })

    const anonymous = await enterprise({}).routes.checkWriteAccess('probe_table')
    expect(anonymous).toMatchObject({ status: 401, verdict: 'unauthenticated', error: { code: 'unauthenticated' } })

    // The probe only checks access: nothing was created.
    const { client } = enterprise({ 'headers.x-api-key': READ_KEY })
    expect(await collectAll((page) => client.listTables([], page))).toEqual(['root_a', 'root_b'])
  })
})
