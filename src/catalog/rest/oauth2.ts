/**
 * OAuth2 client credentials (RFC 6749 section 4.4), the spec's `OAuth2` security scheme:
 * a token source that POSTs `grant_type=client_credentials` to the token endpoint and
 * hands out `Bearer` tokens. The client authenticates with HTTP Basic or with
 * `client_id`/`client_secret` in the form body, whichever the endpoint accepts (Basic
 * first; the other on a 401 or a 400 `invalid_client`, and what worked is remembered).
 * A token is kept until shortly before it expires (`expires_in`), callers waiting at the
 * same time share one fetch, and a token the catalog refused is dropped so the next call
 * fetches a new one. Failures are CatalogErrors whose message says it was the token step.
 */
import { Pool } from 'undici'
import { CatalogError } from '../../shared/errors'
import { scrubSecrets } from '../../shared/connection-policy'
import { errorFromNetwork } from './http-errors'
import { tokenEndpointError, tokenStepError } from './oauth2-errors'
import type { HttpTimeouts } from './http'
import type { BearerTokens } from './bearer-tokens'
import { untilAborted } from '../until-aborted'

/** The OAuth2 settings of a connection, as rest-config reads them. */
export interface OAuth2Settings {
  readonly tokenUrl: URL
  readonly clientId: string
  readonly clientSecret: string
  /** Space-separated scopes; empty sends none. */
  readonly scope: string
}

/** How the client proves who it is to the token endpoint. */
export type ClientAuthMethod = 'basic' | 'form'

/** A fetched token, as the connection test reports it. */
export interface FetchedToken {
  readonly accessToken: string
  /** Seconds the endpoint says the token lives, or null when it did not say. */
  readonly expiresInSeconds: number | null
  readonly method: ClientAuthMethod
  readonly status: number
}

/** Tuning of the token source. */
export interface TokenSourceOptions {
  readonly timeouts?: Partial<HttpTimeouts>
  /** Told every secret the client comes to hold (issued tokens, the relay's key), so the host can mask it wherever it might be quoted. */
  readonly rememberSecret?: (value: string) => void
  /** The clock, in milliseconds; tests move it instead of waiting. */
  readonly now?: () => number
}

const DEFAULT_TIMEOUTS: HttpTimeouts = { connectMs: 10_000, headersMs: 30_000, bodyMs: 30_000 }
/** The most a token answer may hold. */
const MAX_TOKEN_BYTES = 64 * 1024
/** A token is renewed this long before it expires, at most... */
const MAX_REFRESH_MARGIN_MS = 30_000
/** ...and at most this share of its lifetime, so short-lived tokens are still used. */
const REFRESH_MARGIN_SHARE = 0.1

interface Cached {
  readonly token: string
  /** When to stop handing it out (a margin before it expires); Infinity when no expiry was given. */
  readonly renewAt: number
}

/** Fetches and caches client-credentials tokens for one connection. */
export class OAuth2TokenSource implements BearerTokens {
  readonly #settings: OAuth2Settings
  readonly #timeouts: HttpTimeouts
  readonly #now: () => number
  readonly #pool: Pool
  #method: ClientAuthMethod | null = null
  #cached: Cached | null = null
  #pending: Promise<string> | null = null
  readonly #issued = new Set<string>()

