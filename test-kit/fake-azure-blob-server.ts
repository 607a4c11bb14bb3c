/**
 * A stand-in for Azure Blob Storage on 127.0.0.1, path-style as Azurite is
 * (`/<account>/<container>/<blob>`), for the Azure reader's tests. It checks what the
 * real service would: a Shared Key signature recomputed from the request it received
 * (Azure's documented string to sign, with the account key), a service SAS's signature
 * and expiry, or a bearer token; and answers HEAD with a blob's size and ranged GETs with
 * its bytes, refusing with Azure's error codes. Tests can make it misbehave: send more
 * bytes than asked, or never answer.
 */
import { createHmac } from 'node:crypto'
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http'
import { listenOnLoopback } from './loopback'

/** What the server holds and whom it trusts. */
export interface FakeAzureSetup {
  readonly account: string
  /** The account key, base64. */
  readonly key: string
  readonly container: string
  /** Blob name -> its bytes. */
  readonly blobs: ReadonlyMap<string, Uint8Array>
  /** A bearer token it accepts besides Shared Key and SAS. */
  readonly bearerToken?: string
}

/** A request as the server saw it. */
export interface AzureRequest {
  readonly method: string
  readonly url: string
  readonly headers: IncomingHttpHeaders
}

/** How the server misbehaves; tests set these on a running server. */
export interface AzureBehaviour {
  /** Blob downloads send this many bytes beyond those asked for (without a Content-Length). */
  extraBytes: number
  /** Blob requests are never answered. */
  hang: boolean
}

/** A running fake. */
export interface FakeAzure {
  readonly url: string
  readonly requests: AzureRequest[]
  readonly behaviour: AzureBehaviour
  close(): Promise<void>
}

// Azure refuses requests dated more than 15 minutes from its clock.
const MAX_SKEW_MS = 15 * 60 * 1000
const SAS_VERSION = '2023-11-03'

/** Starts the fake on a free port. */
export async function startFakeAzure(setup: FakeAzureSetup): Promise<FakeAzure> {
  const requests: AzureRequest[] = []
  const behaviour: AzureBehaviour = { extraBytes: 0, hang: false }
  const server = createServer((req, res) => {
    requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers })
    req.resume()
    req.on('end', () => answer(req, res))
  })

  const answer = (req: IncomingMessage, res: ServerResponse): void => {
    const [rawPath = '/', rawQuery = ''] = (req.url ?? '/').split('?')
    const problem = authProblem(req, rawPath, new URLSearchParams(rawQuery), setup)
    if (problem) return refuse(res, problem.status, problem.code, req.method === 'HEAD')
    if (behaviour.hang) return
    const [, account = '', container = '', ...rest] = rawPath.split('/')
    if (account !== setup.account) return refuse(res, 400, 'InvalidUri', req.method === 'HEAD')
    if (decodeURIComponent(container) !== setup.container) return refuse(res, 404, 'ContainerNotFound', req.method === 'HEAD')
    const bytes = setup.blobs.get(rest.map(decodeURIComponent).join('/'))
    if (!bytes) return refuse(res, 404, 'BlobNotFound', req.method === 'HEAD')
    if (req.method === 'HEAD') {
      res.writeHead(200, { 'content-length': bytes.length, 'x-ms-blob-type': 'BlockBlob', 'accept-ranges': 'bytes' })
      return void res.end()
    }
    const range = /^bytes=(\d+)-(\d+)$/.exec(String(req.headers['x-ms-range'] ?? req.headers.range ?? ''))
    const start = range ? Number(range[1]) : 0
    const end = range ? Math.min(Number(range[2]), bytes.length - 1) : bytes.length - 1
    if (start >= bytes.length || end < start) return refuse(res, 416, 'InvalidRange', false)
    const slice = Buffer.from(bytes.subarray(start, end + 1))
    const headers = { 'x-ms-blob-type': 'BlockBlob', ...(range ? { 'content-range': `bytes ${start}-${end}/${bytes.length}` } : {}) }
    if (behaviour.extraBytes > 0) {
      res.writeHead(206, headers)
      res.write(slice)
      return void res.end(Buffer.alloc(behaviour.extraBytes, 7))
    }
    res.writeHead(range ? 206 : 200, { ...headers, 'content-length': slice.length })
    res.end(slice)
  }

  const loopback = await listenOnLoopback(server)
  return { url: loopback.url, requests, behaviour, close: loopback.close }
}

/**
 * A service SAS for the whole container (`sr=c`), signed with `key` (the account's, or a
 * wrong one for a test), as the query a client appends: `sv=…&sp=…&se=…&sr=c&sig=…`.
 */
