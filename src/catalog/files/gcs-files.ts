/**
 * A table's files on Google Cloud Storage (`gs://bucket/prefix`), read by byte ranges
 * through the storage JSON API: the object's metadata for its size, then ranged
 * `?alt=media` downloads. It takes the storage options Lance takes (its `object_store`
 * names and aliases):
 *
 * - `google_service_account` (a key file's path) or `google_service_account_key` (the
 *   key's JSON): a service account. Its JWT, signed RS256 with the key, is exchanged at the
 *   key's `token_uri` for an access token, kept until shortly before it expires, for every
 *   reader of the same account, key and token endpoint. A key file is read on first use,
 *   asynchronously and within a time limit, so a path on a hung network drive gives an
 *   error rather than stopping main's thread.
 * - in the key, `gcs_base_url` (an emulator's address) and `disable_oauth` (send no token),
 *   as object_store reads them; `google_base_url` sets the address too and comes first.
 * - `google_bearer_token` (object_store) or `google_storage_token` (Lance): a token as is.
 * - `google_skip_signature`: anonymous requests, for a public bucket.
 * - `allow_http`, `allow_invalid_certificates`, `timeout`, `connect_timeout`.
 *
 * The token goes only to the storage address; the token endpoint gets only the signed JWT.
 */
import { createHash, createPrivateKey, createPublicKey, createSign, type KeyObject } from 'node:crypto'
import { open, stat } from 'node:fs/promises'
import { CatalogError } from '../../shared/errors'
import { bounded, FsTimeoutError } from '../dir/bounded-fs'
import { rootLocation } from '../../shared/storage-options'
import type { FileReadOptions, RangeFile, TableFiles } from '../table-files'
import { untilAborted } from '../until-aborted'
import {
  BlobHttp,
  checkRange,
  checkedFilePath,
  httpSettings,
  optionValue,
  booleanOption,
  rangeBytes,
  serverWords,
  serviceUrl,
  statusError,
  type BlobAnswer,
  type BlobReaderSettings,
  type StorageOptionValues
} from './blob-http'

const DEFAULT_BASE_URL = 'https://storage.googleapis.com'
const DEFAULT_TOKEN_URI = 'https://oauth2.googleapis.com/token'
// Reading is all this reader does.
const SCOPE = 'https://www.googleapis.com/auth/devstorage.read_only'
const JWT_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer'
const KEY_FILE_BYTES = 64 * 1024
const JSON_ANSWER_BYTES = 64 * 1024
const JWT_LIFETIME_S = 3600
// Service accounts whose tokens are kept across readers; a few at most in practice.
const KEPT_ACCOUNTS = 16

// object_store's names for each option, its own first.
const SERVICE_ACCOUNT = ['google_service_account', 'service_account', 'google_service_account_path', 'service_account_path']
const SERVICE_ACCOUNT_KEY = ['google_service_account_key', 'service_account_key']
const BASE_URL = ['google_base_url', 'base_url']
const BEARER_TOKEN = ['google_bearer_token', 'bearer_token', 'google_storage_token']
const SKIP_SIGNATURE = ['google_skip_signature', 'skip_signature']
const APPLICATION_CREDENTIALS = ['google_application_credentials', 'application_credentials']

/** A service account key, as far as this reader uses it. */
interface ServiceAccount {
  readonly clientEmail: string
  readonly keyId: string | undefined
  readonly privateKey: KeyObject | undefined
  readonly tokenUri: string
  readonly baseUrl: string | undefined
  readonly disableOauth: boolean
}

/** How requests are authorised. */
type Auth =
  { readonly kind: 'none' } | { readonly kind: 'token'; readonly token: string } | { readonly kind: 'service-account'; readonly tokens: ServiceAccountTokens }

/** Where requests go and how they are authorised, once the service account is known. */
interface Connection {
  readonly base: URL
  readonly auth: Auth
}