  constructor(
    settings: OAuth2Settings,
    private readonly options: TokenSourceOptions = {}
  ) {
    this.#settings = settings
    this.#timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts }
    this.#now = options.now ?? Date.now
    this.#pool = new Pool(settings.tokenUrl.origin, {
      connections: 2,
      connect: { timeout: this.#timeouts.connectMs },
      headersTimeout: this.#timeouts.headersMs,
      bodyTimeout: this.#timeouts.bodyMs
    })
  }

  /** The token endpoint, for messages. */
  get tokenUrl(): string {
    return this.#settings.tokenUrl.href
  }

  /** The client authentication that worked last, or null before the first token. */
  get method(): ClientAuthMethod | null {
    return this.#method
  }

  async token(signal?: AbortSignal): Promise<string> {
    const cached = this.#cached
    if (cached && this.#now() < cached.renewAt) return cached.token
    // One fetch for everyone who asks meanwhile; a caller's cancel does not cancel it for the others.
    this.#pending ??= this.fetchToken().then(
      (fetched) => {
        this.#pending = null
        return fetched.accessToken
      },
      (error: unknown) => {
        this.#pending = null
        throw error
      }
    )
    return untilAborted(this.#pending, signal, 'The request was cancelled.')
  }

  invalidate(token: string): void {
    if (this.#cached?.token === token) this.#cached = null
  }

  secrets(): readonly string[] {
    return [this.#settings.clientSecret, ...this.#issued].filter((value) => value.length >= 4)
  }

  /** Fetches a new token now (and caches it), trying the other client authentication if the first is refused. */
  async fetchToken(): Promise<FetchedToken> {
    const first = this.#method ?? 'basic'
    let answer = await this.#post(first)
    // Only while we do not know yet what the endpoint accepts: once known, a refusal is the credentials'.
    if (this.#method === null && refusedClient(answer)) {
      const second = await this.#post(first === 'basic' ? 'form' : 'basic')
      // When both are refused, the first answer explains it.
      if (!refusedClient(second)) answer = second
    }
    const fetched = this.#read(answer)
    this.#method = answer.method
    const lifetimeMs = fetched.expiresInSeconds === null ? null : fetched.expiresInSeconds * 1000
    const margin = lifetimeMs === null ? 0 : Math.min(MAX_REFRESH_MARGIN_MS, lifetimeMs * REFRESH_MARGIN_SHARE)
    this.#cached = { token: fetched.accessToken, renewAt: lifetimeMs === null ? Infinity : this.#now() + lifetimeMs - margin }
    this.#issued.add(fetched.accessToken)
    this.options.rememberSecret?.(fetched.accessToken)
    return fetched
  }

  async close(): Promise<void> {
    if (!this.#pool.destroyed) await this.#pool.destroy()
  }

  async #post(method: ClientAuthMethod): Promise<TokenAnswer> {
    const { tokenUrl, clientId, clientSecret, scope } = this.#settings
    const form = new URLSearchParams({ grant_type: 'client_credentials' })
    if (scope.trim() !== '') form.set('scope', scope.trim())
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' }
    if (method === 'basic') {
      // RFC 6749 2.3.1: both parts form-encoded, then joined with ":" and base64-encoded.
      headers['authorization'] = `Basic ${Buffer.from(`${formEncode(clientId)}:${formEncode(clientSecret)}`).toString('base64')}`
    } else {
      form.set('client_id', clientId)
      form.set('client_secret', clientSecret)
    }
    try {
      const response = await this.#pool.request({
        method: 'POST',
        path: tokenUrl.pathname + tokenUrl.search,
        headers,
        body: form.toString()
      })
      const chunks: Buffer[] = []
      let size = 0
      for await (const chunk of response.body) {
        size += (chunk as Buffer).length
        if (size > MAX_TOKEN_BYTES) {
          response.body.destroy()
          throw tokenStepError('bad_response', tokenUrl.href, `its answer is larger than ${MAX_TOKEN_BYTES / 1024} KiB, which no token answer is.`)
        }
        chunks.push(chunk as Buffer)
      }
      return { status: response.statusCode, method, body: Buffer.concat(chunks).toString('utf8') }
    } catch (error) {
      if (error instanceof CatalogError) throw error
      const network = errorFromNetwork(error, {
        method: 'POST',
        url: tokenUrl.href,
        target: tokenUrl.host,
        hostname: tokenUrl.hostname,
        connectTimeoutMs: this.#timeouts.connectMs,
        headersTimeoutMs: this.#timeouts.headersMs,
        bodyTimeoutMs: this.#timeouts.bodyMs,
        scrub: (text) => scrubSecrets(text, this.secrets())
      })
      throw tokenStepError(network.code, tokenUrl.href, network.message, network.details)
    }
  }

  #read(answer: TokenAnswer): FetchedToken {
    const url = this.#settings.tokenUrl.href
    const scrub = (text: string): string => scrubSecrets(text, [this.#settings.clientSecret])
    if (answer.status < 200 || answer.status >= 300) throw tokenEndpointError(answer.status, answer.body, url, this.#settings, scrub)
    let body: unknown
    try {
      body = JSON.parse(answer.body)
    } catch {
      throw tokenStepError('bad_response', url, `the answer (HTTP ${answer.status}) is not JSON, so it holds no token. Is the Token URL right?`, {
        status: answer.status
      })
    }
    const fields = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {}
    const accessToken = fields['access_token']
    if (typeof accessToken !== 'string' || accessToken.trim() === '' || /[\s]/.test(accessToken)) {
      throw tokenStepError('bad_response', url, `the answer (HTTP ${answer.status}) has no usable "access_token".`, { status: answer.status })
    }
    const type = fields['token_type']
    if (typeof type === 'string' && type.toLowerCase() !== 'bearer') {
      throw tokenStepError('unsupported', url, `it issued a "${type}" token; this app can only send Bearer tokens.`, { status: answer.status })
    }
    return { accessToken, expiresInSeconds: expiresIn(fields['expires_in']), method: answer.method, status: answer.status }
  }
}

/** One answer of the token endpoint, kept as text until judged. */
interface TokenAnswer {
  readonly status: number
  readonly method: ClientAuthMethod
  readonly body: string
}

// RFC 6749 5.2: a client the endpoint does not accept is answered 401, or 400 `invalid_client`.
function refusedClient(answer: TokenAnswer): boolean {
  if (answer.status === 401) return true
  if (answer.status !== 400) return false
  try {
    return (JSON.parse(answer.body) as { error?: unknown }).error === 'invalid_client'
  } catch {
    return false
  }
}

// `expires_in` is seconds, a number (some endpoints send a numeric string); anything else means "no expiry given".
function expiresIn(value: unknown): number | null {
  const seconds = typeof value === 'string' && /^\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : value
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? seconds : null
}

// application/x-www-form-urlencoded, as RFC 6749 appendix B asks for Basic's two parts.
function formEncode(value: string): string {
  return new URLSearchParams({ v: value }).toString().slice(2)
}
