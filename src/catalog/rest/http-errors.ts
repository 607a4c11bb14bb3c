/**
 * Turns what a REST catalog (or whatever sits in front of it) answers into `CatalogError`s
 * a person can act on. Servers differ: the spec's `{ error, code }` body, RFC 7807
 * problem documents, framework defaults such as `{ "detail": "Not Found" }`, or an HTML
 * page from a proxy. Every path ends in a message that names the HTTP status.
 */
import { CatalogError, errorCodeFromLance, type ErrorCode, type ErrorDetails } from '../../shared/errors'

/** What the caller knows about a request, so a bare status can still name the right thing. */
export interface ErrorContext {
  readonly method: string
  readonly url: string
  /** `host:port`, for network messages. */
  readonly target: string
  /** The object the request is about, e.g. `namespace "a$b"`, for bare 404/409 answers. */
  readonly subject?: string
  /** The object a bare 409 is about when it differs from `subject` (a rename's new name). */
  readonly conflictSubject?: string
  /** Our code for a 404 without a Lance error code (the route decides what was missing). */
  readonly notFound?: ErrorCode
  /** Our code for a 409 without a Lance error code. */
  readonly conflict?: ErrorCode
  /**
   * Our code for Lance code 14 (ConcurrentModification), on routes where losing to a
   * concurrent writer means the object now exists (creates): whatever the HTTP status.
   */
  readonly lostRace?: ErrorCode
  /** Removes secret values from text that came from the server. */
  readonly scrub: (text: string) => string
}

/** The parts of a response the error mapping looks at. */
export interface ErrorResponseParts {
  readonly status: number
  readonly contentType: string | undefined
  readonly body: Uint8Array
}

interface ServerText {
  readonly message: string | undefined
  readonly lanceCode: number | undefined
  readonly kind: 'lance' | 'problem' | 'json' | 'text' | 'html' | 'empty'
  readonly extra: Readonly<Record<string, string>>
}

const SNIPPET_LIMIT = 200

/** The spec's Lance error code for an optimistic-concurrency conflict. */
const CONCURRENT_MODIFICATION = 14

/** True when a body carries the spec's numeric Lance error code: such a 404 is an answer, not a missing route. */
export function hasLanceErrorCode(body: Uint8Array): boolean {
  return readServerText(body, 'application/json').lanceCode !== undefined
}

/** Maps a non-2xx response to a `CatalogError`, preferring the server's own words and code. */
export function errorFromResponse(response: ErrorResponseParts, context: ErrorContext): CatalogError {
  const { status } = response
  const text = readServerText(response.body, response.contentType)
  const serverMessage = text.message === undefined ? undefined : context.scrub(text.message)
  const lanceMapped =
    text.lanceCode === undefined
      ? undefined
      : text.lanceCode === CONCURRENT_MODIFICATION && context.lostRace
        ? context.lostRace
        : errorCodeFromLance(text.lanceCode)
  // 406 is the spec's Unsupported Operation, whatever code its body carries.
  const code = status === 406 ? 'unsupported' : (lanceMapped ?? codeForStatus(status, context))
  const details: ErrorDetails = {
    status,
    method: context.method,
    url: context.url,
    ...(text.lanceCode !== undefined ? { lanceCode: text.lanceCode } : {}),
    ...(serverMessage !== undefined ? { serverMessage } : {}),
    ...mapValues(text.extra, context.scrub)
  }
  return new CatalogError(code, composeMessage(status, code, text.kind, serverMessage, context), details)
}

function composeMessage(status: number, code: ErrorCode, kind: ServerText['kind'], serverMessage: string | undefined, context: ErrorContext): string {
  // The spec's and RFC 7807's messages are written for people; credentials problems still
  // get our advice first, since "forbidden" alone does not say where to fix it.
  const authProblem = status === 401 || status === 403
  if (serverMessage && (kind === 'lance' || kind === 'problem') && !authProblem) return serverMessage
  const base = statusMessage(status, code, context)
  if (!serverMessage) return base
  const origin = kind === 'html' ? ' (in an HTML page, probably from a proxy or gateway in front of the catalog)' : ''
  return `${base} The server said${origin}: "${serverMessage}"`
}