/** The service account the options give: none, a key already read, or a key file to read on first use. */
type AccountSource = { readonly kind: 'none' } | { readonly kind: 'key'; readonly account: ServiceAccount } | { readonly kind: 'file'; readonly path: string }

/** The files of the table at `location` (`gs://bucket/prefix`); throws a `CatalogError` for unusable options. */
export function gcsTableFiles(location: string, storageOptions: StorageOptionValues, settings: BlobReaderSettings = {}): TableFiles {
  const where = rootLocation(location)
  if (where.kind !== 'object-store' || where.scheme !== 'gs' || !location.trim().startsWith('gs://') || where.bucket === '') {
    throw new CatalogError('invalid_request', `"${location}" is not a Google Cloud Storage location (gs://bucket/prefix).`)
  }
  const http = httpSettings(storageOptions, 'google_', settings)
  const source = serviceAccountSource(storageOptions)
  const secrets: string[] = Object.entries(storageOptions).flatMap(([name, value]) =>
    /key|token|secret|password/i.test(name) ? [value, ...(name.toLowerCase().includes('service_account_key') ? keyParts(value) : [])] : []
  )
  const client = new BlobHttp(http, () => secrets)
  const connect = (account: ServiceAccount | undefined): Connection => ({
    base: serviceUrl(optionValue(storageOptions, BASE_URL) ?? account?.baseUrl ?? DEFAULT_BASE_URL, 'The storage address', http),
    auth: authOf(storageOptions, account, client, secrets)
  })
  // Options without a key file are checked here and now. A key file is read on the first
  // request, once, its failure kept too, so a hung drive is waited on once per reader.
  let connection: (signal: AbortSignal | undefined) => Promise<Connection>
  if (source.kind === 'file') {
    const path = source.path
    let reading: Promise<Connection> | undefined
    connection = (signal) => {
      reading ??= readKeyFile(path).then((text) => {
        secrets.push(...keyParts(text))
        return connect(parseServiceAccount(text, `The service account file ${path}`))
      })
      // The read is shared, so one caller's cancel does not end it for the others.
      return untilAborted(reading, signal, 'Reading was cancelled.')
    }
  } else {
    const ready = Promise.resolve(connect(source.kind === 'key' ? source.account : undefined))
    connection = () => ready
  }
  const prefix = where.prefix.replace(/^\/+/, '')
  const shown = `gs://${where.bucket}${prefix === '' ? '' : `/${prefix}`}`
  const objectUrl = (base: URL, path: string, query: string): URL =>
    new URL(`${base.href.replace(/\/+$/, '')}/storage/v1/b/${encodePart(where.bucket)}/o/${encodePart(prefix === '' ? path : `${prefix}/${path}`)}${query}`)

  const send = async (
    path: string,
    query: string,
    headers: Record<string, string>,
    maxBytes: number,
    what: string,
    signal: AbortSignal | undefined
  ): Promise<BlobAnswer> => {
    const { base, auth } = await connection(signal)
    const url = objectUrl(base, path, query)
    let renewed = false
    for (;;) {
      const token = auth.kind === 'token' ? auth.token : auth.kind === 'service-account' ? await auth.tokens.token(signal) : undefined
      const answer = await client.send(
        { method: 'GET', url, headers: token === undefined ? headers : { ...headers, authorization: `Bearer ${token}` }, maxBytes, signal },
        what
      )
      // A token may be revoked or expire early: one new token, one more try.
      if (answer.status === 401 && auth.kind === 'service-account' && token !== undefined && !renewed) {
        renewed = true
        auth.tokens.invalidate(token)
        continue
      }
      if (answer.status === 404 && /bucket does not exist/i.test(googleErrorText(answer) ?? '')) {
        throw new CatalogError('invalid_catalog', `Bucket missing: Google Cloud Storage has no bucket "${where.bucket}".`, { status: 404 })
      }
      if (answer.status === 404 || (answer.status >= 200 && answer.status < 300)) return answer
      throw statusError(answer.status, what, refusal(auth), serverWords(client, googleErrorText(answer)))
    }
  }

  return {
    location: shown,
    async open(path: string, options?: FileReadOptions): Promise<RangeFile | null> {
      checkedFilePath(path)
      const what = `${shown}/${path}`
      const answer = await send(path, '', { accept: 'application/json' }, JSON_ANSWER_BYTES, what, options?.signal)
      if (answer.status === 404) return null
      const size = objectSize(answer.body)
      if (size === null) throw new CatalogError('bad_response', `${what}: the store's description of the file gives no size.`)
      return {
        size,
        name: path,
        async read(offset: number, length: number, readOptions?: FileReadOptions): Promise<Uint8Array> {
          checkRange(offset, length, size, path)
          if (length === 0) return new Uint8Array(0)
          const headers = { range: `bytes=${offset}-${offset + length - 1}`, 'accept-encoding': 'identity' }
          const got = await send(path, '?alt=media', headers, length, what, readOptions?.signal)
          if (got.status === 404) throw new CatalogError('bad_response', `${what} is gone from the store.`)
          return rangeBytes(got, offset, length, size, what)
        },
        close: () => Promise.resolve()
      }
    }
  }
}

