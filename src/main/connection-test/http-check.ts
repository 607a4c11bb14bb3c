/**
 * The tests of REST and Enterprise catalogs, sent through the REST client's own transport
 * (so they see what browsing will see: same headers, TLS, timeouts and error mapping):
 * - rest: `GET /v1/namespace/{root}/list?limit=1`;
 * - enterprise: `GET /v1/tables?limit=1` (connectivity), then `POST /v1/tables/{probe}`
 *   without a body (write access; nothing is created).
 * Every step records method, URL and headers with secret values masked.
 */
import { randomBytes } from 'node:crypto'
import type { ConnectionTestStep, TestedKind } from '../../shared/connection-test'
import { maskHeaders, queryString } from '../../shared/connection-policy'
import { ENTERPRISE_HEADERS } from '../../shared/profile-types'
import { enterpriseRoutes } from '../../catalog/rest/enterprise'
import { HttpTransport, type HttpRequest, type HttpResponse, type HttpTimeouts } from '../../catalog/rest/http'
import { OAuth2TokenSource } from '../../catalog/rest/oauth2'
import { rememberSecret } from '../secrets/known-secrets'
import { tokenStep } from './oauth2-check'
import { PageTokenGuard } from '../../catalog/rest/pagination'
import { parseRestProperties } from '../../catalog/rest/rest-config'
import { dataAccessStep } from './data-access-check'
import { elapsed } from './dir-check'
import { judgeFailure, judgeStatus, type Judgement, type StepContext } from './verdicts'

/** Tuning of the HTTP tests. */
export interface HttpTestOptions {
  /** Header names (any case) the person marked secret, besides Authorization and x-api-key. */
  readonly secretHeaders?: readonly string[]
  readonly timeouts?: Partial<HttpTimeouts>
  /** The table name the write probe posts to; a random `lcb-write-probe-*` name by default. */
  readonly probeName?: string
}

/** Shorter than browsing's defaults: a test should answer while the person waits. */
const TEST_TIMEOUTS: HttpTimeouts = { connectMs: 5_000, headersMs: 10_000, bodyMs: 10_000 }

/** Runs the `rest` or `enterprise` checks against a connection's properties. */
export async function testHttp(
  properties: Readonly<Record<string, string>>,
  kind: Exclude<TestedKind, 'dir'>,
  options: HttpTestOptions = {}
): Promise<ConnectionTestStep[]> {
  let http: HttpTransport
  let headers: Readonly<Record<string, string>>
  let base: string
  let delimiter: string
  let tokens: OAuth2TokenSource | undefined
  let clientId = ''
  try {
    const config = parseRestProperties(properties)
    headers = config.headers
    delimiter = config.delimiter
    base = config.baseUrl.origin + config.baseUrl.pathname.replace(/\/+$/, '')
    const timeouts = { ...TEST_TIMEOUTS, ...options.timeouts }
    tokens = config.oauth2 ? new OAuth2TokenSource(config.oauth2, { timeouts, rememberSecret }) : undefined
    clientId = config.oauth2?.clientId ?? ''
    // No retries: the person should see the first answer, not wait through backoff.
    http = new HttpTransport(config.baseUrl, headers, {
      secretHeaders: options.secretHeaders ?? [],
      timeouts,
      maxRetries: 0,
      ...(tokens ? { tokens } : {})
    })
  } catch (error) {
    return [{ title: 'Connection settings', latencyMs: 0, ...judgeFailure(error) }]
  }
  // With OAuth2, the token comes first: without one, no catalog step can succeed.
  const tokenSteps = tokens ? [await tokenStep(tokens, clientId)] : []
  if (tokenSteps.some((step) => step.verdict !== 'ok')) {
    await http.close()
    return tokenSteps
  }
  const token = tokens ? await tokens.token() : undefined
  const shown = maskHeaders(token === undefined ? headers : { ...headers, authorization: `Bearer ${token}` }, options.secretHeaders ?? [])
  const header = (name: string): string | undefined => Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1]
  const context = (purpose: StepContext['purpose']): StepContext => ({
    kind,
    purpose,
    ...(header(ENTERPRISE_HEADERS.database) !== undefined ? { database: header(ENTERPRISE_HEADERS.database) } : {}),
    ...(header(ENTERPRISE_HEADERS.databasePrefix) !== undefined ? { databasePrefix: header(ENTERPRISE_HEADERS.databasePrefix) } : {})
  })
  const step = (title: string, request: HttpRequest, judgeOk: (response: HttpResponse) => Judgement, purpose: StepContext['purpose']) =>
    httpStep(http, { title, request, base, headers: shown, judgeOk, context: context(purpose) })

  try {
    if (kind === 'rest') {
      const root = encodeURIComponent(delimiter)
      const list: HttpRequest = { method: 'GET', path: `/v1/namespace/${root}/list`, query: { limit: 1 }, idempotent: true }
      const listed = await step('List root namespaces', list, judgeListing('namespaces'), 'read')
      return [...tokenSteps, ...(listed.verdict === 'ok' ? [listed, await dataAccessStep(http, delimiter, base, shown)] : [listed])]
    }
    const tables: HttpRequest = { method: 'GET', path: '/v1/tables', query: { limit: 1 }, idempotent: true }
    const connectivity = await step('Connectivity (list tables)', tables, judgeListing('tables'), 'read')
    if (connectivity.verdict !== 'ok') return [...tokenSteps, connectivity]
    return [...tokenSteps, connectivity, await writeProbe(http, options.probeName ?? randomProbeName(), base, shown, context('write'))]
  } finally {
    await http.close()
  }
}

