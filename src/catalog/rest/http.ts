/**
 * The HTTP transport of the REST namespace: one keep-alive undici `Pool` per connection,
 * with timeouts, cancellation, bounded retries of reads, a response size cap, redirect
 * and trailing-slash tolerance, and error mapping that never leaks a secret header.
 */
import type { IncomingHttpHeaders } from 'node:http'
import { Pool } from 'undici'
import { CatalogError, type ErrorCode } from '../../shared/errors'
import { assertNever } from '../../shared/assert-never'
import { ExchangeError, exchange, type BodySink } from './http-exchange'
import { errorFromNetwork, errorFromResponse, hasLanceErrorCode, type NetworkContext } from './http-errors'
import { queryString, scrubSecrets, secretValues, type QueryValues } from '../../shared/connection-policy'
import type { BearerTokens } from './bearer-tokens'
import { parseExactJson, stringifyExactJson } from './json-values'

/** How long to wait for a connection, for response headers, and between body chunks. */
export interface HttpTimeouts {
  readonly connectMs: number
  readonly headersMs: number
  readonly bodyMs: number
}

/** Defaults sized for a remote catalog on an ordinary network. */
export const DEFAULT_TIMEOUTS: HttpTimeouts = { connectMs: 10_000, headersMs: 30_000, bodyMs: 30_000 }

/** The largest response we buffer: big enough for a page of rows, small enough not to sink the app. */
export const DEFAULT_MAX_BODY_BYTES = 64 * 1024 * 1024

/** Transport tuning; every field has a sane default. */
export interface HttpOptions {
  /** Header names (any case) whose values are secrets, besides Authorization and x-api-key. */
  readonly secretHeaders?: readonly string[]
  readonly timeouts?: Partial<HttpTimeouts>
  readonly maxBodyBytes?: number
  /** Retries of an idempotent read answered 429/503 or cut off by a dropped connection. */
  readonly maxRetries?: number
  /** Upper bound of one wait between retries, whatever Retry-After asks for. */
  readonly maxRetryWaitMs?: number
  /** First backoff step when the server gives no Retry-After. */
  readonly retryBaseDelayMs?: number
  /** Keep-alive sockets the pool may open to the server. */
  readonly connections?: number
  /**
   * OAuth2 tokens sent as `Authorization: Bearer`; a 401 drops the token and the request
   * is sent once more with a new one. The transport closes it.
   */
  readonly tokens?: BearerTokens
}

/** One request, relative to the connection's base URI. */
export interface HttpRequest {
  readonly method: 'GET' | 'POST'
  /** Already percent-encoded, starting with `/`, e.g. `/v1/namespace/%24/list`. */
  readonly path: string
  readonly query?: QueryValues
  /** A JSON body; mutually exclusive with `body`. */
  readonly json?: unknown
  readonly body?: Uint8Array
  readonly contentType?: string
  /** Reads (GET and POST reads such as describe or query) may be retried; writes never are. */
  readonly idempotent: boolean
  readonly signal?: AbortSignal
  /** What the request is about, e.g. `namespace "a$b"`, for messages about bare 404/409 answers. */
  readonly subject?: string
  /** What a bare 409 is about, when not `subject` (a rename's new name). */
  readonly conflictSubject?: string
  readonly notFound?: ErrorCode
  readonly conflict?: ErrorCode
  /** Our code for Lance code 14 (another writer got in first) on a create route: the object now exists. */
  readonly lostRace?: ErrorCode
  /** Makes a fresh sink for each attempt; a 2xx body then goes to it instead of `body`. */
  readonly sink?: () => BodySink
}

/** A buffered response. */
export interface HttpResponse {
  readonly status: number
  readonly headers: IncomingHttpHeaders
  readonly body: Buffer
  readonly url: string
  /** True when the request's sink stopped reading before the body ended. */
  readonly cut?: boolean
}

type SlashMode = 'unknown' | 'plain' | 'slash'
const REDIRECTS = new Set([301, 302, 303, 307, 308])
const MAX_REDIRECTS = 3

/** The transport for one connection. Safe to share between concurrent requests. */
export class HttpTransport {
  /** `host:port` of the server, for messages. */
  readonly target: string
  readonly #origin: string
  readonly #hostname: string
  readonly #basePath: string
  readonly #headers: Readonly<Record<string, string>>
  readonly #secrets: readonly string[]
  readonly #timeouts: HttpTimeouts
  readonly #maxBodyBytes: number
  readonly #maxRetries: number
  readonly #maxRetryWaitMs: number
  readonly #retryBaseDelayMs: number
  readonly #pool: Pool
  readonly #tokens: BearerTokens | undefined
  // Some servers route only `/v1/.../create/`. We learn which form works from the first
  // answers and then use it, so at most one extra request is ever spent on the question.
  #slashMode: SlashMode = 'unknown'

