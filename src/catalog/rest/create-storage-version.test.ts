/**
 * Creating a table in a chosen Lance data storage version through a REST catalog: over
 * the spec's create route (the version travels in its `storage_options` query parameter,
 * which the reference server hands to LanceDB) and at the table's location, where LanceDB
 * writes the data itself. Each table is compared with one LanceDB wrote in that version
 * (test-kit/storage-version-fixtures.ts).
 */
import { connectNamespace, type Connection } from '@lancedb/lancedb'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeTempDir, removeDir } from '../../../test-kit/lancedb-catalog'
import { startCatalogServer, type RunningCatalogServer } from '../../../server/server'
import { bytesAndIds, LanceReference, VERSIONED_IDS, VERSIONED_ROWS } from '../../../test-kit/storage-version-fixtures'
import { openRestCatalog } from './rest-namespace'

let lanceRoot: string
let reference: LanceReference
const roots: string[] = []
const servers: RunningCatalogServer[] = []

beforeAll(async () => {
  lanceRoot = await makeTempDir('rest-version-lance')
  reference = new LanceReference(lanceRoot)
})

afterAll(async () => {
  await reference.close()
  for (const server of servers) await server.close()
  for (const root of [lanceRoot, ...roots]) await removeDir(root)
})

async function catalog(dataRoutes: boolean): Promise<{ url: string; lance: Connection }> {
  const root = await makeTempDir('rest-version')
  roots.push(root)
  const server = await startCatalogServer({ root, dataRoutes })
  servers.push(server)
  return { url: server.url, lance: await connectNamespace('dir', { root }) }
}

describe.each([
  ['the create route', true, 'routes'],
  ["the table's location", false, 'location']
] as const)('a create through %s', (_how, dataRoutes, mode) => {
  it.each(['2.0', '2.1'] as const)('writes version %s when asked, and the default when not', async (version) => {
    const { url, lance } = await catalog(dataRoutes)
    const client = openRestCatalog({ uri: url })
    try {
      await client.createNamespace(['ns'])
      await client.createTable({ namespace: ['ns'], name: 'chosen' }, VERSIONED_ROWS, 'create', { dataStorageVersion: version })
      await client.createTable({ namespace: ['ns'], name: 'unchosen' }, VERSIONED_ROWS)
      expect(client.mode).toBe(mode)
      expect(await bytesAndIds(lance, ['ns'], 'chosen')).toEqual({ bytes: await reference.bytes(version), ids: VERSIONED_IDS })
      expect(await bytesAndIds(lance, ['ns'], 'unchosen')).toEqual({ bytes: await reference.bytes(undefined), ids: VERSIONED_IDS })
      expect(await reference.bytes(version)).not.toBe(await reference.bytes(undefined))
    } finally {
      await client.close()
      lance.close()
    }
  })
})

it('the reference server refuses a version LanceDB does not know, naming the ones it takes', async () => {
  const { url, lance } = await catalog(true)
  lance.close()
  const response = await fetch(`${url}/v1/table/bad/create?storage_options=${encodeURIComponent('{"new_table_data_storage_version":"9.9"}')}`, {
    method: 'POST',
    headers: { 'content-type': 'application/vnd.apache.arrow.stream' },
    body: VERSIONED_ROWS
  })
  expect(response.status).toBe(400)
  expect(((await response.json()) as { error: string }).error).toBe('"new_table_data_storage_version" must be one of "2.2", "2.1", "2.0", "legacy", got "9.9".')
})

it('refuses a chosen version on an Enterprise database, whose create route cannot carry it, and writes nothing', async () => {
  const { url, lance } = await catalog(true)
  const client = openRestCatalog({ uri: url }, { routes: 'enterprise' })
  try {
    const refused = client.createTable({ namespace: [], name: 'chosen' }, VERSIONED_ROWS, 'create', { dataStorageVersion: '2.0' })
    await expect(refused).rejects.toMatchObject({
      code: 'invalid_request',
      message: expect.stringContaining('chooses the data storage version of new tables itself')
    })
    await client.createTable({ namespace: [], name: 'unchosen' }, VERSIONED_ROWS)
    expect(await lance.tableNames()).toEqual(['unchosen'])
  } finally {
    await client.close()
    lance.close()
  }
})
