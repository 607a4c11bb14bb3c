/**
 * A table handle's byte cells over REST, against the reference server on a catalog of real
 * media (test-kit/media-table.ts): the catalog's query route hands a binary column's cells
 * over byte for byte and cut to the bound; its rows of a blob v2 column hold only where the
 * bytes are, which a routes-only client says, while a metadata-only catalog's tables are
 * read at their location, blob bytes included, as on a directory catalog. Both name the
 * latest version the way a description does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startCatalogServer, type RunningCatalogServer } from '../../../server/server'
import { makeTempDir, removeDir } from '../../../test-kit/lancedb-catalog'
import { BLOB_TABLE, buildMediaCatalog, MEDIA_ROWS, MEDIA_TABLE, mediaCellBytes } from '../../../test-kit/media-table'
import type { NamespaceClient } from '../namespace-client'
import type { CellBytes } from '../table-handle'
import { openRestCatalog, openRestNamespace } from './rest-namespace'

let root: string
let withRoutes: RunningCatalogServer
let metadataOnly: RunningCatalogServer
const clients: NamespaceClient[] = []

beforeAll(async () => {
  root = await makeTempDir('rest-bytes')
  await buildMediaCatalog(root)
  withRoutes = await startCatalogServer({ root })
  metadataOnly = await startCatalogServer({ root, dataRoutes: false })
})

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()))
  await Promise.all([withRoutes?.close(), metadataOnly?.close()])
  await removeDir(root)
})

function open(kind: 'routes' | 'location'): NamespaceClient {
  const client = kind === 'routes' ? openRestNamespace({ uri: withRoutes.url }) : openRestCatalog({ uri: metadataOnly.url, allow_local_locations: 'true' })
  clients.push(client)
  return client
}

const bytesOf = (cell: CellBytes | undefined): Buffer | null => (cell && cell.bytes ? Buffer.from(cell.bytes) : null)

describe.each(['routes', 'location'] as const)('byte cells through %s', (kind) => {
  it('hands over a binary column byte for byte, each cell cut to the bound with its whole size', async () => {
    const expected = await mediaCellBytes()
    const table = open(kind).table({ namespace: [], name: MEDIA_TABLE })
    const cells = await table.readBytes({ column: 'media', offset: 0, limit: 3, maxBytesPerCell: 1_000_000 })
    expect(cells.map(bytesOf)).toEqual([expected.png, expected.jpeg, expected.wav].map((b) => Buffer.from(b as Uint8Array)))
    const [cut] = await table.readBytes({ column: 'media', offset: 0, limit: 1, maxBytesPerCell: 8 })
    expect([cut?.size, bytesOf(cut)?.length]).toEqual([expected.png?.length, 8])
    const tail = await table.readBytes({ column: 'media', offset: MEDIA_ROWS.length - 2, limit: 10, maxBytesPerCell: 16 })
    expect(tail).toHaveLength(2)
  })

  it('names the latest version, as the table itself does', async () => {
    const table = open(kind).table({ namespace: [], name: MEDIA_TABLE })
    expect(await table.version()).toBe((await table.describe()).version)
  })
})

describe('a blob v2 column over REST', () => {
  it('says where a routes-only client gets descriptors, not bytes', async () => {
    const [png] = await open('routes').table({ namespace: [], name: BLOB_TABLE }).readBytes({ column: 'clip', offset: 0, limit: 1, maxBytesPerCell: 1_000_000 })
    expect(png).toMatchObject({ bytes: null, unread: expect.stringMatching(/blob column/) })
  })

  it('reads the bytes at the location of a metadata-only catalog', async () => {
    const expected = await mediaCellBytes()
    const cells = await open('location')
      .table({ namespace: [], name: BLOB_TABLE })
      .readBytes({ column: 'clip', offset: 0, limit: 3, maxBytesPerCell: 1_000_000 })
    expect(cells.map(bytesOf)).toEqual([Buffer.from(expected.png as Uint8Array), Buffer.from(expected.wav as Uint8Array), null])
  })
})
