import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { setUpApp, type AppCore } from '../app-setup'
import { startWebHost, TOKEN_HEADER, type WebHost } from './host'

interface Reply {
  readonly status: number
  readonly body: string
}

/** A raw HTTP call, so the test controls the Host header (fetch would not let it). */
function call(host: WebHost, path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Reply> {
  const { port } = new URL(host.origin)
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: init.method ?? 'GET', headers: init.headers }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    })
    req.on('error', reject)
    req.end(init.body)
  })
}

describe('browser-mode host', () => {
  let dir: string
  let core: AppCore
  let host: WebHost

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'lcb-host-'))
    const rendererDir = join(dir, 'renderer')
    await mkdir(rendererDir)
    await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>app</title>')
    core = await setUpApp({ port: 0, dataDir: undefined, connections: [] }, join(dir, 'data'), { info: { host: 'browser', version: 'test' } })
    host = await startWebHost({ handlers: core.handlers, rendererDir })
  })

  afterEach(async () => {
    await host.close()
    await core.close()
    await rm(dir, { recursive: true, force: true })
  })

  const hostHeader = (): string => new URL(host.origin).host
  const rpc = (channel: string, body: unknown, headers: Record<string, string> = {}): Promise<Reply> =>
    call(host, `/rpc/${channel}`, {
      method: 'POST',
      headers: { host: hostHeader(), 'content-type': 'application/json', [TOKEN_HEADER]: host.token, ...headers },
      body: JSON.stringify(body)
    })

  it('prints a URL that carries the token and serves the renderer', async () => {
    expect(host.url).toBe(`${host.origin}/?token=${encodeURIComponent(host.token)}`)
    const page = await call(host, '/', { headers: { host: hostHeader() } })
    expect(page.status).toBe(200)
    expect(page.body).toContain('<title>app</title>')
  })

  it('answers an RPC with the token and the right Host', async () => {
    const reply = await rpc('connections:list', {})
    expect(reply.status).toBe(200)
    const result = JSON.parse(reply.body) as { ok: boolean; value: { name: string; type: string }[] }
    expect(result.ok).toBe(true)
    expect(result.value).toEqual([expect.objectContaining({ name: 'Local catalog', type: 'dir' })])
  })

  it('refuses an RPC without the token', async () => {
    const reply = await call(host, '/rpc/connections:list', { method: 'POST', headers: { host: hostHeader() }, body: '{}' })
    expect(reply.status).toBe(401)
    expect(reply.body).toMatch(/token/)
  })

  it('refuses an RPC with a wrong token', async () => {
    const reply = await rpc('connections:list', {}, { [TOKEN_HEADER]: 'not-the-token' })
    expect(reply.status).toBe(401)
  })

  it('refuses a foreign Host header, even with the token', async () => {
    const reply = await rpc('connections:list', {}, { host: 'evil.example:80' })
    expect(reply.status).toBe(403)
    const page = await call(host, '/', { headers: { host: 'attacker.test' } })
    expect(page.status).toBe(403)
  })

  it('refuses a call from another origin', async () => {
    const reply = await rpc('connections:list', {}, { origin: 'http://evil.example' })
    expect(reply.status).toBe(403)
  })

  it('turns a request that fails its schema into {ok:false} with a clear message', async () => {
    const reply = await rpc('namespaces:create', { connectionId: 'x', path: ['ok', 'bad name'] })
    expect(reply.status).toBe(200)
    const result = JSON.parse(reply.body) as { ok: boolean; error: { code: string; message: string } }
    expect(result.ok).toBe(false)
    expect(result.error.code).toBe('invalid_request')
    expect(result.error.message).toContain('path.1')
    expect(result.error.message).toContain('"bad name" is not a valid name')
  })

  it('answers malformed JSON and unknown channels with error values', async () => {
    const bad = await call(host, '/rpc/connections:list', {
      method: 'POST',
      headers: { host: hostHeader(), [TOKEN_HEADER]: host.token },
      body: '{not json'
    })
    expect(bad.status).toBe(400)
    expect(JSON.parse(bad.body)).toMatchObject({ ok: false, error: { code: 'invalid_request' } })
    const unknown = await rpc('files:delete', {})
    expect(JSON.parse(unknown.body)).toMatchObject({ ok: false, error: { message: 'There is no channel "files:delete".' } })
  })

  it('does not serve files outside the renderer folder', async () => {
    await writeFile(join(dir, 'secret.txt'), 'secret')
    const reply = await call(host, '/..%2fsecret.txt', { headers: { host: hostHeader() } })
    expect(reply.status).toBe(404)
    expect(reply.body).not.toContain('secret')
  })
})
