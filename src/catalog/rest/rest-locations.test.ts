/**
 * Data access per catalog: against the reference server with its data routes turned off
 * (404, as catalogs made for LanceDB's client answer), the client reads and writes real
 * LanceDB tables at their locations; with data routes it uses them; with neither it says so.
 */
import { connectNamespace } from '@lancedb/lancedb'
import { tableFromIPC } from 'apache-arrow'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildNestedCatalog, makeTempDir, removeDir, sampleTableIpc } from '../../../test-kit/lancedb-catalog'
import { startCatalogServer, type RunningCatalogServer } from '../../../server/server'
import { CatalogError } from '../../shared/errors'
import { openRestCatalog } from './rest-namespace'
import { sendJson, startServer } from '../../../test-kit/test-http-server'

let root: string
let server: RunningCatalogServer
const log: string[] = []

beforeAll(async () => {
  root = await makeTempDir('data-access')
  await buildNestedCatalog(root, { tables: { top: 3 }, namespaces: { sales: { tables: { orders: 7 } } } })
  server = await startCatalogServer({ root, dataRoutes: false, log: (line) => log.push(line) })
})

afterAll(async () => {
  await server?.close()
  await removeDir(root)
})

describe('a metadata-only catalog', () => {
  it('counts, reads and creates at table locations, never calling the data routes again once missing', async () => {
    const client = openRestCatalog({ uri: server.url })
    try {
      const orders = { namespace: ['sales'], name: 'orders' }
      const described = await client.table(orders).describe()
      // Rows, fragments and bytes from Lance's statistics at the location.
      expect([described.rowCount, described.fragmentCount, BigInt(described.totalBytes ?? 0) > 0n]).toEqual(['7', 1, true])
      expect(client.mode).toBe('location')
      const page = await client.table(orders).readRows({ offset: 2, limit: 3, columns: ['id'], filter: 'id >= 0' })
      expect(Array.from(tableFromIPC(page.arrow).getChild('id')?.toArray() ?? [], Number)).toEqual([2, 3, 4])
      expect(await client.table({ namespace: [], name: 'top' }).countRows('id > 0')).toBe('2')

      await client.createTable({ namespace: ['sales'], name: 'made' }, sampleTableIpc(4))
      const lance = await connectNamespace('dir', { root })
      try {
        expect(await (await lance.openTable('made', ['sales'])).countRows()).toBe(4)
      } finally {
        lance.close()
      }
      const dataCalls = log.filter((line) => /\/(count_rows|query|stats|create)\b/.test(line))
      // One count_rows (the probe that found the routes missing) and one stats, all 404.
      expect(dataCalls.every((line) => line.includes('-> 404'))).toBe(true)
      expect(dataCalls.filter((line) => line.includes('/count_rows'))).toHaveLength(1)
      expect(log.some((line) => /\/v1\/table\/sales%24made\/declare.* -> 200/.test(line))).toBe(true)
    } finally {
      await client.close()
    }
  })

  it('opens a table once for every page, count and search of a grid, and Refresh reuses it', async () => {
    const client = openRestCatalog({ uri: server.url })
    const orders = { namespace: ['sales'], name: 'orders' }
    const describes = (): number => log.filter((line) => line.startsWith('POST /v1/table/sales%24orders/describe')).length
    try {
      await client.table(orders).readRows({ offset: 0, limit: 1 })
      const opened = describes()
      for (let page = 1; page < 7; page++) await client.table(orders).readRows({ offset: page, limit: 1 })
      expect(await client.table(orders).countRows('id > 2')).toBe('4')
      await client.table(orders).explainSearch({ query: { kind: 'scan', k: 3 } })
      // LanceDB describes a table to open it at its location; the kept table needs no second describe.
      expect(describes()).toBe(opened)
      client.refresh()
      await client.table(orders).readRows({ offset: 0, limit: 1 })
      expect(describes()).toBe(opened)
    } finally {
      await client.close()
    }
  })
})

describe('other catalogs', () => {
  it('uses the data routes when the catalog offers them', async () => {
    const full = await startCatalogServer({ root })
    const client = openRestCatalog({ uri: full.url })
    try {
      expect(await client.table({ namespace: [], name: 'top' }).countRows()).toBe('3')
      expect(client.mode).toBe('routes')
    } finally {
      await client.close()
      await full.close()
    }
  })

  it('reuses a describe while fresh, and asks again after Refresh and after a change made in the app', async () => {
    const seen: string[] = []
    const full = await startCatalogServer({ root, log: (line) => seen.push(line) })
    const client = openRestCatalog({ uri: full.url })
    const top = { namespace: [], name: 'top' }
    const describes = (): number => seen.filter((line) => line.startsWith('POST /v1/table/top/describe')).length
    try {
      await client.table(top).describe()
      await client.table(top).describe()
      await client.table(top).searchInfo()
      for (let page = 0; page < 3; page++) await client.table(top).readRows({ offset: page, limit: 1 })
      expect(describes()).toBe(1)
      client.refresh()
      await client.table(top).describe()
      expect(describes()).toBe(2)
      await client.table(top).addColumns([{ name: 'twice', expression: 'id * 2' }])
      expect((await client.table(top).describe()).fields.map((f) => f.name)).toContain('twice')
      expect(describes()).toBe(3)
    } finally {
      await client.close()
      await full.close()
    }
  })

  it('says plainly when a catalog offers neither data routes nor a location LanceDB can open', async () => {
    const { url, close } = await startServer((req, res) => {
      if (req.path.endsWith('/describe')) return sendJson(res, 200, { location: '/nowhere/at/all.lance' })
      sendJson(res, 404, { error: 'no such route' })
    })
    const client = openRestCatalog({ uri: url })
    try {
      const error = await client
        .table({ namespace: [], name: 't' })
        .readRows({ offset: 0, limit: 1 })
        .catch((e: unknown) => e)
      expect(error).toBeInstanceOf(CatalogError)
      expect((error as CatalogError).message).toMatch(/offers neither the data routes .* nor a table location LanceDB can open/)
    } finally {
      await client.close()
      await close()
    }
  })
})
