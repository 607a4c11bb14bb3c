/**
 * Reading a vector index's partitions from a table on an S3-compatible store (s3rver
 * behind a gate that checks SigV4 signatures, test-kit/s3-server.ts): a real IVF_PQ index
 * built there by LanceDB gives, through the store, exactly the centroids its files give
 * when copied to a folder; over a REST catalog at the table's s3:// location they are read
 * with the profile's own storage options, or with the credentials the catalog vends for
 * the table when it was opened with those: asked of the catalog at the read, sent only to
 * the store the catalog names, and never with a secret saved in the profile.
 */
import { copyFile, mkdir, readdir } from 'node:fs/promises'
import { createServer, request, type IncomingHttpHeaders } from 'node:http'
import { dirname, join } from 'node:path'
import { connectNamespace, Index } from '@lancedb/lancedb'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeTempDir, removeDir } from '../../../test-kit/lancedb-catalog'
import { listenOnLoopback, type LoopbackServer } from '../../../test-kit/loopback'
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

  it('reads the partitions with the credentials the catalog vends, the same as from the files in a folder', async () => {
    // The profile holds no storage options: LanceDB opens the table with the describe's.
    const server = await startCatalogServer({ root, storageOptions: s3.storageOptions, dataRoutes: false })
    const client = openRestCatalog({ uri: server.url })
    try {
      const handle = client.table(pq)
      const read = await readTablePartitions(handle, '2', 'vector', DIMENSION)
      if (!read.ok) throw new Error(read.reason)
      expect(read).toMatchObject({ count: 6, dimension: DIMENSION, indexName: 'vector_idx', distanceType: 'l2' })
      const copied = await readIndexPartitions(await copyOut((await handle.describe()).location!), '2', 'vector', DIMENSION)
      if (!copied.ok) throw new Error(copied.reason)
      expect(Array.from(read.centroids)).toEqual(Array.from(copied.centroids))
    } finally {
      await client.close()
      await server.close()
    }
  })

  it('sends the profile’s own keys nowhere when the catalog vends credentials for an endpoint of its own', async () => {
    // The catalog's endpoint is a relay to the store that records every request; the
    // profile names the store directly (also recorded) with keys of its own.
    const catalogs = await startRecordingStoreRelay(s3.endpoint)
    const profiles = await startRecordingStoreRelay(s3.endpoint)
    const server = await startCatalogServer({ root, storageOptions: { ...s3.storageOptions, endpoint: catalogs.url }, dataRoutes: false })
    const profileKey = 'PROFILEKEYID0001'
    const profileSecret = 'profile-secret-4d1e8b'
    const own = { region: 'us-east-1', endpoint: profiles.url, allow_http: 'true', aws_access_key_id: profileKey, aws_secret_access_key: profileSecret }
    const client = openRestCatalog({ uri: server.url, ...storageProperties(own) })
    try {
      const handle = client.table(pq)
      const location = (await handle.describe()).location!
      catalogs.requests.length = 0
      const read = await readTablePartitions(handle, '2', 'vector', DIMENSION)
      if (!read.ok) throw new Error(read.reason)
      const copied = await readIndexPartitions(await copyOut(location), '2', 'vector', DIMENSION)
      if (!copied.ok) throw new Error(copied.reason)
      expect(Array.from(read.centroids)).toEqual(Array.from(copied.centroids))
      // The index's file was read at the catalog's endpoint, signed with the catalog's key.
      expect(catalogs.requests.some((r) => r.path.includes('/_indices/') && r.path.endsWith('/index.idx'))).toBe(true)
      for (const r of catalogs.requests) {
        expect(r.headers['authorization']).toMatch(/Credential=S3RVER\//)
        expect(JSON.stringify(r)).not.toContain(profileKey)
        expect(JSON.stringify(r)).not.toContain(profileSecret)
      }
      expect(profiles.requests).toEqual([])
    } finally {
      await client.close()
      await server.close()
      await catalogs.close()
      await profiles.close()
    }
  })

  it('says why, without a crash, when the credentials the catalog vends are wrong or have run out', async () => {
    const server = await startCatalogServer({ root, storageOptions: s3.storageOptions, dataRoutes: false })
    const front = await startDescribeRewriter(server.url)
    const client = openRestCatalog({ uri: front.url })
    try {
      const handle = client.table(pq)
      // Opened (by LanceDB) while the credentials are good; the catalog then vends others.
      expect((await handle.describe()).location).toMatch(/^s3:\/\//)
      const wrong = 'vended-but-wrong-9c2f'
      front.rewrite = (options) => ({ ...options, aws_secret_access_key: wrong })
      const refused = await readTablePartitions(handle, '2', 'vector', DIMENSION)
      expect(refused).toEqual({
        ok: false,
        reason: expect.stringMatching(/refused to let the connection’s keys read .*signature does not match.* the ones the catalog vends/)
      })
      expect(JSON.stringify(refused)).not.toContain(wrong)
      front.rewrite = (options) => ({ ...options, expires_at_millis: String(Date.now() - 60_000) })
      expect(await readTablePartitions(handle, '2', 'vector', DIMENSION)).toEqual({
        ok: false,
        reason: expect.stringMatching(/storage credentials the catalog vends for this table expired at \d{4}-/)
      })
      front.failDescribe = true
      expect(await readTablePartitions(handle, '2', 'vector', DIMENSION)).toEqual({
        ok: false,
        reason: expect.stringMatching(/^Cannot read this index’s partitions: /)
      })
      // Good credentials again: read as before.
      front.rewrite = (options) => options
      front.failDescribe = false
      expect(await readTablePartitions(handle, '2', 'vector', DIMENSION)).toMatchObject({ ok: true, count: 6 })
    } finally {
      await client.close()
      await front.close()
      await server.close()
    }
  })
})

