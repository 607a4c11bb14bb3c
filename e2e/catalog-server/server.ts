/**
 * The reference Lance REST catalog server: serves a directory catalog (through the app's
 * dir implementation, i.e. LanceDB) over the spec's routes plus the LanceDB Enterprise
 * `/v1/tables` routes, on a loopback address only. Used by tests and for trying REST
 * mode locally (`npm run catalog-server -- --root DIR`).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { authenticate, parseGrant, requireWrite, type AuthConfig, type Grant } from './auth'
import { dataRoutes } from './data-routes'
import { DatabaseRegistry, type DirOpener } from './databases'
import { enterpriseRoutes } from './enterprise-routes'
import { errorReply } from './errors'
import { json, writeReply, type Reply } from './http-io'
import { namespaceRoutes } from './namespace-routes'
import { createContext, matchRoute, type Route } from './router'
import { tableRoutes } from './table-routes'

/** How to run a catalog server. */
export interface CatalogServerOptions {
  /** The catalog folder; `x-service-database: NAME` selects `root/NAME` instead. */
  readonly root: string
  /** TCP port; 0 (the default) picks a free one. */
  readonly port?: number
  /** A loopback address (`127.0.0.1`, the default, `::1` or `localhost`). */
  readonly host?: string
  /** Accepted `x-api-key` values, as grants or `KEY[:read|:write]` strings (write by default). */
  readonly apiKeys?: readonly (string | Grant)[]
  /** Accepted bearer tokens, as grants or `TOKEN[:read|:write]` strings (write by default). */
  readonly bearerTokens?: readonly (string | Grant)[]
  /** The most items one listing page holds, whatever `limit` a client asks for. */
  readonly pageSize?: number | null
  /** Called once per request with a line such as `GET /v1/namespace/%24/list -> 200 (3 ms)`. */
  readonly log?: (line: string) => void
  /** Opens a folder as a namespace client; the app's dir implementation by default. */
  readonly openDir?: DirOpener
}

/** A running server. */
export interface RunningCatalogServer {
  /** Base URL, e.g. `http://127.0.0.1:41234`, without a trailing slash. */
  readonly url: string
  readonly port: number
  /** Stops accepting requests, ends open connections and closes every opened catalog. */
  close(): Promise<void>
}

/** Every route the server answers. */
export const ROUTES: readonly Route[] = [...namespaceRoutes, ...tableRoutes, ...dataRoutes, ...enterpriseRoutes]

/** Starts a server and resolves once it is listening. */
export async function startCatalogServer(options: CatalogServerOptions): Promise<RunningCatalogServer> {
  const host = loopbackHost(options.host ?? '127.0.0.1')
  const pageSize = checkPageSize(options.pageSize ?? null)
  const auth: AuthConfig = {
    apiKeys: (options.apiKeys ?? []).map(toGrant),
    bearerTokens: (options.bearerTokens ?? []).map(toGrant)
  }
  const registry = new DatabaseRegistry(options.root, options.openDir)
  const server = createServer({ keepAlive: true }, (req, res) => {
    void handle(req, res, { auth, pageSize, registry, log: options.log })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const { port } = server.address() as AddressInfo
  const urlHost = host.includes(':') ? `[${host}]` : host
  let closing: Promise<void> | null = null
  return {
    url: `http://${urlHost}:${port}`,
    port,
    close: () =>
      (closing ??= (async () => {
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()))
        server.closeIdleConnections()
        // Requests still running get a moment to finish before their sockets are cut.
        const cut = setTimeout(() => server.closeAllConnections(), 2_000)
        await stopped
        clearTimeout(cut)
        await registry.close()
      })())
  }
}

interface ServerState {
  readonly auth: AuthConfig
  readonly pageSize: number | null
  readonly registry: DatabaseRegistry
  readonly log: ((line: string) => void) | undefined
}

async function handle(req: IncomingMessage, res: ServerResponse, state: ServerState): Promise<void> {
  const started = performance.now()
  const url = new URL(req.url ?? '/', 'http://localhost')
  const method = req.method ?? 'GET'
  let reply: Reply
  try {
    reply = await answer(req, url, method, state)
  } catch (error) {
    const { status, body } = errorReply(error, url.pathname)
    reply = json(body, status)
  }
  try {
    writeReply(res, reply)
  } catch {
    // The client went away; nothing left to answer.
    res.destroy()
  }
  state.log?.(`${method} ${url.pathname}${url.search} -> ${reply.status} (${Math.round(performance.now() - started)} ms)`)
}

async function answer(req: IncomingMessage, url: URL, method: string, state: ServerState): Promise<Reply> {
  // Credentials first, so nobody learns which routes exist without them.
  const access = authenticate(state.auth, req.headers)
  const match = matchRoute(ROUTES, method, url.pathname)
  if (match.route.writes) requireWrite(access, match.route.writes)
  const ctx = createContext(req, url, match, access, state.pageSize, () => state.registry.select(req.headers))
  return match.route.handle(ctx)
}

function toGrant(value: string | Grant): Grant {
  return typeof value === 'string' ? parseGrant(value) : value
}

/** Refuses anything but a loopback address: this server has no TLS and trusts its disk. */
export function loopbackHost(host: string): string {
  if (host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host)) return host
  throw new RangeError(`The catalog server only listens on a loopback address (127.0.0.1, ::1 or localhost), not "${host}".`)
}

function checkPageSize(pageSize: number | null): number | null {
  if (pageSize === null) return null
  if (!Number.isSafeInteger(pageSize) || pageSize < 1) {
    throw new RangeError(`The page size must be a whole number of at least 1, not ${pageSize}.`)
  }
  return pageSize
}
