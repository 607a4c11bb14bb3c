import { describe, expect, it } from 'vitest'
import { HttpTransport, retryAfterMs } from './http'
import { openRestNamespace, type RestNamespaceOptions } from './rest-namespace'
import { closedPort, sendJson, sendText, failure, useTestServers } from '../../../test-kit/test-http-server'

const API_KEY = 'sk-live-4b1d9e7c2a603f9a'
const { serve, track } = useTestServers()

function open(url: string, options: RestNamespaceOptions = {}, extra: Record<string, string> = {}) {
  const client = openRestNamespace({ uri: url, 'headers.x-api-key': API_KEY, ...extra }, { retryBaseDelayMs: 10, ...options })
  return track(client)
}

describe('error mapping', () => {
  it('turns an HTML 502 from a proxy into a clear error with the status and first line', async () => {
    const html = '<!DOCTYPE html>\n<html><head><title>502 Bad Gateway</title></head>\n<body><h1>502 Bad Gateway</h1><hr>nginx</body></html>'
    const { url } = await serve((_req, res) => sendText(res, 502, html, 'text/html'))
    const error = await failure(open(url).listNamespaces([]))
    expect(error.code).toBe('unavailable')
    expect(error.details?.status).toBe(502)
    expect(error.message).toContain('HTTP 502')
    expect(error.message).toContain('"502 Bad Gateway"')
    expect(error.message).not.toContain('<')
  })

  it('gives plain-text 500 bodies their first non-empty line', async () => {
    const { url } = await serve((_req, res) => sendText(res, 500, '\n\n  database exploded  \nstack line 1\n'))
    const error = await failure(open(url).listTables(['a']))
    expect(error.code).toBe('server_error')
    expect(error.message).toContain('HTTP 500')
    expect(error.message).toContain('"database exploded"')
    expect(error.message).not.toContain('stack line')
  })

  it.each([
    [401, undefined, 'unauthenticated', 'The server rejected the credentials (HTTP 401): check the API key or token.'],
    [401, { error: 'API key expired', code: 16 }, 'unauthenticated', 'API key expired'],
    [403, undefined, 'permission_denied', 'HTTP 403'],
    [403, { error: 'read-only key', code: 15 }, 'permission_denied', 'read-only key'],
    [404, undefined, 'namespace_not_found', 'Namespace "sales" was not found (HTTP 404).'],
    [404, { error: 'Namespace sales does not exist', code: 1 }, 'namespace_not_found', 'Namespace sales does not exist']
  ] as const)('maps HTTP %i with body %j to %s', async (status, body, code, text) => {
    const { url } = await serve((_req, res) => (body ? sendJson(res, status, body) : sendText(res, status, '')))
    const error = await failure(open(url).listNamespaces(['sales']))
    expect(error.code).toBe(code)
    expect(error.message).toContain(text)
    expect(error.details?.status).toBe(status)
  })

  it('maps the spec error body code 3 to namespace_not_empty with the server message', async () => {
    const { url } = await serve((_req, res) => sendJson(res, 400, { error: 'Namespace analytics still holds 2 tables', code: 3, detail: 'trace…' }))
    const error = await failure(open(url).dropNamespace(['analytics']))
    expect(error.code).toBe('namespace_not_empty')
    expect(error.message).toBe('Namespace analytics still holds 2 tables')
    expect(error.details).toMatchObject({ status: 400, lanceCode: 3, serverMessage: 'Namespace analytics still holds 2 tables' })
  })

  it('reads RFC 7807 problem documents', async () => {
    const problem = { type: '/errors/forbidden-request', title: 'Not authorized', status: 409, detail: 'table is locked by a job' }
    const { url } = await serve((_req, res) => sendJson(res, 409, problem, { 'content-type': 'application/problem+json' }))
    const error = await failure(open(url).renameTable({ namespace: [], name: 'a' }, 'b'))
    expect(error.code).toBe('table_exists')
    expect(error.message).toBe('Not authorized: table is locked by a job')
  })

  it('reports a route the server does not have as unsupported, naming the path', async () => {
    const { url } = await serve((_req, res) => sendJson(res, 404, { detail: 'Not Found' }))
    const transport = new HttpTransport(new URL(url), {})
    track(transport)
    const error = await failure(transport.request({ method: 'GET', path: '/v1/tables', idempotent: true }))
    expect(error.code).toBe('unsupported')
    expect(error.message).toContain('GET /v1/tables')
  })
})

