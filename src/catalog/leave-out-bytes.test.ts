/**
 * A rows read that leaves out byte columns (the grid's first page, asked before it knows a
 * table's columns): the page holds every other column and no byte column, on a directory
 * catalog and on a REST catalog read through its routes and at its tables' locations; a
 * table of no byte columns reads whole; naming columns wins over the flag.
 */
import { tableFromIPC } from 'apache-arrow'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startCatalogServer, type RunningCatalogServer } from '../../server/server'
import { buildNestedCatalog, makeTempDir, removeDir } from '../../test-kit/lancedb-catalog'
import { BLOB_TABLE, buildMediaCatalog, MEDIA_TABLE } from '../../test-kit/media-table'
import type { TableRef } from '../shared/catalog-types'
import { openDirNamespace } from './dir/dir-namespace'
import type { NamespaceClient } from './namespace-client'
import { openRestCatalog } from './rest/rest-namespace'

let root: string
const servers: RunningCatalogServer[] = []

beforeAll(async () => {
  root = await makeTempDir('leave-out-bytes')
  await buildMediaCatalog(root)
  await buildNestedCatalog(root, { tables: { plain: 3 } })
  servers.push(await startCatalogServer({ root }), await startCatalogServer({ root, dataRoutes: false }))
})

afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()))
  await removeDir(root)
})

const media: TableRef = { namespace: [], name: MEDIA_TABLE }

async function columnsRead(client: NamespaceClient, table: TableRef, request: { columns?: string[]; leaveOutBytes?: boolean }): Promise<string[]> {
  const page = await client.table(table).readRows({ offset: 0, limit: 4, ...request })
  const rows = tableFromIPC(page.arrow)
  expect(rows.numRows).toBeGreaterThan(0)
  return rows.schema.fields.map((field) => field.name)
}

const clients: [string, () => Promise<NamespaceClient>][] = [
  ['a directory catalog', () => openDirNamespace(root)],
  ["a REST catalog's routes", async () => openRestCatalog({ uri: servers[0]?.url ?? '' })],
  ["a REST catalog's table locations", async () => openRestCatalog({ uri: servers[1]?.url ?? '' })]
]

describe.each(clients)('on %s', (_, open) => {
  it('reads every column but the byte columns, of a binary column and of a blob v2 column', async () => {
    const client = await open()
    try {
      expect(await columnsRead(client, media, {})).toContain('media')
      const plain = await columnsRead(client, media, { leaveOutBytes: true })
      expect(plain).not.toContain('media')
      expect(plain).toEqual((await columnsRead(client, media, {})).filter((name) => name !== 'media'))
      expect(await columnsRead(client, { namespace: [], name: BLOB_TABLE }, { leaveOutBytes: true })).toEqual(['id'])
    } finally {
      await client.close()
    }
  })

  it('reads a table without byte columns whole, and the columns named when some are', async () => {
    const client = await open()
    try {
      const plainTable = { namespace: [], name: 'plain' }
      expect(await columnsRead(client, plainTable, { leaveOutBytes: true })).toEqual(await columnsRead(client, plainTable, {}))
      expect(await columnsRead(client, media, { columns: ['media'], leaveOutBytes: true })).toEqual(['media'])
    } finally {
      await client.close()
    }
  })
})
