/**
 * Our undici REST client (openRestNamespace) against the reference server, on a real
 * LanceDB catalog: every NamespaceClient operation, the error codes a user acts on, and
 * API-key access levels.
 */
import { existsSync } from 'node:fs'
import { tableFromIPC, type Table } from 'apache-arrow'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ErrorCode } from '../src/shared/errors'
import type { NamespaceClient } from '../src/catalog/namespace-client'
import { openRestNamespace } from '../src/catalog/rest/rest-namespace'
import { failureOf } from '../test-kit/catalog-failure'
import { buildNestedCatalog, makeTempDir, removeDir, sampleTableIpc, VECTOR_DIMENSION } from '../test-kit/lancedb-catalog'
import { startCatalogServer, type RunningCatalogServer } from './server'

const WRITE_KEY = 'rest-client-write-key'
const READ_KEY = 'rest-client-read-key'

let root: string
let server: RunningCatalogServer
let client: NamespaceClient
const extraClients: NamespaceClient[] = []

function connect(headers: Record<string, string> = { 'headers.x-api-key': WRITE_KEY }): NamespaceClient {
  const opened = openRestNamespace({ uri: server.url, ...headers }, { maxRetries: 0 })
  extraClients.push(opened)
  return opened
}

async function codeOf(promise: Promise<unknown>): Promise<ErrorCode> {
  return (await failureOf(promise)).code
}

function idsOf(table: Table): number[] {
  return Array.from(table.getChild('id')?.toArray() ?? [], Number)
}

beforeAll(async () => {
  root = await makeTempDir('rest-client')
  await buildNestedCatalog(root, {
    tables: { people: 10 },
    namespaces: { analytics: { tables: { events: 25 }, namespaces: { web: {} } } }
  })
  server = await startCatalogServer({ root, apiKeys: [WRITE_KEY, `${READ_KEY}:read`] })
  client = connect()
})

afterAll(async () => {
  await Promise.all(extraClients.map((c) => c.close()))
  await server?.close()
  await removeDir(root)
})

