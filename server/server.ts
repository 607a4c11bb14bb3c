/**
 * The reference Lance REST catalog server: serves a directory catalog (through the app's
 * dir implementation, i.e. LanceDB) over the spec's routes plus the LanceDB Enterprise
 * `/v1/tables` routes, on 127.0.0.1 unless told otherwise. Used by tests and for trying
 * REST mode locally (`npm run catalog-server -- --root DIR`). It trusts whoever reaches it
 * (no TLS, open without keys), so it refuses requests that name another host or come from
 * a web page on another site (see request-guard.ts).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { isIP, type AddressInfo } from 'node:net'
import path from 'node:path'
import { rootLocation } from '../src/shared/storage-options'
import { authenticate, parseGrant, requireWrite, type AuthConfig, type Grant } from './auth'
import { TOKEN_PATH, TokenIssuer, type OAuth2Options } from './oauth2'
import { checkDatabaseHeaders } from './database-names'
import { dataRoutes } from './data-routes'
import { DatabaseRegistry, type DirOpener } from './databases'
import { enterpriseRoutes } from './enterprise-routes'
import { errorReply } from './errors'
import { indexesRoutes } from './indexes-routes'
import { json, writeReply, type Reply } from './http-io'
import { namespaceRoutes } from './namespace-routes'
import { checkRequestSource, hostPolicy, type HostPolicy } from './request-guard'
import { createContext, matchRoute, type AnswerCompression, type Route } from './router'
import { specStatus } from './spec-statuses'
import { tableRoutes } from './table-routes'
import { schemaRoutes } from './schema-routes'
import { transactionRoutes } from './transaction-routes'
import { versionsRoutes } from './versions-routes'
import { writeRoutes } from './write-routes'

/** How to run a catalog server. */
export interface CatalogServerOptions {
  /** The catalog folder; `x-service-database: NAME` selects `root/NAME` instead. */
  readonly root: string
  /** TCP port; 0 (the default) picks a free one. */
  readonly port?: number
  /**
   * The address to bind: `127.0.0.1` by default. Any other address (`0.0.0.0`, a LAN
   * address) exposes the catalog to that network; callers opt in knowingly.
   */
  readonly host?: string
  /** More host names clients may use in `Host` besides the loopback names and `host`. */
  readonly allowedHosts?: readonly string[]
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
  /**
   * False serves metadata only, like catalogs made for LanceDB's client: no `count_rows`,
   * `query`, `stats` or `create` (404); clients read and write data at each table's
   * `location` and create tables through `declare`. True by default.
   */
  readonly dataRoutes?: boolean
  /**
   * False leaves out the row-writing routes (`insert`, `merge_insert`, `update`, `delete`;
   * 404), as catalogs that serve reads but no row writes do. True by default.
   */
  readonly rowWriteRoutes?: boolean
  /**
   * LanceDB storage options (no `storage.` prefix: region, endpoint, keys, ...) for a
   * `root` on an object store (`s3://bucket/prefix`). Each describe returns them as
   * `storage_options`, so clients that read at a table's location can reach it.
   */
  readonly storageOptions?: Readonly<Record<string, string>>
  /**
   * With `storageOptions`: each describe says they expire this many milliseconds later
   * (`expires_at_millis`), as short-lived vended credentials do. No expiry by default.
   */
  readonly credentialLifetimeMs?: number | null
  /**
   * Issue OAuth2 client-credentials tokens at `POST /oauth/token` to these clients and
   * accept them as bearer tokens until they expire. Each token issued is logged to `log`.
   */
  readonly oauth2?: OAuth2Options
  /**
   * With `storageOptions`: the names of the ones each describe hands out (the others only
   * open the store for the server), as catalogs that vend credentials but leave the
   * endpoint or region to the client do. All of them by default.
   */
  readonly vendStorageOptions?: readonly string[] | null
  /**
   * Answer table creates and drops with a `transaction_id` and do them this many
   * milliseconds later, serving DescribeTransaction and AlterTransaction (cancel), as
   * catalogs with long-running operations do. Off (null) by default.
   */
  readonly slowTransactionsMs?: number | null
  /**
   * Compress the record batches of Arrow answers (query, search) with LZ4_FRAME, as
   * LanceDB's own servers may, so clients must read compressed Arrow. Off by default.
   */
  readonly compressAnswers?: AnswerCompression
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
export const ROUTES: readonly Route[] = [
  ...namespaceRoutes,
  ...tableRoutes,
  ...dataRoutes,
  ...enterpriseRoutes,
  ...versionsRoutes,
  ...schemaRoutes,
  ...indexesRoutes,
  ...writeRoutes
]

/** The routes of a metadata-only server: everything but the data, row-writing, schema and index routes and the spec's table create. */
export const METADATA_ROUTES: readonly Route[] = ROUTES.filter(
  // Schema changes and index builds compute over data, so a metadata-only catalog leaves them to the table's location too.
  (route) =>
    !dataRoutes.includes(route) &&
    !writeRoutes.includes(route) &&
    !schemaRoutes.includes(route) &&
    !indexesRoutes.includes(route) &&
    route.pattern !== '/v1/table/:id/create'
)

/** Starts a server and resolves once it is listening. */
export async function startCatalogServer(options: CatalogServerOptions): Promise<RunningCatalogServer> {
  const host = bindAddress(options.host ?? '127.0.0.1')
  const pageSize = checkPageSize(options.pageSize ?? null)
  const auth: AuthConfig = {
    apiKeys: (options.apiKeys ?? []).map(toGrant),
    bearerTokens: (options.bearerTokens ?? []).map(toGrant),
    ...(options.oauth2 ? { oauth2: new TokenIssuer(options.oauth2, options.oauth2.log ?? options.log) } : {})
  }
  const objectStore = rootLocation(options.root).kind !== 'local'
  if (!objectStore && Object.keys(options.storageOptions ?? {}).length > 0) {
    throw new RangeError('Storage options apply to a root on an object store (s3://, gs://, az://) only.')
  }
  const registry = new DatabaseRegistry(
    options.root,
    options.openDir,
    options.storageOptions,
    options.credentialLifetimeMs ?? null,
    options.vendStorageOptions ?? null,
    options.slowTransactionsMs ?? null
  )
  // Set once listening (the port is known only then); no request arrives before that.
  let state: ServerState | null = null
  const server = createServer({ keepAlive: true }, (req, res) => {
    if (state) void handle(req, res, state)
    else res.destroy()
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const { port } = server.address() as AddressInfo
  const hosts = hostPolicy(host, port, options.allowedHosts ?? [])
  const served = (options.dataRoutes === false ? METADATA_ROUTES : ROUTES).filter((route) => options.rowWriteRoutes !== false || !writeRoutes.includes(route))
  const routes = options.slowTransactionsMs == null ? served : [...served, ...transactionRoutes]
  state = {
    root: objectStore ? options.root.trim() : path.resolve(options.root),
    auth,
    pageSize,
    registry,
    hosts,
    log: options.log,
    routes,
    compressAnswers: options.compressAnswers ?? null
  }
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
  /** The catalog folder, hidden from error messages. */
  readonly root: string
  readonly auth: AuthConfig
  readonly pageSize: number | null
  readonly registry: DatabaseRegistry
  readonly hosts: HostPolicy
  readonly log: ((line: string) => void) | undefined
  readonly routes: readonly Route[]
  readonly compressAnswers: AnswerCompression
}

async function handle(req: IncomingMessage, res: ServerResponse, state: ServerState): Promise<void> {
  const started = performance.now()
  const url = new URL(req.url ?? '/', 'http://localhost')
  // Routes match the path as sent: URL parsing would drop a `.` or `%2E` segment, which is
  // the root's id on a connection whose delimiter is `.`.
  const pathname = requestPath(req.url)
  const method = req.method ?? 'GET'
  let reply: Reply
  const matched: { route: Route | null } = { route: null }
  try {
    reply = await answer(req, url, pathname, method, state, matched)
  } catch (error) {
    const { status, body } = errorReply(error, pathname, state.root)
    reply = json(body, specStatus(matched.route, status))
  }
  try {
    await writeReply(res, reply)
  } catch {
    // The client went away; nothing left to answer.
    res.destroy()
  }
  state.log?.(`${method} ${pathname}${url.search} -> ${reply.status} (${Math.round(performance.now() - started)} ms)`)
}

async function answer(req: IncomingMessage, url: URL, pathname: string, method: string, state: ServerState, matched: { route: Route | null }): Promise<Reply> {
  // Where the request comes from, then credentials, so that neither a foreign page nor a
  // caller without keys learns which routes or databases exist.
  checkRequestSource(state.hosts, req.headers)
  // The token endpoint authenticates clients itself, by their client credentials.
  if (url.pathname === TOKEN_PATH && state.auth.oauth2) return state.auth.oauth2.handle(req)
  const access = authenticate(state.auth, req.headers)
  checkDatabaseHeaders(req.headers)
  const match = matchRoute(state.routes, method, pathname)
  matched.route = match.route
  if (match.route.writes) requireWrite(access, match.route.writes)
  const ctx = createContext(req, url, match, access, state.pageSize, () => state.registry.select(req.headers), state.compressAnswers)
  return match.route.handle(ctx)
}

/** The path of a request target as sent (no dot-segment removal), without query or fragment. */
function requestPath(target: string | undefined): string {
  const path = (target ?? '/').split(/[?#]/, 1)[0] ?? ''
  return path.startsWith('/') ? path : new URL(target ?? '/', 'http://localhost').pathname
}

function toGrant(value: string | Grant): Grant {
  return typeof value === 'string' ? parseGrant(value) : value
}

/** Checks an address to bind: an IP address or `localhost`. */
export function bindAddress(host: string): string {
  if (host === 'localhost' || isIP(host) !== 0) return host
  throw new RangeError(`The catalog server binds an IP address (such as 127.0.0.1, ::1 or 0.0.0.0) or localhost, not "${host}".`)
}

/** True for addresses only this machine can reach. */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host)
}

function checkPageSize(pageSize: number | null): number | null {
  if (pageSize === null) return null
  if (!Number.isSafeInteger(pageSize) || pageSize < 1) {
    throw new RangeError(`The page size must be a whole number of at least 1, not ${pageSize}.`)
  }
  return pageSize
}