/** One request a recording relay passed on. */
interface RecordedRequest {
  readonly method: string
  readonly path: string
  readonly headers: IncomingHttpHeaders
}

/**
 * A relay on 127.0.0.1 to the store at `endpoint` that records each request. Host is passed
 * on as it came, so the store checks the signature made for the relay's address.
 */
async function startRecordingStoreRelay(endpoint: string): Promise<LoopbackServer & { readonly requests: RecordedRequest[] }> {
  const store = new URL(endpoint)
  const requests: RecordedRequest[] = []
  const server = createServer((req, res) => {
    requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers })
    const outgoing = request({ host: store.hostname, port: store.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers)
      answer.pipe(res)
    })
    outgoing.on('error', () => res.destroy())
    req.pipe(outgoing)
  })
  return Object.assign(await listenOnLoopback(server), { requests })
}

/**
 * A catalog in front of the one at `upstream` whose describe answers carry the storage
 * options `rewrite` makes of the upstream's, or fail (HTTP 503) while `failDescribe` is set.
 */
async function startDescribeRewriter(
  upstream: string
): Promise<LoopbackServer & { rewrite: (options: Record<string, string>) => Record<string, string>; failDescribe: boolean }> {
  const state = { rewrite: (options: Record<string, string>) => options, failDescribe: false }
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      void (async () => {
        const describe = /\/describe\/?(\?|$)/.test(req.url ?? '')
        if (describe && state.failDescribe) {
          res.writeHead(503, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'catalog is down for a moment', code: 18 }))
          return
        }
        const headers = Object.fromEntries(
          Object.entries(req.headers).filter(([name]) => !['host', 'content-length', 'accept-encoding', 'connection'].includes(name)) as [string, string][]
        )
        const body = Buffer.concat(chunks)
        const answer = await fetch(`${upstream}${req.url ?? ''}`, { method: req.method ?? 'GET', headers, ...(body.length > 0 ? { body } : {}) })
        let text = Buffer.from(await answer.arrayBuffer())
        if (describe && answer.ok) {
          const json = JSON.parse(text.toString('utf8')) as { storage_options?: Record<string, string> }
          if (json.storage_options) json.storage_options = state.rewrite(json.storage_options)
          text = Buffer.from(JSON.stringify(json))
        }
        const type = answer.headers.get('content-type')
        res.writeHead(answer.status, type ? { 'content-type': type } : {}).end(text)
      })().catch(() => res.destroy())
    })
  })
  const listening = await listenOnLoopback(server)
  return Object.assign(state, listening)
}