function statusMessage(status: number, code: ErrorCode, context: ErrorContext): string {
  const subject = context.subject ?? 'The requested object'
  switch (status) {
    case 400:
      return 'The server rejected the request as invalid (HTTP 400).'
    case 401:
      return 'The server rejected the credentials (HTTP 401): check the API key or token.'
    case 403:
      return 'The server refused access (HTTP 403): these credentials do not allow this operation.'
    case 404:
      if (code === 'namespace_not_found' || code === 'table_not_found') return `${capitalise(subject)} was not found (HTTP 404).`
      return `The server has no ${context.method} ${pathOf(context.url)} route (HTTP 404): check that the uri points at a Lance REST catalog, including any base path.`
    case 405:
      return `The server does not accept ${context.method} ${pathOf(context.url)} (HTTP 405): it may not be a Lance REST catalog.`
    case 406:
      return `The catalog does not support this operation (${context.method} ${pathOf(context.url)} answered HTTP 406 Unsupported Operation).`
    case 409:
      if (code === 'namespace_exists' || code === 'table_exists') return `${capitalise(context.conflictSubject ?? subject)} already exists (HTTP 409).`
      if (code === 'namespace_not_empty') return `${capitalise(subject)} is not empty (HTTP 409).`
      return 'The request conflicts with the current state of the catalog (HTTP 409): refresh and try again.'
    case 413:
      return 'The request is too large for the server (HTTP 413).'
    case 429:
      return 'The server is throttling requests (HTTP 429): wait a moment and try again.'
    case 502:
      return 'A gateway in front of the catalog got no valid answer from it (HTTP 502): try again later.'
    case 503:
      return 'The catalog is unavailable (HTTP 503): try again later.'
    case 504:
      return 'A gateway in front of the catalog timed out waiting for it (HTTP 504): try again later.'
    default:
      if (status >= 500) return `The server failed with HTTP ${status}${reasonSuffix(status)}.`
      return `The server rejected the request with HTTP ${status}${reasonSuffix(status)}.`
  }
}

/** Our code for a status when the body carries no (known) Lance code. */
export function codeForStatus(status: number, context: Pick<ErrorContext, 'notFound' | 'conflict'>): ErrorCode {
  if (status === 401) return 'unauthenticated'
  if (status === 403) return 'permission_denied'
  if (status === 404) return context.notFound ?? 'unsupported'
  if (status === 405 || status === 406 || status === 501) return 'unsupported'
  if (status === 409) return context.conflict ?? 'invalid_request'
  if (status === 429) return 'throttled'
  if (status === 502 || status === 503 || status === 504) return 'unavailable'
  if (status >= 500) return 'server_error'
  if (status >= 400) return 'invalid_request'
  return 'bad_response'
}

function readServerText(body: Uint8Array, contentType: string | undefined): ServerText {
  const raw = Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8').trim()
  if (raw.length === 0) return { message: undefined, lanceCode: undefined, kind: 'empty', extra: {} }
  if (raw.startsWith('{')) {
    const parsed = parseJsonObject(raw)
    if (parsed) return fromJsonBody(parsed)
  }
  const html = /html/i.test(contentType ?? '') || /^<(!doctype|html|head|body|\?xml)/i.test(raw)
  return { message: firstLine(html ? stripHtml(raw) : raw), lanceCode: undefined, kind: html ? 'html' : 'text', extra: {} }
}

function fromJsonBody(body: Record<string, unknown>): ServerText {
  const code = body['code']
  const lanceCode = typeof code === 'number' && Number.isInteger(code) && code >= 0 ? code : undefined
  const error = stringField(body['error']) ?? nestedMessage(body['error'])
  const detail = stringField(body['detail'])
  const title = stringField(body['title'])
  if (lanceCode !== undefined) {
    const extra: Record<string, string> = detail && detail !== error ? { serverDetail: clip(detail, 2000) } : {}
    return { message: clip(error ?? detail ?? title ?? '', 1000) || undefined, lanceCode, kind: 'lance', extra }
  }
  if (title !== undefined && ('type' in body || 'status' in body)) {
    const message = detail && detail !== title ? `${title}: ${detail}` : title
    const type = stringField(body['type'])
    return { message: clip(message, 1000), lanceCode: undefined, kind: 'problem', extra: type ? { problemType: type } : {} }
  }
  const message = error ?? stringField(body['message']) ?? detail ?? title ?? stringField(body['error_description'])
  return { message: message === undefined ? undefined : clip(message, 1000), lanceCode: undefined, kind: 'json', extra: {} }
}

