/**
 * Test support: the real app core behind the real browser-mode host on 127.0.0.1, over a
 * real LanceDB catalog in a temp folder, and raw calls to it as the page (or anyone who
 * knows the token) sends them.
 */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import WebSocket from 'ws'
import { RPC_SOCKET_PATH, socketProtocols } from '../src/shared/rpc-socket'
import { decodeWire, encodeWire } from '../src/shared/wire'
import { setUpApp, type AppCore } from '../src/main/app-setup'
import { dirSpec } from '../src/main/connections/connection-spec'
import { buildNestedCatalog } from './lancedb-catalog'
import { startWebHost, TOKEN_HEADER, type WebHost } from '../src/main/web/host'

/** A raw HTTP answer. */
export interface RawReply {
  readonly status: number
  readonly headers: Record<string, string | string[] | undefined>
  readonly body: Buffer
}

/** What an RPC answers. */
export interface RpcResult {
  readonly ok: boolean
  readonly value?: unknown
  readonly error?: { readonly code: string; readonly message: string; readonly details?: unknown }
}

/** A running host over a catalog with table `items` (5 sample rows) and namespace `ns`. */
export interface TestHost {
  readonly dir: string
  readonly root: string
  readonly host: WebHost
  readonly core: AppCore
  readonly connectionId: string
  call(path: string, init?: { method?: string; headers?: Record<string, string>; body?: Uint8Array | string }): Promise<RawReply>
  rpc(channel: string, value: unknown): Promise<RpcResult>
  close(): Promise<void>
}

/** Starts the host; `prefix` names the temp folder. */
export async function startTestHost(prefix: string): Promise<TestHost> {
  const dir = await mkdtemp(join(tmpdir(), `lcb-${prefix}-`))
  const rendererDir = join(dir, 'renderer')
  await mkdir(rendererDir)
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>app</title>')
  const root = join(dir, 'catalog')
  await buildNestedCatalog(root, { tables: { items: 5 }, namespaces: { ns: {} } })
  const core = await setUpApp({ port: 0, dataDir: undefined, connections: [dirSpec(root, 'Items')] }, join(dir, 'data'), {
    info: { host: 'browser', version: 'test' }
  })
  const host = await startWebHost({ handlers: core.handlers, rendererDir, downloads: core.exports })
  const { port } = new URL(host.origin)

  const call: TestHost['call'] = (path, init = {}) =>
    new Promise((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path, method: init.method ?? 'GET', headers: { host: `127.0.0.1:${port}`, ...init.headers } }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
      })
      req.on('error', reject)
      req.end(init.body)
    })

  const rpc: TestHost['rpc'] = async (channel, value) => {
    const message = encodeWire(value)
    const reply = await call(`/rpc/${encodeURIComponent(channel)}`, {
      method: 'POST',
      headers: { 'content-type': message.contentType, [TOKEN_HEADER]: host.token },
      body: Buffer.concat(message.parts)
    })
    const type = String(reply.headers['content-type'] ?? '')
    if (!type.includes('json') && !type.includes('wire')) return { ok: false, error: { code: `http_${reply.status}`, message: reply.body.toString('utf8') } }
    return decodeWire(type, reply.body) as RpcResult
  }

  const listed = await rpc('connections:list', {})
  const connectionId = (listed.value as { id: string }[])[0]?.id ?? ''
  return {
    dir,
    root,
    host,
    core,
    connectionId,
    call,
    rpc,
    close: async () => {
      await host.close()
      await core.close()
      await rm(dir, { recursive: true, force: true })
    }
  }
}

/** The address of `host`'s call socket. */
export function socketUrl(host: WebHost): string {
  return `ws://${new URL(host.origin).host}${RPC_SOCKET_PATH}`
}

/** Opens a raw call socket to `host` with its token and resolves once it is open. */
export async function rawSocket(host: WebHost): Promise<WebSocket> {
  const socket = new WebSocket(socketUrl(host), socketProtocols(host.token))
  await new Promise((resolve, reject) => {
    socket.once('open', resolve)
    socket.once('error', reject)
  })
  return socket
}