describe('openRestNamespace against the reference server', () => {
  it('lists namespaces and tables', async () => {
    expect((await client.listNamespaces([])).items).toEqual(['analytics'])
    expect((await client.listNamespaces(['analytics'])).items).toEqual(['web'])
    expect((await client.listTables([])).items).toEqual(['people'])
    expect(await client.listTables(['analytics'])).toEqual({ items: ['events'], nextPageToken: null })
  })

  it('creates, checks and drops namespaces in every mode', async () => {
    await client.createNamespace(['analytics', 'mobile'])
    expect(await client.namespaceExists(['analytics', 'mobile'])).toBe(true)
    expect(await codeOf(client.createNamespace(['analytics', 'mobile']))).toBe('namespace_exists')
    await client.createNamespace(['analytics', 'mobile'], 'exist_ok')
    expect(await codeOf(client.createNamespace(['missing', 'child']))).toBe('namespace_not_found')

    await client.createTable({ namespace: ['analytics', 'mobile'], name: 'taps' }, sampleTableIpc(2))
    expect(await codeOf(client.dropNamespace(['analytics', 'mobile']))).toBe('namespace_not_empty')
    await client.dropNamespace(['analytics', 'mobile'], 'cascade')
    expect(await client.namespaceExists(['analytics', 'mobile'])).toBe(false)
    expect(await client.namespaceExists([])).toBe(true)
    expect(await codeOf(client.dropNamespace(['never', 'there']))).toBe('namespace_not_found')
  })

  it('describes a table: location on disk, version, row count and schema', async () => {
    const description = await client.table({ namespace: ['analytics'], name: 'events' }).describe()
    expect(description.rowCount).toBe('25')
    expect(Number(description.version)).toBeGreaterThanOrEqual(1)
    expect(description.location).toMatch(/^(\/|file:\/\/)/)
    expect(existsSync((description.location as string).replace(/^file:\/\//, ''))).toBe(true)
    const byName = Object.fromEntries(description.fields.map((f) => [f.name, f]))
    expect(Object.keys(byName)).toEqual(['id', 'name', 'score', 'vector', 'tags', 'meta'])
    expect(byName['id']).toMatchObject({ type: 'int64', nullable: false })
    expect(byName['vector']).toMatchObject({ dimension: VECTOR_DIMENSION })
    expect(byName['meta']?.children?.map((c) => c.name)).toEqual(['source', 'rank'])
    expect(await codeOf(client.table({ namespace: ['analytics'], name: 'nope' }).describe())).toBe('table_not_found')
  })

  it('creates tables in each mode', async () => {
    const ref = { namespace: ['analytics', 'web'], name: 'visits' }
    await client.createTable(ref, sampleTableIpc(3))
    expect(await client.table(ref).countRows()).toBe('3')
    expect(await codeOf(client.createTable(ref, sampleTableIpc(5)))).toBe('table_exists')
    await client.createTable(ref, sampleTableIpc(5), 'exist_ok')
    expect(await client.table(ref).countRows()).toBe('3')
    await client.createTable(ref, sampleTableIpc(7, 100), 'overwrite')
    expect(await client.table(ref).countRows()).toBe('7')
    const rows = tableFromIPC((await client.table(ref).readRows({ offset: 0, limit: 1, columns: ['id'] })).arrow)
    expect(Number(rows.getChild('id')?.get(0))).toBe(100)

    const empty = { namespace: ['analytics', 'web'], name: 'empty' }
    await client.createTable(empty, sampleTableIpc(0))
    expect((await client.table(empty).describe()).rowCount).toBe('0')
    expect(await codeOf(client.createTable({ namespace: ['ghost'], name: 't' }, sampleTableIpc(1)))).toBe('namespace_not_found')
  })

  it('counts rows with a filter and reads windows of rows', async () => {
    const events = { namespace: ['analytics'], name: 'events' }
    expect(await client.table(events).countRows()).toBe('25')
    expect(await client.table(events).countRows('id >= 20')).toBe('5')

    const window = tableFromIPC((await client.table(events).readRows({ offset: 5, limit: 4 })).arrow)
    expect(window.numRows).toBe(4)
    expect(window.schema.fields.map((f) => f.name)).toEqual(['id', 'name', 'score', 'vector', 'tags', 'meta'])
    expect(idsOf(window)).toEqual([5, 6, 7, 8])

    const filtered = tableFromIPC((await client.table(events).readRows({ offset: 1, limit: 10, columns: ['id', 'score'], filter: 'id < 4' })).arrow)
    expect(filtered.schema.fields.map((f) => f.name)).toEqual(['id', 'score'])
    expect(idsOf(filtered)).toEqual([1, 2, 3])
    expect(await codeOf(client.table({ namespace: [], name: 'missing' }).countRows())).toBe('table_not_found')
  })

  it('drops tables and explains that renaming is unsupported', async () => {
    const ref = { namespace: ['analytics', 'web'], name: 'empty' }
    await client.dropTable(ref)
    expect((await client.listTables(['analytics', 'web'])).items).toEqual(['visits'])
    expect(await codeOf(client.dropTable(ref))).toBe('table_not_found')

    const rename = client.renameTable({ namespace: [], name: 'people' }, 'humans')
    await expect(rename).rejects.toMatchObject({ code: 'unsupported', message: expect.stringMatching(/renam/i) })
    expect((await client.listTables([])).items).toEqual(['people'])
  })

  it('refuses missing and wrong keys, and writes with a read-only key', async () => {
    const anonymous = connect({})
    const wrong = connect({ 'headers.x-api-key': 'guess' })
    const bearerOnly = connect({ 'headers.Authorization': 'Bearer guess' })
    const reader = connect({ 'headers.x-api-key': READ_KEY })

    expect(await codeOf(anonymous.listNamespaces([]))).toBe('unauthenticated')
    expect(await codeOf(wrong.listTables([]))).toBe('unauthenticated')
    expect(await codeOf(bearerOnly.namespaceExists(['analytics']))).toBe('unauthenticated')

    expect((await reader.listNamespaces([])).items).toEqual(['analytics'])
    expect((await reader.table({ namespace: [], name: 'people' }).describe()).rowCount).toBe('10')
    expect(await reader.table({ namespace: [], name: 'people' }).countRows('id < 3')).toBe('3')
    expect(tableFromIPC((await reader.table({ namespace: [], name: 'people' }).readRows({ offset: 0, limit: 2 })).arrow).numRows).toBe(2)

    const people = { namespace: [], name: 'people' }
    expect(await codeOf(reader.createNamespace(['sneaky']))).toBe('permission_denied')
    expect(await codeOf(reader.dropNamespace(['analytics'], 'cascade'))).toBe('permission_denied')
    expect(await codeOf(reader.createTable({ namespace: [], name: 'sneaky' }, sampleTableIpc(1)))).toBe('permission_denied')
    expect(await codeOf(reader.dropTable(people))).toBe('permission_denied')
    expect(await codeOf(reader.renameTable(people, 'humans'))).toBe('permission_denied')
    expect((await client.listTables([])).items).toEqual(['people'])
    expect(await client.namespaceExists(['sneaky'])).toBe(false)
  })
})