function parseJsonObject(raw: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(raw)
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined
  } catch {
    return undefined
  }
}

function stringField(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim().length > 0 ? value.trim() : undefined
}

function nestedMessage(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object') return undefined
  return stringField((value as Record<string, unknown>)['message'])
}

/** The most characters of an HTML page read for its first line of text. */
const HTML_READ_LIMIT = 64_000

/**
 * Drops scripts, styles, comments and tags and decodes the common entities, leaving
 * readable lines. One pass over the page (cut to HTML_READ_LIMIT): each character is read
 * once, whatever a hostile page holds (a megabyte of unclosed tags, say).
 */
export function stripHtml(html: string): string {
  const page = html.length <= HTML_READ_LIMIT ? html : html.slice(0, HTML_READ_LIMIT)
  const lower = page.toLowerCase()
  let text = ''
  let at = 0
  while (at < page.length) {
    const open = page.indexOf('<', at)
    // A "<" with no ">" after it is no tag, and neither is any later one.
    const close = open === -1 ? -1 : page.indexOf('>', open)
    if (close === -1) {
      text += page.slice(at)
      break
    }
    text += `${page.slice(at, open)}\n`
    at = skipElement(page, lower, open, close)
  }
  return text
    .replace(/&nbsp;/gi, ' ')
    .replace(/&lt;/gi, '<')
    .replace(/&gt;/gi, '>')
    .replace(/&quot;/gi, '"')
    .replace(/&#39;|&apos;/gi, "'")
    .replace(/&amp;/gi, '&')
}

/** Where reading goes on after the tag at `open` (its first ">" at `close`): past a comment, script or style whole. */
function skipElement(page: string, lower: string, open: number, close: number): number {
  if (lower.startsWith('<!--', open)) {
    const end = page.indexOf('-->', open + 4)
    return end === -1 ? page.length : end + 3
  }
  const element = /^<(script|style)[\s>/]/.exec(lower.slice(open, open + 8))?.[1]
  if (element !== undefined) {
    const end = lower.indexOf(`</${element}`, close)
    if (end === -1) return page.length
    const endClose = page.indexOf('>', end)
    return endClose === -1 ? page.length : endClose + 1
  }
  return close + 1
}

/** The first non-empty line, whitespace collapsed and cut to a readable length. */
export function firstLine(text: string): string | undefined {
  for (const line of text.split(/\r?\n/)) {
    const collapsed = line.replace(/\s+/g, ' ').trim()
    if (collapsed.length > 0) return clip(collapsed, SNIPPET_LIMIT)
  }
  return undefined
}

function clip(text: string, limit: number): string {
  return text.length <= limit ? text : `${text.slice(0, limit - 1)}…`
}

function reasonSuffix(status: number): string {
  const reason = REASONS[status]
  return reason ? ` (${reason})` : ''
}

const REASONS: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout'
}

function pathOf(url: string): string {
  try {
    return new URL(url).pathname
  } catch {
    return url
  }
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

function mapValues(record: Readonly<Record<string, string>>, fn: (value: string) => string): Record<string, string> {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, fn(value)]))
}

/** What the network mapping needs to name the place and the limits in its messages. */
export interface NetworkContext {
  readonly method: string
  readonly url: string
  readonly target: string
  readonly hostname: string
  readonly connectTimeoutMs: number
  readonly headersTimeoutMs: number
  readonly bodyTimeoutMs: number
  readonly scrub: (text: string) => string
}

