import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises'
import { createServer as createHttpsServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startCatalogServer, type RunningCatalogServer } from '../../../server/server'
import { closedPort, sendJson, sendText, startServer, type Handler, type TestServer } from '../../../test-kit/test-http-server'
import { runConnectionTest } from './run-connection-test'

const WRITE_KEY = 'sk-write-0123456789-3f9a'
const READ_KEY = 'sk-read-0123456789-77aa'

let dir: string
let catalog: RunningCatalogServer
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'http-test-'))
  await mkdir(join(dir, 'analytics'))
  catalog = await startCatalogServer({ root: dir, apiKeys: [WRITE_KEY, `${READ_KEY}:read`] })
})
afterAll(async () => {
  await catalog.close()
  await rm(dir, { recursive: true, force: true })
})

let server: TestServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})
async function serve(handler: Handler): Promise<string> {
  server = await startServer(handler)
  return server.url
}

const rest = (uri: string, headers: Record<string, string> = {}) =>
  runConnectionTest({ type: 'rest', properties: { uri, ...prefixed(headers) } }, 'rest', { timeouts: { headersMs: 2_000 } })
const enterprise = (uri: string, headers: Record<string, string>) =>
  runConnectionTest({ type: 'rest', properties: { uri, ...prefixed(headers) } }, 'enterprise', { probeName: 'probe' })
const prefixed = (headers: Record<string, string>) => Object.fromEntries(Object.entries(headers).map(([k, v]) => [`headers.${k}`, v]))

describe('testing a REST catalog', () => {
  it('lists the root namespaces with limit=1 and shows the request with the key masked', async () => {
    const report = await rest(catalog.url, { 'x-api-key': WRITE_KEY, 'x-trace': 'abc' })
    expect(report.ok).toBe(true)
    const [step] = report.steps
    expect(step).toMatchObject({ title: 'List root namespaces', status: 200, verdict: 'ok' })
    expect(step?.request).toEqual({
      method: 'GET',
      url: `${catalog.url}/v1/namespace/%24/list?limit=1`,
      headers: { 'x-api-key': '••••3f9a', 'x-trace': 'abc' }
    })
    expect(step?.latencyMs).toBeGreaterThanOrEqual(0)
    expect(JSON.stringify(report)).not.toContain(WRITE_KEY)
  })

  it('says the key is invalid on a 401', async () => {
    const report = await rest(catalog.url, { 'x-api-key': 'wrong-key-0000' })
    expect(report.ok).toBe(false)
    expect(report.steps[0]).toMatchObject({ status: 401, verdict: 'unauthenticated', message: expect.stringMatching(/^Key or token invalid/) })
    expect(JSON.stringify(report)).not.toContain('wrong-key-0000')
  })

  it('says the connection was refused when nothing listens, with no status', async () => {
    const port = await closedPort()
    const report = await rest(`http://127.0.0.1:${port}`)
    expect(report.steps[0]).toMatchObject({
      verdict: 'refused',
      message: `Connection refused: nothing accepts connections on 127.0.0.1:${port}. Check that the catalog server is running and that the port in the URI is right.`
    })
    expect(report.steps[0]?.status).toBeUndefined()
    expect(report.steps[0]?.request?.url).toBe(`http://127.0.0.1:${port}/v1/namespace/%24/list?limit=1`)
  })

  it('says the endpoint is unreachable for a host name that does not resolve', async () => {
    const report = await rest('http://no-such-host.invalid')
    expect(report.steps[0]).toMatchObject({
      verdict: 'host_not_found',
      message: 'Host name not found: no computer is known by the name "no-such-host.invalid". Check the host name in the URI.'
    })
  })

  it('passes on the server message of a 5xx, with secrets it echoes masked', async () => {
    const url = await serve((req, res) => sendJson(res, 500, { error: `disk full while serving ${String(req.headers['x-api-key'])}`, code: 18 }))
    const report = await rest(url, { 'x-api-key': WRITE_KEY })
    const [step] = report.steps
    expect(step).toMatchObject({ status: 500, verdict: 'server_error' })
    expect(step?.serverMessage).toBe('disk full while serving ••••3f9a')
    expect(step?.message).toContain('disk full')
    expect(JSON.stringify(report)).not.toContain(WRITE_KEY)
  })

  it('explains a 403 on a read as valid but not allowed', async () => {
    const url = await serve((_req, res) => sendJson(res, 403, { error: 'no access to this catalog', code: 15 }))
    const report = await rest(url, { Authorization: 'Bearer tok-0123456789abcdef' })
    expect(report.steps[0]).toMatchObject({ status: 403, verdict: 'forbidden', message: expect.stringMatching(/^Valid but not allowed/) })
    expect(report.steps[0]?.request?.headers).toEqual({ Authorization: '••••cdef' })
  })

  it('says what is wrong with a 2xx that is not a listing', async () => {
    const url = await serve((_req, res) => sendText(res, 200, '<html>login</html>', 'text/html'))
    const report = await rest(url)
    expect(report.steps[0]).toMatchObject({ status: 200, verdict: 'bad_response' })
  })

  it('reports a server that never answers as timed out', async () => {
    const url = await serve(() => undefined)
    const report = await rest(url)
    expect(report.steps[0]).toMatchObject({ verdict: 'timeout' })
  })

  it('names https:// on a plain HTTP port, with the remedy said once', async () => {
    const url = await serve((_req, res) => sendJson(res, 200, { namespaces: [] }))
    const report = await rest(url.replace('http:', 'https:'))
    const { port } = new URL(url)
    expect(report.steps[0]).toMatchObject({
      verdict: 'tls_mismatch',
      message: `Not a TLS port: 127.0.0.1:${port} answers in plain HTTP, not HTTPS. Start the URI with http:// instead of https://.`
    })
  })

  it.skipIf(!existsSync('/usr/bin/openssl'))('names a certificate problem for a self-signed certificate', async () => {
    const certDir = await mkdtemp(join(tmpdir(), 'tls-'))
    try {
      execFileSync(
        '/usr/bin/openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'rsa:2048',
          '-nodes',
          '-days',
          '1',
          '-subj',
          '/CN=127.0.0.1',
          '-keyout',
          join(certDir, 'key.pem'),
          '-out',
          join(certDir, 'cert.pem')
        ],
        { stdio: 'ignore' }
      )
      const tls = createHttpsServer({ key: await readFile(join(certDir, 'key.pem')), cert: await readFile(join(certDir, 'cert.pem')) }, (_req, res) =>
        res.end('{}')
      )
      await new Promise<void>((resolve) => tls.listen(0, '127.0.0.1', resolve))
      try {
        const report = await rest(`https://127.0.0.1:${(tls.address() as AddressInfo).port}`)
        expect(report.steps[0]).toMatchObject({ verdict: 'certificate', message: expect.stringContaining('self-signed') })
      } finally {
        tls.close()
      }
    } finally {
      await rm(certDir, { recursive: true, force: true })
    }
  })

  it('reports settings that cannot be used without sending anything', async () => {
    const report = await rest('ftp://catalog.example.com')
    expect(report.steps).toEqual([expect.objectContaining({ title: 'Connection settings', verdict: 'failed' })])
  })
})

