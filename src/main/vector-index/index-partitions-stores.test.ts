/**
 * Reading a vector index's partitions from Google Cloud Storage and Azure Blob Storage:
 * a real IVF_PQ index LanceDB built in a folder, its files served by stand-ins for the two
 * stores on 127.0.0.1 that check every request's credentials (a service account's signed
 * JWT exchanged for a token; an account key's Shared Key signature), read through the
 * reader `tableFilesAt` chooses for the location, give exactly the folder's centroids.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { connectNamespace, Index } from '@lancedb/lancedb'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeTempDir, removeDir } from '../../../test-kit/lancedb-catalog'
import { makeClusteredTable } from '../../../test-kit/clustered-vectors'
import { startFakeGcs } from '../../../test-kit/fake-gcs-server'
import { startFakeAzure } from '../../../test-kit/fake-azure-blob-server'
import { tableFilesAt } from '../../catalog/files/store-files'
import { readIndexPartitions, type IndexPartitions } from './index-partitions'

const DIMENSION = 16
const PREFIX = 'catalog/pq.lance'
let root = ''
/** The table's files by their names in a bucket, under PREFIX. */
const objects = new Map<string, Uint8Array>()

beforeAll(async () => {
  root = await makeTempDir('index-partitions-stores-')
  const db = await connectNamespace('dir', { root })
  const table = await makeClusteredTable(db, 'pq', { rows: 1_000, clusters: 5, dimension: DIMENSION })
  await table.createIndex('vector', { config: Index.ivfPq({ numPartitions: 6, numSubVectors: 4 }) })
  table.close()
  db.close()
  const folder = join(root, 'pq.lance')
  for (const entry of await readdir(folder, { recursive: true, withFileTypes: true }))
    if (entry.isFile())
      objects.set(`${PREFIX}/${relative(folder, join(entry.parentPath, entry.name)).split('\\').join('/')}`, await readFile(join(entry.parentPath, entry.name)))
}, 120_000)

afterAll(() => removeDir(root))

async function fromFolder(): Promise<Extract<IndexPartitions, { ok: true }>> {
  const read = await readIndexPartitions(join(root, 'pq.lance'), '2', 'vector', DIMENSION)
  if (!read.ok) throw new Error(read.reason)
  return read
}

describe('index partitions on Google Cloud Storage and Azure', () => {
  it('reads the same centroids from Google Cloud Storage as from the folder', async () => {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
    const clientEmail = 'maps@project.iam.gserviceaccount.com'
    const gcs = await startFakeGcs({ bucket: 'lance-bucket', objects, clientEmail, publicKey })
    try {
      const key = JSON.stringify({
        type: 'service_account',
        client_email: clientEmail,
        private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        token_uri: gcs.tokenUri,
        gcs_base_url: gcs.url
      })
      const files = tableFilesAt(`gs://lance-bucket/${PREFIX}`, { google_service_account_key: key, allow_http: 'true' })
      const read = await readIndexPartitions(files, '2', 'vector', DIMENSION)
      if (!read.ok) throw new Error(read.reason)
      const folder = await fromFolder()
      expect(read).toMatchObject({ count: 6, dimension: DIMENSION, indexName: folder.indexName, distanceType: folder.distanceType })
      expect(Array.from(read.centroids)).toEqual(Array.from(folder.centroids))
      // Every storage request carried a token the stand-in issued for the signed JWT.
      const storage = gcs.requests.filter((request) => request.url.startsWith('/storage/'))
      expect(storage.length).toBeGreaterThan(0)
      for (const request of storage) expect(gcs.issued.has(String(request.headers.authorization).replace(/^Bearer /, ''))).toBe(true)
    } finally {
      await gcs.close()
    }
  })

  it('reads the same centroids from Azure Blob Storage as from the folder, and says so when the key is wrong', async () => {
    const account = 'lancemaps'
    const key = randomBytes(64).toString('base64')
    const blobs = new Map([...objects].map(([name, bytes]) => [name.slice('catalog/'.length), bytes]))
    const azure = await startFakeAzure({ account, key, container: 'catalog', blobs })
    try {
      const options = {
        azure_storage_account_name: account,
        azure_storage_account_key: key,
        azure_storage_endpoint: `${azure.url}/${account}`,
        allow_http: 'true'
      }
      const read = await readIndexPartitions(tableFilesAt('az://catalog/pq.lance', options), '2', 'vector', DIMENSION)
      if (!read.ok) throw new Error(read.reason)
      expect(Array.from(read.centroids)).toEqual(Array.from((await fromFolder()).centroids))

      const wrong = { ...options, azure_storage_account_key: randomBytes(64).toString('base64') }
      const refused = await readIndexPartitions(tableFilesAt('az://catalog/pq.lance', wrong), '2', 'vector', DIMENSION)
      expect(refused).toEqual({ ok: false, reason: expect.stringMatching(/Access denied/) })
      expect(JSON.stringify(refused)).not.toContain(wrong.azure_storage_account_key)
    } finally {
      await azure.close()
    }
  })
})
