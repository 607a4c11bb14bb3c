/**
 * A stand-in for the network between a client and an object store: an HTTP proxy on
 * 127.0.0.1 that waits a fixed time before passing each request on (the round trip a
 * same-region object store adds) and counts the requests it passed, by method or by a
 * kind the caller names (a catalog operation, for example). Bodies
 * and headers go through untouched, both ways, so signed requests still verify.
 */
import { createServer, request, type Server } from 'node:http'
import { listenOnLoopback } from '../../test-kit/loopback'

/** Requests passed on so far, in all and per kind (the HTTP method unless told otherwise). */
export interface RequestCounts {
  readonly total: number
  readonly byMethod: Readonly<Record<string, number>>
}

/** Names the kind a request is counted under, from its method and path. */
export type RequestKind = (method: string, path: string) => string

/** A running delay proxy. */
export interface DelayProxy {
  /** `http://127.0.0.1:PORT`, to use as the store's endpoint. */
  readonly url: string
  /** The wait added before each request, in milliseconds. */
  readonly delayMs: number
  /** A copy of the counts so far. */
  counts(): RequestCounts
  close(): Promise<void>
}

/**
 * Starts a proxy to `upstreamPort` on 127.0.0.1 that delays every request by `delayMs`,
 * counting each under `kindOf(method, path)` (its method by default).
 */
export async function startDelayProxy(upstreamPort: number, delayMs: number, kindOf: RequestKind = (method) => method): Promise<DelayProxy> {
  if (!Number.isFinite(delayMs) || delayMs < 0) throw new RangeError(`The delay must be 0 ms or more, not ${delayMs}.`)
  const byMethod: Record<string, number> = {}
  let total = 0
  const server: Server = createServer((req, res) => {
    const method = req.method ?? 'GET'
    const kind = kindOf(method, new URL(req.url ?? '/', 'http://127.0.0.1').pathname)
    total++
    byMethod[kind] = (byMethod[kind] ?? 0) + 1
    // Hold the request body until the delay is over, then stream it upstream as it came.
    req.pause()
    setTimeout(() => {
      const upstream = request({ host: '127.0.0.1', port: upstreamPort, method, path: req.url, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      })
      upstream.on('error', () => res.destroy())
      req.pipe(upstream)
      req.resume()
    }, delayMs)
  })
  const { url, close } = await listenOnLoopback(server)
  return { url, delayMs, counts: () => ({ total, byMethod: { ...byMethod } }), close }
}
