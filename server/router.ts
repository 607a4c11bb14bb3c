/**
 * Route matching and the per-request context handlers receive. Paths tolerate a trailing
 * slash; `{id}` segments are URL-decoded and split on the request's delimiter (`$` unless
 * the `delimiter` query parameter says otherwise), the delimiter alone being the root.
 */
import type { IncomingMessage } from 'node:http'
import { CatalogError } from '../src/shared/errors'
import type { TableRef } from '../src/shared/catalog-types'
import { DEFAULT_DELIMITER, fromIdentifier, type NamespacePath } from '../src/shared/namespace-path'
import type { Access } from './auth'
import type { Database } from './databases'
import { HttpStatusError, invalidRequest } from './errors'
import { checkJsonContentType, MAX_JSON_BYTES, parseJsonObject, readBody, type Reply } from './http-io'

/** Everything a handler needs about one request. */
export interface RequestContext {
  readonly req: IncomingMessage
  readonly query: URLSearchParams
  /** Decoded path parameters by name (`id`, `table_name`). */
  readonly params: Readonly<Record<string, string>>
  readonly delimiter: string
  readonly access: Access
  /** The server's page size cap, or null for none. */
  readonly pageSize: number | null
  /** How the server compresses the record batches of Arrow answers, or null for not at all. */
  readonly answerCompression: AnswerCompression
  /** The database the request's headers select (opened on first use). */
  database(): Promise<Database>
  /** The raw body, at most `maxBytes`. */
  body(maxBytes: number): Promise<Buffer>
  /**
   * The body as a JSON object: 400 when it is missing (the spec requires one on every JSON
   * route), not sent as JSON, or names in `id` another object than the path does.
   */
  jsonBody(options?: JsonBodyOptions): Promise<Record<string, unknown>>
}

/** Compression of the record batches in Arrow answers: LZ4_FRAME (as LanceDB writes them), or none. */
export type AnswerCompression = 'lz4' | null

/** How a route reads its JSON body. */
export interface JsonBodyOptions {
  /** Read a missing body as `{}` (for routes LanceDB's clients call without one). */
  readonly allowEmpty?: boolean
}

/** One route: method, path pattern (`:name` marks a parameter), and its handler. */
export interface Route {
  readonly method: 'GET' | 'POST'
  readonly pattern: string
  /** Set on routes that change the catalog: what they do, for the 403 message. */
  readonly writes?: string
  handle(ctx: RequestContext): Promise<Reply>
}

/** The matched route and its decoded parameters. */
export interface RouteMatch {
  readonly route: Route
  readonly params: Readonly<Record<string, string>>
}

/** Finds the route for a method and path; 404 for an unknown path, 405 for a wrong method. */
export function matchRoute(routes: readonly Route[], method: string, pathname: string): RouteMatch {
  const segments = splitPath(pathname)
  let pathKnown = false
  for (const route of routes) {
    const params = matchPattern(route.pattern, segments)
    if (params === null) continue
    pathKnown = true
    if (route.method === method) return { route, params }
  }
  if (pathKnown) throw new HttpStatusError(405, 'unsupported', `${method} is not supported on ${pathname}.`)
  throw new HttpStatusError(404, 'unsupported', `This catalog server has no route ${method} ${pathname}.`)
}

/** A path parameter the route's pattern guarantees. */
export function param(ctx: RequestContext, name: string): string {
  const value = ctx.params[name]
  if (value === undefined) throw new Error(`The route has no "${name}" parameter.`)
  return value
}

/** The delimiter a request uses: the `delimiter` query parameter, else `$`. */
export function delimiterOf(query: URLSearchParams): string {
  const value = query.get('delimiter')
  return value === null || value === '' ? DEFAULT_DELIMITER : value
}

/** A namespace path from an identifier; the delimiter alone is the root. */
export function namespacePathOf(id: string, delimiter: string): NamespacePath {
  try {
    return fromIdentifier(id, delimiter)
  } catch (error) {
    throw new CatalogError('invalid_name', `Bad namespace identifier "${shortened(id)}": ${(error as Error).message}`)
  }
}

