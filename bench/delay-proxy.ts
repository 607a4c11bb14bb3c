/**
 * A loopback HTTP proxy that holds every request for a fixed delay before passing it on,
 * as a catalog across a network would, and counts requests by kind.
 */
import { createServer, request as httpRequest } from 'node:http'
import { listenOnLoopback, type LoopbackServer } from '../e2e/support/loopback'

/** A running proxy and its request counts. */
export interface DelayProxy extends LoopbackServer {
  readonly counts: Map<string, number>
}

/** The kind of a request, for the counts. */
function kindOf(method: string, path: string): string {
  if (path === '/v1/table') return 'ListAllTables'
  if (path.endsWith('/table/list')) return 'ListTables'
  if (path.endsWith('/list')) return 'ListNamespaces'
  if (path.endsWith('/describe')) return 'DescribeTable'
  return `${method} other`
}

/** Starts a proxy to `target` adding `delayMs` to each request. */
export async function startDelayProxy(target: string, delayMs: number): Promise<DelayProxy> {
  const upstream = new URL(target)
  const counts = new Map<string, number>()
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname
    const kind = kindOf(req.method ?? 'GET', path)
    counts.set(kind, (counts.get(kind) ?? 0) + 1)
    setTimeout(() => {
      const forward = httpRequest(
        { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...req.headers, host: upstream.host } },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers)
          answer.pipe(res)
        }
      )
      forward.on('error', () => {
        if (!res.headersSent) res.writeHead(502)
        res.end()
      })
      req.pipe(forward)
    }, delayMs)
  })
  const running = await listenOnLoopback(server)
  return { ...running, counts }
}