describe('testing an Enterprise endpoint', () => {
  it('checks connectivity, then write access with a bodiless POST', async () => {
    const report = await enterprise(catalog.url, { 'x-api-key': WRITE_KEY })
    expect(report.ok).toBe(true)
    expect(report.steps.map((s) => [s.title, s.request?.method, s.request?.url, s.status, s.verdict])).toEqual([
      ['Connectivity (list tables)', 'GET', `${catalog.url}/v1/tables?limit=1`, 200, 'ok'],
      ['Write access (create without data)', 'POST', `${catalog.url}/v1/tables/probe`, 204, 'ok']
    ])
    expect(existsSync(join(dir, 'probe.lance'))).toBe(false)
  })

  it('says a read-only key may not write', async () => {
    const report = await enterprise(catalog.url, { 'x-api-key': READ_KEY })
    expect(report.ok).toBe(false)
    expect(report.steps[0]).toMatchObject({ status: 200, verdict: 'ok' })
    expect(report.steps[1]).toMatchObject({ status: 403, verdict: 'forbidden', message: expect.stringMatching(/^Write denied.*read-only/) })
    expect(report.steps[1]?.request?.headers).toEqual({ 'x-api-key': '••••77aa' })
  })

  it('points at the database name on a 404', async () => {
    const report = await enterprise(catalog.url, { 'x-api-key': WRITE_KEY, 'x-service-database': 'nope' })
    expect(report.steps).toHaveLength(1)
    expect(report.steps[0]).toMatchObject({ status: 404, verdict: 'not_found', message: expect.stringContaining('check the database name "nope"') })
  })

  it('skips the write probe when the key is invalid', async () => {
    const report = await enterprise(catalog.url, { 'x-api-key': 'bad-key-000000' })
    expect(report.steps.map((s) => [s.status, s.verdict])).toEqual([[401, 'unauthenticated']])
  })
})
