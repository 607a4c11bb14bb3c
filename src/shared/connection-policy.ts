/**
 * The connection policy, in one place: how connect properties name HTTP headers, which
 * headers hold secrets, how secrets are masked and scrubbed from text, how query strings
 * are written, and which origin a URI's secrets belong to. The profile editor, the
 * profile store, the REST transport and the connection test all go through it, so a
 * secret is recognised and hidden the same way everywhere. Pure TypeScript.
 */
import { objectStoreOrigin } from './storage-options'
import { separateTokenOrigin } from './oauth2'

/** The property prefix that turns a property into an HTTP header on a `rest` connection. */
export const HEADER_PROPERTY_PREFIX = 'headers.'

/** The property key that carries header `name` (`x-api-key` -> `headers.x-api-key`). */
export function headerProperty(name: string): string {
  return HEADER_PROPERTY_PREFIX + name
}

/** The header a property key names, or null for a property that is no header. */
export function headerNameOf(key: string): string | null {
  return key.startsWith(HEADER_PROPERTY_PREFIX) ? key.slice(HEADER_PROPERTY_PREFIX.length) : null
}

/** The header rows of a property map, in property order (`headers.x-api-key` -> `x-api-key`). */
export function headerEntries(properties: Readonly<Record<string, string>>): Array<[name: string, value: string]> {
  return Object.entries(properties).flatMap(([key, value]): Array<[string, string]> => {
    const name = headerNameOf(key)
    return name === null ? [] : [[name, value]]
  })
}

/** The non-header properties of a property map. */
export function plainProperties(properties: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(properties).filter(([key]) => headerNameOf(key) === null))
}

/** Header names whose values are secrets wherever they appear (lower case). */
export const ALWAYS_SECRET_HEADERS: readonly string[] = ['authorization', 'x-api-key']

/** True for Authorization and x-api-key (any case) and for any header in `marked` (any case). */
export function isSecretHeader(name: string, marked: readonly string[] = []): boolean {
  const lower = name.toLowerCase()
  return ALWAYS_SECRET_HEADERS.includes(lower) || marked.some((m) => m.toLowerCase() === lower)
}

/** The prefix every mask starts with. */
export const MASK_PREFIX = '••••'

/** Secrets shorter than this are masked whole: showing 4 characters would give most of them away. */
const MIN_LENGTH_TO_SHOW_TAIL = 12

/**
 * The form a secret is shown in everywhere (editor, reports, logs, errors): `••••` plus
 * its last 4 characters so people can tell keys apart, or `••••` alone for short values.
 */
export function maskSecret(value: string): string {
  const chars = [...value]
  return chars.length < MIN_LENGTH_TO_SHOW_TAIL ? MASK_PREFIX : MASK_PREFIX + chars.slice(-4).join('')
}

/** True when `value` has the form of a mask, which the editor sends back to mean "unchanged". */
export function looksLikeMask(value: string): boolean {
  return value.startsWith(MASK_PREFIX) && [...value].length <= MASK_PREFIX.length + 4
}

/** A copy of `headers` with the values of Authorization, x-api-key and `marked` masked. */
export function maskHeaders(headers: Readonly<Record<string, string>>, marked: readonly string[] = []): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, isSecretHeader(name, marked) ? maskSecret(value) : value]))
}

/** The secret values among `headers` (always-secret and `marked` ones), longest first, ready for `scrubSecrets`. */
export function secretValues(headers: Readonly<Record<string, string>>, marked: readonly string[] = []): string[] {
  const values = new Set<string>()
  for (const [name, value] of Object.entries(headers)) {
    if (!isSecretHeader(name, marked)) continue
    // Servers echo a bearer token without its scheme, so mask both forms.
    for (const candidate of [value, value.replace(/^\s*\S+\s+/, '')]) if (candidate.trim().length >= 4) values.add(candidate.trim())
  }
  // Longest first, so a value is masked whole before a shorter one can split it.
  return [...values].sort((a, b) => b.length - a.length)
}

/** Replaces every occurrence of each secret in `text` (a server's echo, an error) with its masked form. */
export function scrubSecrets(text: string, secrets: readonly string[]): string {
  return secrets.reduce((result, secret) => result.split(secret).join(maskSecret(secret)), text)
}

/** Query values; `undefined`, `null` and empty strings are left out. */
export type QueryValues = Readonly<Record<string, string | number | boolean | null | undefined>>

/** `?key=value&...` with both sides percent-encoded, or `''` when no value is left. */
export function queryString(query: QueryValues | undefined): string {
  const parts = Object.entries(query ?? {}).flatMap(([key, value]) =>
    value === undefined || value === null || value === '' ? [] : [`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`]
  )
  return parts.length > 0 ? `?${parts.join('&')}` : ''
}

/**
 * The origin (scheme, host, port) of an http(s) URI, or null for anything else. Default
 * ports are dropped, so `https://h` and `https://h:443` are one origin.
 */
export function uriOrigin(uri: string): string | null {
  const text = uri.trim()
  if (!URL.canParse(text)) return null
  const { protocol, origin } = new URL(text)
  return protocol === 'http:' || protocol === 'https:' ? origin : null
}

/**
 * The origin a profile's secrets are bound to: they are only ever sent there. For a REST
 * profile its URI's origin (followed by the OAuth2 token endpoint's origin when that is
 * another server); for a dir profile on an object store its bucket and endpoint. Null
 * for a local folder or a URI that is not http(s).
 */
export function endpointOrigin(profile: { readonly connectType: string; readonly properties: Readonly<Record<string, string>> }): string | null {
  if (profile.connectType === 'dir') return objectStoreOrigin(profile.properties)
  const origin = profile.connectType === 'rest' ? uriOrigin(profile.properties['uri'] ?? '') : null
  const token = origin === null ? null : separateTokenOrigin(profile.properties)
  return token === null ? origin : `${origin} ${token}`
}
