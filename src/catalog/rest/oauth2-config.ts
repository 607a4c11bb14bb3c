/**
 * Reads a `rest` connection's OAuth2 client-credentials properties (`oauth2.token_url`,
 * `oauth2.client_id`, `oauth2.client_secret`, `oauth2.scope`) into the token source's
 * settings. Problems are `invalid_request` errors that say what to fix, never echoing the
 * secret.
 */
import { CatalogError } from '../../shared/errors'
import { OAUTH2_PROPERTIES, tokenEndpoint, tokenUrlProblem, usesOAuth2 } from '../../shared/oauth2'
import type { OAuth2Settings } from './oauth2'

/** The OAuth2 settings of a connection, or undefined when it does not use OAuth2. */
export function parseOAuth2(properties: Readonly<Record<string, string>>, baseUrl: URL, headers: Readonly<Record<string, string>>): OAuth2Settings | undefined {
  if (!usesOAuth2(properties)) return undefined
  const setting = properties[OAUTH2_PROPERTIES.tokenUrl] ?? ''
  const problem = tokenUrlProblem(setting)
  const tokenUrl = problem ? null : tokenEndpoint(baseUrl.href, setting)
  if (tokenUrl === null) throw new CatalogError('invalid_request', `The OAuth2 token URL cannot be used: ${problem ?? `"${setting}" is not an http(s) URL.`}`)
  const clientId = (properties[OAUTH2_PROPERTIES.clientId] ?? '').trim()
  if (clientId === '')
    throw new CatalogError('invalid_request', 'OAuth2 needs a client ID (oauth2.client_id): enter the one the token endpoint knows this app by.')
  const clientSecret = properties[OAUTH2_PROPERTIES.clientSecret] ?? ''
  if (clientSecret === '') throw new CatalogError('unauthenticated', 'OAuth2 needs the client secret (oauth2.client_secret): enter it in the profile.')
  for (const [key, value] of Object.entries({ clientId, clientSecret, scope: properties[OAUTH2_PROPERTIES.scope] ?? '' })) {
    if (/[\r\n\0]/.test(value)) throw new CatalogError('invalid_request', `The OAuth2 ${key} contains a line break or NUL character.`)
  }
  if (Object.keys(headers).some((name) => name.toLowerCase() === 'authorization')) {
    throw new CatalogError('invalid_request', 'With OAuth2 the Authorization header carries the token it gets: remove the Authorization header.')
  }
  return { tokenUrl, clientId, clientSecret, scope: properties[OAUTH2_PROPERTIES.scope] ?? '' }
}
