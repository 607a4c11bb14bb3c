/**
 * What the Google Cloud Storage and Azure Blob Storage readers share: the connection
 * options both take, read the way Lance's `object_store` reads them (option names in any
 * case, `allow_http`, `allow_invalid_certificates`, `timeout`, `connect_timeout`, booleans
 * as `true`/`yes`/`1`…, durations as `30s`/`1m 30s`), and one bounded HTTP exchange on
 * undici: a time limit for the whole request, redirects never followed, and never more
 * body than the caller allows (the connection is cut as soon as a server sends more).
 */
import { Agent, request, type Dispatcher } from 'undici'
import { CatalogError, type ErrorCode } from '../../shared/errors'
import { scrubSecrets } from '../../shared/connection-policy'

/** Storage options as the app holds them: Lance's names, string values. */
export type StorageOptionValues = Readonly<Record<string, string>>

/** What a test or an emulator setup may add to the storage options. */
export interface BlobReaderSettings {
  /** The time limit of each request in ms, instead of the `timeout` option's (object_store's default 30 s). */
  readonly timeoutMs?: number
  /** Environment variables, where object_store reads one (`AZURITE_BLOB_STORAGE_URL`); `process.env` when absent. */
  readonly env?: Readonly<Record<string, string | undefined>>
}

/** The value of the first of `names` set (non-empty) in `options`; names are matched in any case, as Lance lowercases them. */
export function optionValue(options: StorageOptionValues, names: readonly string[]): string | undefined {
  const lower = new Map(Object.entries(options).map(([name, value]) => [name.toLowerCase(), value]))
  for (const name of names) {
    const value = lower.get(name)?.trim()
    if (value !== undefined && value !== '') return value
  }
  return undefined
}

/** A boolean option as object_store parses it (`true`/`1`/`on`/`yes`/`y` and their opposites), or `fallback` when unset. */
export function booleanOption(options: StorageOptionValues, names: readonly string[], fallback: boolean): boolean {
  const value = optionValue(options, names)
  if (value === undefined) return fallback
  const lower = value.toLowerCase()
  if (['1', 'true', 'on', 'yes', 'y'].includes(lower)) return true
  if (['0', 'false', 'off', 'no', 'n'].includes(lower)) return false
  throw new CatalogError('invalid_request', `The storage option ${names[0]} is "${value}": write true or false.`)
}

const DURATION_UNITS: Readonly<Record<string, number>> = {
  ns: 1e-6,
  nsec: 1e-6,
  us: 1e-3,
  usec: 1e-3,
  ms: 1,
  msec: 1,
  s: 1000,
  sec: 1000,
  secs: 1000,
  second: 1000,
  seconds: 1000,
  m: 60_000,
  min: 60_000,
  mins: 60_000,
  minute: 60_000,
  minutes: 60_000,
  h: 3_600_000,
  hr: 3_600_000,
  hrs: 3_600_000,
  hour: 3_600_000,
  hours: 3_600_000,
  d: 86_400_000,
  day: 86_400_000,
  days: 86_400_000
}

/** A duration option in ms, written as object_store (humantime) takes it: `30s`, `500ms`, `1m 30s`; `fallback` when unset. */
export function durationOption(options: StorageOptionValues, names: readonly string[], fallback: number): number {
  const value = optionValue(options, names)
  if (value === undefined) return fallback
  let total = 0
  let rest = value
  for (;;) {
    const part = /^\s*(\d+(?:\.\d+)?)\s*([a-z]+)\s*/i.exec(rest)
    const unit = part ? DURATION_UNITS[(part[2] ?? '').toLowerCase()] : undefined
    if (!part || unit === undefined)
      throw new CatalogError('invalid_request', `The storage option ${names[0]} is "${value}": write a duration such as 30s or 500ms.`)
    total += Number(part[1]) * unit
    rest = rest.slice(part[0].length)
    if (rest === '') break
  }
  if (!(total > 0) || !Number.isFinite(total))
    throw new CatalogError('invalid_request', `The storage option ${names[0]} is "${value}": write a duration above zero.`)
  return total
}

/** How requests to one store are made. */
export interface HttpSettings {
  readonly allowHttp: boolean
  readonly allowInvalidCertificates: boolean
  /** For the whole request: connecting, the answer's headers and its body. */
  readonly timeoutMs: number
  readonly connectTimeoutMs: number
}

/**
 * The client options object_store takes for every store, also under the store's own prefix
 * (`google_timeout`, `azure_allow_http`): TLS only unless `allow_http`, 30 s per request and
 * 5 s to connect unless told otherwise.
 */