/** Percent-encodes an object or bucket name as one path segment (its `/` too), every reserved character included. */
function encodePart(name: string): string {
  return encodeURIComponent(name).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
}

function refusal(auth: Auth): string {
  switch (auth.kind) {
    case 'none':
      return 'the store refused an anonymous request; give a service account (google_service_account or google_service_account_key)'
    case 'token':
      return 'the store refused the bearer token'
    case 'service-account':
      return "the store refused the service account's access; check that it may read this bucket"
  }
}

/** The error text of a Google JSON error (`{"error": {"message": …}}`) or an OAuth error (`{"error": …, "error_description": …}`). */
function googleErrorText(answer: BlobAnswer): string | undefined {
  let value: unknown
  try {
    value = JSON.parse(answer.body.toString('utf8'))
  } catch {
    return undefined
  }
  if (typeof value !== 'object' || value === null) return undefined
  const { error, error_description: description } = value as { error?: unknown; error_description?: unknown }
  if (typeof error === 'string') return typeof description === 'string' ? `${error}: ${description}` : error
  if (typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string') return (error as { message: string }).message
  return undefined
}

/** The `size` of an object's JSON metadata (a decimal string), or null. */
function objectSize(body: Buffer): number | null {
  let value: unknown
  try {
    value = JSON.parse(body.toString('utf8'))
  } catch {
    return null
  }
  const size = typeof value === 'object' && value !== null ? (value as { size?: unknown }).size : undefined
  const text = typeof size === 'number' ? String(size) : size
  if (typeof text !== 'string' || !/^\d{1,15}$/.test(text)) return null
  return Number(text)
}

/** The key's private parts inside a key JSON, to keep out of messages; none when it is not JSON. */
function keyParts(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text)
    if (typeof value !== 'object' || value === null) return []
    const fields = value as Record<string, unknown>
    return [fields['private_key'], fields['private_key_id']].filter((v): v is string => typeof v === 'string')
  } catch {
    return []
  }
}

/** The service account the options give: the key itself (read now), a key file (read later), or none. */
function serviceAccountSource(options: StorageOptionValues): AccountSource {
  const path = optionValue(options, SERVICE_ACCOUNT)
  const key = optionValue(options, SERVICE_ACCOUNT_KEY)
  if (path !== undefined && key !== undefined) {
    throw new CatalogError('invalid_request', 'Give one of the storage options google_service_account (a key file) and google_service_account_key, not both.')
  }
  if (key !== undefined) return { kind: 'key', account: parseServiceAccount(key, 'The service account key (google_service_account_key)') }
  const file = path ?? optionValue(options, APPLICATION_CREDENTIALS)
  return file === undefined ? { kind: 'none' } : { kind: 'file', path: file }
}

