/**
 * Media cells where the table is not in a folder on this computer: the media catalog
 * (test-kit/media-table.ts) written by LanceDB to an S3-compatible store (s3rver behind a
 * gate that checks signatures), then opened through the real handlers three ways: as a
 * directory catalog on the store, through a REST catalog that answers queries (the bytes
 * come in its Arrow answers), and through a REST catalog that serves metadata only (the app
 * reads the table at its location with the credentials the catalog vends). Each way gives
 * the same thumbnails, first frames, refusals and whole values, and a blob column's bytes:
 * a query answer holds only where they are, so they are read at the table's location, and
 * where that cannot be done each cell says why.
 */
import sharp from 'sharp'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dispatch } from '../ipc/dispatch'
import { setUpApp, type AppCore } from '../app-setup'
import type { ConnectionSpec } from '../connections/connection-spec'
import { dirSpec, restSpec } from '../connections/connection-spec'
import { storageProperties } from '../../shared/storage-options'
import { startCatalogServer, type RunningCatalogServer } from '../../../server/server'
import { openRestNamespace } from '../../catalog/rest/rest-namespace'
import { makeTempDir, removeDir } from '../../../test-kit/lancedb-catalog'
import { startTestS3, type TestS3 } from '../../../test-kit/s3-server'
import { BLOB_TABLE, buildMediaCatalog, MEDIA_ROWS, MEDIA_TABLE, mediaCellBytes, type MediaRow } from '../../../test-kit/media-table'
import type { MediaCell, MediaValue } from '../../shared/contract/media'

let s3: TestS3
let dir = ''
let root = ''
const servers: RunningCatalogServer[] = []

beforeAll(async () => {
  s3 = await startTestS3()
  dir = await makeTempDir('media-stores-')
  root = `s3://${s3.bucket}/catalogs/media`
  await buildMediaCatalog(root, [], s3.storageOptions)
}, 120_000)

afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()))
  await s3?.close()
  await removeDir(dir)
})

/** The ways the app reaches the catalog on the store. */
const WAYS = {
  'a directory catalog on the store': async (): Promise<ConnectionSpec> => {
    const spec = dirSpec(root, 'store')
    return { ...spec, properties: { ...spec.properties, ...storageProperties(s3.storageOptions) } }
  },
  'a REST catalog answering queries': async (): Promise<ConnectionSpec> => {
    const server = await startCatalogServer({ root, storageOptions: s3.storageOptions })
    servers.push(server)
    return restSpec(server.url, [])
  },
  'a REST catalog of metadata, read at the location with vended credentials': async (): Promise<ConnectionSpec> => {
    const server = await startCatalogServer({ root, storageOptions: s3.storageOptions, dataRoutes: false })
    servers.push(server)
    return restSpec(server.url, [])
  }
} as const

/** The app over one connection, called as the page calls it. */
interface App {
  call<T>(channel: 'media:cells' | 'media:value', request: Record<string, unknown>): Promise<T>
  close(): Promise<void>
}

let apps = 0

