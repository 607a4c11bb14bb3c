/**
 * An in-memory Lance REST listing server for scale tests and benchmarks: one namespace
 * (`big` by default) holds N generated child namespaces; each of those may hold a few
 * more (`nested`), for deep trees; everything else is empty.
 * Answers the list routes of the spec with `page_token`/`limit`, and the spec's
 * not-found error for anything else. Binds 127.0.0.1 only.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { listenOnLoopback } from './loopback'

/** What to serve. */
export interface ListingServerOptions {
  /** How many children the big namespace holds. */
  readonly children: number
  /** Name of the namespace that holds them (directly under the root); `''` puts them at the root. */
  readonly parent?: string
  /** Largest page the server hands out, whatever the client asks for. */
  readonly maxPageSize?: number
  /** Child namespaces (`n_0`, `n_1`, ...) of every namespace below the big one, at any depth; 0 by default. */
  readonly nested?: number
}

/** A running listing server. */
export interface ListingServer {
  readonly url: string
  /** Name of child `i`; zero-padded so names sort in index order. */
  childName(i: number): string
  close(): Promise<void>
}

/** Starts the server on a free loopback port. */
export async function startListingServer(options: ListingServerOptions): Promise<ListingServer> {
  const parent = options.parent ?? 'big'
  const width = String(options.children - 1).length
  const childName = (i: number): string => `child_${String(i).padStart(width, '0')}`
  const maxPage = options.maxPageSize ?? 1000
  const parentId = parent === '' ? '$' : parent

  const list = (items: string[], key: 'namespaces' | 'tables', token: string | null): string => JSON.stringify({ [key]: items, page_token: token })

  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    const match = /^\/v1\/namespace\/([^/]+)\/(list|table\/list)\/?$/.exec(url.pathname)
    if (req.method !== 'GET' || !match) {
      return send(res, 404, JSON.stringify({ error: `No route ${req.method} ${url.pathname}`, code: 13 }))
    }
    const id = decodeURIComponent(match[1] ?? '')
    const kind = match[2] === 'list' ? 'namespaces' : 'tables'
    const nested = options.nested ?? 0
    if (kind === 'namespaces' && nested > 0 && parent !== '' && id.startsWith(`${parentId}$`)) {
      return send(
        res,
        200,
        list(
          Array.from({ length: nested }, (_, i) => `n_${i}`),
          kind,
          null
        )
      )
    }
    if (kind === 'tables' || id !== parentId) {
      // Only the big namespace has children; the root also lists it.
      const items = kind === 'namespaces' && id === '$' && parent !== '' ? [parent] : []
      return send(res, 200, list(items, kind, null))
    }
    const start = Number(url.searchParams.get('page_token') || '0')
    const limit = Math.min(Number(url.searchParams.get('limit') || maxPage), maxPage)
    const end = Math.min(start + limit, options.children)
    const items: string[] = []
    for (let i = start; i < end; i++) items.push(childName(i))
    send(res, 200, list(items, 'namespaces', end < options.children ? String(end) : null))
  }

  const server = createServer(handle)
  server.keepAliveTimeout = 30_000
  const { url, close } = await listenOnLoopback(server)
  return { url, childName, close }
}

function send(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) })
  res.end(body)
}