// Key files being read, by path. A read the file system never answers holds one of libuv's
// few thread-pool threads until it does; later readers of the same path wait on that read
// rather than each losing another thread to the same hung drive.
const keyFileReads = new Map<string, Promise<string>>()

/** A key file's text, read within the file-system time limit (../dir/bounded-fs.ts); a CatalogError for anything else. */
async function readKeyFile(path: string): Promise<string> {
  let read = keyFileReads.get(path)
  if (!read) {
    read = keyFileText(path).finally(() => keyFileReads.delete(path))
    keyFileReads.set(path, read)
  }
  try {
    return await bounded(read, `read the service account file ${path}`)
  } catch (error) {
    if (error instanceof CatalogError) throw error
    if (error instanceof FsTimeoutError) throw new CatalogError('timeout', error.message)
    const code = (error as { code?: unknown }).code
    throw new CatalogError('invalid_request', `The service account file ${path} could not be read${typeof code === 'string' ? ` (${code})` : ''}.`)
  }
}

/** Reads at most KEY_FILE_BYTES: the size is checked first, and a file that grows after (or a device that never ends) is cut off and refused. */
async function keyFileText(path: string): Promise<string> {
  const tooLarge = (): CatalogError => new CatalogError('invalid_request', `The service account file ${path} is larger than a key file can be.`)
  if ((await stat(path)).size > KEY_FILE_BYTES) throw tooLarge()
  const handle = await open(path, 'r')
  try {
    const bytes = Buffer.alloc(KEY_FILE_BYTES + 1)
    let filled = 0
    for (;;) {
      const { bytesRead } = await handle.read(bytes, filled, bytes.length - filled, null)
      if (bytesRead === 0) break
      filled += bytesRead
      if (filled > KEY_FILE_BYTES) throw tooLarge()
    }
    return bytes.subarray(0, filled).toString('utf8')
  } finally {
    await handle.close()
  }
}

/** Reads a key's JSON; messages never quote it (JSON.parse's own message would). */
function parseServiceAccount(text: string, what: string): ServiceAccount {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw new CatalogError('invalid_request', `${what} is not JSON.`)
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new CatalogError('invalid_request', `${what} is not a JSON object.`)
  const fields = value as Record<string, unknown>
  const type = fields['type']
  if (type !== undefined && type !== 'service_account') {
    const named = typeof type === 'string' && /^[a-z_]{1,40}$/.test(type) ? `a "${type}" credential` : 'not a service account'
    throw new CatalogError('invalid_request', `${what} is ${named}; only service account keys are read here.`)
  }
  const text_ = (name: string): string | undefined => (typeof fields[name] === 'string' && fields[name] !== '' ? (fields[name] as string) : undefined)
  const disableOauth = fields['disable_oauth'] === true
  const clientEmail = text_('client_email')
  if (clientEmail === undefined && !disableOauth) throw new CatalogError('invalid_request', `${what} has no client_email.`)
  let privateKey: KeyObject | undefined
  if (!disableOauth) {
    const pem = text_('private_key')
    if (pem === undefined) throw new CatalogError('invalid_request', `${what} has no private_key.`)
    try {
      privateKey = createPrivateKey(pem)
    } catch {
      throw new CatalogError('invalid_request', `${what}: its private_key is not a PEM private key.`)
    }
    if (privateKey.asymmetricKeyType !== 'rsa') throw new CatalogError('invalid_request', `${what}: its private_key is not an RSA key.`)
  }
  return {
    clientEmail: clientEmail ?? '',
    keyId: text_('private_key_id'),
    privateKey,
    tokenUri: text_('token_uri') ?? DEFAULT_TOKEN_URI,
    baseUrl: text_('gcs_base_url'),
    disableOauth
  }
}

