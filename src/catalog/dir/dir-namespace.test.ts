import { existsSync, statSync } from 'node:fs'
import { readdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { connect, connectNamespace, type Connection } from '@lancedb/lancedb'
import { Table, tableFromIPC, tableToIPC } from 'apache-arrow'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Page, PageRequest } from '../../shared/catalog-types'
import {
  NAME_FIELD_METADATA,
  buildNestedCatalog,
  buildV1Catalog,
  createChildNamespaces,
  createChildTables,
  makeTempDir,
  removeDir,
  sampleSchema,
  sampleTableIpc
} from '../../../test-kit/lancedb-catalog'
import { openDirNamespace } from './dir-namespace'
import type { NamespaceClient } from '../namespace-client'

const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function tempRoot(): Promise<string> {
  const dir = await makeTempDir('dir-namespace')
  cleanups.push(() => removeDir(dir))
  return dir
}

async function open(root: string): Promise<NamespaceClient> {
  const client = await openDirNamespace(root)
  cleanups.push(() => client.close())
  return client
}

async function collect(list: (page: PageRequest) => Promise<Page<string>>, limit: number): Promise<{ names: string[]; pages: number }> {
  const names: string[] = []
  let pages = 0
  let pageToken: string | null = null
  do {
    const page: Page<string> = await list({ pageToken, limit })
    expect(page.items.length).toBeLessThanOrEqual(limit)
    names.push(...page.items)
    pageToken = page.nextPageToken
    pages++
  } while (pageToken !== null)
  return { names, pages }
}

/** Ids of the rows in an Arrow IPC stream, as numbers. */
const idsOf = (ipc: Uint8Array): number[] =>
  tableFromIPC(ipc)
    .toArray()
    .map((row) => Number(row.id))

describe('directory catalogs made by LanceDB', () => {
  it('opens a V1 catalog unchanged and describes its tables', async () => {
    const root = await tempRoot()
    await buildV1Catalog(root, { alpha: 5, beta: 0 })
    const before = await readdir(root)
    const client = await open(root)

    expect(await client.listTables([])).toEqual({ items: ['alpha', 'beta'], nextPageToken: null })
    expect(await client.listNamespaces([])).toEqual({ items: [], nextPageToken: null })
    const alpha = await client.table({ namespace: [], name: 'alpha' }).describe()
    expect(alpha).toMatchObject({ rowCount: '5', version: '1', location: join(root, 'alpha.lance') })
    expect(alpha.fields.map((f) => f.name)).toEqual(['id', 'name', 'score', 'vector', 'tags', 'meta'])
    expect((await client.table({ namespace: [], name: 'beta' }).describe()).rowCount).toBe('0')
    expect(await readdir(root)).toEqual(before)

    await client.dropTable({ namespace: [], name: 'beta' })
    expect((await client.listTables([])).items).toEqual(['alpha'])
  })

  it('lists every level of a V2 catalog and describes a nested table', async () => {
    const root = await tempRoot()
    await buildNestedCatalog(root, {
      tables: { top: 2 },
      namespaces: { analytics: { tables: { events: 7 }, namespaces: { web: { tables: { page_views: 12 } } } }, empty: {} }
    })
    const client = await open(root)

    expect((await client.listNamespaces([])).items).toEqual(['analytics', 'empty'])
    expect((await client.listTables([])).items).toEqual(['top'])
    expect((await client.listNamespaces(['analytics'])).items).toEqual(['web'])
    expect((await client.listTables(['analytics'])).items).toEqual(['events'])
    expect(await client.listTables(['analytics', 'web'])).toEqual({ items: ['page_views'], nextPageToken: null })
    expect(await client.namespaceExists(['analytics', 'web'])).toBe(true)
    expect(await client.namespaceExists(['analytics', 'nope'])).toBe(false)

    const table = await client.table({ namespace: ['analytics', 'web'], name: 'page_views' }).describe()
    expect(table).toMatchObject({ table: { namespace: ['analytics', 'web'], name: 'page_views' }, rowCount: '12' })
    expect(Number(table.version)).toBeGreaterThanOrEqual(1)
    expect(table.location && statSync(table.location).isDirectory()).toBe(true)
    expect(table.fields).toEqual([
      { name: 'id', type: 'int64', nullable: false },
      { name: 'name', type: 'utf8', nullable: true, metadata: NAME_FIELD_METADATA },
      { name: 'score', type: 'float64', nullable: true },
      { name: 'vector', type: 'vector<float32>[8]', nullable: true, dimension: 8 },
      { name: 'tags', type: 'list<utf8>', nullable: true, children: [{ name: 'item', type: 'utf8', nullable: true }] },
      {
        name: 'meta',
        type: 'struct',
        nullable: true,
        children: [
          { name: 'source', type: 'utf8', nullable: true },
          { name: 'rank', type: 'int32', nullable: true }
        ]
      }
    ])
  })

  it('reports a namespace that does not exist by its identifier', async () => {
    const root = await tempRoot()
    await buildNestedCatalog(root, { namespaces: { analytics: {} } })
    const client = await open(root)
    // One call at a time: a second promise made up front could reject before anyone awaits it.
    for (const listing of [() => client.listTables(['analytics', 'nope']), () => client.listNamespaces(['analytics', 'nope'])]) {
      await expect(listing()).rejects.toMatchObject({ code: 'namespace_not_found', message: expect.stringContaining('analytics$nope') })
    }
    await expect(client.table({ namespace: ['analytics'], name: 'ghost' }).describe()).rejects.toMatchObject({ code: 'table_not_found' })
  })
})

