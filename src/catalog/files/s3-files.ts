/**
 * A table's files on S3 or an S3-compatible store, read by ranged GETs signed with AWS
 * Signature Version 4 (../table-files.ts). Written from AWS's description of SigV4: a
 * canonical request (method, the path with each segment URI-encoded once, the query, the
 * signed headers as `name:value` lines, their names, the payload's SHA-256), a string to
 * sign (`AWS4-HMAC-SHA256`, the time, the scope `day/region/s3/aws4_request`, the
 * canonical request's SHA-256), and a key made by HMAC-SHA256 of the day, region, service
 * and `aws4_request` in turn, starting from `AWS4` + the secret key.
 *
 * Where requests go follows object_store (the store library Lance reads the table with),
 * so that this reader talks to the same server as LanceDB does and to no other:
 * - a custom `endpoint`: path-style, `<endpoint>/<bucket>/<key>`; with
 *   `virtual_hosted_style_request=true` the endpoint is taken as already naming the
 *   bucket, as object_store takes it, so `<endpoint>/<key>`;
 * - AWS itself (no endpoint): `https://s3.<region>.amazonaws.com/<bucket>/<key>`, or
 *   `https://<bucket>.s3.<region>.amazonaws.com/<key>` with `virtual_hosted_style_request=true`.
 *   object_store's default is path style, which AWS still serves; the app does the same.
 * An `http://` endpoint is refused unless `allow_http` is true, as object_store refuses it.
 *
 * Every answer is bounded: a body is read only up to the bytes asked and the request is
 * torn down past them (a 200 whole object answered to a Range request included), each
 * request has a time limit, and no redirect is followed (it would take the signed request
 * to a server the profile never named). Messages name the store's origin, the bucket and
 * the file, never a credential; nothing here logs.
 */
import { createHash, createHmac } from 'node:crypto'
import { Agent, request, type Dispatcher } from 'undici'
import { CatalogError } from '../../shared/errors'
import type { FileReadOptions, RangeFile, TableFiles } from '../table-files'

/** How long one request may take, headers and body, unless the caller says otherwise. */
export const S3_REQUEST_TIME_LIMIT_MS = 30_000
/** The first bytes read when a file is opened (its size comes with them): a small manifest whole. */
const HEAD_BYTES = 16 * 1024
/** The last bytes read at once when a read falls there: footers, buffer tables and schemas sit at a Lance file's end. */
const TAIL_BYTES = 64 * 1024
/** The most bytes of an error answer read for its code. */
const ERROR_BODY_BYTES = 8 * 1024
const EMPTY_SHA256 = createHash('sha256').update('').digest('hex')

/** What tests and callers may set: a shorter time limit, another dispatcher. */
export interface S3FilesLimits {
  readonly timeoutMs?: number
  readonly dispatcher?: Dispatcher
}

/** Where and as whom requests are made, from the storage options. */
interface S3Target {
  /** Origin and path before the key, e.g. `http://127.0.0.1:9000/bucket`. */
  readonly base: URL
  readonly bucket: string
  readonly region: string
  readonly credentials: { readonly keyId: string; readonly secret: string; readonly token: string | null } | null
}

/**
 * The files of the table at `location` (`s3://bucket/path/to/table.lance`), read with
 * `storageOptions` (Lance's names and object_store's aliases). Throws a CatalogError
 * when the options cannot be used (an http endpoint without allow_http, no credentials).
 */
export function s3TableFiles(location: string, storageOptions: Readonly<Record<string, string>>, limits: S3FilesLimits = {}): TableFiles {
  const match = /^s3a?:\/\/([^/?#]+)\/?([^?#]*)$/i.exec(location.trim())
  if (!match) throw new CatalogError('invalid_request', `The table's location ${safeLocation(location)} is not an s3://bucket/path address.`)
  const bucket = match[1]!
  const prefix = match[2]!.replace(/\/+$/, '')
  // A bucket name goes into a host name (virtual-hosted style): only the characters bucket names use.
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,254}$/.test(bucket))
    throw new CatalogError('invalid_request', `The table's location names a bucket S3 does not allow (${safeLocation(location)}).`)
  checkKey(prefix, location)
  const options = optionsOf(storageOptions)
  const target = targetOf(bucket, options)
  const store = new S3Store(
    target,
    { dispatcher: agentFor(flag(options, 'allow_invalid_certificates', 'aws_allow_invalid_certificates')), ...limits },
    `s3://${bucket}/${prefix}`
  )
  return {
    location: store.where,
    open: async (path, options) => {
      checkKey(path, path)
      return store.open(prefix === '' ? path : `${prefix}/${path}`, options)
    }
  }
}