/** object_store's order: skip_signature sends nothing; then a given token; then the key's disable_oauth; then the service account. */
function authOf(options: StorageOptionValues, account: ServiceAccount | undefined, client: BlobHttp, secrets: string[]): Auth {
  if (booleanOption(options, SKIP_SIGNATURE, false)) return { kind: 'none' }
  const token = optionValue(options, BEARER_TOKEN)
  if (token !== undefined) {
    if (!/^[\x21-\x7e]+$/.test(token)) throw new CatalogError('invalid_request', 'The bearer token storage option holds characters a token cannot have.')
    return { kind: 'token', token }
  }
  if (account?.disableOauth) return { kind: 'none' }
  if (account?.privateKey) {
    const tokenUri = serviceUrl(account.tokenUri, "The service account's token_uri", client.settings)
    return { kind: 'service-account', tokens: new ServiceAccountTokens(account, account.privateKey, tokenUri, client, secrets) }
  }
  throw new CatalogError(
    'invalid_request',
    'No credentials for Google Cloud Storage: set the storage option google_service_account (a key file) or google_service_account_key, or google_skip_signature for a public bucket.'
  )
}

/** An access token and when to exchange the JWT for a new one. */
interface KeptToken {
  readonly token: string
  readonly renewAt: number
}

// Tokens kept across readers (a new reader is made for each use, such as each Show index
// partitions), so that each does not exchange the JWT again. Keyed by everything that
// decides which token the endpoint issues: its address, the account, the key (its id and
// its public key's hash, so another key for the same email never gets this one's token)
// and the scope; and whether certificates were checked, so that a token got from whoever
// answered an unchecked connection is never used by a reader that checks them. Oldest first.
const keptTokens = new Map<string, KeptToken>()

/** Forgets every kept token, for tests that count token exchanges. */
export function forgetServiceAccountTokens(): void {
  keptTokens.clear()
}

/** Keeps `kept` under `key`, dropping tokens due for renewal and then the oldest beyond KEPT_ACCOUNTS. */
function keepToken(key: string, kept: KeptToken): void {
  keptTokens.delete(key)
  keptTokens.set(key, kept)
  const now = Date.now()
  for (const [other, token] of keptTokens) if (token.renewAt <= now) keptTokens.delete(other)
  for (const other of keptTokens.keys()) {
    if (keptTokens.size <= KEPT_ACCOUNTS) break
    keptTokens.delete(other)
  }
}

/** Access tokens for a service account: one exchange at a time per reader, each token kept (for every reader) until shortly before it expires. */
class ServiceAccountTokens {
  readonly #account: ServiceAccount
  readonly #key: KeyObject
  readonly #tokenUri: URL
  readonly #client: BlobHttp
  readonly #secrets: string[]
  readonly #kept: number
  readonly #cacheKey: string
  #pending: Promise<string> | undefined

  constructor(account: ServiceAccount, key: KeyObject, tokenUri: URL, client: BlobHttp, secrets: string[]) {
    this.#account = account
    this.#key = key
    this.#tokenUri = tokenUri
    this.#client = client
    this.#secrets = secrets
    this.#kept = secrets.length
    const publicKey = createHash('sha256')
      .update(createPublicKey(key).export({ type: 'spki', format: 'der' }))
      .digest('base64url')
    this.#cacheKey = JSON.stringify([tokenUri.href, account.clientEmail, account.keyId ?? null, publicKey, SCOPE, client.settings.allowInvalidCertificates])
  }