export function containerSas(
  setup: Pick<FakeAzureSetup, 'account' | 'container'>,
  key: string,
  permissions = 'rl',
  expiry = new Date(Date.now() + 3_600_000)
): string {
  const fields = { sv: SAS_VERSION, sp: permissions, se: expiry.toISOString().replace(/\.\d{3}Z$/, 'Z'), sr: 'c' }
  const sig = sasSignature(fields, `/blob/${setup.account}/${setup.container}`, key)
  return new URLSearchParams({ ...fields, sig }).toString()
}

// The string to sign of a service SAS, versions 2020-12-06 and later: permissions, start,
// expiry, resource, identifier, IP, protocol, version, resource type, snapshot time,
// encryption scope, and the five response-header overrides.
function sasSignature(fields: Readonly<Record<string, string>>, resource: string, key: string): string {
  const toSign = [
    fields['sp'] ?? '',
    fields['st'] ?? '',
    fields['se'] ?? '',
    resource,
    '',
    '',
    '',
    fields['sv'] ?? '',
    fields['sr'] ?? '',
    '',
    '',
    '',
    '',
    '',
    '',
    ''
  ].join('\n')
  return createHmac('sha256', Buffer.from(key, 'base64')).update(toSign, 'utf8').digest('base64')
}

interface Refusal {
  readonly status: number
  readonly code: string
}

function authProblem(req: IncomingMessage, rawPath: string, query: URLSearchParams, setup: FakeAzureSetup): Refusal | null {
  if (!req.headers['x-ms-version']) return { status: 400, code: 'MissingRequiredHeader' }
  const denied = { status: 403, code: 'AuthenticationFailed' }
  const sig = query.get('sig')
  if (sig !== null) {
    const fields = Object.fromEntries(query.entries())
    const expiry = Date.parse(fields['se'] ?? '')
    if (!(expiry > Date.now())) return denied
    if (fields['sr'] !== 'c' || !(fields['sp'] ?? '').includes('r') || !rawPath.startsWith(`/${setup.account}/${setup.container}/`)) {
      return { status: 403, code: 'AuthorizationPermissionMismatch' }
    }
    return sasSignature(fields, `/blob/${setup.account}/${setup.container}`, setup.key) === sig ? null : denied
  }
  const authorization = req.headers.authorization ?? ''
  if (setup.bearerToken !== undefined && authorization === `Bearer ${setup.bearerToken}`) return null
  const shared = /^SharedKey ([^:]+):(.+)$/.exec(authorization)
  if (!shared) return { status: 401, code: 'NoAuthenticationInformation' }
  if (shared[1] !== setup.account) return denied
  const date = Date.parse(String(req.headers['x-ms-date'] ?? req.headers.date ?? ''))
  if (!(Math.abs(Date.now() - date) <= MAX_SKEW_MS)) return denied
  return sharedKeyFor(req, rawPath, query, setup) === shared[2] ? null : denied
}

/**
 * The Shared Key signature Azure expects of a request: HMAC-SHA256 with the account key
 * over the verb, eleven standard headers (an empty line each when absent; Content-Length
 * empty when 0), the `x-ms-` headers sorted by name, and `/<account><path>` followed by
 * each query parameter on its own line.
 */
function sharedKeyFor(req: IncomingMessage, rawPath: string, query: URLSearchParams, setup: FakeAzureSetup): string {
  const value = (name: string): string => {
    const got = req.headers[name]
    return Array.isArray(got) ? got.join(',') : (got ?? '')
  }
  const length = value('content-length')
  const standard = [
    value('content-encoding'),
    value('content-language'),
    length === '0' ? '' : length,
    value('content-md5'),
    value('content-type'),
    value('date'),
    value('if-modified-since'),
    value('if-match'),
    value('if-none-match'),
    value('if-unmodified-since'),
    value('range')
  ]
  const msHeaders = Object.keys(req.headers)
    .filter((name) => name.startsWith('x-ms-'))
    .sort()
    .map((name) => `${name}:${value(name).trim()}\n`)
    .join('')
  const parameters = [...new Set(query.keys())]
    .sort()
    .map((name) => `\n${name.toLowerCase()}:${query.getAll(name).sort().join(',')}`)
    .join('')
  const toSign = `${req.method ?? ''}\n${standard.join('\n')}\n${msHeaders}/${setup.account}${rawPath}${parameters}`
  return createHmac('sha256', Buffer.from(setup.key, 'base64')).update(toSign, 'utf8').digest('base64')
}

function refuse(res: ServerResponse, status: number, code: string, head: boolean): void {
  const body = head ? '' : `<?xml version="1.0" encoding="utf-8"?><Error><Code>${code}</Code><Message>The fake refused the request (${code}).</Message></Error>`
  res.writeHead(status, { 'x-ms-error-code': code, 'content-type': 'application/xml', 'content-length': Buffer.byteLength(body) })
  res.end(body)
}