describe('pagination', () => {
  it('pages through 25 namespaces and 25 tables, each name once, ending with a null token', async () => {
    const root = await tempRoot()
    const namespaces = await createChildNamespaces(root, [], 25)
    const tables = await createChildTables(root, [], 25)
    const client = await open(root)
    for (const limit of [1, 4, 5, 25, 100]) {
      const ns = await collect((page) => client.listNamespaces([], page), limit)
      expect(ns).toEqual({ names: namespaces, pages: Math.ceil(25 / limit) })
      const ts = await collect((page) => client.listTables([], page), limit)
      expect(ts).toEqual({ names: tables, pages: Math.ceil(25 / limit) })
    }
  })

  it('looks the namespace up once per listing, not once per page', async () => {
    const root = await tempRoot()
    await buildNestedCatalog(root, { namespaces: { big: {} } })
    const namespaces = await createChildNamespaces(root, ['big'], 30)
    const tables = await createChildTables(root, ['big'], 12)
    const client = await open(root)
    // Count the real LanceDB lookups (every dir connection shares this prototype); they still run.
    const probe = await connectNamespace('dir', { root })
    const lookups = vi.spyOn(Object.getPrototypeOf(probe) as Connection, 'describeNamespace')
    probe.close()
    cleanups.push(async () => lookups.mockRestore())
    expect(await collect((page) => client.listNamespaces(['big'], page), 4)).toEqual({ names: namespaces, pages: 8 })
    expect(await collect((page) => client.listTables(['big'], page), 4)).toEqual({ names: tables, pages: 3 })
    expect(lookups).toHaveBeenCalledTimes(2)
  })

  it('starts over from an empty, null or missing token', async () => {
    const root = await tempRoot()
    await createChildNamespaces(root, [], 6)
    await createChildTables(root, [], 6)
    const client = await open(root)
    for (const list of [client.listNamespaces.bind(client), client.listTables.bind(client)]) {
      const first = await list([], { limit: 3 })
      expect(first.items).toHaveLength(3)
      expect(first.nextPageToken).not.toBeNull()
      expect(await list([], { pageToken: '', limit: 3 })).toEqual(first)
      expect(await list([], { pageToken: null, limit: 3 })).toEqual(first)
      expect((await list([], { pageToken: first.nextPageToken, limit: 3 })).nextPageToken).toBeNull()
    }
  })
})

