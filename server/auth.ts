/**
 * Credentials for the reference server: API keys (`x-api-key`) and bearer tokens
 * (`Authorization: Bearer`), each with read or write access. With none configured the
 * server is open to everyone with write access.
 */
import { createHash, timingSafeEqual } from 'node:crypto'
import type { IncomingHttpHeaders } from 'node:http'
import { CatalogError } from '../src/shared/errors'
import type { TokenIssuer } from './oauth2'

/** What a caller may do. */
export type Access = 'read' | 'write'

/** One accepted secret and the access it grants. */
export interface Grant {
  readonly secret: string
  readonly access: Access
}

/** The server's accepted credentials. */
export interface AuthConfig {
  readonly apiKeys: readonly Grant[]
  readonly bearerTokens: readonly Grant[]
  /** Tokens issued at `POST /oauth/token` (write access while they last). */
  readonly oauth2?: TokenIssuer
}

/**
 * Parses `SECRET`, `SECRET:read` or `SECRET:write` (write is the default). Only those two
 * exact suffixes are split off, so secrets that contain other colons stay whole.
 */
export function parseGrant(spec: string): Grant {
  const match = /^(.*):(read|write)$/.exec(spec)
  const secret = match ? (match[1] as string) : spec
  const access: Access = match ? (match[2] as Access) : 'write'
  if (secret.length === 0) throw new RangeError(`"${spec}" has no secret before the access suffix.`)
  if (/[\s]/.test(secret)) throw new RangeError('A credential cannot contain whitespace.')
  return { secret, access }
}

/** True when the server asks for credentials at all. */
export function authRequired(config: AuthConfig): boolean {
  return config.apiKeys.length > 0 || config.bearerTokens.length > 0 || config.oauth2 !== undefined
}

/**
 * The access the request's credentials grant. Throws `unauthenticated` (401) when
 * credentials are required and none, or no valid ones, were sent.
 */
export function authenticate(config: AuthConfig, headers: IncomingHttpHeaders): Access {
  if (!authRequired(config)) return 'write'
  const apiKey = singleHeader(headers['x-api-key'])
  const bearer = bearerToken(singleHeader(headers.authorization))
  if (apiKey === null && bearer === null) {
    throw new CatalogError('unauthenticated', 'This catalog server needs credentials: send "x-api-key: <key>" or "Authorization: Bearer <token>".')
  }
  const grants: Grant[] = []
  if (apiKey !== null) grants.push(...matching(config.apiKeys, apiKey))
  if (bearer !== null) grants.push(...matching(config.bearerTokens, bearer))
  const issued = bearer === null || !config.oauth2 ? 'unknown' : config.oauth2.check(bearer)
  if (issued === 'valid') grants.push({ secret: '', access: 'write' })
  if (grants.length === 0 && issued === 'expired') {
    throw new CatalogError('unauthenticated', 'The bearer token has expired: get a new one from POST /oauth/token.')
  }
  if (grants.length === 0) {
    const what = apiKey !== null && bearer !== null ? 'API key and bearer token are' : apiKey !== null ? 'API key is' : 'bearer token is'
    throw new CatalogError('unauthenticated', `The ${what} not valid for this catalog server.`)
  }
  return grants.some((grant) => grant.access === 'write') ? 'write' : 'read'
}

/** Throws `permission_denied` (403) unless `access` allows writing. */
export function requireWrite(access: Access, operation: string): void {
  if (access === 'write') return
  throw new CatalogError('permission_denied', `These credentials are read-only, so they cannot ${operation}. Use a key with write access.`)
}

function matching(grants: readonly Grant[], presented: string): Grant[] {
  // Compare digests so the comparison takes the same time whatever the secret's length.
  const digest = sha256(presented)
  return grants.filter((grant) => timingSafeEqual(sha256(grant.secret), digest))
}

function sha256(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest()
}

function singleHeader(value: string | string[] | undefined): string | null {
  const first = Array.isArray(value) ? value[0] : value
  return first === undefined || first.trim() === '' ? null : first.trim()
}

function bearerToken(authorization: string | null): string | null {
  if (authorization === null) return null
  const match = /^Bearer\s+(\S+)$/i.exec(authorization)
  // Any other scheme counts as "a credential was sent" but can never match.
  return match ? (match[1] as string) : authorization
}
