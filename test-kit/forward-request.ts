/**
 * The pass-through half of the test kit's proxies: a request sent on to the server behind
 * them as it came, and the answer piped back. A proxy decides what to refuse, break or
 * count, and forwards the rest with this.
 */
import { request, type IncomingMessage, type ServerResponse } from 'node:http'

/**
 * Sends `req` on to `upstream` (method, path and headers, with Host rewritten) and pipes
 * the answer back into `res`. `body` is the request's body where the proxy has read it
 * already; otherwise it streams through. An upstream that cannot be reached answers 502.
 */
export function forwardRequest(upstream: URL, req: IncomingMessage, res: ServerResponse, body?: Buffer): void {
  const outgoing = request(
    { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...req.headers, host: upstream.host } },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers)
      answer.pipe(res)
    }
  )
  outgoing.on('error', (error) => {
    if (res.headersSent) res.destroy()
    else res.writeHead(502, { 'content-type': 'text/plain' }).end(error.message)
  })
  if (body) outgoing.end(body)
  else req.pipe(outgoing)
}
