/**
 * The Google Cloud Storage reader against a fake GCS on 127.0.0.1 that checks the service
 * account's JWT signature and the bearer tokens it issued: ranges, sizes, missing files,
 * refused keys, answers longer than asked, silent servers, hostile token endpoints, and a
 * real Lance table's manifest served from its folder.
 */
import { generateKeyPairSync, type KeyObject } from 'node:crypto'
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { open, readFile, readdir, writeFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import { join, relative } from 'node:path'
import { connectNamespace } from '@lancedb/lancedb'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { makeTempDir, removeDir } from '../../../test-kit/lancedb-catalog'
import { makeClusteredTable } from '../../../test-kit/clustered-vectors'
import { startFakeGcs, type FakeGcs } from '../../../test-kit/fake-gcs-server'
import { listenOnLoopback } from '../../../test-kit/loopback'
import { FS_TIME_LIMIT_MS } from '../dir/bounded-fs'
import { forgetServiceAccountTokens, gcsTableFiles } from './gcs-files'
import { failureOf, thrownBy } from '../../../test-kit/catalog-failure'

const BUCKET = 'lance-bucket'
const EMAIL = 'reader@project.iam.gserviceaccount.com'
const MKFIFO = '/usr/bin/mkfifo'
const FILE = Uint8Array.from({ length: 10_000 }, (_, i) => (i * 7) % 251)

function rsaPair(): { publicKey: KeyObject; pem: string } {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  return { publicKey, pem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() }
}

const trusted = rsaPair()
const stranger = rsaPair()
let temp = ''
let fake: FakeGcs | undefined

beforeAll(async () => {
  temp = await makeTempDir('gcs-files')
})
afterAll(() => removeDir(temp))
afterEach(async () => {
  await fake?.close()
  fake = undefined
  // Each test counts its own token exchanges.
  forgetServiceAccountTokens()
})

async function serve(objects: Map<string, Uint8Array> = new Map([['tables/t.lance/data/a.bin', FILE]]), anonymous = false): Promise<FakeGcs> {
  fake = await startFakeGcs({ bucket: BUCKET, objects, clientEmail: EMAIL, publicKey: trusted.publicKey, anonymous })
  return fake
}

function keyJson(server: FakeGcs, pem = trusted.pem, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({
    type: 'service_account',
    client_email: EMAIL,
    private_key_id: 'key-1',
    private_key: pem,
    token_uri: server.tokenUri,
    gcs_base_url: server.url,
    ...extra
  })
}

const optionsFor = (server: FakeGcs, pem = trusted.pem): Record<string, string> => ({ google_service_account_key: keyJson(server, pem), allow_http: 'true' })

describe('gcsTableFiles', () => {
  it('reads a range and the size with a token exchanged once for the service account’s JWT', async () => {
    const server = await serve()
    const files = gcsTableFiles(`gs://${BUCKET}/tables/t.lance`, optionsFor(server))
    expect(files.location).toBe(`gs://${BUCKET}/tables/t.lance`)
    const file = await files.open('data/a.bin')
    expect(file?.size).toBe(FILE.length)
    expect(await file?.read(1234, 500)).toEqual(FILE.subarray(1234, 1734))
    expect(await file?.read(FILE.length - 16, 16)).toEqual(FILE.subarray(FILE.length - 16))
    expect(await file?.read(0, FILE.length)).toEqual(FILE)

    const tokenCalls = server.requests.filter((r) => r.url === '/token')
    expect(tokenCalls).toHaveLength(1)
    // The token endpoint gets the grant and the signed JWT, nothing else; storage gets the token only.
    expect([...new URLSearchParams(tokenCalls[0]?.body).keys()]).toEqual(['grant_type', 'assertion'])
    expect(tokenCalls[0]?.headers.authorization).toBeUndefined()
    const storage = server.requests.filter((r) => r.url.startsWith('/storage/'))
    expect(storage).toHaveLength(4)
    for (const request of storage) expect(server.issued.has(String(request.headers.authorization).replace('Bearer ', ''))).toBe(true)
    expect(storage[1]?.url).toBe(`/storage/v1/b/${BUCKET}/o/tables%2Ft.lance%2Fdata%2Fa.bin?alt=media`)
    expect(JSON.stringify(server.requests)).not.toContain('PRIVATE KEY')
  })

  it('shares one token exchange between reads that start together', async () => {
    const server = await serve()
    const files = gcsTableFiles(`gs://${BUCKET}/tables/t.lance`, optionsFor(server))
    const opened = await Promise.all(Array.from({ length: 5 }, () => files.open('data/a.bin')))
    expect(opened.map((file) => file?.size)).toEqual(Array(5).fill(FILE.length))
    expect(server.requests.filter((r) => r.url === '/token')).toHaveLength(1)
  })

  it('exchanges a new token when the last one nears its expiry, and once more after a refusal', async () => {
    const server = await serve()
    // A 1 s token is renewed halfway through its life.
    server.behaviour.tokenLifetime = 1
    const file = await gcsTableFiles(`gs://${BUCKET}/tables/t.lance`, optionsFor(server)).open('data/a.bin')
    await new Promise((resolve) => setTimeout(resolve, 600))
    expect(await file?.read(0, 8)).toEqual(FILE.subarray(0, 8))
    expect(server.requests.filter((r) => r.url === '/token')).toHaveLength(2)

    server.behaviour.tokenLifetime = 3600
    server.revokeAll()
    expect(await file?.read(8, 8)).toEqual(FILE.subarray(8, 16))
    const urls = server.requests.map((r) => r.url.split('?')[1] ?? r.url)
    expect(urls.slice(-3)).toEqual(['alt=media', '/token', 'alt=media'])
  })

  it('keeps a token for later readers of the same account, key and token endpoint, and for no other', async () => {
    const server = await serve()
    const at = `gs://${BUCKET}/tables/t.lance`
    const tokenCalls = (on: FakeGcs): number => on.requests.filter((r) => r.url === '/token').length
    const size = async (options: Record<string, string>): Promise<number | undefined> => (await gcsTableFiles(at, options).open('data/a.bin'))?.size
    for (let i = 0; i < 3; i++) expect(await size(optionsFor(server))).toBe(FILE.length)
    expect(tokenCalls(server)).toBe(1)

    // The same key read from a file is the same account: no new exchange.
    const path = join(temp, 'kept-service-account.json')
    await writeFile(path, keyJson(server))
    expect(await size({ google_service_account: path, allow_http: 'true' })).toBe(FILE.length)
    expect(tokenCalls(server)).toBe(1)

    // Another key id, another private key, another client email: each exchanges its own JWT.
    expect(await size({ google_service_account_key: keyJson(server, trusted.pem, { private_key_id: 'key-2' }), allow_http: 'true' })).toBe(FILE.length)
    expect(tokenCalls(server)).toBe(2)
    expect((await failureOf(gcsTableFiles(at, optionsFor(server, stranger.pem)).open('data/a.bin'))).code).toBe('permission_denied')
    expect(tokenCalls(server)).toBe(3)
    const otherEmail = {
      google_service_account_key: keyJson(server, trusted.pem, { client_email: 'other@project.iam.gserviceaccount.com' }),
      allow_http: 'true'
    }
    expect((await failureOf(gcsTableFiles(at, otherEmail).open('data/a.bin'))).code).toBe('permission_denied')
    expect(tokenCalls(server)).toBe(4)

    // Another token endpoint for the same key gets its own exchange, and only its own tokens.
    const other = await startFakeGcs({
      bucket: BUCKET,
      objects: new Map([['tables/t.lance/data/a.bin', FILE]]),
      clientEmail: EMAIL,
      publicKey: trusted.publicKey
    })
    try {
      expect(await size(optionsFor(other))).toBe(FILE.length)
      expect(await size(optionsFor(other))).toBe(FILE.length)
      expect(tokenCalls(other)).toBe(1)
      for (const request of other.requests.filter((r) => r.url.startsWith('/storage/')))
        expect(other.issued.has(String(request.headers.authorization).replace('Bearer ', ''))).toBe(true)
    } finally {
      await other.close()
    }
    expect(tokenCalls(server)).toBe(4)

    // A token the store refuses is dropped for every reader; one due for renewal is not handed out.
    server.revokeAll()
    expect(await size(optionsFor(server))).toBe(FILE.length)
    expect(tokenCalls(server)).toBe(5)
    server.behaviour.tokenLifetime = 1
    server.revokeAll()
    expect(await size(optionsFor(server))).toBe(FILE.length)
    expect(tokenCalls(server)).toBe(6)
    await new Promise((resolve) => setTimeout(resolve, 600))
    expect(await size(optionsFor(server))).toBe(FILE.length)
    expect(tokenCalls(server)).toBe(7)
  })

  it('sends no token with google_skip_signature, for a public bucket', async () => {
    const server = await serve(undefined, true)
    const file = await gcsTableFiles(`gs://${BUCKET}/tables/t.lance`, { google_skip_signature: 'true', google_base_url: server.url, allow_http: 'yes' }).open(
      'data/a.bin'
    )
    expect(file?.size).toBe(FILE.length)
    expect(server.requests.map((r) => r.headers.authorization)).toEqual([undefined])
  })

  it('follows no redirect, so the token never reaches the address it points to', async () => {
    const server = await serve()
    const redirecting = await listenOnLoopback(
      createServer((_req, res) => {
        res.writeHead(307, { location: `${server.url}/storage/v1/b/${BUCKET}/o/tables%2Ft.lance%2Fdata%2Fa.bin` })
        res.end()
      })
    )
    try {
      const options = { google_bearer_token: 'tok-for-redirecting-host', google_base_url: redirecting.url, allow_http: 'true' }
      const error = await failureOf(gcsTableFiles(`gs://${BUCKET}/tables/t.lance`, options).open('data/a.bin'))
      expect(error.code).toBe('bad_response')
      expect(error.message).toMatch(/answered with a redirect \(HTTP 307\), which is not followed/)
      expect(server.requests).toHaveLength(0)
    } finally {
      await redirecting.close()
    }
  })

  it('names the address it could not reach', async () => {
    const server = await serve()
    const address = server.url
    await server.close()
    fake = undefined
    const error = await failureOf(
      gcsTableFiles(`gs://${BUCKET}/t.lance`, { google_bearer_token: 'tok-123456', google_base_url: address, allow_http: 'true' }).open('x')
    )
    expect(error.code).toBe('unreachable')
    expect(error.message).toContain(`could not reach ${address}`)
  })

  it('reads the key from a service account file', async () => {
    const server = await serve()
    const path = join(temp, 'service-account.json')
    await writeFile(path, keyJson(server))
    const file = await gcsTableFiles(`gs://${BUCKET}/tables/t.lance`, { google_service_account: path, allow_http: 'true' }).open('data/a.bin')
    expect(await file?.read(10, 5)).toEqual(FILE.subarray(10, 15))
  })

  // A FIFO nobody writes to stands for a file on a network drive that stopped answering:
  // opening it for reading waits forever, as readFileSync would, stopping main's thread.
  it.skipIf(!existsSync(MKFIFO))('reads a key file off main’s thread and gives up on one that never answers', async () => {
    const fifo = join(temp, 'hung-service-account.json')
    execFileSync(MKFIFO, [fifo])
    const at = `gs://${BUCKET}/tables/t.lance`
    try {
      const files = gcsTableFiles(at, { google_service_account: fifo, allow_http: 'true' })
      const cancelled = await failureOf(files.open('data/a.bin', { signal: AbortSignal.timeout(200) }))
      expect(cancelled.code).toBe('cancelled')

      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
      const failing = failureOf(gcsTableFiles(at, { google_service_account: fifo, allow_http: 'true' }).open('data/a.bin'))
      await vi.advanceTimersByTimeAsync(FS_TIME_LIMIT_MS)
      const error = await failing
      expect(error.code).toBe('timeout')
      expect(error.message).toBe(
        `The file system did not answer within 10 s while trying to read the service account file ${fifo}. Is the folder on a disconnected network drive?`
      )
    } finally {
      vi.useRealTimers()
      // A writer lets the read that waits on the FIFO end (on an empty file), freeing its thread.
      await (await open(fifo, 'w')).close()
    }
  })

  it('answers null for a file that is not there, and says so for a missing bucket', async () => {
    const server = await serve()
    expect(await gcsTableFiles(`gs://${BUCKET}/tables/t.lance`, optionsFor(server)).open('_versions/9.manifest')).toBeNull()
    const error = await failureOf(gcsTableFiles('gs://other-bucket/t.lance', optionsFor(server)).open('data/a.bin'))
    expect(error.code).toBe('invalid_catalog')
    expect(error.message).toMatch(/Bucket missing/)
  })

  it('says access denied for a key the service account does not have, without showing the key', async () => {
    const server = await serve()
    const options = optionsFor(server, stranger.pem)
    const error = await failureOf(gcsTableFiles(`gs://${BUCKET}/tables/t.lance`, options).open('data/a.bin'))
    expect(error.code).toBe('permission_denied')
    expect(error.message).toMatch(/^Access denied: .*refused the service account's signed request \(HTTP 400: invalid_grant: Invalid JWT Signature\.\)/)
    const shown = JSON.stringify({ message: error.message, details: error.details })
    expect(shown).not.toContain('PRIVATE KEY')
    expect(shown).not.toContain(stranger.pem.split('\n')[1])
    expect(server.requests.filter((r) => r.url.startsWith('/storage/'))).toHaveLength(0)
  })

  it('says access denied when the store refuses a token', async () => {
    const server = await serve()
    const error = await failureOf(
      gcsTableFiles(`gs://${BUCKET}/t.lance`, { google_bearer_token: 'ya29.not-issued', allow_http: 'true', google_base_url: server.url }).open('x')
    )
    expect(error.code).toBe('permission_denied')
    expect(error.message).toMatch(/^Access denied to gs:\/\/lance-bucket\/t\.lance\/x: the store refused the bearer token \(HTTP 401: Invalid Credentials\)/)
    expect(error.message).not.toContain('ya29.not-issued')
  })

  it('refuses an answer longer than the range asked for', async () => {
    const server = await serve()
    const file = await gcsTableFiles(`gs://${BUCKET}/tables/t.lance`, optionsFor(server)).open('data/a.bin')
    server.behaviour.extraBytes = 1 << 20
    const error = await failureOf(file?.read(100, 16) ?? Promise.resolve())
    expect(error.code).toBe('bad_response')
    expect(error.message).toMatch(/sent more than the 16 bytes asked for; the answer was refused/)
  })

  it('gives up on a store that never answers, within the time limit', async () => {
    const server = await serve()
    server.behaviour.hang = true
    const error = await failureOf(gcsTableFiles(`gs://${BUCKET}/tables/t.lance`, optionsFor(server), { timeoutMs: 300 }).open('data/a.bin'))
    expect(error.code).toBe('timeout')
    expect(error.message).toMatch(/did not answer within 300 ms/)
  })

  it.each([
    [
      'a huge answer',
      (res: import('node:http').ServerResponse) => res.end(JSON.stringify({ access_token: 'x'.repeat(4 << 20), expires_in: 3600 })),
      /more than the 65536 bytes/
    ],
    ['a body that is not JSON', (res: import('node:http').ServerResponse) => res.end('{"access_token": "abc'), /answered something other than JSON/],
    [
      'JSON without a token',
      (res: import('node:http').ServerResponse) => res.end(JSON.stringify({ token: 'abc', expires_in: 3600 })),
      /without a usable access_token/
    ],
    [
      'a token with a line break',
      (res: import('node:http').ServerResponse) => res.end(JSON.stringify({ access_token: 'a\r\nb', expires_in: 3600 })),
      /without a usable access_token/
    ],
    [
      'a token without a lifetime',
      (res: import('node:http').ServerResponse) => res.end(JSON.stringify({ access_token: 'abc', expires_in: 'never' })),
      /without a usable expires_in/
    ]
  ])('gives a clear error for a token endpoint that sends %s', async (_name, answer, message) => {
    const server = await serve()
    server.behaviour.tokenAnswer = (res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      answer(res)
    }
    const error = await failureOf(gcsTableFiles(`gs://${BUCKET}/tables/t.lance`, optionsFor(server)).open('data/a.bin'))
    expect(error.code).toBe('bad_response')
    expect(error.message).toMatch(message)
    expect(error.message).not.toContain('PRIVATE KEY')
  })

  it('refuses a token answer that announces more than it may hold, without waiting for it', async () => {
    const server = await serve()
    server.behaviour.tokenAnswer = (res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': 1 << 30 })
      res.write('{"access_token": "')
    }
    const error = await failureOf(gcsTableFiles(`gs://${BUCKET}/tables/t.lance`, optionsFor(server), { timeoutMs: 10_000 }).open('data/a.bin'))
    expect(error.code).toBe('bad_response')
    expect(error.message).toMatch(/^The token endpoint http:\/\/127\.0\.0\.1:\d+: the server sent more than the 65536 bytes asked for/)
  })

  it('sends no token where the key file says disable_oauth, as object_store does for emulators', async () => {
    const server = await serve(undefined, true)
    const key = JSON.stringify({ disable_oauth: true, gcs_base_url: server.url, client_email: '', private_key: '', private_key_id: '' })
    const file = await gcsTableFiles(`gs://${BUCKET}/tables/t.lance`, { google_service_account_key: key, allow_http: 'true' }).open('data/a.bin')
    expect(await file?.read(0, 4)).toEqual(FILE.subarray(0, 4))
    expect(server.requests.every((r) => r.headers.authorization === undefined)).toBe(true)
    expect(server.requests.some((r) => r.url === '/token')).toBe(false)
  })

  it('says a key file cannot be read, or is too large, when it is first used', async () => {
    const at = 'gs://b/t.lance'
    const missing = await failureOf(gcsTableFiles(at, { google_service_account: '/no/such/file.json' }).open('x'))
    expect(missing.code).toBe('invalid_request')
    expect(missing.message).toBe('The service account file /no/such/file.json could not be read (ENOENT).')
    const large = join(temp, 'large-service-account.json')
    await writeFile(large, ' '.repeat(64 * 1024 + 1))
    const files = gcsTableFiles(at, { google_service_account: large })
    expect((await failureOf(files.open('x'))).message).toBe(`The service account file ${large} is larger than a key file can be.`)
    // The failure is kept: the file is not read again for the same reader.
    await writeFile(large, '{}')
    expect((await failureOf(files.open('x'))).message).toMatch(/is larger than a key file can be/)
    expect((await failureOf(gcsTableFiles(at, { google_service_account: large }).open('x'))).message).toBe(
      `The service account file ${large} has no client_email.`
    )
  })

  it('throws a clear error for options it cannot use', () => {
    const at = 'gs://b/t.lance'
    expect(thrownBy(() => gcsTableFiles(at, {})).message).toMatch(/No credentials for Google Cloud Storage/)
    expect(thrownBy(() => gcsTableFiles(at, { google_service_account: '/x.json', google_service_account_key: '{}' })).message).toMatch(/not both/)
    const broken = thrownBy(() => gcsTableFiles(at, { google_service_account_key: '{"private_key": "-----BEGIN PRIVATE KEY-----\nsecret' }))
    expect(broken.message).toBe('The service account key (google_service_account_key) is not JSON.')
    const badKey = thrownBy(() => gcsTableFiles(at, { google_service_account_key: JSON.stringify({ client_email: EMAIL, private_key: 'not a key at all' }) }))
    expect(badKey.message).toMatch(/private_key is not a PEM private key/)
    expect(badKey.message).not.toContain('not a key at all')
    const plain = JSON.stringify({ client_email: EMAIL, private_key: trusted.pem, gcs_base_url: 'http://127.0.0.1:1' })
    expect(thrownBy(() => gcsTableFiles(at, { google_service_account_key: plain })).message).toMatch(
      /is http:\/\/, not https:\/\/; set the storage option allow_http/
    )
    expect(thrownBy(() => gcsTableFiles(at, { google_bearer_token: 't', timeout: 'soon' })).message).toMatch(/timeout is "soon": write a duration/)
    expect(thrownBy(() => gcsTableFiles('s3://b/t', { google_bearer_token: 't' })).message).toMatch(/not a Google Cloud Storage location/)
  })

  it('reads the end of a real Lance table’s manifest served from its folder', async () => {
    const root = join(temp, 'catalog')
    const db = await connectNamespace('dir', { root })
    const table = await makeClusteredTable(db, 'points', { rows: 200, clusters: 3, dimension: 8 })
    table.close()
    db.close()
    const folder = join(root, 'points.lance')
    const objects = new Map<string, Uint8Array>()
    for (const entry of await readdir(folder, { recursive: true, withFileTypes: true })) {
      if (entry.isFile())
        objects.set(
          `lance/points.lance/${relative(folder, join(entry.parentPath, entry.name)).split('\\').join('/')}`,
          await readFile(join(entry.parentPath, entry.name))
        )
    }
    const manifests = [...objects.keys()].filter((name) => /\/_versions\/[^/]+\.manifest$/.test(name))
    expect(manifests.length).toBeGreaterThan(0)
    const server = await serve(objects)
    const files = gcsTableFiles(`gs://${BUCKET}/lance/points.lance`, optionsFor(server))
    const path = (manifests[0] ?? '').slice('lance/points.lance/'.length)
    const manifest = await files.open(path)
    if (!manifest) throw new Error(`no ${path}`)
    expect(manifest.size).toBe(objects.get(manifests[0] ?? '')?.length)
    const tail = await manifest.read(manifest.size - 16, 16)
    expect(Buffer.from(tail.subarray(12)).toString('latin1')).toBe('LANC')
  }, 60_000)
})
