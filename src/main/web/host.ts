/**
 * Browser mode: the handler table served on 127.0.0.1 under plain Node, over the page's
 * call socket (a WebSocket, `socket-calls.ts`) and over HTTP, with the built renderer as
 * static files. Every call needs this run's random token, and every request a Host header
 * naming this server, so other pages and DNS-rebinding tricks cannot drive the app.
 * Calls that move data in bulk and downloads pass the gates of `ipc/call-gates.ts` (each
 * HTTP connection or socket a caller of its own); what call sockets may hold is bounded
 * in `socket-calls.ts` (SOCKET_LIMITS).
 */
import { timingSafeEqual } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { createServer, STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize, sep } from 'node:path'
import type { Duplex } from 'node:stream'
import { decodeWire, encodeWire } from '../../shared/wire'
import { RPC_SOCKET_PATH, RPC_SOCKET_PROTOCOL, TOKEN_PROTOCOL_PREFIX } from '../../shared/rpc-socket'
import { dispatch, type HandlerTable } from '../ipc/dispatch'
import { CallGates } from '../ipc/call-gates'
import { socketCallServer, SOCKET_LIMITS, type SocketLimits } from './socket-calls'
import { newHostToken } from './host-session'
import { APP_CSP, CONTENT_TYPES } from '../shell/app-protocol'
import type { Download } from '../export/export-jobs'

/** The header that carries the per-run token on every RPC. */
export const TOKEN_HEADER = 'x-catalog-token'
/** Large enough for a sizeable table import (sent as raw Arrow bytes); refuse anything bigger. */
const MAX_REQUEST_BYTES = 512 << 20

const FOREIGN_HOST = 'Forbidden: this server only answers requests addressed to itself.'
const FOREIGN_ORIGIN = 'Forbidden: calls from other origins are refused.'

// No other site may frame the app (clickjacking): `frame-ancestors` for today's browsers,
// X-Frame-Options for older ones.
const SECURITY_HEADERS = {
  'content-security-policy': `${APP_CSP}; frame-ancestors 'none'`,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
  'x-frame-options': 'DENY'
} as const

/** Where and how to serve. */
export interface WebHostOptions {
  readonly handlers: HandlerTable
  /** The built renderer (`out/renderer`). */
  readonly rendererDir: string
  /** 0 picks a free port. */
  readonly port?: number
  /** The token calls must carry (kept from the last run, or fixed by a test); a random one otherwise. */
  readonly token?: string
  /** Finished exports by one-time ticket, served at `/download/<ticket>`. */
  readonly downloads?: {
    takeDownload(ticket: string): Promise<Download | null>
    peekDownload(ticket: string): Promise<Download | null>
    /** Resolves once the export `id` has ended: its gate slot is held until then. */
    settled?(id: string): Promise<unknown>
  }
  /** What call sockets may hold, and how long a gated answer may wait to be taken (tests shorten them). */
  readonly limits?: Partial<SocketLimits>
}

/** A running host. */
export interface WebHost {
  /** The port it listens on. */
  readonly port: number
  /** The URL to open, token included. */
  readonly url: string
  readonly origin: string
  readonly token: string
  close(): Promise<void>
}

