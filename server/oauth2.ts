/**
 * OAuth2 for the reference server: the client-credentials grant of RFC 6749 (section 4.4)
 * at `POST /oauth/token`, the spec's `tokenUrl`, issuing bearer tokens that the catalog
 * routes then accept until they expire. Clients authenticate with HTTP Basic or with
 * `client_id`/`client_secret` in the form body (one of them, as section 2.3.1 says).
 * Answers and errors are the RFC's JSON (`access_token`, `token_type`, `expires_in`;
 * `error`, `error_description`). Every token issued is logged, so tests can count them.
 */
import { randomBytes, createHash, timingSafeEqual } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { readBody, type Reply } from './http-io'

/** The path of the token endpoint: the spec's `tokenUrl`. */
export const TOKEN_PATH = '/oauth/token'

/** A client allowed to get tokens. */
export interface OAuth2Client {
  readonly id: string
  readonly secret: string
}

/** How the server issues tokens. */
export interface OAuth2Options {
  readonly clients: readonly OAuth2Client[]
  /** How long a token is accepted, in milliseconds (an hour by default). */
  readonly tokenLifetimeMs?: number
  /** Gets one line per token issued; the server's request log when left out. */
  readonly log?: (line: string) => void
  /** Gets each token issued (never logged), for tests that check where tokens end up. */
  readonly onToken?: (token: string) => void
}

/** What a presented bearer token is to the issuer. */
export type TokenState = 'valid' | 'expired' | 'unknown'

/** The default token lifetime: one hour, as many identity providers issue. */
export const DEFAULT_TOKEN_LIFETIME_MS = 3_600_000
const MAX_FORM_BYTES = 16 * 1024

/** Parses `ID:SECRET` (the secret may hold colons; the ID may not). */
export function parseOAuth2Client(spec: string): OAuth2Client {
  const colon = spec.indexOf(':')
  const id = colon === -1 ? '' : spec.slice(0, colon)
  const secret = colon === -1 ? '' : spec.slice(colon + 1)
  if (id === '' || secret === '') throw new RangeError(`"${spec.includes(':') ? `${id}:…` : spec}" must be ID:SECRET, both non-empty.`)
  if (/\s/.test(id) || /\s/.test(secret)) throw new RangeError('An OAuth2 client ID or secret cannot contain whitespace.')
  return { id, secret }
}

/** Issues tokens at the token endpoint and says whether a presented one is still good. */
export class TokenIssuer {
  readonly #clients: readonly OAuth2Client[]
  readonly #lifetimeMs: number
  readonly #log: (line: string) => void
  readonly #onToken: ((token: string) => void) | undefined
  readonly #tokens = new Map<string, { readonly client: string; readonly expiresAt: number }>()
  #issued = 0

  constructor(options: OAuth2Options, log: (line: string) => void = () => undefined) {
    if (options.clients.length === 0) throw new RangeError('OAuth2 needs at least one client (ID:SECRET).')
    const lifetime = options.tokenLifetimeMs ?? DEFAULT_TOKEN_LIFETIME_MS
    if (!Number.isSafeInteger(lifetime) || lifetime < 1000) throw new RangeError(`The token lifetime must be at least 1 second, not ${lifetime} ms.`)
    this.#clients = options.clients
    this.#lifetimeMs = lifetime
    this.#log = log
    this.#onToken = options.onToken
  }

  /** How many tokens were issued so far. */
  get issued(): number {
    return this.#issued
  }

  /** Whether `token` was issued here and has not expired. */
  check(token: string): TokenState {
    const entry = this.#tokens.get(token)
    if (!entry) return 'unknown'
    return Date.now() < entry.expiresAt ? 'valid' : 'expired'
  }