export function httpSettings(options: StorageOptionValues, prefix: string, settings: BlobReaderSettings, allowHttpByDefault = false): HttpSettings {
  const names = (name: string): string[] => [name, prefix + name]
  return {
    allowHttp: booleanOption(options, names('allow_http'), allowHttpByDefault),
    allowInvalidCertificates: booleanOption(options, names('allow_invalid_certificates'), false),
    timeoutMs: settings.timeoutMs ?? durationOption(options, names('timeout'), 30_000),
    connectTimeoutMs: durationOption(options, names('connect_timeout'), 5_000)
  }
}

/** An http(s) URL from an option or a key file, checked against `allow_http`; `what` names it in messages. */
export function serviceUrl(text: string, what: string, settings: HttpSettings): URL {
  if (!URL.canParse(text)) throw new CatalogError('invalid_request', `${what} "${text}" is not a URL.`)
  const url = new URL(text)
  if (url.username !== '' || url.password !== '') throw new CatalogError('invalid_request', `${what} cannot carry a user name or password.`)
  if (url.protocol === 'http:' && !settings.allowHttp) {
    throw new CatalogError('invalid_request', `${what} ${url.origin} is http://, not https://; set the storage option allow_http to true to use it.`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new CatalogError('invalid_request', `${what} "${text}" is not an http(s) URL.`)
  return url
}

/** A table's file path as the reader takes it: `/`-separated parts, none empty, `.` or `..`. */
export function checkedFilePath(path: string): string[] {
  const parts = path.split('/')
  if (path === '' || parts.some((part) => part === '' || part === '.' || part === '..') || /[\0\r\n\\]/.test(path)) {
    throw new CatalogError('invalid_request', `"${path}" is not a path of a file under the table.`)
  }
  return parts
}

/** Checks a byte range asked of a file before anything is sent. */
export function checkRange(offset: number, length: number, size: number, name: string): void {
  if (!Number.isSafeInteger(offset) || !Number.isSafeInteger(length) || offset < 0 || length < 0 || offset + length > size) {
    throw new CatalogError('invalid_request', `Bytes ${offset}..${offset + length} are not within ${name} (${size} bytes).`)
  }
}

/** One request. */
export interface BlobRequest {
  readonly method: 'GET' | 'HEAD' | 'POST'
  readonly url: URL
  readonly headers: Readonly<Record<string, string>>
  readonly body?: string
  /** The most bytes a 2xx answer's body may have; more and the answer is refused. */
  readonly maxBytes: number
  readonly signal?: AbortSignal | undefined
}

/** A bounded answer. An error status's body is cut at 4 KiB: only its first words are read. */
export interface BlobAnswer {
  readonly status: number
  readonly headers: Readonly<Record<string, string | string[] | undefined>>
  readonly body: Buffer
}

const ERROR_BODY_BYTES = 4096

/** The first value of a header. */
export function header(answer: BlobAnswer, name: string): string | undefined {
  const value = answer.headers[name]
  return Array.isArray(value) ? value[0] : value
}

/** Sends requests to one store's endpoints (and its token endpoint) through one keep-alive agent. */
export class BlobHttp {
  readonly settings: HttpSettings
  readonly #agent: Agent
  readonly #secrets: () => readonly string[]

  /** `secrets` lists every value no message may show (keys, tokens, signed JWTs). */
  constructor(settings: HttpSettings, secrets: () => readonly string[]) {
    this.settings = settings
    this.#secrets = secrets
    // Idle sockets are let go after a few seconds and do not keep the process alive.
    this.#agent = new Agent({
      connect: { timeout: settings.connectTimeoutMs, rejectUnauthorized: !settings.allowInvalidCertificates },
      keepAliveTimeout: 4_000,
      headersTimeout: settings.timeoutMs,
      bodyTimeout: settings.timeoutMs
    })
  }

  /** Replaces every secret in `text` with its masked form. */
  scrub(text: string): string {
    return scrubSecrets(
      text,
      [...this.#secrets()].filter((secret) => secret.length >= 4).sort((a, b) => b.length - a.length)
    )
  }

  /**
   * Sends `req` and reads its answer within the time limit. `what` names the request in
   * messages (a `gs://` path or "the token endpoint", never a URL with a query). Throws a
   * `CatalogError`: `cancelled`, `timeout`, `unreachable`, or `bad_response` when a
   * success answer is longer than `maxBytes` or is a redirect.
   */
  async send(req: BlobRequest, what: string): Promise<BlobAnswer> {
    if (req.url.protocol === 'http:' && !this.settings.allowHttp) {
      throw new CatalogError('invalid_request', `${req.url.origin} is http://, not https://; set the storage option allow_http to true to use it.`)
    }
    const deadline = AbortSignal.timeout(this.settings.timeoutMs)
    const signal = req.signal ? AbortSignal.any([req.signal, deadline]) : deadline
    try {
      const response = await request(req.url, {
        dispatcher: this.#agent,
        method: req.method,
        headers: req.headers,
        body: req.body ?? null,
        signal
      })
      const { statusCode: status } = response
      if (status >= 300 && status < 400) {
        discard(response.body)
        throw new CatalogError('bad_response', `${what}: the store answered with a redirect (HTTP ${status}), which is not followed.`, { status })
      }
      const success = status >= 200 && status < 300
      const limit = success ? req.maxBytes : ERROR_BODY_BYTES
      const declared = Number(response.headers['content-length'])
      if (success && req.method !== 'HEAD' && declared > limit) {
        discard(response.body)
        throw tooLong(what, limit)
      }
      const chunks: Buffer[] = []
      let received = 0
      for await (const chunk of response.body as AsyncIterable<Buffer>) {
        if (received + chunk.length > limit) {
          discard(response.body)
          if (success) throw tooLong(what, limit)
          chunks.push(chunk.subarray(0, limit - received))
          received = limit
          break
        }
        chunks.push(chunk)
        received += chunk.length
      }
      return { status, headers: response.headers, body: Buffer.concat(chunks, received) }
    } catch (error) {
      if (error instanceof CatalogError) throw error
      if (req.signal?.aborted) throw new CatalogError('cancelled', `Reading ${what} was cancelled.`)
      if (deadline.aborted) {
        throw new CatalogError('timeout', `${what}: the server did not answer within ${seconds(this.settings.timeoutMs)} (the timeout storage option).`)
      }
      throw this.#networkError(error, what, req.url)
    }
  }

  /** Lets go of the agent's sockets. */
  async close(): Promise<void> {
    if (!this.#agent.destroyed) await this.#agent.destroy()
  }

  #networkError(error: unknown, what: string, url: URL): CatalogError {
    const text = this.scrub(error instanceof Error ? `${error.message}${codeOf(error)}` : String(error))
    if (/certificate|self[- ]signed|UNABLE_TO_VERIFY|CERT_/i.test(text)) {
      return new CatalogError('unreachable', `${what}: the certificate of ${url.origin} was not accepted (${text}).`, { cause: text })
    }
    if (/ConnectTimeout|UND_ERR_CONNECT_TIMEOUT/i.test(text)) {
      return new CatalogError('timeout', `${what}: connecting to ${url.origin} timed out after ${seconds(this.settings.connectTimeoutMs)}.`, { cause: text })
    }
    return new CatalogError('unreachable', `${what}: could not reach ${url.origin} (${text}).`, { cause: text })
  }
}

/** Ends a body not read to its end; the abort error it then emits is expected, not a failure. */
function discard(body: Dispatcher.ResponseData['body']): void {
  body.on('error', () => undefined)
  body.destroy()
}

function codeOf(error: Error): string {
  const code = (error as { code?: unknown }).code
  return typeof code === 'string' ? ` [${code}]` : ''
}

function tooLong(what: string, limit: number): CatalogError {
  return new CatalogError('bad_response', `${what}: the server sent more than the ${limit} bytes asked for; the answer was refused.`, { limit })
}

function seconds(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Math.round(ms / 100) / 10} s`
}

/** The store's own words for a refusal (from its JSON or XML error), for a message: at most 200 characters, secrets masked. */
export function serverWords(http: BlobHttp, text: string | undefined): string {
  if (text === undefined) return ''
  const plain = text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim()
  return http.scrub(plain.length > 200 ? `${plain.slice(0, 200)}…` : plain)
}

/** The error for a status outside 2xx (not 404, which callers read as "no such file"). */
export function statusError(status: number, what: string, refusal: string, words: string): CatalogError {
  const said = words === '' ? '' : `: ${words}`
  const details = { status, ...(words === '' ? {} : { serverMessage: words }) }
  if (status === 401 || status === 403) return new CatalogError('permission_denied', `Access denied to ${what}: ${refusal} (HTTP ${status}${said}).`, details)
  const code: ErrorCode = status === 429 ? 'throttled' : status === 503 ? 'unavailable' : status >= 500 ? 'server_error' : 'bad_response'
  return new CatalogError(code, `${what}: the store answered HTTP ${status}${said}.`, details)
}

/** The bytes of a ranged read's answer, checked: a 206 from `offset` (or a 200 of the whole file) with exactly `length` bytes. */
export function rangeBytes(answer: BlobAnswer, offset: number, length: number, size: number, what: string): Uint8Array {
  const range = header(answer, 'content-range')
  const start = range === undefined ? undefined : /^bytes (\d+)-\d+\/(?:\d+|\*)$/.exec(range.trim())?.[1]
  const whole = offset === 0 && length === size
  if (answer.status === 206 ? start !== undefined && Number(start) !== offset : !whole) {
    throw new CatalogError('bad_response', `${what}: the store answered another range than bytes ${offset}..${offset + length}.`)
  }
  if (answer.body.length !== length) {
    throw new CatalogError('bad_response', `${what}: the store sent ${answer.body.length} of the ${length} bytes asked for.`)
  }
  return new Uint8Array(answer.body.buffer, answer.body.byteOffset, answer.body.byteLength)
}