/** `id` as a message quotes it: a hostile path of many KB would push the reason out of the cut error text. */
function shortened(id: string): string {
  return id.length <= 80 ? id : `${id.slice(0, 80)}…`
}

/** A table reference from an identifier: the last component is the table's name. */
export function tableRefOf(id: string, delimiter: string): TableRef {
  if (id === delimiter) throw invalidRequest(`"${id}" names the root namespace, not a table.`)
  let path: string[]
  try {
    path = fromIdentifier(id, delimiter)
  } catch (error) {
    throw new CatalogError('invalid_name', `Bad table identifier "${shortened(id)}": ${(error as Error).message}`)
  }
  const name = path.pop() as string
  return { namespace: path, name }
}

/**
 * Reads a request body sent without a Content-Encoding. The server decodes none (a few KB
 * of gzip or Brotli can claim gigabytes), so a coded body is refused with 415 before a
 * byte of it is read (RFC 9110 section 15.5.16), rather than parsed as if it were plain.
 */
async function readIdentityBody(req: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const encoding = String(req.headers['content-encoding'] ?? 'identity')
    .trim()
    .toLowerCase()
  if (encoding !== 'identity' && encoding !== '') {
    throw new HttpStatusError(
      415,
      'invalid_request',
      `This server reads request bodies uncompressed; it does not decode "Content-Encoding: ${encoding.slice(0, 100)}". Send the body without a Content-Encoding.`
    )
  }
  return readBody(req, maxBytes)
}

/** Builds the context for one request; body reads happen at most once. */
export function createContext(
  req: IncomingMessage,
  url: URL,
  match: RouteMatch,
  access: Access,
  pageSize: number | null,
  selectDatabase: () => Promise<Database>,
  answerCompression: AnswerCompression = null
): RequestContext {
  let bodyPromise: Promise<Buffer> | null = null
  const body = (maxBytes: number): Promise<Buffer> => (bodyPromise ??= readIdentityBody(req, maxBytes))
  let database: Promise<Database> | null = null
  return {
    req,
    query: url.searchParams,
    params: match.params,
    delimiter: delimiterOf(url.searchParams),
    access,
    pageSize,
    answerCompression,
    database: () => (database ??= selectDatabase()),
    body,
    jsonBody: async (options) => {
      const bytes = await body(MAX_JSON_BYTES)
      if (bytes.length === 0 && options?.allowEmpty === true) return {}
      if (bytes.length === 0) throw invalidRequest('This operation needs a JSON request body (at least `{}`).')
      checkJsonContentType(req.headers['content-type'], bytes.length)
      const parsed = parseJsonObject(bytes)
      checkBodyId(parsed, match.params['id'], delimiterOf(url.searchParams))
      return parsed
    }
  }
}

/** Refuses a body whose `id` names another object than the path's `{id}` (the spec sends both). */
function checkBodyId(body: Record<string, unknown>, pathId: string | undefined, delimiter: string): void {
  const id = body['id']
  if (id === undefined || id === null || pathId === undefined) return
  if (!Array.isArray(id) || !id.every((part) => typeof part === 'string')) throw invalidRequest('"id" must be a list of names.')
  const fromPath = pathId === delimiter ? [] : pathId.split(delimiter)
  if (id.length !== fromPath.length || id.some((part, i) => part !== fromPath[i])) {
    throw invalidRequest(`The body's "id" (${JSON.stringify(id)}) names another object than the path (${JSON.stringify(fromPath)}).`)
  }
}

function splitPath(pathname: string): string[] {
  const trimmed = pathname.replace(/\/+$/, '')
  return trimmed.split('/').slice(1)
}

function matchPattern(pattern: string, segments: readonly string[]): Record<string, string> | null {
  const parts = pattern.split('/').slice(1)
  if (parts.length !== segments.length) return null
  const params: Record<string, string> = {}
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] as string
    const segment = segments[i] as string
    if (part.startsWith(':')) {
      if (segment === '') return null
      params[part.slice(1)] = decodeSegment(segment)
    } else if (part !== segment) {
      return null
    }
  }
  return params
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    throw invalidRequest(`The path segment "${segment}" is not valid percent-encoding.`)
  }
}