/** Starts the host on 127.0.0.1 and resolves once it listens. */
export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const token = options.token ?? newHostToken()
  let allowedHosts: readonly string[] = []
  const limits: SocketLimits = { ...SOCKET_LIMITS, ...options.limits }
  const settled = options.downloads?.settled?.bind(options.downloads)
  // Bulk calls pass the gates whichever way they came (see ipc/call-gates.ts); an export
  // holds its slot until its job has ended.
  const gates = new CallGates({
    holds: settled ? { 'export:start': (value) => (isExportStatus(value) ? settled(value.id) : null) } : {}
  })

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      // A handler bug must not take the host down; say what happened and carry on.
      sendJson(res, 500, { ok: false, error: { code: 'internal', message: String(error) } })
    })
  })
  const sockets = socketCallServer(options.handlers, gates, limits)
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    // A peer that resets the connection mid-handshake must not take the host down.
    socket.on('error', () => socket.destroy())
    const refusal = socketRefusal(req)
    if (refusal) return refuseUpgrade(socket, ...refusal)
    sockets.upgrade(req, socket, head)
  })

  /** Why a call socket may not open, as an HTTP status and text; null when it may. The same rules as a call over HTTP. */
  function socketRefusal(req: IncomingMessage): readonly [number, string] | null {
    if (!addressedHere(req)) return [403, FOREIGN_HOST]
    if (decodePath(new URL(req.url ?? '/', 'http://host').pathname) !== RPC_SOCKET_PATH) return [404, 'Not found.']
    const offered = (req.headers['sec-websocket-protocol'] ?? '').split(',').map((protocol) => protocol.trim())
    if (!offered.includes(RPC_SOCKET_PROTOCOL)) return [400, `Bad request: a call socket speaks the ${RPC_SOCKET_PROTOCOL} protocol.`]
    const given = offered.find((protocol) => protocol.startsWith(TOKEN_PROTOCOL_PREFIX))?.slice(TOKEN_PROTOCOL_PREFIX.length)
    if (!tokenMatches(given, token)) return [401, 'Unauthorized: this socket lacks the token of this run. Open the URL the app printed.']
    if (fromOtherOrigin(req)) return [403, FOREIGN_ORIGIN]
    return null
  }

  /** True when the Host header names this server (not a DNS-rebinding name). */
  function addressedHere(req: IncomingMessage): boolean {
    return allowedHosts.includes(req.headers.host ?? '')
  }

  /** True when a browser says the request comes from another site's page. */
  function fromOtherOrigin(req: IncomingMessage): boolean {
    const origin = req.headers.origin
    return origin !== undefined && !allowedHosts.some((host) => origin === `http://${host}`)
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!addressedHere(req)) return sendText(res, 403, FOREIGN_HOST)
    const url = new URL(req.url ?? '/', `http://${req.headers.host}`)
    const pathname = decodePath(url.pathname)
    if (pathname === null) return sendText(res, 400, 'Bad request: the path has a malformed percent-escape.')
    if (pathname.startsWith('/rpc/')) return handleRpc(req, res, pathname.slice(5))
    if (req.method !== 'GET' && req.method !== 'HEAD') return sendText(res, 405, 'Method not allowed.')
    if (pathname.startsWith('/download/')) return serveDownload(req, res, pathname.slice('/download/'.length))
    return serveStatic(res, options.rendererDir, pathname)
  }

  async function handleRpc(req: IncomingMessage, res: ServerResponse, channel: string): Promise<void> {
    if (req.method !== 'POST') return sendText(res, 405, 'RPC calls are POST requests.')
    if (!tokenMatches(req.headers[TOKEN_HEADER], token)) {
      return sendText(res, 401, 'Unauthorized: this call lacks the token of this run. Open the URL the app printed.')
    }
    if (fromOtherOrigin(req)) return sendText(res, 403, FOREIGN_ORIGIN)
    // Held until the answer is written out, so a waiting call holds neither its body nor its
    // result. Each connection is a caller of its own; one that leaves while queued drops out.
    const gone = new AbortController()
    res.once('close', () => gone.abort())
    const ticket = await gates.enter(channel, req.socket, gone.signal)
    if (!ticket.ok) return sendJson(res, ticket.error.code === 'throttled' ? 429 : 200, { ok: false, error: ticket.error })
    let release = ticket.release
    // Written out ('finish') or cut ('close'), whichever comes first: a keep-alive
    // connection's next call may arrive before this response's 'close'.
    res.once('finish', () => release())
    res.once('close', () => release())
    if (req.socket.destroyed) return release()
    let body: unknown
    try {
      const bytes = await readBody(req, MAX_REQUEST_BYTES)
      body = bytes.length === 0 ? {} : decodeWire(req.headers['content-type'] ?? '', bytes)
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      return sendJson(res, 400, { ok: false, error: { code: 'invalid_request', message: `Unreadable request: ${message}` } })
    }
    const result = await dispatch(options.handlers, channel, body)
    release = gates.releaseAfter(channel, result, ticket.release)
    sendJson(res, 200, result)
    // An answer its caller does not read frees the slot in time: the connection is cut.
    if (gates.gated(channel) && !res.writableFinished) {
      const handover = setTimeout(() => res.destroy(), limits.answerHandoverMs)
      res.once('close', () => clearTimeout(handover))
    }
  }

  /**
   * An export's file, streamed from disk. A page link cannot send the token header, so
   * the one-time ticket (random, handed out only to RPC callers with the token) stands in.
   */
  async function serveDownload(req: IncomingMessage, res: ServerResponse, ticket: string): Promise<void> {
    // Another site's page (a no-cors fetch, an image) cannot read the file, but must not spend the ticket either.
    const site = req.headers['sec-fetch-site']
    if (site !== undefined && site !== 'same-origin' && site !== 'none') return sendText(res, 403, "Forbidden: downloads are for the app's own page.")
    const valid = /^[A-Za-z0-9_-]{16,}$/.test(ticket)
    // HEAD asks about the file without taking it; only a GET spends the one-time ticket.
    const head = req.method === 'HEAD'
    // A few files stream at once; another is refused before its ticket is spent.
    const gate = head ? null : await gates.enterGate('downloads', req.socket)
    if (gate && !gate.ok) return sendText(res, 503, gate.error.message, { 'retry-after': '5' })
    // Freed once the response is written ('finish'), not only when its connection closes: a
    // keep-alive connection's next request may arrive before this response's 'close'.
    if (gate) {
      res.once('finish', gate.release)
      res.once('close', gate.release)
    }
    const download = valid ? await (head ? options.downloads?.peekDownload(ticket) : options.downloads?.takeDownload(ticket)) : null
    if (!download) return sendText(res, 404, 'This download is no longer available: each export can be downloaded once. Export again.')
    res.writeHead(200, {
      ...SECURITY_HEADERS,
      'content-type': 'application/octet-stream',
      'content-length': download.size,
      'content-disposition': `attachment; filename="${download.fileName.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(download.fileName)}`
    })
    if (head) return void res.end()
    const file = createReadStream(download.path)
    file.on('error', () => res.destroy())
    res.once('close', () => void download.done())
    file.pipe(res)
  }

  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => resolveListen())
  })
  const { port } = server.address() as AddressInfo
  allowedHosts = [`127.0.0.1:${port}`, `localhost:${port}`]
  const origin = `http://127.0.0.1:${port}`

  return {
    port,
    url: `${origin}/?token=${encodeURIComponent(token)}`,
    origin,
    token,
    close: () =>
      new Promise<void>((resolveClose) => {
        server.close(() => resolveClose())
        sockets.close()
        server.closeAllConnections()
      })
  }
}