interface StepSpec {
  readonly title: string
  readonly request: HttpRequest
  readonly base: string
  readonly headers: Readonly<Record<string, string>>
  readonly judgeOk: (response: HttpResponse) => Judgement
  readonly context: StepContext
}

async function httpStep(http: HttpTransport, spec: StepSpec): Promise<ConnectionTestStep> {
  const { request } = spec
  const planned = { method: request.method, url: spec.base + request.path + queryString(request.query), headers: spec.headers }
  const started = performance.now()
  try {
    const response = await http.send(request)
    const latencyMs = elapsed(started)
    const sent = { ...planned, url: response.url }
    if (response.status >= 200 && response.status < 300) {
      return { title: spec.title, request: sent, status: response.status, latencyMs, ...spec.judgeOk(response) }
    }
    const serverMessage = http.errorFor(response, request).details?.serverMessage
    return { title: spec.title, request: sent, status: response.status, latencyMs, ...judgeStatus(response.status, spec.context, serverMessage) }
  } catch (error) {
    return { title: spec.title, request: planned, latencyMs: elapsed(started), ...judgeFailure(error) }
  }
}

// The Enterprise client's own probe, so the test and the app agree on what "writable" means.
async function writeProbe(
  http: HttpTransport,
  probeName: string,
  base: string,
  headers: Readonly<Record<string, string>>,
  context: StepContext
): Promise<ConnectionTestStep> {
  const title = 'Write access (create without data)'
  const request = { method: 'POST', url: `${base}/v1/tables/${encodeURIComponent(probeName)}`, headers }
  const started = performance.now()
  try {
    const result = await enterpriseRoutes(http, new PageTokenGuard()).checkWriteAccess(probeName)
    const seen = { title, request, status: result.status, latencyMs: result.latencyMs }
    if (result.verdict === 'writable') {
      const how =
        result.status < 300 ? 'accepted a create request without data' : `checked the key and only objected to the missing data (HTTP ${result.status})`
      return { ...seen, verdict: 'ok', message: `Write access: the server ${how}, so this key may create tables. Nothing was created.` }
    }
    return { ...seen, ...judgeStatus(result.status, context, result.error?.details?.serverMessage) }
  } catch (error) {
    return { title, request, latencyMs: elapsed(started), ...judgeFailure(error) }
  }
}

function judgeListing(field: 'namespaces' | 'tables') {
  return (response: HttpResponse): Judgement => {
    let body: unknown
    try {
      body = JSON.parse(response.body.toString('utf8'))
    } catch {
      body = undefined
    }
    // Enterprise deployments have answered a bare array of tables; the spec's form is `{ field: [...] }`.
    const list = Array.isArray(body) && field === 'tables' ? body : (body as Record<string, unknown> | undefined)?.[field]
    if (!Array.isArray(list)) {
      return {
        verdict: 'bad_response',
        message: `Unexpected answer (HTTP ${response.status}): the server answered, but not with a "${field}" list. Is the URI a Lance ${field === 'tables' ? 'Enterprise endpoint' : 'REST catalog'}?`
      }
    }
    const what = field === 'tables' ? 'the database answered the table listing' : 'the catalog listed its root namespaces'
    return { verdict: 'ok', message: `Connected: ${what}, so the endpoint and credentials work.` }
  }
}

function randomProbeName(): string {
  return `lcb-write-probe-${randomBytes(4).toString('hex')}`
}