  /** A token valid for a while yet; waits for an exchange under way rather than starting another. */
  async token(signal: AbortSignal | undefined): Promise<string> {
    const kept = keptTokens.get(this.#cacheKey)
    if (kept && Date.now() < kept.renewAt) {
      // Another reader's token is this reader's secret too.
      if (!this.#secrets.includes(kept.token)) this.#remember(kept.token)
      return kept.token
    }
    // The exchange is shared, so one caller's cancel does not end it for the others.
    this.#pending ??= this.#exchange().finally(() => (this.#pending = undefined))
    return untilAborted(this.#pending, signal, 'Reading was cancelled.')
  }

  /** Drops `token` after the store refused it, for every reader. */
  invalidate(token: string): void {
    if (keptTokens.get(this.#cacheKey)?.token === token) keptTokens.delete(this.#cacheKey)
  }

  async #exchange(): Promise<string> {
    const assertion = this.#jwt()
    this.#remember(assertion)
    const what = `The token endpoint ${this.#tokenUri.origin}`
    const answer = await this.#client.send(
      {
        method: 'POST',
        url: this.#tokenUri,
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({ grant_type: JWT_GRANT, assertion }).toString(),
        maxBytes: JSON_ANSWER_BYTES
      },
      what
    )
    if (answer.status < 200 || answer.status >= 300) {
      const words = serverWords(this.#client, googleErrorText(answer))
      if (answer.status === 400 || answer.status === 401 || answer.status === 403) {
        throw new CatalogError(
          'permission_denied',
          `Access denied: ${what} refused the service account's signed request (HTTP ${answer.status}${words ? `: ${words}` : ''}).`,
          {
            status: answer.status
          }
        )
      }
      throw statusError(answer.status, what, 'it refused the service account', words)
    }
    const { token, lifetimeS } = tokenAnswer(answer.body, what)
    this.#remember(token)
    // Renewed five minutes before it expires (halfway through, for a short-lived one).
    keepToken(this.#cacheKey, { token, renewAt: Date.now() + Math.max(lifetimeS - 300, lifetimeS / 2) * 1000 })
    return token
  }

  /** Adds a value no message may show; only the last few are kept, older ones long expired. */
  #remember(secret: string): void {
    this.#secrets.push(secret)
    if (this.#secrets.length > this.#kept + 8) this.#secrets.splice(this.#kept, 2)
  }

  /** The service account's JWT: RS256 over its header and claims, for the read-only scope, an hour long. */
  #jwt(): string {
    const now = Math.floor(Date.now() / 1000)
    const header = { alg: 'RS256', typ: 'JWT', ...(this.#account.keyId === undefined ? {} : { kid: this.#account.keyId }) }
    const claims = { iss: this.#account.clientEmail, scope: SCOPE, aud: this.#tokenUri.href, iat: now, exp: now + JWT_LIFETIME_S }
    const signed = `${base64Url(JSON.stringify(header))}.${base64Url(JSON.stringify(claims))}`
    const signature = createSign('RSA-SHA256').update(signed).sign(this.#key)
    return `${signed}.${signature.toString('base64url')}`
  }
}

function base64Url(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url')
}

/** The access token and its lifetime in seconds from a token endpoint's JSON answer; a clear error for anything else. */
function tokenAnswer(body: Buffer, what: string): { token: string; lifetimeS: number } {
  let value: unknown
  try {
    value = JSON.parse(body.toString('utf8'))
  } catch {
    throw new CatalogError('bad_response', `${what} answered something other than JSON; no access token was read.`)
  }
  const fields = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {}
  const token = fields['access_token']
  const expires = typeof fields['expires_in'] === 'string' ? Number(fields['expires_in']) : fields['expires_in']
  const type = fields['token_type']
  if (typeof token !== 'string' || token.length > 8192 || !/^[\x21-\x7e]+$/.test(token)) {
    throw new CatalogError('bad_response', `${what} answered without a usable access_token.`)
  }
  if (typeof expires !== 'number' || !Number.isFinite(expires) || expires <= 0)
    throw new CatalogError('bad_response', `${what} answered without a usable expires_in.`)
  if (type !== undefined && (typeof type !== 'string' || type.toLowerCase() !== 'bearer')) {
    throw new CatalogError('bad_response', `${what} answered a token that is not a bearer token.`)
  }
  return { token, lifetimeS: Math.min(expires, 24 * 3600) }
}
