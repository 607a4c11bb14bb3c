/**
 * Find in catalog end to end in main: the reference REST server (a real HTTP server on
 * 127.0.0.1 over a LanceDB catalog in a temp dir) and a directory catalog, searched by
 * table name, column name and type; the index saved in the data dir and read back at the
 * next start without a request to the catalog, holding no secret.
 */
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildNestedCatalog, makeTempDir, removeDir } from '../../../test-kit/lancedb-catalog'
import { startCatalogServer, type RunningCatalogServer } from '../../../server/server'
import { ConnectionRegistry } from '../connections/connection-registry'
import { FindService } from './find-service'

const API_KEY = 'find-secret-key-7f3a9c'

let root: string
let server: RunningCatalogServer
const requests: string[] = []

beforeAll(async () => {
  root = await makeTempDir('find-catalog')
  await buildNestedCatalog(root, {
    tables: { top_events: 1 },
    namespaces: {
      sales: { namespaces: { emea: { namespaces: { retail: { namespaces: { archive: { tables: { deep_orders: 1 } } } } } } } },
      empty_ns: {}
    }
  })
  server = await startCatalogServer({ root, apiKeys: [API_KEY], log: (line) => requests.push(line) })
}, 120_000)

afterAll(async () => {
  await server.close()
  await removeDir(root)
})

async function waitIdle(find: FindService, id: string): Promise<void> {
  for (;;) {
    const status = await find.status(id)
    if (status.state === 'idle') return
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

async function withService<T>(dataDir: string, spec: 'rest' | 'dir', run: (find: FindService, id: string) => Promise<T>): Promise<T> {
  const registry = new ConnectionRegistry()
  const connection =
    spec === 'rest'
      ? registry.add({ name: 'ref', type: 'rest', properties: { uri: server.url, 'headers.x-api-key': API_KEY } })
      : registry.add({ name: 'dir', type: 'dir', properties: { root } })
  const find = new FindService(registry, dataDir, { requestTimeoutMs: 10_000 })
  try {
    return await run(find, connection.id)
  } finally {
    await find.close()
    await registry.closeAll()
  }
}

describe('find over the reference REST server', () => {
  it('finds a table four levels deep by its name and by a column, with types, through ListAllTables', async () => {
    const dataDir = await makeTempDir('find-data')
    try {
      await withService(dataDir, 'rest', async (find, id) => {
        await find.start(id)
        await waitIdle(find, id)
        const status = await find.status(id)
        expect(status).toMatchObject({ complete: true, stale: false, source: 'list-all', tablesFound: 2, tablesDescribed: 2 })
        expect(requests.some((line) => line.startsWith('GET /v1/table?') || line.startsWith('GET /v1/table '))).toBe(true)

        const byName = await find.query(id, 'deep_ord')
        expect(byName.hits[0]).toMatchObject({ kind: 'table', namespace: ['sales', 'emea', 'retail', 'archive'], name: 'deep_orders', ranges: [[0, 8]] })

        const byColumn = await find.query(id, 'kind:column score')
        expect(byColumn.hits.map((hit) => `${[...hit.namespace, hit.table].join('$')}.${hit.column}: ${hit.type}`).sort()).toEqual([
          'sales$emea$retail$archive$deep_orders.score: float64',
          'top_events.score: float64'
        ])
        const vectors = await find.query(id, 'type:vector dim:8')
        expect(vectors.hits.map((hit) => hit.type)).toEqual(['vector<float32>[8]', 'vector<float32>[8]'])
        expect((await find.query(id, 'meta kind:column')).hits[0]?.type).toBe('struct<source: utf8, rank: int32>')
        expect((await find.query(id, 'empty kind:namespace')).hits).toMatchObject([{ kind: 'namespace', name: 'empty_ns', namespace: [] }])
        expect((await find.query(id, 'dim:x')).problem).toContain('dim:768')
        // A kind alone lists that kind.
        expect((await find.query(id, 'kind:table')).hits.map((hit) => hit.name).sort()).toEqual(['deep_orders', 'top_events'])
        expect((await find.query(id, 'kind:namespace')).hits.map((hit) => hit.name)).toContain('empty_ns')
        expect((await find.query(id, 'kind:column')).hits.map((hit) => hit.column)).toContain('score')
      })

      // The next start: the saved index answers at once, with no request to the catalog.
      requests.length = 0
      await withService(dataDir, 'rest', async (find, id) => {
        const found = await find.query(id, 'deep_orders')
        expect(found.hits[0]).toMatchObject({ kind: 'table', name: 'deep_orders' })
        expect(found.status).toMatchObject({ complete: true, stale: true, source: 'saved', state: 'idle' })
        expect(requests).toEqual([])
        // Starting refreshes it in the background.
        await find.start(id)
        await waitIdle(find, id)
        expect(await find.status(id)).toMatchObject({ stale: false, complete: true })
      })

      const files = await readdir(join(dataDir, 'find-index'))
      expect(files.length).toBe(1)
      for (const file of files) {
        const text = await readFile(join(dataDir, 'find-index', file), 'utf8')
        expect(text).toContain('deep_orders')
        expect(text).not.toContain(API_KEY)
        expect(text).not.toContain(server.url)
      }
    } finally {
      await removeDir(dataDir)
    }
  }, 60_000)

  it('shows a table created, renamed or dropped in the app at once', async () => {
    const dataDir = await makeTempDir('find-data')
    try {
      await withService(dataDir, 'rest', async (find, id) => {
        await find.start(id)
        await waitIdle(find, id)
        await find.tableCreated(id, { namespace: ['empty_ns'], name: 'fresh_table' })
        expect((await find.query(id, 'fresh_table')).hits[0]).toMatchObject({ name: 'fresh_table', namespace: ['empty_ns'] })
        await find.tableRenamed(id, { namespace: ['empty_ns'], name: 'fresh_table' }, 'renamed_table')
        expect((await find.query(id, 'fresh_table kind:table')).hits).toEqual([])
        expect((await find.query(id, 'renamed_table')).hits[0]).toMatchObject({ name: 'renamed_table' })
        await find.tableDropped(id, { namespace: ['empty_ns'], name: 'renamed_table' })
        expect((await find.query(id, 'renamed_table')).hits).toEqual([])
      })
    } finally {
      await removeDir(dataDir)
    }
  }, 60_000)
})

describe('find over a directory catalog', () => {
  it('walks the namespaces through LanceDB and finds the deep table and its columns', async () => {
    const dataDir = await makeTempDir('find-data')
    try {
      await withService(dataDir, 'dir', async (find, id) => {
        await find.start(id)
        await waitIdle(find, id)
        expect(await find.status(id)).toMatchObject({ complete: true, source: 'crawl', tablesFound: 2, tablesDescribed: 2 })
        expect((await find.query(id, 'deep')).hits[0]).toMatchObject({ kind: 'table', namespace: ['sales', 'emea', 'retail', 'archive'] })
        const tags = await find.query(id, 'tags')
        expect(tags.hits.filter((hit) => hit.kind === 'column').map((hit) => hit.type)).toEqual(['list<utf8>', 'list<utf8>'])
      })
    } finally {
      await removeDir(dataDir)
    }
  }, 60_000)
})
