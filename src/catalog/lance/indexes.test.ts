/**
 * Indexes and stats through every client the app has, on the LanceDB-made `articles`
 * table (IVF_PQ `vector_idx` and FTS `text_idx` over 300 of its 500 rows): a directory
 * catalog, the REST client against the reference server's index routes, and the REST
 * client against a metadata-only server (no index routes: the table's location through
 * LanceDB). Each result is checked with LanceDB's own SDK.
 */
import { connect } from '@lancedb/lancedb'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeTempDir, removeDir } from '../../../test-kit/lancedb-catalog'
import { makeLanceNativeTable, NATIVE_TABLE, NATIVE_TEXT_INDEX, NATIVE_VECTOR_INDEX } from '../../../test-kit/lance-native-table'
import { startCatalogServer, type RunningCatalogServer } from '../../../server/server'
import type { TableRef } from '../../shared/catalog-types'
import { CatalogError, type ErrorCode } from '../../shared/errors'
import { countColumnNulls } from '../column-nulls'
import { openDirNamespace } from '../dir/dir-namespace'
import type { NamespaceClient } from '../namespace-client'
import { openRestCatalog } from '../rest/rest-namespace'

const articles: TableRef = { namespace: [], name: NATIVE_TABLE }
const holes: TableRef = { namespace: [], name: 'holes' }

interface Setup {
  readonly root: string
  readonly client: NamespaceClient
  readonly log: string[]
  close(): Promise<void>
}

async function catalog(prefix: string): Promise<string> {
  const root = await makeTempDir(prefix)
  const db = await connect(root)
  ;(await makeLanceNativeTable(db)).close()
  const rows = [
    { id: 1, label: 'a', score: null },
    { id: 2, label: null, score: 2.5 },
    { id: 3, label: null, score: null }
  ]
  ;(await db.createTable(holes.name, rows, { schema: undefined })).close()
  db.close()
  return root
}

const setups: Record<string, () => Promise<Setup>> = {
  directory: async () => {
    const root = await catalog('indexes-dir')
    const client = await openDirNamespace(root)
    return { root, client, log: [], close: async () => (await client.close(), await removeDir(root)) }
  },
  'REST (index routes)': async () => restSetup('indexes-rest', true),
  'REST (metadata only: table locations)': async () => restSetup('indexes-meta', false)
}

async function restSetup(prefix: string, dataRoutes: boolean): Promise<Setup> {
  const root = await catalog(prefix)
  const log: string[] = []
  const server: RunningCatalogServer = await startCatalogServer({ root, dataRoutes, log: (line) => log.push(line) })
  const client = openRestCatalog({ uri: server.url }, { maxRetries: 0 })
  return { root, client, log, close: async () => (await client.close(), await server.close(), await removeDir(root)) }
}

async function sdkIndexes(root: string): Promise<string[]> {
  const db = await connect(root)
  const table = await db.openTable(NATIVE_TABLE)
  try {
    return (await table.listIndices()).map((index) => index.name).sort()
  } finally {
    table.close()
    db.close()
  }
}

async function codeOf(promise: Promise<unknown>): Promise<ErrorCode | 'resolved'> {
  return promise.then(
    () => 'resolved' as const,
    (error: unknown) => (error instanceof CatalogError ? error.code : Promise.reject(error))
  )
}

describe.each(Object.keys(setups))('indexes over %s', (kind) => {
  let setup: Setup

  beforeAll(async () => {
    setup = await (setups[kind] as () => Promise<Setup>)()
  })

  afterAll(async () => {
    await setup?.close()
  })

  it('lists the vector and full-text indexes with their types, columns and coverage', async () => {
    const indexes = [...(await setup.client.table(articles).listIndexes())].sort((a, b) => a.name.localeCompare(b.name))
    expect(indexes).toEqual([
      { name: NATIVE_TEXT_INDEX, indexType: 'FTS', columns: ['text'], indexedRows: 300, unindexedRows: 200, distanceType: null },
      { name: NATIVE_VECTOR_INDEX, indexType: 'IVF_PQ', columns: ['vector'], indexedRows: 300, unindexedRows: 200, distanceType: 'l2' }
    ])
  })

  it('creates a BTREE index LanceDB then sees, refuses a second of the same name, and drops it', async () => {
    await setup.client.table(articles).createIndex({ column: 'id', indexType: 'BTREE' })
    expect(await sdkIndexes(setup.root)).toEqual(['id_idx', NATIVE_TEXT_INDEX, NATIVE_VECTOR_INDEX])
    const listed = (await setup.client.table(articles).listIndexes()).find((index) => index.name === 'id_idx')
    expect(listed).toMatchObject({ indexType: 'BTREE', columns: ['id'], indexedRows: 500, unindexedRows: 0 })
    expect(await codeOf(setup.client.table(articles).createIndex({ column: 'id', indexType: 'BITMAP', name: 'id_idx' }))).toBe('index_exists')

    await setup.client.table(articles).dropIndex('id_idx')
    expect(await sdkIndexes(setup.root)).toEqual([NATIVE_TEXT_INDEX, NATIVE_VECTOR_INDEX])
    expect(await codeOf(setup.client.table(articles).dropIndex('id_idx'))).toBe('index_not_found')
  })

  it('leaves the table unchanged when a create is cancelled', async () => {
    const controller = new AbortController()
    controller.abort()
    const outcome = setup.client.table(articles).createIndex({ column: 'category', indexType: 'BITMAP' }, { signal: controller.signal })
    expect(await codeOf(outcome)).toBe('cancelled')
    expect(await sdkIndexes(setup.root)).toEqual([NATIVE_TEXT_INDEX, NATIVE_VECTOR_INDEX])
  })

  it('refuses an index on a column the table does not have, saying which', async () => {
    const error = await setup.client
      .table(articles)
      .createIndex({ column: 'nope', indexType: 'BTREE' })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(CatalogError)
    expect((error as CatalogError).message).toMatch(/nope/)
  })

  it('optimize indexes the 200 new rows and keeps every version', async () => {
    const before = Number((await setup.client.table(articles).describe()).version ?? 0)
    await setup.client.table(articles).optimizeTable()
    const indexes = await setup.client.table(articles).listIndexes()
    expect(indexes.map((index) => [index.name, index.indexedRows, index.unindexedRows]).sort()).toEqual([
      [NATIVE_TEXT_INDEX, 500, 0],
      [NATIVE_VECTOR_INDEX, 500, 0]
    ])
    const db = await connect(setup.root)
    const table = await db.openTable(NATIVE_TABLE)
    expect((await table.listVersions()).map((v) => v.version).slice(0, before)).toEqual(Array.from({ length: before }, (_, i) => i + 1))
    table.close()
    db.close()
  })

  it('counts the nulls of each column', async () => {
    expect(await countColumnNulls(setup.client, holes, ['id', 'label', 'score'])).toEqual([
      { column: 'id', nulls: '0' },
      { column: 'label', nulls: '2' },
      { column: 'score', nulls: '2' }
    ])
    const [missing] = await countColumnNulls(setup.client, holes, ['no_such_column'])
    expect(missing?.nulls).toBeNull()
    expect(missing?.problem).toMatch(/no_such_column/)
  })

  it('goes through the index routes exactly when the catalog has them', () => {
    if (kind === 'directory') return
    const routed = setup.log.filter((line) => /\/index\/list\S* -> 200/.test(line)).length
    const missing = setup.log.filter((line) => /\/index\/list\S* -> 404/.test(line)).length
    if (kind.includes('metadata only')) expect([routed, missing > 0]).toEqual([0, true])
    else expect([routed > 0, missing]).toEqual([true, 0])
  })
})