/** Refuses a key with `.` or `..` segments, which a URL would fold into another path than the key's. */
function checkKey(key: string, what: string): void {
  if (key.split('/').some((segment) => segment === '.' || segment === '..'))
    throw new CatalogError('invalid_request', `${safeLocation(what)} holds a "." or ".." path segment, which this app does not read on a store.`)
}

/** The options by lower-case name, as object_store reads them. */
function optionsOf(storageOptions: Readonly<Record<string, string>>): Map<string, string> {
  const out = new Map<string, string>()
  for (const [name, value] of Object.entries(storageOptions)) if (value.trim() !== '') out.set(name.toLowerCase(), value.trim())
  return out
}

function first(options: Map<string, string>, ...names: string[]): string | undefined {
  for (const name of names) {
    const value = options.get(name)
    if (value !== undefined) return value
  }
  return undefined
}

function flag(options: Map<string, string>, ...names: string[]): boolean {
  return /^(true|1|yes|on)$/i.test(first(options, ...names) ?? '')
}

function targetOf(bucket: string, options: Map<string, string>): S3Target {
  const endpoint = first(options, 'aws_endpoint', 'aws_endpoint_url', 'endpoint', 'endpoint_url')
  const virtualHosted = flag(options, 'aws_virtual_hosted_style_request', 'virtual_hosted_style_request')
  let keyId = first(options, 'aws_access_key_id', 'access_key_id')
  let secret = first(options, 'aws_secret_access_key', 'secret_access_key')
  let token = first(options, 'aws_session_token', 'aws_token', 'session_token', 'token') ?? null
  let region = first(options, 'aws_region', 'region', 'aws_default_region', 'default_region')
  // Without an endpoint the store is AWS itself, where LanceDB also takes keys and region
  // from the environment; the same keys go to the same place here. A custom endpoint gets
  // only the keys saved with it.
  if (endpoint === undefined && keyId === undefined && secret === undefined) {
    keyId = process.env['AWS_ACCESS_KEY_ID']
    secret = process.env['AWS_SECRET_ACCESS_KEY']
    token = process.env['AWS_SESSION_TOKEN'] ?? null
  }
  if (endpoint === undefined) region ??= process.env['AWS_REGION'] ?? process.env['AWS_DEFAULT_REGION']
  region ??= 'us-east-1'
  const unsigned = flag(options, 'aws_skip_signature', 'skip_signature')
  if (!unsigned && (keyId === undefined || secret === undefined)) {
    throw new CatalogError(
      'unsupported',
      'The index’s files on S3 are read with the access key id and secret access key of the connection’s storage options, and they hold none (keys from an instance role or a credentials file are LanceDB’s own).'
    )
  }
  let base: URL
  if (endpoint === undefined) {
    if (!/^[a-z0-9][a-z0-9-]*$/.test(region)) throw new CatalogError('invalid_request', `The region "${region.slice(0, 64)}" is not an AWS region name.`)
    base = virtualHosted ? new URL(`https://${bucket}.s3.${region}.amazonaws.com`) : new URL(`https://s3.${region}.amazonaws.com/${encodeSegment(bucket)}`)
  } else {
    let parsed: URL
    try {
      parsed = new URL(endpoint)
    } catch {
      throw new CatalogError('invalid_request', 'The endpoint in the storage options is not a URL (e.g. https://s3.example.com).')
    }
    if (parsed.protocol === 'http:' && !flag(options, 'allow_http', 'aws_allow_http')) {
      throw new CatalogError(
        'invalid_request',
        `The endpoint ${parsed.origin} is plain http, and the storage options do not allow http (set allow_http to true for a store without TLS); the keys are not sent over it.`
      )
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
      throw new CatalogError('invalid_request', `The endpoint ${parsed.origin} is not an http(s) URL.`)
    if (parsed.username !== '' || parsed.password !== '' || parsed.search !== '' || parsed.hash !== '')
      throw new CatalogError('invalid_request', 'The endpoint in the storage options holds a user, query or fragment; give only its origin and path.')
    const path = parsed.pathname.replace(/\/+$/, '')
    base = new URL(virtualHosted ? `${parsed.origin}${path}` : `${parsed.origin}${path}/${encodeSegment(bucket)}`)
  }
  return { base, bucket, region, credentials: unsigned ? null : { keyId: keyId!, secret: secret!, token } }
}

/** The dispatchers: one that checks certificates, one for `allow_invalid_certificates` (as Lance honours it). */
const agents = new Map<boolean, Agent>()
function agentFor(laxCertificates: boolean): Agent {
  let agent = agents.get(laxCertificates)
  if (!agent) {
    agent = new Agent({ connect: { rejectUnauthorized: !laxCertificates }, keepAliveTimeout: 10_000 })
    agents.set(laxCertificates, agent)
  }
  return agent
}

/** One answer's status, headers and (bounded) body. */
interface Answer {
  readonly status: number
  readonly headers: Readonly<Record<string, string | string[] | undefined>>
  readonly body: Uint8Array
}

class S3Store {
  readonly where: string
  readonly #timeoutMs: number
  readonly #dispatcher: Dispatcher

  constructor(
    private readonly target: S3Target,
    limits: S3FilesLimits,
    where: string
  ) {
    this.where = where
    this.#timeoutMs = limits.timeoutMs ?? S3_REQUEST_TIME_LIMIT_MS
    this.#dispatcher = limits.dispatcher ?? agentFor(false)
  }

  /** The file at `key`, with its first bytes, or null when the store has no such key. */
  async open(key: string, options?: FileReadOptions): Promise<RangeFile | null> {
    const name = key.split('/').slice(-2).join('/')
    const answer = await this.get(key, 0, HEAD_BYTES, options, true)
    if (answer === null) return null
    let size: number
    let start = 0
    if (answer.status === 206) {
      const range = contentRange(answer.headers['content-range'])
      if (!range || range.start !== 0 || range.end - range.start + 1 !== answer.body.length)
        throw this.#bad(`answered ${name}’s first bytes with a Content-Range that does not match them`)
      size = range.total
      start = range.start
    } else if (answer.status === 416) {
      // The object is empty: no byte 0 to answer.
      size = 0
    } else {
      // A 200 is the whole object, which #get allowed only up to the bytes asked.
      size = answer.body.length
    }
    return new S3File(this, key, name, size, { start, bytes: answer.status === 416 ? new Uint8Array(0) : answer.body })
  }

  /**
   * `length` bytes of `key` from `offset`: a 206 with exactly them, or a 200 whole object
   * no longer than asked; null for a missing key where `missingIsNull`. A 416 answers
   * itself (the caller of a first read handles an empty object).
   */
  async get(key: string, offset: number, length: number, options: FileReadOptions | undefined, missingIsNull = false): Promise<Answer | null> {
    const name = key.split('/').slice(-2).join('/')
    const answer = await this.#exchange(key, `bytes=${offset}-${offset + length - 1}`, length, options)
    if (answer.status === 206 || answer.status === 200) return answer
    if (answer.status === 416 && offset === 0) return answer
    const code = errorCode(answer.body)
    if (answer.status === 404 && code !== 'NoSuchBucket' && missingIsNull) return null
    throw this.#failure(answer, code, name)
  }

  async #exchange(key: string, range: string, max: number, options: FileReadOptions | undefined): Promise<Answer> {
    const url = new URL(`${this.target.base.pathname.replace(/\/+$/, '')}/${key.split('/').map(encodeSegment).join('/')}`, this.target.base)
    const headers = this.#signed(url, { range })
    const timeout = AbortSignal.timeout(this.#timeoutMs)
    const signal = options?.signal ? AbortSignal.any([options.signal, timeout]) : timeout
    let response: Dispatcher.ResponseData
    try {
      response = await request(url, {
        method: 'GET',
        headers,
        signal,
        dispatcher: this.#dispatcher,
        headersTimeout: this.#timeoutMs,
        bodyTimeout: this.#timeoutMs
      })
    } catch (error) {
      throw this.#unanswered(error, timeout, options?.signal)
    }
    const status = response.statusCode
    const ok = status === 200 || status === 206
    const limit = ok ? max : ERROR_BODY_BYTES
    const encoding = String(response.headers['content-encoding'] ?? 'identity').toLowerCase()
    const declared = Number(response.headers['content-length'] ?? NaN)
    if (ok && encoding !== 'identity') {
      response.body.destroy()
      throw this.#bad(`answered in an encoding (${encoding.slice(0, 32)}) the app does not read`)
    }
    if (ok && Number.isFinite(declared) && declared > max) {
      response.body.destroy()
      throw this.#bad(
        `answered ${declared} bytes where ${max} were asked (${status === 200 ? 'the whole file, ignoring the range asked' : 'more than the range'}); the answer was refused`
      )
    }
    const chunks: Buffer[] = []
    let total = 0
    try {
      for await (const chunk of response.body as AsyncIterable<Buffer>) {
        total += chunk.length
        if (total > limit) {
          response.body.destroy()
          if (!ok) break
          throw this.#bad(`sent more than the ${max} bytes asked; the answer was refused`)
        }
        chunks.push(chunk)
      }
    } catch (error) {
      if (error instanceof CatalogError) throw error
      throw this.#unanswered(error, timeout, options?.signal)
    }
    const body = new Uint8Array(Buffer.concat(chunks))
    return { status, headers: response.headers, body }
  }

  /** The request's headers, signed when the options hold keys. */
  #signed(url: URL, extra: Readonly<Record<string, string>>): Record<string, string> {
    const now = new Date()
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '')
    const day = now.slice(0, 8)
    const headers: Record<string, string> = { host: url.host, 'x-amz-date': now, 'x-amz-content-sha256': EMPTY_SHA256, ...extra }
    const credentials = this.target.credentials
    if (!credentials) return headers
    if (credentials.token) headers['x-amz-security-token'] = credentials.token
    const names = Object.keys(headers).sort()
    const canonical = [
      'GET',
      url.pathname,
      '',
      names.map((name) => `${name}:${headers[name]!.trim().replace(/\s+/g, ' ')}\n`).join(''),
      names.join(';'),
      EMPTY_SHA256
    ].join('\n')
    const scope = `${day}/${this.target.region}/s3/aws4_request`
    const toSign = ['AWS4-HMAC-SHA256', now, scope, sha256(canonical)].join('\n')
    let key = hmac(`AWS4${credentials.secret}`, day)
    for (const part of [this.target.region, 's3', 'aws4_request']) key = hmac(key, part)
    const signature = createHmac('sha256', key).update(toSign).digest('hex')
    headers['authorization'] = `AWS4-HMAC-SHA256 Credential=${credentials.keyId}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}`
    return headers
  }

  /** What a request that got no answer met: the caller's cancel, the time limit, or the network. */
  #unanswered(error: unknown, timeout: AbortSignal, cancel: AbortSignal | undefined): unknown {
    if (cancel?.aborted) return error
    const origin = this.target.base.origin
    const code = (error as { code?: unknown }).code
    if (timeout.aborted || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT')
      return new CatalogError('timeout', `The store at ${origin} did not answer within ${seconds(this.#timeoutMs)} reading ${this.where}.`)
    const cause = typeof code === 'string' && /^[A-Z_]{2,40}$/.test(code) ? code : error instanceof Error ? error.name : 'no answer'
    return new CatalogError('unreachable', `The store at ${origin} could not be reached (${cause}) reading ${this.where}.`, { cause })
  }

  #bad(what: string): CatalogError {
    return new CatalogError('bad_response', `The store at ${this.target.base.origin} ${what}.`)
  }

  /** A message for a refused request, by its status and S3 error code (never the server's own text, which may quote the request). */
  #failure(answer: Answer, code: string | null, name: string): CatalogError {
    const { status } = answer
    const origin = this.target.base.origin
    const bucket = this.target.bucket
    const said = code ? ` (${code})` : ''
    const otherRegion = header(answer.headers['x-amz-bucket-region'])
    if (otherRegion !== null || code === 'PermanentRedirect' || code === 'AuthorizationHeaderMalformed' || code === 'IllegalLocationConstraintException') {
      const where = otherRegion && /^[a-z0-9-]{1,32}$/.test(otherRegion) ? `region ${otherRegion}` : 'another region'
      return new CatalogError(
        'invalid_request',
        `Bucket ${bucket} is in ${where}, not ${this.target.region} as the storage options say${said}: set the region in the profile.`,
        { status }
      )
    }
    if (status >= 300 && status < 400)
      return new CatalogError(
        'bad_response',
        `The store at ${origin} redirected the read of ${name} (HTTP ${status})${said}; the app does not follow it with the keys.`,
        {
          status
        }
      )
    if (status === 404 && code === 'NoSuchBucket')
      return new CatalogError('table_not_found', `The store at ${origin} has no bucket ${bucket} (NoSuchBucket).`, { status })
    if (status === 404) return new CatalogError('table_not_found', `The store at ${origin} has no file ${name} in ${this.where}${said}.`, { status })
    if (status === 403 || status === 401) {
      const why =
        code === 'SignatureDoesNotMatch'
          ? 'the signature does not match: check the secret access key'
          : code === 'InvalidAccessKeyId'
            ? 'it does not know the access key id'
            : code === 'RequestTimeTooSkewed'
              ? 'this computer’s clock is too far from the store’s'
              : code === 'ExpiredToken' || code === 'InvalidToken'
                ? 'the session token has expired or is not valid'
                : 'access denied'
      return new CatalogError(
        'permission_denied',
        `The store at ${origin} refused to let the connection’s keys read ${name} in bucket ${bucket}: ${why}${said}.`,
        {
          status
        }
      )
    }
    if (status === 503 || status === 429) return new CatalogError('throttled', `The store at ${origin} asked to slow down (HTTP ${status})${said}.`, { status })
    return new CatalogError(status >= 500 ? 'server_error' : 'bad_response', `The store at ${origin} answered HTTP ${status}${said} reading ${name}.`, {
      status
    })
  }
}

