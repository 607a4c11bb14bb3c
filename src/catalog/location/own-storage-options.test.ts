/**
 * Tables created and opened at their locations on an S3-compatible store (s3rver behind
 * a signature gate) through a metadata-only catalog that declares and describes them,
 * with the profile's own storage keys: they reach LanceDB in-process, never through the
 * relay's answers or the catalog, and a catalog that vends credentials of its own has
 * its tables opened with those.
 */
import { createServer, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sampleTableIpc } from '../../../test-kit/lancedb-catalog'
import { startTestS3, type TestS3 } from '../../../test-kit/s3-server'
import { LocationTables } from './open-location'

const SESSION_TOKEN = 'profile-session-token-0001'
let s3: TestS3
const servers: Server[] = []

beforeAll(async () => {
  s3 = await startTestS3()
})

afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))))
  await s3?.close()
})

/** A metadata-only catalog: declare gives a table a location under `prefix`, describe returns it; both vend `vended`. */
async function catalog(prefix: string, vended: Record<string, string> | null): Promise<{ uri: string; seen: string[] }> {
  const locations = new Map<string, string>()
  const seen: string[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      seen.push(`${req.method} ${req.url} ${JSON.stringify(req.headers)} ${Buffer.concat(chunks).toString()}`)
      const [, id = '', route] = /\/v1\/table\/([^/]+)\/([a-z_-]+)/.exec(req.url ?? '') ?? []
      const storage = vended ? { storage_options: vended } : {}
      const answer = (status: number, body: object): void => void res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
      const location = locations.get(id)
      if (route === 'declare' && location) answer(409, { error: `Table ${id} already exists`, code: 5 })
      else if (route === 'declare') {
        locations.set(id, `s3://${s3.bucket}/${prefix}/${id}.lance`)
        answer(200, { location: locations.get(id), ...storage })
      } else if (route === 'describe' && location) answer(200, { location, ...storage })
      else answer(404, { error: `Table ${id} not found`, code: 4 })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  servers.push(server)
  return { uri: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen }
}

/** A pass-through to the store that records each request's headers (an endpoint the catalog vends). */
async function recordingStore(): Promise<{ endpoint: string; seen: string[] }> {
  const seen: string[] = []
  const store = new URL(s3.endpoint)
  const server = createServer((req, res) => {
    seen.push(JSON.stringify(req.headers))
    const upstream = request({ host: store.hostname, port: store.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers)
      answer.pipe(res)
    })
    upstream.on('error', () => res.destroy())
    req.pipe(upstream)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  servers.push(server)
  return { endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen }
}

async function rows(tables: LocationTables, name: string): Promise<number> {
  const table = await tables.open({ namespace: [], name })
  try {
    return await table.countRows()
  } finally {
    table.close()
  }
}

describe("a metadata-only catalog on an object store, with the profile's own storage keys", () => {
  it('creates, overwrites and opens tables with keys that never pass through the relay or the catalog', async () => {
    const { uri, seen } = await catalog('own', null)
    const tables = new LocationTables({ uri, headers: {}, delimiter: '$', storageOptions: s3.storageOptions, allowLocal: false })
    try {
      await tables.create({ namespace: [], name: 'kept' }, sampleTableIpc(3), 'create')
      expect(await rows(tables, 'kept')).toBe(3)
      await tables.create({ namespace: [], name: 'kept' }, sampleTableIpc(1), 'overwrite')
      await tables.create({ namespace: [], name: 'kept' }, sampleTableIpc(5), 'exist_ok')
      expect(await rows(tables, 'kept')).toBe(1)
      await expect(tables.create({ namespace: [], name: 'kept' }, sampleTableIpc(5), 'create')).rejects.toThrow(/already exists/)
      await tables.create({ namespace: [], name: 'fresh' }, sampleTableIpc(2), 'exist_ok')
      expect(await rows(tables, 'fresh')).toBe(2)
    } finally {
      await tables.close()
    }
    expect(seen.length).toBeGreaterThan(0)
    for (const request of seen) expect(request).not.toContain(s3.storageOptions.aws_secret_access_key)
  })

  it("creates and opens a table with the store and credentials the catalog vends, none of the profile's going there", async () => {
    const { aws_access_key_id = '', aws_secret_access_key = '' } = s3.storageOptions
    const store = await recordingStore()
    const { uri } = await catalog('vended', { endpoint: store.endpoint, region: 'us-east-1', allow_http: 'true', aws_access_key_id, aws_secret_access_key })
    // The profile's secret is wrong, and its session token would spoil the catalog's keys.
    const own = { ...s3.storageOptions, aws_secret_access_key: 'WRONG-SECRET', aws_session_token: SESSION_TOKEN }
    const tables = new LocationTables({ uri, headers: {}, delimiter: '$', storageOptions: own, allowLocal: false })
    try {
      await tables.create({ namespace: [], name: 'sold' }, sampleTableIpc(4), 'create')
      expect(await rows(tables, 'sold')).toBe(4)
    } finally {
      await tables.close()
    }
    expect(store.seen.length).toBeGreaterThan(0)
    for (const headers of store.seen) expect(headers).not.toContain(SESSION_TOKEN)
  })
})
