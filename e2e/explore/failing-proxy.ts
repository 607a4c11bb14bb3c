/**
 * A loopback proxy in front of the reference REST catalog that breaks some routes on
 * purpose, so the exploratory walk meets server failures: anything under the namespace
 * `flaky` answers 500 with a plain-text body, and the table `garbled` answers its
 * describe with malformed JSON and its query with bytes that are not Arrow.
 */
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A running proxy. */
export interface FailingProxy {
  readonly url: string
  close(): Promise<void>
}

/** What the proxy answers itself for a request path, or null to forward it. */
function brokenAnswer(path: string): { status: number; type: string; body: string } | null {
  const decoded = decodeURIComponent(path)
  if (/\/flaky(\$|\/|\?|$)/.test(decoded)) return { status: 500, type: 'text/plain', body: 'upstream exploded' }
  if (/\/v1\/table\/garbled\/describe/.test(decoded)) return { status: 200, type: 'application/json', body: '{"table": "garbled", "schema": {' }
  if (/\/v1\/table\/garbled\/query/.test(decoded)) return { status: 200, type: 'application/vnd.apache.arrow.stream', body: 'not arrow at all' }
  return null
}

/** Starts the proxy on 127.0.0.1 in front of `target` (an http://127.0.0.1:port URL). */
export async function startFailingProxy(target: string): Promise<FailingProxy> {
  const upstream = new URL(target)
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const broken = brokenAnswer(req.url ?? '/')
    if (broken) {
      req.resume()
      res.writeHead(broken.status, { 'content-type': broken.type }).end(broken.body)
      return
    }
    const forward = request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...req.headers, host: upstream.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      }
    )
    forward.on('error', (error) => res.writeHead(502, { 'content-type': 'text/plain' }).end(error.message))
    req.pipe(forward)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
  }
}
