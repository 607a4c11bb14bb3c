/**
 * The S3 reader against stores that misbehave, each a real loopback HTTP server: one
 * that answers more bytes than asked (a whole object to a Range request, a longer body
 * than declared), one that redirects, one that says the bucket is in another region, one
 * that never answers; and storage options it must refuse (plain http without allow_http,
 * no keys). Messages name what failed and never a secret. Requests to a real store (and
 * their signatures, checked by a SigV4 gate) are in
 * ../../main/vector-index/index-partitions-s3.test.ts.
 */
import type { ServerResponse } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { startServer, type SeenRequest, type TestServer } from '../../../test-kit/test-http-server'
import { s3TableFiles } from './s3-files'
import { tableFilesAt } from './store-files'

const SECRET = 'secret-4e1d-never-quoted'
const TOKEN = 'token-9b2c-never-quoted'
const servers: TestServer[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()))
})

async function store(handler: (req: SeenRequest, res: ServerResponse) => void): Promise<TestServer> {
  const server = await startServer(handler)
  servers.push(server)
  return server
}

const optionsFor = (endpoint: string): Record<string, string> => ({
  endpoint,
  region: 'us-east-1',
  aws_access_key_id: 'AKIDEXAMPLE',
  aws_secret_access_key: SECRET,
  aws_session_token: TOKEN,
  allow_http: 'true'
})

async function failure(work: Promise<unknown>): Promise<string> {
  const error = await work.then(
    () => null,
    (e: unknown) => e as Error
  )
  if (!error) throw new Error('It did not fail.')
  expect(error.message).not.toContain(SECRET)
  expect(error.message).not.toContain(TOKEN)
  return error.message
}