const CERTIFICATE_REASONS: Readonly<Record<string, string>> = {
  CERT_HAS_EXPIRED: 'its certificate has expired',
  CERT_NOT_YET_VALID: 'its certificate is not valid yet (check this computer’s clock)',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'its certificate is self-signed and this computer does not trust it',
  SELF_SIGNED_CERT_IN_CHAIN: 'its certificate chain ends in a self-signed certificate this computer does not trust',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'its certificate is not signed by an authority this computer trusts',
  UNABLE_TO_GET_ISSUER_CERT: 'its certificate is not signed by an authority this computer trusts',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'its certificate is not signed by an authority this computer trusts',
  CERT_REVOKED: 'its certificate has been revoked',
  CERT_UNTRUSTED: 'its certificate is not trusted',
  CERT_SIGNATURE_FAILURE: 'its certificate signature is invalid',
  ERR_TLS_CERT_ALTNAME_INVALID: 'its certificate is not issued for this host name',
  HOSTNAME_MISMATCH: 'its certificate is not issued for this host name',
  ERR_SSL_WRONG_VERSION_NUMBER: 'it does not speak TLS on this port (should the uri start with http:// instead of https://?)'
}

/** Maps a failure below HTTP (DNS, TCP, TLS, timeouts, aborts) to a `CatalogError`. */
export function errorFromNetwork(error: unknown, context: NetworkContext): CatalogError {
  if (error instanceof CatalogError) return error
  const code = errorCode(error)
  const details: ErrorDetails = { method: context.method, url: context.url, ...(code ? { cause: code } : {}) }
  const where = context.target
  if (isAbort(error, code)) return new CatalogError('cancelled', 'The request was cancelled.', details)
  switch (code) {
    case 'ECONNREFUSED':
      return new CatalogError(
        'unreachable',
        `Could not connect to ${where}: the connection was refused. Is the server running, and is the port right?`,
        details
      )
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new CatalogError('unreachable', `Could not find the host "${context.hostname}" (${where}): check the uri and the network connection.`, details)
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
    case 'EADDRNOTAVAIL':
      return new CatalogError('unreachable', `${where} cannot be reached from this computer (${code}).`, details)
    case 'ECONNRESET':
    case 'EPIPE':
    case 'UND_ERR_SOCKET':
      return new CatalogError('unreachable', `The connection to ${where} was closed before the server answered.`, details)
    case 'ETIMEDOUT':
    case 'UND_ERR_CONNECT_TIMEOUT':
      return new CatalogError('timeout', `Connecting to ${where} timed out after ${seconds(context.connectTimeoutMs)}.`, details)
    case 'UND_ERR_HEADERS_TIMEOUT':
      return new CatalogError('timeout', `${where} did not answer within ${seconds(context.headersTimeoutMs)}.`, details)
    case 'UND_ERR_BODY_TIMEOUT':
      return new CatalogError('timeout', `${where} stopped sending its answer for more than ${seconds(context.bodyTimeoutMs)}.`, details)
    case 'UND_ERR_DESTROYED':
    case 'UND_ERR_CLOSED':
      return new CatalogError('cancelled', 'The connection was closed while the request was under way.', details)
    default:
      break
  }
  if (code && isTlsCode(code)) {
    const reason = CERTIFICATE_REASONS[code] ?? `the secure connection could not be set up (${code})`
    return new CatalogError('unreachable', `The TLS connection to ${where} failed: ${reason}.`, details)
  }
  const message = error instanceof Error ? error.message : String(error)
  return new CatalogError('unreachable', `The request to ${where} failed: ${context.scrub(message)}`, details)
}

function errorCode(error: unknown): string | undefined {
  // Node and undici put the code on the error or, when wrapped, on its cause.
  for (let current: unknown = error, depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string') return code
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}

function isAbort(error: unknown, code: string | undefined): boolean {
  return code === 'UND_ERR_ABORTED' || code === 'ABORT_ERR' || (error instanceof Error && error.name === 'AbortError')
}

/** True for Node/undici error codes that mean the TLS handshake or certificate failed. */
export function isTlsCode(code: string): boolean {
  return code in CERTIFICATE_REASONS || code.startsWith('ERR_TLS_') || code.startsWith('ERR_SSL_') || code === 'EPROTO' || code.includes('CERT')
}

function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(2))} s`
}
