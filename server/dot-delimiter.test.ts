/**
 * A connection whose `delimiter` is `.`: the root's id is the delimiter (the spec's
 * `/v1/namespace/./list`), a segment URL resolution would drop. The app's client sends
 * it as `%2E` and the reference server reads it back, so the root lists, and nested ids
 * (`sales.eu`) and tables in them work with the same delimiter.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openRestNamespace } from '../src/catalog/rest/rest-namespace'
import type { NamespaceClient } from '../src/catalog/namespace-client'
import { buildNestedCatalog, makeTempDir, removeDir } from '../test-kit/lancedb-catalog'
import { startCatalogServer, type RunningCatalogServer } from './server'

let root: string
let server: RunningCatalogServer
let client: NamespaceClient
const log: string[] = []

beforeAll(async () => {
  root = await makeTempDir('dot-delimiter')
  await buildNestedCatalog(root, { tables: { top: 2 }, namespaces: { sales: { namespaces: { eu: { tables: { orders: 3 } } } } } })
  server = await startCatalogServer({ root, log: (line) => log.push(line) })
  client = openRestNamespace({ uri: server.url, delimiter: '.' }, { maxRetries: 0 })
})

afterAll(async () => {
  await client?.close()
  await server?.close()
  await removeDir(root)
})

describe('a REST connection with delimiter "."', () => {
  it('lists the root, sending its id as %2E', async () => {
    expect((await client.listNamespaces([])).items).toEqual(['sales'])
    expect((await client.listTables([])).items).toEqual(['top'])
    expect(log.filter((line) => line.startsWith('GET /v1/namespace/%2E/')).map((line) => line.replace(/ \(\d+ ms\)$/, ''))).toEqual([
      'GET /v1/namespace/%2E/list?delimiter=. -> 200',
      'GET /v1/namespace/%2E/table/list?delimiter=. -> 200'
    ])
  })

  it('reaches nested namespaces and their tables with "." between the parts', async () => {
    expect((await client.listNamespaces(['sales'])).items).toEqual(['eu'])
    expect((await client.listTables(['sales', 'eu'])).items).toEqual(['orders'])
    expect((await client.table({ namespace: ['sales', 'eu'], name: 'orders' }).describe()).rowCount).toBe('3')
    expect(await client.namespaceExists(['sales', 'eu'])).toBe(true)
  })

  it('creates and drops a namespace at the root and below it', async () => {
    await client.createNamespace(['made'])
    await client.createNamespace(['sales', 'made'])
    expect([...(await client.listNamespaces([])).items].sort()).toEqual(['made', 'sales'])
    expect([...(await client.listNamespaces(['sales'])).items].sort()).toEqual(['eu', 'made'])
    await client.dropNamespace(['sales', 'made'])
    await client.dropNamespace(['made'])
    expect((await client.listNamespaces([])).items).toEqual(['sales'])
  })
})