describe('s3TableFiles', () => {
  it('asks path-style with a signed Range, learns the size from Content-Range and reads the tail once', async () => {
    const object = Buffer.alloc(200_000, 7)
    const server = await store((req, res) => {
      const [, from, to] = /^bytes=(\d+)-(\d+)$/.exec(String(req.headers.range))!
      const start = Number(from)
      const end = Math.min(Number(to), object.length - 1)
      res.writeHead(206, { 'content-range': `bytes ${start}-${end}/${object.length}`, 'content-length': end - start + 1 })
      res.end(object.subarray(start, end + 1))
    })
    const files = s3TableFiles('s3://bucket/tables/t.lance', optionsFor(server.url))
    const file = (await files.open('_versions/1.manifest'))!
    expect(file.size).toBe(200_000)
    expect(await file.read(199_960, 40)).toEqual(new Uint8Array(40).fill(7))
    expect(await file.read(150_000, 16)).toEqual(new Uint8Array(16).fill(7))
    expect(await file.read(100, 16)).toEqual(new Uint8Array(16).fill(7))
    expect(await file.read(50_000, 4)).toEqual(new Uint8Array(4).fill(7))
    // Open (the first bytes), the last 64 KiB once, then one read outside both.
    expect(server.requests.map((r) => [r.path, r.headers.range])).toEqual([
      ['/bucket/tables/t.lance/_versions/1.manifest', 'bytes=0-16383'],
      ['/bucket/tables/t.lance/_versions/1.manifest', `bytes=${200_000 - 65_536}-199999`],
      ['/bucket/tables/t.lance/_versions/1.manifest', 'bytes=50000-50003']
    ])
    const auth = String(server.requests[0]!.headers.authorization)
    expect(auth).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/us-east-1\/s3\/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date;x-amz-security-token, Signature=[0-9a-f]{64}$/
    )
    expect(server.requests[0]!.headers['x-amz-security-token']).toBe(TOKEN)
  })

  it('answers null for a missing file, and names a missing bucket', async () => {
    const server = await store((req, res) => {
      const code = req.path.startsWith('/nobucket/') ? 'NoSuchBucket' : 'NoSuchKey'
      res.writeHead(404, { 'content-type': 'application/xml' })
      res.end(`<?xml version="1.0"?><Error><Code>${code}</Code><Message>gone</Message></Error>`)
    })
    expect(await s3TableFiles('s3://bucket/t.lance', optionsFor(server.url)).open('_versions/1.manifest')).toBeNull()
    expect(await failure(s3TableFiles('s3://nobucket/t.lance', optionsFor(server.url)).open('_versions/1.manifest'))).toMatch(
      /has no bucket nobucket \(NoSuchBucket\)/
    )
  })

  it('refuses a whole object answered to a Range request, and a body longer than asked', async () => {
    const big = Buffer.alloc(1024 * 1024, 1)
    const whole = await store((_req, res) => {
      res.writeHead(200, { 'content-length': big.length })
      res.end(big)
    })
    expect(await failure(s3TableFiles('s3://bucket/t.lance', optionsFor(whole.url)).open('a'))).toMatch(
      /answered 1048576 bytes where 16384 were asked \(the whole file, ignoring the range asked\); the answer was refused/
    )
    // No length declared: the body is cut off once past what was asked.
    const streamed = await store((_req, res) => {
      res.writeHead(206, { 'content-range': 'bytes 0-16383/2000000' })
      res.end(big)
    })
    expect(await failure(s3TableFiles('s3://bucket/t.lance', optionsFor(streamed.url)).open('a'))).toMatch(/sent more than the 16384 bytes asked/)
    // The right count of other bytes than asked.
    const shifted = await store((_req, res) => {
      res.writeHead(206, { 'content-range': 'bytes 5-16388/2000000', 'content-length': 16384 })
      res.end(big.subarray(0, 16384))
    })
    expect(await failure(s3TableFiles('s3://bucket/t.lance', optionsFor(shifted.url)).open('a'))).toMatch(/Content-Range that does not match/)
  })

  it('follows no redirect, and names a bucket in another region', async () => {
    const elsewhere = await store((_req, res) => res.end('x'))
    const redirecting = await store((_req, res) => {
      res.writeHead(307, { location: `${elsewhere.url}/bucket/a` })
      res.end()
    })
    expect(await failure(s3TableFiles('s3://bucket/t.lance', optionsFor(redirecting.url)).open('a'))).toMatch(/redirected the read of t.lance\/a \(HTTP 307\)/)
    expect(elsewhere.requests).toHaveLength(0)
    const regional = await store((_req, res) => {
      res.writeHead(301, { 'x-amz-bucket-region': 'eu-west-1', 'content-type': 'application/xml' })
      res.end('<Error><Code>PermanentRedirect</Code></Error>')
    })
    expect(await failure(s3TableFiles('s3://bucket/t.lance', optionsFor(regional.url)).open('a'))).toMatch(
      /Bucket bucket is in region eu-west-1, not us-east-1 as the storage options say/
    )
  })

  it('gives up on a store that never answers, within its time limit', async () => {
    const silent = await store(() => undefined)
    const started = Date.now()
    expect(await failure(s3TableFiles('s3://bucket/t.lance', optionsFor(silent.url), { timeoutMs: 300 }).open('a'))).toMatch(
      /The store at http:\/\/127\.0\.0\.1:\d+ did not answer within 300 ms/
    )
    expect(Date.now() - started).toBeLessThan(5_000)
  })

  it('names a store that cannot be reached', async () => {
    const gone = await store(() => undefined)
    await gone.close()
    expect(await failure(s3TableFiles('s3://bucket/t.lance', optionsFor(gone.url)).open('a'))).toMatch(/could not be reached \(ECONNREFUSED\)/)
  })

  it('refuses storage options it must not use', () => {
    const { allow_http: _allowed, ...https } = optionsFor('http://127.0.0.1:9')
    expect(() => s3TableFiles('s3://bucket/t.lance', https)).toThrow(/plain http, and the storage options do not allow http \(set allow_http to true/)
    expect(() => s3TableFiles('s3://bucket/t.lance', { endpoint: 'https://s3.example.com' })).toThrow(/hold none/)
    expect(() => s3TableFiles('s3://bucket/t.lance', { ...https, endpoint: 'https://user:pw@s3.example.com' })).toThrow(/holds a user, query or fragment/)
    // What a catalog names as a table's location cannot steer the request elsewhere.
    expect(() => s3TableFiles('s3://evil.example@bucket/t.lance', optionsFor('https://s3.example.com'))).toThrow(/a bucket S3 does not allow/)
    expect(() => s3TableFiles('s3://bucket/a/../../other/t.lance', optionsFor('https://s3.example.com'))).toThrow(/"\.\." path segment/)
  })
})

describe('tableFilesAt', () => {
  it('chooses a reader by the location’s scheme', () => {
    expect(tableFilesAt('/tmp/t.lance', {})?.location).toBe('/tmp/t.lance')
    expect(tableFilesAt('file:///tmp/t.lance', {})?.location).toBe('/tmp/t.lance')
    expect(tableFilesAt('s3://bucket/t.lance', optionsFor('https://s3.example.com'))?.location).toBe('s3://bucket/t.lance')
    expect(tableFilesAt('gs://bucket/t.lance', { google_bearer_token: 'token' })?.location).toBe('gs://bucket/t.lance')
    const azure = { azure_storage_account_name: 'account', azure_storage_sas_key: 'sv=2023-11-03&sig=x' }
    expect(tableFilesAt('az://container/t.lance', azure)?.location).toBe('az://container/t.lance')
    expect(tableFilesAt('hf://datasets/t.lance', {})).toBeNull()
  })
})
