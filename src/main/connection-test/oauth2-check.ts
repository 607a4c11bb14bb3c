/**
 * The token step of "Test connection" for a REST profile with OAuth2 client credentials:
 * one `grant_type=client_credentials` request to the token endpoint, through the same
 * token source browsing uses (so the catalog steps then use that token), reported with
 * the client authentication that worked and, when it fails, what to check.
 */
import type { ConnectionTestStep } from '../../shared/connection-test'
import { MASK_PREFIX } from '../../shared/connection-policy'
import { CatalogError } from '../../shared/errors'
import type { OAuth2TokenSource } from '../../catalog/rest/oauth2'
import { elapsed } from './dir-check'
import { judgeFailure, type Judgement } from './verdicts'

/** The step's title, naming the endpoint. */
export function tokenStepTitle(tokenUrl: string): string {
  return `Get an OAuth2 token from ${tokenUrl}`
}

/** Gets a token and reports the step; the source keeps the token for the steps after it. */
export async function tokenStep(source: OAuth2TokenSource, clientId: string): Promise<ConnectionTestStep> {
  const title = tokenStepTitle(source.tokenUrl)
  const started = performance.now()
  try {
    const fetched = await source.fetchToken()
    const how = fetched.method === 'basic' ? 'HTTP Basic' : 'client_id and client_secret in the form body'
    const expiry = fetched.expiresInSeconds === null ? 'no expiry given' : `expires in ${Math.round(fetched.expiresInSeconds)} s`
    return {
      title,
      request: requestShown(source.tokenUrl, fetched.method),
      status: fetched.status,
      latencyMs: elapsed(started),
      verdict: 'ok',
      message: `Got a token (client "${clientId}" authenticated with ${how}; ${expiry}). The catalog steps below send it as Authorization: Bearer.`
    }
  } catch (error) {
    const status = error instanceof CatalogError && typeof error.details?.status === 'number' ? { status: error.details.status } : {}
    return { title, request: requestShown(source.tokenUrl, source.method ?? 'basic'), ...status, latencyMs: elapsed(started), ...judgeToken(error, clientId) }
  }
}

function requestShown(url: string, method: 'basic' | 'form'): NonNullable<ConnectionTestStep['request']> {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' }
  if (method === 'basic') headers['authorization'] = `Basic ${MASK_PREFIX}`
  return { method: 'POST', url, headers }
}

function judgeToken(error: unknown, clientId: string): Judgement {
  if (!(error instanceof CatalogError)) return judgeFailure(error)
  const said = typeof error.details?.serverMessage === 'string' ? { serverMessage: error.details.serverMessage } : {}
  switch (error.code) {
    case 'unauthenticated':
      return {
        verdict: 'unauthenticated',
        message: `Client ID or secret wrong: the token endpoint refused the client credentials of "${clientId}" (with HTTP Basic and in the form body). The usual cause is a wrong Client secret: enter the one issued for this client at this token endpoint. ${error.message}`,
        ...said
      }
    case 'permission_denied':
      return { verdict: 'forbidden', message: `The token endpoint knows the client but refused the request. ${error.message}`, ...said }
    case 'server_error':
      return { verdict: 'server_error', message: error.message, ...said }
    case 'bad_response':
    case 'unsupported':
      return { verdict: 'bad_response', message: `${error.message} Check the Token URL.`, ...said }
    default:
      return { ...judgeFailure(error), ...said }
  }
}