  /** Answers one request to the token endpoint. */
  async handle(req: IncomingMessage): Promise<Reply> {
    if (req.method !== 'POST') return oauthError(405, 'invalid_request', 'The token endpoint takes POST requests only.')
    const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase()
    if (type !== 'application/x-www-form-urlencoded') {
      return oauthError(400, 'invalid_request', 'Send the token request as application/x-www-form-urlencoded (RFC 6749 section 4.4.2).')
    }
    let form: URLSearchParams
    try {
      form = new URLSearchParams((await readBody(req, MAX_FORM_BYTES)).toString('utf8'))
    } catch {
      return oauthError(400, 'invalid_request', `The token request body is larger than ${MAX_FORM_BYTES} bytes.`)
    }
    const basic = basicCredentials(req.headers.authorization)
    const inForm = form.has('client_id') || form.has('client_secret')
    if (basic === 'malformed') return oauthError(401, 'invalid_client', 'The Authorization header is not valid HTTP Basic client authentication.', true)
    if (basic && inForm) return oauthError(400, 'invalid_request', 'Authenticate the client one way only: HTTP Basic or the form body, not both.')
    const presented = basic ?? { id: form.get('client_id') ?? '', secret: form.get('client_secret') ?? '' }
    if (presented.id === '') return oauthError(401, 'invalid_client', 'No client authentication: send HTTP Basic or client_id and client_secret.', true)
    const client = this.#clients.find((c) => c.id === presented.id && sameSecret(c.secret, presented.secret))
    if (!client) return oauthError(401, 'invalid_client', 'Unknown client or wrong client secret.', basic !== null)
    const grant = form.get('grant_type')
    if (grant !== 'client_credentials') {
      return oauthError(
        400,
        grant ? 'unsupported_grant_type' : 'invalid_request',
        grant ? `The grant type "${grant}" is not offered; use client_credentials.` : 'The request has no grant_type.'
      )
    }
    return this.#issue(client, form.get('scope'), basic ? 'basic' : 'form')
  }

  #issue(client: OAuth2Client, scope: string | null, how: 'basic' | 'form'): Reply {
    const now = Date.now()
    for (const [token, entry] of this.#tokens) if (entry.expiresAt <= now - this.#lifetimeMs) this.#tokens.delete(token)
    const token = randomBytes(24).toString('base64url')
    this.#tokens.set(token, { client: client.id, expiresAt: now + this.#lifetimeMs })
    this.#issued++
    const seconds = Math.round(this.#lifetimeMs / 1000)
    const at = new Date(now + this.#lifetimeMs).toISOString()
    this.#log(`oauth2: issued token #${this.#issued} to client "${client.id}" (${how} client authentication), expires in ${seconds} s (at ${at})`)
    this.#onToken?.(token)
    const body = { access_token: token, token_type: 'Bearer', expires_in: seconds, ...(scope ? { scope } : {}) }
    return { kind: 'json', status: 200, body, headers: NO_STORE }
  }
}

const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' }

function oauthError(status: number, error: string, description: string, basicChallenge = false): Reply {
  const headers = basicChallenge ? { ...NO_STORE, 'www-authenticate': 'Basic realm="oauth"' } : NO_STORE
  return { kind: 'json', status, body: { error, error_description: description }, headers }
}

// RFC 6749 2.3.1: the ID and secret are form-encoded before they are joined and base64-encoded.
function basicCredentials(header: string | undefined): OAuth2Client | null | 'malformed' {
  if (header === undefined) return null
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header)
  if (!match) return 'malformed'
  const decoded = Buffer.from(match[1] as string, 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  if (colon === -1) return 'malformed'
  try {
    return { id: formDecode(decoded.slice(0, colon)), secret: formDecode(decoded.slice(colon + 1)) }
  } catch {
    return 'malformed'
  }
}

function formDecode(text: string): string {
  return decodeURIComponent(text.replaceAll('+', ' '))
}

function sameSecret(expected: string, presented: string): boolean {
  const digest = (value: string): Buffer => createHash('sha256').update(value, 'utf8').digest()
  return timingSafeEqual(digest(expected), digest(presented))
}
