/**
 * Reading a vector index's partitions from a table on an S3-compatible store (s3rver
 * behind a gate that checks SigV4 signatures, test-kit/s3-server.ts): a real IVF_PQ index
 * built there by LanceDB gives, through the store, exactly the centroids its files give
 * when copied to a folder; over a REST catalog at the table's s3:// location they are read
 * with the profile's own storage options, and not with credentials the catalog vended.
 */
import { copyFile, mkdir, readdir } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { connectNamespace, Index } from '@lancedb/lancedb'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeTempDir, removeDir } from '../../../test-kit/lancedb-catalog'
import { makeClusteredTable } from '../../../test-kit/clustered-vectors'
import { startTestS3, type TestS3 } from '../../../test-kit/s3-server'
import { storageProperties } from '../../shared/storage-options'
import { openDirNamespace } from '../../catalog/dir/dir-namespace'
import { openRestCatalog } from '../../catalog/rest/rest-namespace'
import { startCatalogServer } from '../../../server/server'
import { s3TableFiles } from '../../catalog/files/s3-files'
import { readIndexPartitions, readTablePartitions } from './index-partitions'

const DIMENSION = 16
const pq = { namespace: [], name: 'pq' }
let s3: TestS3
let root = ''
let local = ''

beforeAll(async () => {
  s3 = await startTestS3()
  root = `s3://${s3.bucket}/catalogs/parts`
  local = await makeTempDir('index-partitions-s3-')
  const db = await connectNamespace('dir', { root, ...storageProperties(s3.storageOptions) })
  const table = await makeClusteredTable(db, 'pq', { rows: 1_000, clusters: 5, dimension: DIMENSION }, s3.storageOptions)
  await table.createIndex('vector', { config: Index.ivfPq({ numPartitions: 6, numSubVectors: 4 }) })
  ;(await makeClusteredTable(db, 'plain', { rows: 50, clusters: 2, dimension: DIMENSION }, s3.storageOptions)).close()
  table.close()
  db.close()
}, 120_000)

afterAll(async () => {
  await s3?.close()
  await removeDir(local)
})

/** The table's files as s3rver keeps them, copied to a folder of their own. */
async function copyOut(location: string): Promise<string> {
  const prefix = location.slice(`s3://${s3.bucket}/`.length)
  const from = join(s3.directory, s3.bucket, prefix)
  const to = join(local, 'copy.lance')
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) await walk(path)
      else if (entry.name.endsWith('._S3rver_object')) {
        const target = join(to, path.slice(from.length).replace(/\._S3rver_object$/, ''))
        await mkdir(dirname(target), { recursive: true })
        await copyFile(path, target)
      }
    }
  }
  await walk(from)
  return to
}

describe('a directory catalog on an S3-compatible store', () => {
  it('reads the index’s centroids through the store, the same as from its files in a folder', async () => {
    const client = await openDirNamespace(root, s3.storageOptions)
    try {
      const handle = client.table(pq)
      const read = await readTablePartitions(handle, '2', 'vector', DIMENSION)
      if (!read.ok) throw new Error(read.reason)
      expect(read).toMatchObject({ count: 6, dimension: DIMENSION, indexName: 'vector_idx', distanceType: 'l2' })
      expect(read.centroids.every(Number.isFinite)).toBe(true)
      const location = (await handle.describe()).location!
      expect(location).toMatch(/^s3:\/\//)
      const copied = await readIndexPartitions(await copyOut(location), '2', 'vector', DIMENSION)
      if (!copied.ok) throw new Error(copied.reason)
      expect(Array.from(read.centroids)).toEqual(Array.from(copied.centroids))
    } finally {
      await client.close()
    }
  })

  it('says why where there is no index or no such version', async () => {
    const client = await openDirNamespace(root, s3.storageOptions)
    try {
      expect(await readTablePartitions(client.table({ namespace: [], name: 'plain' }), '1', 'vector', DIMENSION)).toEqual({
        ok: false,
        reason: expect.stringMatching(/no index/)
      })
      expect(await readTablePartitions(client.table(pq), '9', 'vector', DIMENSION)).toEqual({ ok: false, reason: expect.stringMatching(/manifest is not/) })
    } finally {
      await client.close()
    }
  })

  it('says a file of the index is missing when the manifest names one the store does not hold', async () => {
    const client = await openDirNamespace(root, s3.storageOptions)
    try {
      const files = (await client.table(pq).tableFiles())!
      // The table's files with the index's own hidden, as if removed behind the manifest's back.
      const hidden = { location: files.location, open: (path: string) => (path.startsWith('_indices/') ? files.open(`${path}.gone`) : files.open(path)) }
      expect(await readIndexPartitions(hidden, '2', 'vector', DIMENSION)).toEqual({
        ok: false,
        reason: expect.stringMatching(/a file of the index or of this version is missing/)
      })
    } finally {
      await client.close()
    }
  })

  it('names a wrong secret key plainly, without quoting it', async () => {
    const secret = 'wrong-secret-7f3a9c'
    const client = await openDirNamespace(root, s3.storageOptions)
    try {
      const location = (await client.table(pq).describe()).location!
      const files = s3TableFiles(location, { ...s3.storageOptions, aws_secret_access_key: secret })
      const error = await files.open('_versions/18446744073709551613.manifest').then(
        () => null,
        (e: unknown) => e as Error
      )
      expect(error?.message).toMatch(/refused to let the connection’s keys read .*signature does not match: check the secret access key/)
      expect(error?.message).not.toContain(secret)
    } finally {
      await client.close()
    }
  })
})

describe('a REST catalog whose tables are on an S3-compatible store', () => {
  it('reads the partitions with the profile’s own storage options', async () => {
    // The catalog vends no credentials: the profile holds them, and opens the table with them.
    const server = await startCatalogServer({ root, storageOptions: s3.storageOptions, dataRoutes: false, vendStorageOptions: [] })
    const client = openRestCatalog({ uri: server.url, ...storageProperties(s3.storageOptions) })
    try {
      const read = await readTablePartitions(client.table(pq), '2', 'vector', DIMENSION)
      if (!read.ok) throw new Error(read.reason)
      expect(read.count).toBe(6)
    } finally {
      await client.close()
      await server.close()
    }
  })

  it('says why where the table was opened with credentials the catalog vended', async () => {
    const server = await startCatalogServer({ root, storageOptions: s3.storageOptions, dataRoutes: false })
    const client = openRestCatalog({ uri: server.url })
    try {
      expect(await readTablePartitions(client.table(pq), '2', 'vector', DIMENSION)).toEqual({
        ok: false,
        reason: expect.stringMatching(/opened with storage options the catalog vended/)
      })
    } finally {
      await client.close()
      await server.close()
    }
  })
})
