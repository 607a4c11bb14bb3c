/**
 * A request-validating proxy for the client-conformance tests: a server on 127.0.0.1 that
 * checks each request the app's REST client sends against the spec (route, parameters,
 * body media type and schema), keeps what it found, and forwards the request as it came
 * to the reference catalog server, whose answers drive the client. Test code only.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { SeenRequest, SpecCheck } from './spec-check'

/** One request the proxy passed on, with what the spec found wrong with it. */
export interface CheckedRequest {
  readonly request: SeenRequest
  readonly problems: string[]
}

export interface ValidatingProxy {
  /** The proxy's base URL, for the client under test. */
  readonly url: string
  /** Every request so far, in the order they came. */
  readonly seen: readonly CheckedRequest[]
  /** The spec operation ids of the requests so far (undefined for a route the spec lacks). */
  operationsUsed(): Set<string | undefined>
  close(): Promise<void>
}

/** Starts a proxy that checks each request by `spec`, then forwards it to `target`. */
export async function startValidatingProxy(spec: SpecCheck, target: string): Promise<ValidatingProxy> {
  const seen: CheckedRequest[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const body = Buffer.concat(chunks)
      const request: SeenRequest = { method: req.method ?? 'GET', url: req.url ?? '/', contentType: req.headers['content-type'], body }
      seen.push({ request, problems: spec.requestProblems(request) })
      const headers = req.headers['content-type'] ? { 'content-type': req.headers['content-type'] } : undefined
      fetch(`${target}${request.url}`, { method: request.method, headers, body: body.length > 0 ? body : undefined })
        .then(async (answer) => {
          const bytes = Buffer.from(await answer.arrayBuffer())
          res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/octet-stream' })
          res.end(bytes)
        })
        .catch((error: unknown) => {
          res.writeHead(502)
          res.end(String(error))
        })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    operationsUsed: () => new Set(seen.map((entry) => spec.operationOf(entry.request.method, entry.request.url)?.operationId)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve()))
  }
}