describe('network failures', () => {
  it('times out on a server that accepts and never answers', async () => {
    const { url, requests } = await serve(() => undefined)
    const error = await failure(open(url, { timeouts: { headersMs: 250 } }).listNamespaces([]))
    expect(error.code).toBe('timeout')
    expect(error.message).toMatch(/did not answer within 0\.25 s/)
    expect(requests).toHaveLength(1) // a timeout is not retried: the server may be working on it
  })

  it('reports a closed port as unreachable with host and port', async () => {
    const port = await closedPort()
    const error = await failure(open(`http://127.0.0.1:${port}`).listNamespaces([]))
    expect(error.code).toBe('unreachable')
    expect(error.message).toContain(`127.0.0.1:${port}`)
    expect(error.details?.cause).toBe('ECONNREFUSED')
  })

  it('reports a TLS failure as unreachable with the cause', async () => {
    const { port } = await serve((_req, res) => sendJson(res, 200, { namespaces: [] }))
    const error = await failure(open(`https://127.0.0.1:${port}`).listNamespaces([]))
    expect(error.code).toBe('unreachable')
    expect(error.message).toContain('TLS connection')
    expect(error.details?.cause).toMatch(/SSL|TLS|EPROTO/)
  })

  it('cancels an in-flight request when the signal aborts', async () => {
    const { url, requests } = await serve(() => undefined)
    const controller = new AbortController()
    const pending = open(url).listNamespaces([], {}, { signal: controller.signal })
    while (requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 5))
    controller.abort()
    const error = await failure(pending)
    expect(error.code).toBe('cancelled')
  })

  it('retries a read once the server drops a kept-alive connection', async () => {
    let calls = 0
    const { url } = await serve((req, res) => {
      calls++
      if (calls === 1) return void res.socket?.destroy()
      sendJson(res, 200, { namespaces: ['a'] })
    })
    await expect(open(url).listNamespaces([])).resolves.toEqual({ items: ['a'], nextPageToken: null })
    expect(calls).toBe(2)
  })
})

describe('retries', () => {
  it('retries a read on 429 and 503, honouring Retry-After in seconds and as a date', async () => {
    const { url, requests } = await serve((_req, res) => {
      if (requests.length === 1) return sendJson(res, 429, { error: 'slow down', code: 21 }, { 'retry-after': '0' })
      if (requests.length === 2) return sendText(res, 503, '', 'text/plain', { 'retry-after': new Date(Date.now() - 1000).toUTCString() })
      sendJson(res, 200, { namespaces: ['ok'] })
    })
    await expect(open(url).listNamespaces([])).resolves.toEqual({ items: ['ok'], nextPageToken: null })
    expect(requests).toHaveLength(3)
  })

  it('gives up after the bounded number of retries with a throttled error', async () => {
    const { url, requests } = await serve((_req, res) => sendJson(res, 429, { error: 'rate limited', code: 21 }, { 'retry-after': '0' }))
    const error = await failure(open(url, { maxRetries: 2 }).table({ namespace: [], name: 't' }).countRows())
    expect(error.code).toBe('throttled')
    expect(requests).toHaveLength(3)
  })

  it('never retries a write', async () => {
    const { url, requests } = await serve((_req, res) => sendText(res, 503, 'busy', 'text/plain', { 'retry-after': '0' }))
    const error = await failure(open(url).createNamespace(['x']))
    expect(error.code).toBe('unavailable')
    expect(requests).toHaveLength(1)
  })

  it('parses Retry-After values', () => {
    expect(retryAfterMs('2')).toBe(2000)
    expect(retryAfterMs('Wed, 21 Oct 2015 07:28:05 GMT', Date.parse('Wed, 21 Oct 2015 07:28:00 GMT'))).toBe(5000)
    expect(retryAfterMs('soon')).toBeUndefined()
    expect(retryAfterMs(undefined)).toBeUndefined()
  })
})

describe('response size cap', () => {
  it.each([true, false])('stops reading past the cap (content-length announced: %s)', async (announce) => {
    const { url } = await serve((_req, res) => {
      const big = Buffer.alloc(300_000, 0x61)
      res.writeHead(200, { 'content-type': 'application/vnd.apache.arrow.stream', ...(announce ? { 'content-length': String(big.length) } : {}) })
      if (announce) return void res.end(big)
      res.write(big.subarray(0, 150_000))
      res.end(big.subarray(150_000))
    })
    const error = await failure(open(url, { maxBodyBytes: 100_000 }).table({ namespace: [], name: 't' }).readRows({ offset: 0, limit: 10 }))
    expect(error.code).toBe('bad_response')
    expect(error.message).toMatch(/larger than the 0\.1 MiB limit/)
  })
})

describe('secrets', () => {
  it('never lets the API key reach an error message or its serialised form', async () => {
    const { url, requests } = await serve((req, res) => sendJson(res, 401, { error: `key ${String(req.headers['x-api-key'])} is revoked`, code: 16 }))
    const error = await failure(open(url).listNamespaces([]))
    expect(requests[0]?.headers['x-api-key']).toBe(API_KEY)
    expect(error.code).toBe('unauthenticated')
    for (const text of [error.message, String(error), JSON.stringify(error.toValue()), error.stack ?? '']) {
      expect(text).not.toContain(API_KEY)
    }
    expect(error.message).toContain('••••3f9a')
  })

  it('masks a bearer token echoed without its scheme', async () => {
    const { url } = await serve((req, res) => sendText(res, 403, `token ${String(req.headers.authorization).slice(7)} lacks scope`))
    const client = openRestNamespace({ uri: url, 'headers.Authorization': 'Bearer tok_abcdef123456789' })
    track(client)
    const error = await failure(client.listNamespaces([]))
    expect(JSON.stringify(error.toValue())).not.toContain('tok_abcdef123456789')
    expect(error.code).toBe('permission_denied')
  })
})

describe('closing', () => {
  it('fails calls made after close with a clear error instead of hanging', async () => {
    const { url } = await serve((_req, res) => sendJson(res, 200, { namespaces: [] }))
    const client = open(url)
    await client.listNamespaces([])
    await client.close()
    const error = await failure(client.listNamespaces([]))
    expect(error.code).toBe('cancelled')
    expect(error.message).toMatch(/closed/)
  })
})
