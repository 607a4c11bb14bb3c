/**
 * Turns what an HTTP step saw (a status, or a failure below HTTP) into a verdict and a
 * sentence that says what to do. The wording leads with the cause a person recognises
 * ("Key or token invalid") and follows with the facts and the advice.
 */
import type { TestVerdict, TestedKind } from '../../shared/connection-test'
import { CatalogError } from '../../shared/errors'
import { isTlsCode } from '../../catalog/rest/http-errors'

/** A verdict with its explanation and, when the server said something, its words. */
export interface Judgement {
  readonly verdict: TestVerdict
  readonly message: string
  readonly serverMessage?: string
}

/** What a step was about, so a bare status can be explained in context. */
export interface StepContext {
  readonly kind: TestedKind
  /** `write` for the Enterprise write probe: a 403 there means a read-only key. */
  readonly purpose: 'read' | 'write'
  /** The x-service-database header value, if any: a 404 then most likely means a wrong name. */
  readonly database?: string
  readonly databasePrefix?: string
}

/** Explains a non-2xx status; `serverMessage` is the server's own text, already scrubbed of secrets. */
export function judgeStatus(status: number, context: StepContext, serverMessage?: string): Judgement {
  const said = serverMessage ? { serverMessage } : {}
  if (status === 401) {
    return {
      verdict: 'unauthenticated',
      message: 'Key or token invalid (HTTP 401): the server did not accept the credentials. Check the API key or token, and that it belongs to this endpoint.',
      ...said
    }
  }
  if (status === 403) {
    const message =
      context.purpose === 'write'
        ? 'Write denied (HTTP 403): the key is valid but not allowed to write, e.g. a read-only key. Browsing works; creating or changing tables will not.'
        : 'Valid but not allowed (HTTP 403): the server accepted the credentials but refused this request, e.g. a key without access to this catalog.'
    return { verdict: 'forbidden', message, ...said }
  }
  if (status === 404) return { verdict: 'not_found', message: notFoundMessage(context), ...said }
  if (status >= 500) {
    const words = serverMessage ? ` It said: "${serverMessage}"` : ' It gave no reason.'
    return {
      verdict: 'server_error',
      message: `Server problem (HTTP ${status}): the server failed while answering.${words} Try again later or ask its operator.`,
      ...said
    }
  }
  if (status === 429) {
    return { verdict: 'failed', message: 'Throttled (HTTP 429): the server asks for fewer requests. Wait a moment and test again.', ...said }
  }
  const words = serverMessage ? ` It said: "${serverMessage}"` : ''
  return { verdict: 'failed', message: `The server rejected the request (HTTP ${status}).${words}`, ...said }
}

function notFoundMessage(context: StepContext): string {
  if (context.kind === 'enterprise' && context.database !== undefined) {
    const prefix = context.databasePrefix === undefined ? '' : ` and the database prefix "${context.databasePrefix}"`
    return `Not found (HTTP 404): check the database name "${context.database}"${prefix}; the endpoint answered but has no such database.`
  }
  if (context.kind === 'enterprise') {
    return 'Not found (HTTP 404): the endpoint has no /v1/tables route. Check the URI; with a private endpoint or a host override, also set the database.'
  }
  return 'Not found (HTTP 404): the server has no Lance REST namespace route here. Check the URI, including any base path.'
}

/** Explains a failure below HTTP (DNS, refused connection, TLS, timeout) or a settings problem. */
export function judgeFailure(error: unknown): Judgement {
  if (!(error instanceof CatalogError)) {
    return { verdict: 'failed', message: `The test could not run: ${error instanceof Error ? error.message : String(error)}` }
  }
  const cause = typeof error.details?.cause === 'string' ? error.details.cause : undefined
  const named = byCause(cause, typeof error.details?.url === 'string' ? error.details.url : undefined)
  if (named) return named
  if (cause !== undefined && isTlsCode(cause)) {
    return { verdict: 'certificate', message: `Certificate problem: ${error.message} Check the endpoint's certificate.` }
  }
  switch (error.code) {
    case 'unreachable':
      return { verdict: 'unreachable', message: `Endpoint unreachable: ${error.message} Check the URI and the network.` }
    case 'timeout':
      return { verdict: 'timeout', message: `Timed out: ${error.message} The endpoint may be down, or a firewall may drop the traffic.` }
    case 'invalid_request':
    case 'invalid_name':
      return { verdict: 'failed', message: `The settings cannot be used: ${error.message}` }
    case 'bad_response':
      return { verdict: 'bad_response', message: error.message }
    default:
      return { verdict: 'failed', message: error.message }
  }
}

/**
 * The failures a person meets most (a typo in the host, a server not started, https:// on
 * a plain HTTP port), each named with one cause and one remedy, in place of the transport's
 * own wording (which carries its own hint).
 */
function byCause(cause: string | undefined, url: string | undefined): Judgement | undefined {
  const address = url === undefined ? undefined : safeUrl(url)
  const host = address?.hostname ?? 'the host'
  const hostPort = address ? `${address.hostname}:${address.port || (address.protocol === 'https:' ? '443' : '80')}` : 'the endpoint'
  switch (cause) {
    case 'ENOTFOUND':
      return { verdict: 'host_not_found', message: `Host name not found: no computer is known by the name "${host}". Check the host name in the URI.` }
    case 'EAI_AGAIN':
      return {
        verdict: 'host_not_found',
        message: `Host name not found: the name server did not answer for "${host}". Check this computer's network connection.`
      }
    case 'ECONNREFUSED':
      return {
        verdict: 'refused',
        message: `Connection refused: nothing accepts connections on ${hostPort}. Check that the catalog server is running and that the port in the URI is right.`
      }
    case 'ERR_SSL_WRONG_VERSION_NUMBER':
      return {
        verdict: 'tls_mismatch',
        message: `Not a TLS port: ${hostPort} answers in plain HTTP, not HTTPS. Start the URI with http:// instead of https://.`
      }
    default:
      return undefined
  }
}

function safeUrl(url: string): URL | undefined {
  try {
    return new URL(url)
  } catch {
    return undefined
  }
}