describe('namespaces', () => {
  it('creates namespaces that LanceDB itself sees, honouring each mode', async () => {
    const root = await tempRoot()
    const client = await open(root)
    await client.createNamespace(['a'])
    await client.createNamespace(['a', 'b'])
    const lance = await connectNamespace('dir', { root })
    expect((await lance.listNamespaces(['a'])).namespaces).toEqual(['b'])
    lance.close()

    await expect(client.createNamespace(['a'])).rejects.toMatchObject({ code: 'namespace_exists' })
    await client.createNamespace(['a'], 'exist_ok')
    expect((await client.listNamespaces(['a'])).items).toEqual(['b'])
    await client.createNamespace(['a'], 'overwrite')
    expect((await client.listNamespaces(['a'])).items).toEqual([])
    await expect(client.createNamespace(['x', 'y'])).rejects.toMatchObject({ code: 'namespace_not_found', message: expect.stringContaining('"x"') })
  })

  it('refuses to drop a non-empty namespace unless asked to cascade', async () => {
    const root = await tempRoot()
    await buildNestedCatalog(root, { namespaces: { a: { tables: { t: 1 }, namespaces: { b: { tables: { u: 1 } } } } } })
    const client = await open(root)
    await expect(client.dropNamespace(['a'])).rejects.toMatchObject({ code: 'namespace_not_empty', message: expect.stringContaining('not empty') })
    await client.dropNamespace(['a'], 'cascade')
    expect(await client.namespaceExists(['a'])).toBe(false)
    await expect(client.dropNamespace(['a'])).rejects.toMatchObject({ code: 'namespace_not_found' })
    await expect(client.dropNamespace([])).rejects.toMatchObject({ code: 'invalid_request' })
  })
})

describe('tables', () => {
  it('creates a table from an Arrow stream in each mode, and LanceDB opens it', async () => {
    const root = await tempRoot()
    const client = await open(root)
    await client.createNamespace(['ns'])
    const ref = { namespace: ['ns'], name: 'items' }
    await client.createTable(ref, sampleTableIpc(5))
    await expect(client.createTable(ref, sampleTableIpc(2))).rejects.toMatchObject({ code: 'table_exists' })
    await client.createTable(ref, sampleTableIpc(3, 100), 'exist_ok')
    expect(await client.table(ref).countRows()).toBe('5')
    await client.createTable(ref, sampleTableIpc(3, 100), 'overwrite')

    const lance = await connectNamespace('dir', { root })
    const table = await lance.openTable('items', ['ns'])
    const schema = await table.schema()
    const expected = sampleSchema()
    expect(schema.fields.map((f) => [f.name, String(f.type), f.nullable])).toEqual(expected.fields.map((f) => [f.name, String(f.type), f.nullable]))
    expect(Object.fromEntries(schema.fields[1]?.metadata ?? [])).toEqual(NAME_FIELD_METADATA)
    expect((await table.query().select(['id']).toArray()).map((row) => Number(row.id))).toEqual([100, 101, 102])
    table.close()
    lance.close()
  })

  it('creates an empty table from a stream that holds only the schema', async () => {
    const root = await tempRoot()
    const client = await open(root)
    await client.createTable({ namespace: [], name: 'empty' }, tableToIPC(new Table(sampleSchema()), 'stream'))
    const described = await client.table({ namespace: [], name: 'empty' }).describe()
    expect(described.rowCount).toBe('0')
    expect(described.fields.map((f) => f.name)).toEqual(sampleSchema().fields.map((f) => f.name))
  })

  it('will not create a table in a missing namespace or from bytes that are not Arrow', async () => {
    const root = await tempRoot()
    const client = await open(root)
    await expect(client.createTable({ namespace: ['nope'], name: 't' }, sampleTableIpc(1))).rejects.toMatchObject({ code: 'namespace_not_found' })
    expect(await readdir(root)).toEqual([])
    const garbage = client.createTable({ namespace: [], name: 't' }, new Uint8Array([1, 2, 3]))
    await expect(garbage).rejects.toMatchObject({ code: 'invalid_request' })
  })

  it('reads a window of rows as Arrow IPC and counts rows with a filter', async () => {
    const root = await tempRoot()
    await buildNestedCatalog(root, { tables: { t: 10 } })
    const client = await open(root)
    const ref = { namespace: [], name: 't' }
    expect(idsOf((await client.table(ref).readRows({ offset: 3, limit: 4 })).arrow)).toEqual([3, 4, 5, 6])
    const narrow = tableFromIPC((await client.table(ref).readRows({ offset: 0, limit: 3, columns: ['id', 'name'] })).arrow)
    expect(narrow.schema.fields.map((f) => f.name)).toEqual(['id', 'name'])
    expect(narrow.toArray().map((row) => row.name)).toEqual(['row 0', 'row 1', null])
    expect(idsOf((await client.table(ref).readRows({ offset: 1, limit: 10, filter: 'id >= 7' })).arrow)).toEqual([8, 9])
    const past = tableFromIPC((await client.table(ref).readRows({ offset: 50, limit: 5, columns: ['id'] })).arrow)
    expect([past.numRows, past.schema.fields.map((f) => f.name)]).toEqual([0, ['id']])

    expect(await client.table(ref).countRows()).toBe('10')
    expect(await client.table(ref).countRows('id < 4')).toBe('4')
    await expect(client.table(ref).countRows('no_such_column > 1')).rejects.toMatchObject({ code: 'invalid_request' })
  })

  it('drops tables, including V1 tables the manifest does not know', async () => {
    const root = await tempRoot()
    await buildNestedCatalog(root, { namespaces: { a: { tables: { t: 1 } } } })
    await buildV1Catalog(root, { legacy: 1 })
    const client = await open(root)
    await client.dropTable({ namespace: ['a'], name: 't' })
    await client.dropTable({ namespace: [], name: 'legacy' })
    expect((await client.listTables(['a'])).items).toEqual([])
    expect((await client.listTables([])).items).toEqual([])
    const lance = await connect(root)
    expect(await lance.tableNames()).toEqual([])
    lance.close()
    await expect(client.dropTable({ namespace: [], name: 'legacy' })).rejects.toMatchObject({ code: 'table_not_found' })
  })

  it('says plainly that renaming is not supported, before anyone tries (capabilities) and when tried', async () => {
    const root = await tempRoot()
    await buildNestedCatalog(root, { tables: { t: 1 } })
    const client = await open(root)
    const reason = 'Directory catalogs cannot rename tables: LanceDB does not support renaming a table in a directory catalog.'
    expect(await client.capabilities()).toEqual({ renameTable: { state: 'unsupported', reason } })
    // LanceDB itself still refuses: the day it renames, this fails and capabilities must change.
    await expect(client.renameTable({ namespace: [], name: 't' }, 'u')).rejects.toMatchObject({ code: 'unsupported', message: reason })
    expect((await client.listTables([])).items).toEqual(['t'])
  })
})