/** Bytes of a file already read, from `start`. */
interface Held {
  readonly start: number
  readonly bytes: Uint8Array
}

/** One object, read by ranges; its first bytes and, once read, its last are kept. */
class S3File implements RangeFile {
  readonly #held: Held[]

  constructor(
    private readonly store: S3Store,
    private readonly key: string,
    readonly name: string,
    readonly size: number,
    head: Held
  ) {
    this.#held = [head]
  }

  async read(offset: number, length: number, options?: FileReadOptions): Promise<Uint8Array> {
    if (!Number.isSafeInteger(offset) || !Number.isSafeInteger(length) || offset < 0 || length < 0 || offset + length > this.size)
      throw new RangeError(`Bytes ${offset}–${offset + length} are not within ${this.name} (${this.size} bytes).`)
    if (length === 0) return new Uint8Array(0)
    const kept = this.#kept(offset, length)
    if (kept) return kept
    // A read among the last bytes fetches them all once: what comes next is usually there too.
    const tailStart = Math.max(0, this.size - TAIL_BYTES)
    if (offset >= tailStart && length <= TAIL_BYTES) {
      this.#held.push({ start: tailStart, bytes: await this.#range(tailStart, this.size - tailStart, options) })
      return this.#kept(offset, length)!
    }
    return this.#range(offset, length, options)
  }

