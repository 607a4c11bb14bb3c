/**
 * The reference server against LanceDB's own REST namespace client
 * (`connectNamespace("rest", { uri, headers })`), with an API key configured: what LanceDB
 * users would do against it must work, and what it writes must open in LanceDB directly.
 */
import { connectNamespace, type Connection } from '@lancedb/lancedb'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeTempDir, removeDir } from '../test-kit/lancedb-catalog'
import { lanceArrow } from '../src/catalog/lance-arrow'
import { startCatalogServer, type RunningCatalogServer } from './server'

const WRITE_KEY = 'conformance-write-key'
const READ_KEY = 'conformance-read-key'

let root: string
let server: RunningCatalogServer
let db: Connection

beforeAll(async () => {
  root = await makeTempDir('lancedb-conformance')
  server = await startCatalogServer({ root, apiKeys: [WRITE_KEY, `${READ_KEY}:read`] })
  db = await connectNamespace('rest', { uri: server.url, headers: { 'x-api-key': WRITE_KEY } })
})

afterAll(async () => {
  db?.close()
  await server?.close()
  await removeDir(root)
})

describe("LanceDB's REST client against the reference server", () => {
  it('creates nested namespaces and lists and describes them', async () => {
    await db.createNamespace(['org'])
    await db.createNamespace(['org', 'team'])
    await db.createNamespace(['org', 'team', 'project'])

    expect((await db.listNamespaces()).namespaces).toContain('org')
    expect((await db.listNamespaces(['org'])).namespaces).toEqual(['team'])
    expect((await db.listNamespaces(['org', 'team'])).namespaces).toEqual(['project'])
    await expect(db.describeNamespace(['org', 'team'])).resolves.toBeDefined()
    await expect(db.createNamespace(['org'])).rejects.toThrow(/already exists/i)
    await expect(db.describeNamespace(['nowhere'])).rejects.toThrow(/not found|does not exist/i)
  })

  it('lists 30 children page by page, every name exactly once', async () => {
    await db.createNamespace(['wide'])
    const expected = Array.from({ length: 30 }, (_, i) => `child_${String(i).padStart(2, '0')}`)
    for (const name of expected) await db.createNamespace(['wide', name])

    for (const limit of [1, 4, 7]) {
      const seen: string[] = []
      let pageToken: string | undefined
      let pages = 0
      do {
        const page = await db.listNamespaces(['wide'], { limit, ...(pageToken ? { pageToken } : {}) })
        expect(page.namespaces.length).toBeLessThanOrEqual(limit)
        seen.push(...page.namespaces)
        pageToken = page.pageToken ?? undefined
        pages++
      } while (pageToken)
      expect(seen).toEqual(expected)
      expect(pages).toBe(Math.ceil(30 / limit))
    }
  })

  it('creates a table with data, lists it, opens it and reads its rows and schema', async () => {
    await db.createNamespace(['sales'])
    const created = await db.createTable(
      'orders',
      [
        { id: 1, item: 'apple' },
        { id: 2, item: 'pear' },
        { id: 3, item: 'plum' }
      ],
      ['sales']
    )
    expect(await created.countRows()).toBe(3)
    created.close()

    expect(await db.tableNames(['sales'])).toEqual(['orders'])

    const reader = await connectNamespace('rest', { uri: server.url, headers: { 'x-api-key': READ_KEY } })
    try {
      const table = await reader.openTable('orders', ['sales'])
      const schema = await table.schema()
      expect(schema.fields.map((f) => f.name)).toEqual(['id', 'item'])
      const rows = await table.query().toArray()
      expect(rows.map((r) => r.item).sort()).toEqual(['apple', 'pear', 'plum'])
      expect(await table.countRows('id >= 2')).toBe(2)
      table.close()
    } finally {
      reader.close()
    }
  })

  it('creates empty tables, overwrites, honours existOk and refuses duplicates', async () => {
    // LanceDB takes only schemas made of its own Arrow copy.
    const { Field, Int32, Schema, Utf8 } = lanceArrow
    const schema = new Schema([new Field('id', new Int32(), true), new Field('label', new Utf8(), true)])
    const empty = await db.createEmptyTable('blank', schema, ['sales'])
    expect(await empty.countRows()).toBe(0)
    empty.close()

    await expect(db.createTable('orders', [{ id: 9, item: 'fig' }], ['sales'])).rejects.toThrow(/already exists/i)
    const kept = await db.createTable('orders', [{ id: 9, item: 'fig' }], ['sales'], { existOk: true })
    expect(await kept.countRows()).toBe(3)
    kept.close()
    const replaced = await db.createTable('orders_copy', [{ id: 1, item: 'kiwi' }], ['sales'])
    replaced.close()
    const overwritten = await db.createTable(
      'orders_copy',
      [
        { id: 7, item: 'lime' },
        { id: 8, item: 'yuzu' }
      ],
      ['sales'],
      {
        mode: 'overwrite'
      }
    )
    expect(await overwritten.countRows()).toBe(2)
    overwritten.close()

    expect(await db.tableNames(['sales'])).toEqual(['blank', 'orders', 'orders_copy'])
    // LanceDB pages table names by "start after"; the server accepts a bare name as the token.
    expect(await db.tableNames(['sales'], { startAfter: 'blank', limit: 1 })).toEqual(['orders'])
  })

  it('writes tables that LanceDB opens straight from the folder', async () => {
    const table = await db.createTable('root_table', [{ n: 1 }, { n: 2 }])
    table.close()
    const direct = await connectNamespace('dir', { root })
    try {
      expect(await direct.tableNames()).toContain('root_table')
      expect(await direct.tableNames(['sales'])).toEqual(['blank', 'orders', 'orders_copy'])
      const orders = await direct.openTable('orders', ['sales'])
      expect(await orders.countRows()).toBe(3)
      orders.close()
    } finally {
      direct.close()
    }
  })

  it('drops tables and namespaces', async () => {
    await db.dropTable('blank', ['sales'])
    expect(await db.tableNames(['sales'])).toEqual(['orders', 'orders_copy'])
    await expect(db.dropNamespace(['sales'])).rejects.toThrow(/not empty/i)
    await db.dropNamespace(['org', 'team', 'project'])
    expect((await db.listNamespaces(['org', 'team'])).namespaces).toEqual([])
  })

  it('refuses requests without a valid key, and writes with a read-only key', async () => {
    const anonymous = await connectNamespace('rest', { uri: server.url })
    const wrongKey = await connectNamespace('rest', { uri: server.url, headers: { 'x-api-key': 'not-a-key' } })
    const readOnly = await connectNamespace('rest', { uri: server.url, headers: { 'x-api-key': READ_KEY } })
    try {
      await expect(anonymous.listNamespaces()).rejects.toThrow(/needs credentials/)
      await expect(wrongKey.tableNames()).rejects.toThrow(/not valid/)
      expect((await readOnly.listNamespaces()).namespaces).toContain('org')
      await expect(readOnly.createNamespace(['intruder'])).rejects.toThrow(/read-only/)
      await expect(readOnly.createTable('intruder', [{ id: 1 }])).rejects.toThrow(/read-only/)
    } finally {
      anonymous.close()
      wrongKey.close()
      readOnly.close()
    }
    expect((await db.listNamespaces()).namespaces).not.toContain('intruder')
  })
})