  constructor(baseUrl: URL, headers: Readonly<Record<string, string>>, options: HttpOptions = {}) {
    this.#origin = baseUrl.origin
    this.#hostname = baseUrl.hostname
    this.target = baseUrl.host.includes(':') ? baseUrl.host : `${baseUrl.host}:${baseUrl.protocol === 'https:' ? 443 : 80}`
    this.#basePath = baseUrl.pathname.replace(/\/+$/, '')
    this.#headers = headers
    this.#secrets = secretValues(headers, options.secretHeaders ?? [])
    this.#timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts }
    this.#maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES
    this.#maxRetries = options.maxRetries ?? 3
    this.#maxRetryWaitMs = options.maxRetryWaitMs ?? 10_000
    this.#retryBaseDelayMs = options.retryBaseDelayMs ?? 250
    this.#tokens = options.tokens
    this.#pool = new Pool(this.#origin, {
      connections: options.connections ?? 8,
      pipelining: 1,
      connect: { timeout: this.#timeouts.connectMs },
      headersTimeout: this.#timeouts.headersMs,
      bodyTimeout: this.#timeouts.bodyMs
    })
  }

  /** Sends a request and answers any final status; throws only for network-level failures. */
  async send(request: HttpRequest): Promise<HttpResponse> {
    const body = request.json === undefined ? request.body : Buffer.from(stringifyExactJson(request.json))
    const contentType = request.json === undefined ? request.contentType : 'application/json'
    const query = queryString(request.query)
    let path = this.#basePath + request.path
    if (this.#slashMode === 'slash' && !path.endsWith('/')) path += '/'
    let retries = 0
    let redirects = 0
    let plainAnswer: HttpResponse | undefined
    let renewedToken = false
    for (;;) {
      let response: HttpResponse
      // A token error is the token step's and is thrown as it is.
      const token = this.#tokens ? await this.#tokens.token(request.signal) : undefined
      try {
        response = await this.#attempt(request, path + query, body, contentType, token)
      } catch (error) {
        if (request.idempotent && retries < this.#maxRetries && isDroppedConnection(error)) {
          await sleep(this.#backoff(retries++), request.signal)
          continue
        }
        throw error
      }
      const { status } = response
      // The token may have expired early or been revoked: one new token, one more try. A
      // refused credential means the request was not carried out, so even a write may go again.
      if (status === 401 && token !== undefined && !renewedToken) {
        renewedToken = true
        this.#tokens?.invalidate(token)
        continue
      }
      if (REDIRECTS.has(status) && typeof response.headers.location === 'string') {
        path = this.#redirectTarget(response, request.method, path, ++redirects)
        continue
      }
      if ((status === 429 || status === 503) && request.idempotent && retries < this.#maxRetries) {
        const wait = retryAfterMs(response.headers['retry-after']) ?? this.#backoff(retries)
        retries++
        await sleep(Math.min(wait, this.#maxRetryWaitMs), request.signal)
        continue
      }
      // A 404/405 without a Lance error body may be a router that only knows the
      // trailing-slash form; a request that was not routed did nothing, so even a write
      // may be sent again.
      const unrouted = (status === 404 || status === 405) && !hasLanceErrorCode(response.body)
      if (unrouted && this.#slashMode === 'unknown' && !plainAnswer && !path.endsWith('/')) {
        plainAnswer = response
        path += '/'
        continue
      }
      if (status >= 200 && status < 300 && this.#slashMode === 'unknown') this.#slashMode = plainAnswer ? 'slash' : 'plain'
      // When the slash form is no better, the first answer is the one to report.
      return plainAnswer && unrouted ? plainAnswer : response
    }
  }

  /** Sends a request and throws a `CatalogError` for any status outside 2xx. */
  async request(request: HttpRequest): Promise<HttpResponse> {
    const response = await this.send(request)
    if (response.status >= 200 && response.status < 300) return response
    throw this.errorFor(response, request)
  }

  /** Sends a request and parses the JSON answer (an empty body is `undefined`). */
  async json(request: HttpRequest): Promise<unknown> {
    const response = await this.request(request)
    return response.body.length === 0 ? undefined : parseJson(response.body.toString('utf8'), `${request.method} ${request.path}`)
  }

  /** The typed error for a non-2xx response, as `request` would throw it. */
  errorFor(response: HttpResponse, request: HttpRequest): CatalogError {
    const contentType = response.headers['content-type']
    return errorFromResponse(
      { status: response.status, contentType: typeof contentType === 'string' ? contentType : undefined, body: response.body },
      {
        method: request.method,
        url: response.url,
        target: this.target,
        ...(request.subject !== undefined ? { subject: request.subject } : {}),
        ...(request.conflictSubject !== undefined ? { conflictSubject: request.conflictSubject } : {}),
        ...(request.notFound !== undefined ? { notFound: request.notFound } : {}),
        ...(request.conflict !== undefined ? { conflict: request.conflict } : {}),
        ...(request.lostRace !== undefined ? { lostRace: request.lostRace } : {}),
        scrub: this.scrub
      }
    )
  }

  /** Replaces every secret header value found in `text` with its masked form. */
  readonly scrub = (text: string): string =>
    scrubSecrets(text, this.#tokens ? [...this.#secrets, ...this.#tokens.secrets()].sort((a, b) => b.length - a.length) : this.#secrets)

  /** Closes the pool at once, failing any request still under way. */
  async close(): Promise<void> {
    if (!this.#pool.destroyed) await this.#pool.destroy()
    await this.#tokens?.close()
  }

  async #attempt(
    request: HttpRequest,
    pathAndQuery: string,
    body: Uint8Array | undefined,
    contentType: string | undefined,
    token: string | undefined
  ): Promise<HttpResponse> {
    const url = this.#origin + pathAndQuery
    const withToken = token === undefined ? this.#headers : { ...this.#headers, authorization: `Bearer ${token}` }
    const headers = contentType ? { ...withToken, 'content-type': contentType } : withToken
    try {
      const response = await exchange(this.#pool, {
        method: request.method,
        path: pathAndQuery,
        headers,
        body,
        signal: request.signal,
        headersTimeoutMs: this.#timeouts.headersMs,
        bodyTimeoutMs: this.#timeouts.bodyMs,
        maxBodyBytes: this.#maxBodyBytes,
        ...(request.sink ? { sink: request.sink() } : {})
      })
      return { ...response, url }
    } catch (error) {
      const context: NetworkContext = {
        method: request.method,
        url,
        target: this.target,
        hostname: this.#hostname,
        connectTimeoutMs: this.#timeouts.connectMs,
        headersTimeoutMs: this.#timeouts.headersMs,
        bodyTimeoutMs: this.#timeouts.bodyMs,
        scrub: this.scrub
      }
      if (!(error instanceof ExchangeError)) throw errorFromNetwork(error, context)
      switch (error.failure.kind) {
        case 'cancelled':
          // Whatever reason the caller aborted with, to the caller it is a cancellation.
          throw new CatalogError('cancelled', 'The request was cancelled.', { method: context.method, url: context.url })
        case 'headers-timeout':
          throw errorFromNetwork(Object.assign(new Error('headers timeout'), { code: 'UND_ERR_HEADERS_TIMEOUT' }), context)
        case 'too-large':
          throw this.#tooLarge(request)
        case 'network':
          throw errorFromNetwork(error.failure.error, context)
        default:
          return assertNever(error.failure)
      }
    }
  }

  #tooLarge(request: HttpRequest): CatalogError {
    const limit = `${Math.round((this.#maxBodyBytes / (1024 * 1024)) * 10) / 10} MiB`
    return new CatalogError(
      'bad_response',
      `The server's answer to ${request.method} ${request.path} is larger than the ${limit} limit: ask for fewer rows or columns.`,
      { method: request.method, limitBytes: this.#maxBodyBytes }
    )
  }

  #redirectTarget(response: HttpResponse, method: string, path: string, count: number): string {
    const location = new URL(String(response.headers.location), response.url)
    if (location.origin !== this.#origin) {
      // Following would send the credentials to another site.
      throw new CatalogError('bad_response', `The server redirected ${method} ${path} to ${location.origin}: set the connection's uri to that address.`, {
        status: response.status,
        url: response.url
      })
    }
    if (count > MAX_REDIRECTS) {
      throw new CatalogError('bad_response', `The server redirected ${method} ${path} too many times.`, { status: response.status, url: response.url })
    }
    if (location.pathname === `${path}/`) this.#slashMode = 'slash'
    return location.pathname
  }

  #backoff(retry: number): number {
    return this.#retryBaseDelayMs * 2 ** retry
  }
}

/** Parses a JSON answer, turning a syntax error into a `bad_response` that names the request. */
export function parseJson(text: string, what: string): unknown {
  try {
    // Integers past 2^53 (versions, counts, sizes) come back as bigints, exact.
    return parseExactJson(text)
  } catch {
    throw new CatalogError('bad_response', `The server's answer to ${what} is not valid JSON.`)
  }
}

/** Milliseconds a Retry-After header asks for (seconds or an HTTP date), or undefined. */
export function retryAfterMs(header: string | string[] | undefined, now: number = Date.now()): number | undefined {
  const value = Array.isArray(header) ? header[0] : header
  if (value === undefined || value.trim() === '') return undefined
  if (/^\s*\d+(\.\d+)?\s*$/.test(value)) return Math.round(Number(value) * 1000)
  const date = Date.parse(value)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}

function isDroppedConnection(error: unknown): boolean {
  const cause = error instanceof CatalogError ? error.details?.cause : undefined
  return cause === 'ECONNRESET' || cause === 'EPIPE' || cause === 'UND_ERR_SOCKET'
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new CatalogError('cancelled', 'The request was cancelled.'))
    const onAbort = (): void => {
      clearTimeout(timer)
      reject(new CatalogError('cancelled', 'The request was cancelled.'))
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}