  close(): Promise<void> {
    this.#held.length = 0
    return Promise.resolve()
  }

  #kept(offset: number, length: number): Uint8Array | null {
    for (const { start, bytes } of this.#held)
      if (offset >= start && offset + length <= start + bytes.length) return bytes.slice(offset - start, offset - start + length)
    return null
  }

  async #range(offset: number, length: number, options?: FileReadOptions): Promise<Uint8Array> {
    const answer = await this.store.get(this.key, offset, length, options)
    if (answer === null || answer.status === 416) throw new Error(`${this.name} is shorter than when it was opened.`)
    if (answer.status === 206) {
      const range = contentRange(answer.headers['content-range'])
      if (!range || range.start !== offset || answer.body.length !== length || range.end !== offset + length - 1)
        throw new CatalogError('bad_response', `The store answered bytes of ${this.name} other than the ${length} asked from ${offset}.`)
      return answer.body
    }
    // A 200 is the whole object, allowed only when it is exactly what was asked.
    if (offset !== 0 || answer.body.length !== length)
      throw new CatalogError(
        'bad_response',
        `The store answered the whole of ${this.name} to a read of ${length} bytes from ${offset}; the answer was refused.`
      )
    return answer.body
  }
}

function contentRange(value: string | string[] | undefined): { start: number; end: number; total: number } | null {
  const match = /^bytes (\d{1,15})-(\d{1,15})\/(\d{1,15})$/.exec(header(value) ?? '')
  if (!match) return null
  const [start, end, total] = [Number(match[1]), Number(match[2]), Number(match[3])]
  return start <= end && end < total ? { start, end, total } : null
}

function header(value: string | string[] | undefined): string | null {
  return value === undefined ? null : Array.isArray(value) ? (value[0] ?? null) : value
}

/** The `<Code>` of an S3 error answer, when it is a plain name. */
function errorCode(body: Uint8Array): string | null {
  const match = /<Code>([A-Za-z0-9.]{1,64})<\/Code>/.exec(new TextDecoder().decode(body))
  return match?.[1] ?? null
}

/** One path segment as SigV4 wants it for S3: every byte but A-Z a-z 0-9 - _ . ~ percent-encoded, once. */
function encodeSegment(segment: string): string {
  return encodeURIComponent(segment).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex')
}

function hmac(key: string | Buffer, data: string): Buffer {
  return createHmac('sha256', key).update(data).digest()
}

function seconds(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`
}

/** A location for a message: its scheme and path, never a query or user part. */
function safeLocation(location: string): string {
  return location.replace(/[?#].*$/, '').replace(/\/\/[^@/]*@/, '//')
}
