/**
 * A real loopback HTTP server for the REST client's tests: it records every request and
 * lets each test decide how to (mis)behave. Not a mock of our code: the client talks to
 * it over TCP exactly as it would to a catalog.
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach } from 'vitest'
import { CatalogError } from '../src/shared/errors'

/** A request as the server saw it. */
export interface SeenRequest {
  readonly method: string
  /** The raw request target, e.g. `/v1/namespace/%24/list?limit=2`. */
  readonly rawUrl: string
  readonly path: string
  readonly query: URLSearchParams
  readonly headers: IncomingHttpHeaders
  readonly body: Buffer
}

/** Decides the answer to one request; may leave `res` unanswered to simulate a hung server. */
export type Handler = (req: SeenRequest, res: ServerResponse) => void | Promise<void>

/** A running test server. */
export interface TestServer {
  readonly url: string
  readonly port: number
  readonly requests: SeenRequest[]
  close(): Promise<void>
}

/** Starts a server on 127.0.0.1 on a free port. */
export async function startServer(handler: Handler): Promise<TestServer> {
  const requests: SeenRequest[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const rawUrl = req.url ?? '/'
      const parsed = new URL(rawUrl, 'http://127.0.0.1')
      const seen: SeenRequest = {
        method: req.method ?? 'GET',
        rawUrl,
        path: parsed.pathname,
        query: parsed.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks)
      }
      requests.push(seen)
      Promise.resolve(handler(seen, res)).catch((error: unknown) => {
        if (!res.headersSent) sendJson(res, 500, { error: String(error), code: 18 })
      })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
  }
}

/** Answers with a JSON body. */
export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body)
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers })
  res.end(text)
}

/** Answers with a text body of any content type. */
export function sendText(res: ServerResponse, status: number, text: string, contentType = 'text/plain', headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': contentType, 'content-length': Buffer.byteLength(text), ...headers })
  res.end(text)
}

/** A port on 127.0.0.1 with nothing listening (it was free a moment ago). */
export async function closedPort(): Promise<number> {
  const server = await startServer(() => undefined)
  await server.close()
  return server.port
}

/** Awaits a promise that must reject with a CatalogError, and returns that error. */
export async function failure(promise: Promise<unknown>): Promise<CatalogError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught
  )
  if (!(error instanceof CatalogError)) throw new Error(`Expected a CatalogError, got ${String(error)}`)
  return error
}

/**
 * For a test file: `serve(handler)` starts a loopback server and `track(client)` registers
 * a client; both are closed after each test.
 */
export function useTestServers(): {
  serve(handler: Handler): Promise<TestServer>
  track<T extends { close(): Promise<void> }>(client: T): T
} {
  let server: TestServer | undefined
  const clients: { close(): Promise<void> }[] = []
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()))
    await server?.close()
    server = undefined
  })
  return {
    serve: async (handler) => (server = await startServer(handler)),
    track: (client) => {
      clients.push(client)
      return client
    }
  }
}