describe('opening and guarding', () => {
  it('creates a root folder that does not exist yet', async () => {
    const root = join(await tempRoot(), 'new', 'catalog')
    const client = await open(root)
    expect(statSync(root).isDirectory()).toBe(true)
    expect(await client.listTables([])).toEqual({ items: [], nextPageToken: null })
  })

  it('refuses a root that is a file, naming it', async () => {
    const file = join(await tempRoot(), 'not-a-folder')
    await writeFile(file, 'x')
    await expect(openDirNamespace(file)).rejects.toMatchObject({ code: 'invalid_catalog', message: expect.stringContaining(file) })
  })

  it.runIf(process.platform === 'linux')('answers promptly for a missing root under /proc, saying why it cannot be made', async () => {
    // mkdir(recursive) under /proc never returns (the kernel answers ENOENT for a parent that exists).
    await expect(openDirNamespace('/proc/lcb-catalog/nested')).rejects.toMatchObject({
      code: 'invalid_catalog',
      message: expect.stringMatching(/file system the kernel makes up/)
    })
  })

  it('rejects names outside the naming rule for creates, and empty names anywhere, before touching the disk', async () => {
    const root = await tempRoot()
    const client = await open(root)
    const attempts = [
      client.listTables(['ok', '']),
      client.createNamespace(['a/b']),
      client.createNamespace(['bad name']),
      client.createTable({ namespace: [], name: '../escape' }, sampleTableIpc(1)),
      client.createTable({ namespace: [], name: 'my table' }, sampleTableIpc(1)),
      client.table({ namespace: ['ok'], name: '' }).describe(),
      client.renameTable({ namespace: [], name: 't' }, 'new name')
    ]
    for (const attempt of attempts) await expect(attempt).rejects.toMatchObject({ code: 'invalid_name' })
    expect(await readdir(root)).toEqual([])
    expect(existsSync(join(root, '..', 'escape.lance'))).toBe(false)
  })

  it('refuses a call whose signal is already aborted', async () => {
    const client = await open(await tempRoot())
    const controller = new AbortController()
    controller.abort()
    await expect(client.listTables([], undefined, { signal: controller.signal })).rejects.toMatchObject({ code: 'cancelled' })
  })
})