/** Answers an upgrade the host refuses with a plain HTTP response, and drops the connection. */
function refuseUpgrade(socket: Duplex, status: number, text: string): void {
  const body = Buffer.from(text)
  const head = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`,
    'content-type: text/plain; charset=utf-8',
    `content-length: ${body.length}`,
    'connection: close'
  ]
  socket.end(Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`), body]))
}

function tokenMatches(given: string | string[] | undefined, expected: string): boolean {
  if (typeof given !== 'string') return false
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > limit) throw new Error(`the request is larger than ${limit} bytes`)
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks)
}

/** The decoded path, or null when a percent-escape is malformed (`%E0%A4%A`). */
function decodePath(pathname: string): string | null {
  try {
    return decodeURIComponent(pathname)
  } catch {
    return null
  }
}

async function serveStatic(res: ServerResponse, root: string, pathname: string): Promise<void> {
  const relative = pathname === '/' ? 'index.html' : pathname.replace(/^\/+/, '')
  const file = normalize(join(root, relative))
  if (!file.startsWith(normalize(root) + sep)) return sendText(res, 404, 'Not found.')
  try {
    const content = await readFile(file)
    res.writeHead(200, { ...SECURITY_HEADERS, 'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream' })
    res.end(content)
  } catch {
    sendText(res, 404, 'Not found.')
  }
}

/** Writes a result: plain JSON, or a binary frame whose bytes go out as they are, without a copy. */
function sendJson(res: ServerResponse, status: number, value: unknown): void {
  const message = encodeWire(value)
  res.writeHead(status, { ...SECURITY_HEADERS, 'content-type': message.contentType, 'content-length': message.byteLength })
  for (const part of message.parts) res.write(part)
  res.end()
}

function sendText(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { ...SECURITY_HEADERS, ...headers, 'content-type': 'text/plain; charset=utf-8' })
  res.end(text)
}

/** True for an export's status (what `export:start` answers when it started one). */
function isExportStatus(value: unknown): value is { readonly id: string } {
  return typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'string'
}
