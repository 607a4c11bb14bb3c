/**
 * OAuth2 client credentials for REST connections, the spec's `OAuth2` security scheme
 * (flow `clientCredentials`, `tokenUrl: /oauth/token` relative to the catalog). A
 * connection uses it when its properties hold `oauth2.client_id`; the client secret is a
 * secret like `x-api-key`: kept in the secret store, never in the profile file, and only
 * ever sent to the token endpoint it was saved for. Pure TypeScript.
 */

/** The properties of the OAuth2 settings. */
export const OAUTH2_PROPERTIES = {
  tokenUrl: 'oauth2.token_url',
  clientId: 'oauth2.client_id',
  clientSecret: 'oauth2.client_secret',
  scope: 'oauth2.scope'
} as const

/** The spec's token URL, relative to the catalog URI (its base path included). */
export const DEFAULT_TOKEN_PATH = '/oauth/token'

/** True when a property map asks for OAuth2 client credentials. */
export function usesOAuth2(properties: Readonly<Record<string, string>>): boolean {
  return properties[OAUTH2_PROPERTIES.clientId] !== undefined
}

/** True for the property that holds the client secret. */
export function isOAuth2Secret(key: string): boolean {
  return key === OAUTH2_PROPERTIES.clientSecret
}

/**
 * The token endpoint for a catalog URI and a Token URL setting: an absolute http(s) URL as
 * it is; empty, the spec's `/oauth/token`, or any path starting with `/`, under the
 * catalog URI (after its base path, as the catalog's routes are). Null when either cannot
 * be read.
 */
export function tokenEndpoint(catalogUri: string, tokenUrl: string | undefined): URL | null {
  const setting = (tokenUrl ?? '').trim()
  if (setting !== '' && !setting.startsWith('/')) {
    if (!URL.canParse(setting)) return null
    const url = new URL(setting)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null
  }
  const base = catalogUri.trim()
  if (!URL.canParse(base)) return null
  const url = new URL(base)
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
  const path = setting === '' ? DEFAULT_TOKEN_PATH : setting
  url.pathname = url.pathname.replace(/\/+$/, '') + path
  url.search = ''
  url.hash = ''
  return url
}

/**
 * The token endpoint's origin when it differs from the catalog's (an identity provider
 * elsewhere), else null: secrets are then bound to both origins.
 */
export function separateTokenOrigin(properties: Readonly<Record<string, string>>): string | null {
  if (!usesOAuth2(properties)) return null
  const catalog = URL.canParse((properties['uri'] ?? '').trim()) ? new URL((properties['uri'] ?? '').trim()).origin : null
  const token = tokenEndpoint(properties['uri'] ?? '', properties[OAUTH2_PROPERTIES.tokenUrl])?.origin ?? null
  return token !== null && token !== catalog ? token : null
}

/** Why a Token URL setting cannot be used, or null. */
export function tokenUrlProblem(tokenUrl: string): string | null {
  const value = tokenUrl.trim()
  if (value === '' || value.startsWith('/')) {
    return /[?#\s]/.test(value) ? 'A token path cannot hold "?", "#" or spaces.' : null
  }
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(value)?.[1]?.toLowerCase()
  if (scheme !== 'http' && scheme !== 'https') {
    return 'Write the token URL as https://auth.example.com/oauth/token, or a path such as /oauth/token on the catalog; leave it empty for the spec’s /oauth/token.'
  }
  if (!URL.canParse(value) || /^https?:\/\/(?:[/?#]|$)/i.test(value)) return `"${value}" is not a valid URL: it needs a host.`
  const url = new URL(value)
  if (url.username || url.password) return 'The token URL must not contain a user name or password: use Client ID and Client secret.'
  if (url.hash) return 'The token URL must not have a fragment (the part after "#").'
  return null
}

/** Problems with a draft's OAuth2 properties, keyed `property:<key>`; none without OAuth2. */
export function oauth2PropertyErrors(properties: Readonly<Record<string, string>>): Record<string, string> {
  if (!usesOAuth2(properties)) return {}
  const errors: Record<string, string> = {}
  const tokenUrl = tokenUrlProblem(properties[OAUTH2_PROPERTIES.tokenUrl] ?? '')
  if (tokenUrl) errors[`property:${OAUTH2_PROPERTIES.tokenUrl}`] = tokenUrl
  const clientId = (properties[OAUTH2_PROPERTIES.clientId] ?? '').trim()
  if (clientId === '') errors[`property:${OAUTH2_PROPERTIES.clientId}`] = 'Enter the client ID the token endpoint knows this app by.'
  for (const key of Object.values(OAUTH2_PROPERTIES)) {
    if (/[\r\n\0]/.test(properties[key] ?? '')) errors[`property:${key}`] = 'This value cannot contain a line break or NUL character.'
  }
  return errors
}

/** Header rows that clash with OAuth2 (it sends the token as Authorization), keyed `header:<index>:name`. */
export function oauth2HeaderErrors(properties: Readonly<Record<string, string>>, headers: readonly { readonly name: string }[]): Record<string, string> {
  if (!usesOAuth2(properties)) return {}
  const errors: Record<string, string> = {}
  headers.forEach((header, i) => {
    if (header.name.trim().toLowerCase() === 'authorization') {
      errors[`header:${i}:name`] = 'OAuth2 client credentials send their token as Authorization: remove this header.'
    }
  })
  return errors
}
