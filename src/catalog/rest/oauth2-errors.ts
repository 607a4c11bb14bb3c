/**
 * The errors of the OAuth2 token step: each message says that getting a token failed,
 * from which endpoint, why (in RFC 6749's terms where the endpoint used them), and what
 * to check in the profile. Never holds the client secret.
 */
import { CatalogError, type ErrorCode, type ErrorDetails } from '../../shared/errors'

/** A token-step failure: `Getting an OAuth2 token from <url> failed: <reason>`. */
export function tokenStepError(code: ErrorCode, url: string, reason: string, details: ErrorDetails = {}): CatalogError {
  return new CatalogError(code, `Getting an OAuth2 token from ${url} failed: ${reason}`, { ...details, step: 'oauth2_token', url })
}

/** The error for a non-2xx answer of the token endpoint, read as RFC 6749 section 5.2 describes. */
export function tokenEndpointError(
  status: number,
  body: string,
  url: string,
  settings: { readonly clientId: string; readonly scope: string },
  scrub: (text: string) => string
): CatalogError {
  const { error, description } = readOAuthError(body)
  const said = description ?? error
  const details: ErrorDetails = { status, ...(error ? { oauthError: error } : {}), ...(said ? { serverMessage: scrub(said) } : {}) }
  const fail = (code: ErrorCode, reason: string): CatalogError => tokenStepError(code, url, reason, details)
  if (error === 'invalid_client' || status === 401) {
    const what = error ? `HTTP ${status} ${error}` : `HTTP ${status}`
    return fail(
      'unauthenticated',
      `the token endpoint refused the client credentials (${what}). Check the Client ID ("${settings.clientId}") and the Client secret.`
    )
  }
  if (error === 'invalid_scope') return fail('permission_denied', `the token endpoint refused the scopes "${settings.scope}" (invalid_scope). Check Scopes.`)
  if (error === 'unauthorized_client') {
    return fail(
      'permission_denied',
      `the client "${settings.clientId}" may not use the client credentials grant (unauthorized_client). Ask the identity provider's administrator.`
    )
  }
  if (error === 'unsupported_grant_type') return fail('unsupported', 'the endpoint does not offer the client credentials grant (unsupported_grant_type).')
  if (status === 404 || status === 405) return fail('bad_response', `nothing answers token requests there (HTTP ${status}). Check the Token URL.`)
  if (status >= 500) return fail('server_error', `the token endpoint failed (HTTP ${status})${said ? `: "${scrub(said)}"` : ''}. Try again later.`)
  const words = said ? ` It said: "${scrub(said)}".` : ''
  return fail('bad_response', `the token endpoint answered HTTP ${status}.${words}`)
}

function readOAuthError(body: string): { error?: string; description?: string } {
  try {
    const value = JSON.parse(body) as Record<string, unknown>
    const error = typeof value['error'] === 'string' ? value['error'] : undefined
    const description = typeof value['error_description'] === 'string' ? value['error_description'] : undefined
    return { ...(error ? { error } : {}), ...(description ? { description: description.slice(0, 500) } : {}) }
  } catch {
    return {}
  }
}