async function startApp(spec: ConnectionSpec): Promise<App> {
  const core: AppCore = await setUpApp({ port: 0, dataDir: undefined, connections: [spec] }, join(dir, `data-${apps++}`), {
    info: { host: 'browser', version: 'test' }
  })
  const connectionId = core.registry.list()[0]?.id ?? ''
  return {
    async call<T>(channel: 'media:cells' | 'media:value', request: Record<string, unknown>): Promise<T> {
      const result = await dispatch(core.handlers, channel, { connectionId, ...request })
      if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`)
      return result.value as T
    },
    close: () => core.close()
  }
}

function blobCells(app: App): Promise<MediaCell[][]> {
  return app.call<MediaCell[][]>('media:cells', { table: { namespace: [], name: BLOB_TABLE }, offset: 0, limit: 3, columns: ['clip'], size: 'row' })
}

describe.each(Object.keys(WAYS) as (keyof typeof WAYS)[])('media on an object store, through %s', (way) => {
  let app: App

  beforeAll(async () => {
    app = await startApp(await WAYS[way]())
  }, 60_000)

  afterAll(async () => {
    await app?.close()
  })

  const call = <T>(channel: 'media:cells' | 'media:value', request: Record<string, unknown>): Promise<T> => app.call<T>(channel, request)

  it('tells each cell by its bytes, with thumbnails, first frames and refusals', async () => {
    const rows = await call<MediaCell[][]>('media:cells', {
      table: { namespace: [], name: MEDIA_TABLE },
      offset: 0,
      limit: MEDIA_ROWS.length,
      columns: ['media'],
      size: 'row'
    })
    const cell = (row: MediaRow): MediaCell => rows[MEDIA_ROWS.indexOf(row)]?.[0] as MediaCell
    expect(rows).toHaveLength(MEDIA_ROWS.length)
    for (const row of ['png', 'jpeg'] as const) {
      const thumb = cell(row).thumb
      if (!thumb) throw new Error(`${row}: no thumbnail (${cell(row).problem})`)
      expect(await sharp(thumb).metadata()).toMatchObject({ format: 'webp', width: 64, height: 40 })
    }
    expect(cell('h264-mp4')).toMatchObject({ kind: 'video', width: 96, height: 64, firstFrame: { codec: expect.stringMatching(/^avc1\./) } })
    expect(cell('wav')).toMatchObject({ kind: 'audio', label: 'WAV' })
    expect(cell('huge-png')).toMatchObject({ thumb: null, problem: expect.stringMatching(/pixels/) })
    expect(cell('fake-png')).toMatchObject({ thumb: null, problem: expect.any(String) })
  })

  it('reads a blob v2 column’s bytes', async () => {
    const blobs = await blobCells(app)
    expect(blobs.map((row) => row[0]?.label)).toEqual(['PNG', 'WAV', 'null'])
    expect(blobs[0]?.[0]?.thumb).not.toBeNull()
  })

  it('hands the viewer a whole picture byte for byte', async () => {
    const expected = await mediaCellBytes()
    const value = await call<MediaValue>('media:value', { table: { namespace: [], name: MEDIA_TABLE }, row: MEDIA_ROWS.indexOf('jpeg'), column: 'media' })
    expect([value.label, value.width, value.height, value.problem]).toEqual(['JPEG', 320, 200, null])
    expect(Buffer.from(value.bytes ?? []).equals(Buffer.from(expected.jpeg ?? []))).toBe(true)
  })
})

describe('blob bytes a REST catalog does not serve', () => {
  it('says of each blob cell that the catalog does not serve its bytes', async () => {
    const server = await startCatalogServer({ root, storageOptions: s3.storageOptions, vendStorageOptions: [] })
    servers.push(server)
    const app = await startApp(restSpec(server.url, []))
    try {
      const blobs = await blobCells(app)
      const expected = await mediaCellBytes()
      expect(blobs.map((row) => row[0]?.size)).toEqual([expected.png?.length, expected.wav?.length, null])
      // The profile gives the store no keys and the catalog vends none, so the location cannot be read either.
      const problem = blobs[0]?.[0]?.problem ?? ''
      expect(problem).toMatch(
        /^The catalog's answers hold where this blob column's bytes are, not the bytes \(the REST spec has no route for them\); reading them at the table's location failed: .*bucket/
      )
      expect(problem).not.toMatch(/cargo|\.rs:/)
      expect(blobs[0]?.[0]?.thumb).toBeNull()
    } finally {
      await app.close()
    }
  })

  it('says so from a client of the catalog’s routes alone', async () => {
    const server = await startCatalogServer({ root, storageOptions: s3.storageOptions })
    servers.push(server)
    const client = openRestNamespace({ uri: server.url })
    const cells = await client.table({ namespace: [], name: BLOB_TABLE }).readBytes({ column: 'clip', offset: 0, limit: 2, maxBytesPerCell: 1024 })
    expect(cells.map((cell) => cell && cell.bytes === null && cell.unread)).toEqual([
      expect.stringMatching(/\(the REST spec has no route for them\), and this connection does not read the table's files\.$/),
      expect.stringMatching(/no route for them/)
    ])
  })
})
