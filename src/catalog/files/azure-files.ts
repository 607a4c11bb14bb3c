/**
 * A table's files on Azure Blob Storage (`az://container/prefix`), read by byte ranges
 * through the Blob service: a HEAD for a file's size, then GETs with `x-ms-range`. It
 * takes the storage options Lance takes (its `object_store` names and aliases):
 *
 * - `azure_storage_account_name`, and `azure_storage_account_key` (Shared Key: each request
 *   signed with HMAC-SHA256 over its canonical form, dated by `x-ms-date`) or
 *   `azure_storage_sas_key` (a SAS token, added to each request's query), or
 *   `azure_storage_token` (a bearer token as is); object_store's order when several are set.
 * - `azure_storage_endpoint` (also `azure_endpoint`): the account's address instead of
 *   `https://<account>.blob.core.windows.net`, e.g. `http://127.0.0.1:10000/devstoreaccount1`.
 * - `azure_storage_use_emulator`: Azurite at `AZURITE_BLOB_STORAGE_URL` (or
 *   `http://127.0.0.1:10000`), path-style (`/<account>/<container>/…`), with the emulator's
 *   well-known account and key unless others are given, and plain HTTP allowed.
 * - `azure_skip_signature`: anonymous requests, for a public container.
 * - `allow_http`, `allow_invalid_certificates`, `timeout`, `connect_timeout`.
 *
 * Keys sign requests here and are never sent; a SAS or bearer token goes only to the account's address.
 */
import { createHmac } from 'node:crypto'
import { CatalogError } from '../../shared/errors'
import { rootLocation } from '../../shared/storage-options'
import type { FileReadOptions, RangeFile, TableFiles } from '../table-files'
import {
  BlobHttp,
  booleanOption,
  checkRange,
  checkedFilePath,
  header,
  httpSettings,
  optionValue,
  rangeBytes,
  serverWords,
  serviceUrl,
  statusError,
  type BlobAnswer,
  type BlobReaderSettings,
  type StorageOptionValues
} from './blob-http'

// The Blob service version object_store sends.
const SERVICE_VERSION = '2023-11-03'
// Azurite's documented development account; not a secret.
const EMULATOR_ACCOUNT = 'devstoreaccount1'
const EMULATOR_ACCOUNT_KEY = 'Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw=='
const EMULATOR_URL = 'http://127.0.0.1:10000'

// object_store's names for each option, its own first.
const ACCOUNT_NAME = ['azure_storage_account_name', 'account_name']
const ACCOUNT_KEY = ['azure_storage_account_key', 'azure_storage_access_key', 'azure_storage_master_key', 'master_key', 'account_key', 'access_key']
const SAS_KEY = ['azure_storage_sas_key', 'azure_storage_sas_token', 'sas_key', 'sas_token']
const BEARER_TOKEN = ['azure_storage_token', 'bearer_token', 'token']
const USE_EMULATOR = ['azure_storage_use_emulator', 'use_emulator']
const ENDPOINT = ['azure_storage_endpoint', 'azure_endpoint', 'endpoint']
const SKIP_SIGNATURE = ['azure_skip_signature', 'skip_signature']
const CREDENTIAL_TYPE = ['azure_credential_type', 'credential_type']
// Ways object_store can sign in that this reader does not (Entra ID apps, managed identity, the CLI).
const UNREAD = [
  'azure_storage_client_id',
  'azure_client_id',
  'client_id',
  'azure_federated_token_file',
  'federated_token_file',
  'azure_use_azure_cli',
  'use_azure_cli'
]

/** How requests are authorised. */
type Auth =
  | { readonly kind: 'none' }
  | { readonly kind: 'shared-key'; readonly key: Buffer }
  | { readonly kind: 'sas'; readonly query: string }
  | { readonly kind: 'bearer'; readonly token: string }

/** The files of the table at `location` (`az://container/prefix`); throws a `CatalogError` for unusable options. */
export function azureTableFiles(location: string, storageOptions: StorageOptionValues, settings: BlobReaderSettings = {}): TableFiles {
  const text = location.trim()
  const where = rootLocation(text)
  if (where.kind !== 'object-store' || where.scheme !== 'az' || !text.startsWith('az://') || where.bucket === '') {
    throw new CatalogError('invalid_request', `"${location}" is not an Azure Blob Storage location (az://container/prefix).`)
  }
  if (where.bucket.includes('@') || where.bucket.includes('.')) {
    throw new CatalogError(
      'invalid_request',
      `"${location}" names its account in the address; write az://container/prefix and set the storage option azure_storage_account_name.`
    )
  }
  const emulator = booleanOption(storageOptions, USE_EMULATOR, false)
  const base = httpSettings(storageOptions, 'azure_', settings)
  // object_store always allows plain HTTP to the emulator.
  const http = emulator ? { ...base, allowHttp: true } : base
  const named = optionValue(storageOptions, ACCOUNT_NAME)
  const account = named ?? (emulator ? EMULATOR_ACCOUNT : undefined)
  if (account === undefined)
    throw new CatalogError('invalid_request', 'Set the storage option azure_storage_account_name: the Azure storage account that holds the container.')
  if (!/^[A-Za-z0-9][A-Za-z0-9-]{0,62}$/.test(account)) throw new CatalogError('invalid_request', `"${account}" is not an Azure storage account name.`)

  let service: URL
  if (emulator) {
    const env = settings.env ?? process.env
    const root = serviceUrl(env['AZURITE_BLOB_STORAGE_URL'] ?? EMULATOR_URL, 'The emulator address (AZURITE_BLOB_STORAGE_URL)', http)
    service = new URL(`${trimmed(root)}/${encodeURIComponent(account)}`)
  } else {
    service = serviceUrl(optionValue(storageOptions, ENDPOINT) ?? `https://${account}.blob.core.windows.net`, 'The storage endpoint', http)
  }
  const auth = authOf(storageOptions, emulator)
  const secrets = [
    ...Object.entries(storageOptions).flatMap(([name, value]) => (/key|token|secret|password/i.test(name) ? [value] : [])),
    ...(auth.kind === 'sas' ? [auth.query, new URLSearchParams(auth.query).get('sig') ?? ''] : [])
  ]
  const client = new BlobHttp(http, () => secrets)
  const prefix = where.prefix.replace(/^\/+/, '')
  const shown = `az://${where.bucket}${prefix === '' ? '' : `/${prefix}`}`
  const blobUrl = (path: string): URL => {
    const parts = [where.bucket, ...(prefix === '' ? [] : prefix.split('/')), ...path.split('/')]
    return new URL(`${trimmed(service)}/${parts.map(encodeURIComponent).join('/')}${auth.kind === 'sas' ? `?${auth.query}` : ''}`)
  }

  const send = async (
    method: 'GET' | 'HEAD',
    path: string,
    extra: Record<string, string>,
    maxBytes: number,
    signal: AbortSignal | undefined
  ): Promise<BlobAnswer> => {
    const url = blobUrl(path)
    const what = `${shown}/${path}`
    const headers: Record<string, string> = { ...extra, 'x-ms-date': new Date().toUTCString(), 'x-ms-version': SERVICE_VERSION }
    if (auth.kind === 'shared-key') headers['authorization'] = `SharedKey ${account}:${sharedKeySignature(method, url, headers, account, auth.key)}`
    if (auth.kind === 'bearer') headers['authorization'] = `Bearer ${auth.token}`
    const answer = await client.send({ method, url, headers, maxBytes, signal }, what)
    const code = header(answer, 'x-ms-error-code')
    if (answer.status === 404 && code !== 'ContainerNotFound') return answer
    if (answer.status >= 200 && answer.status < 300) return answer
    if (code === 'ContainerNotFound')
      throw new CatalogError('invalid_catalog', `Container missing: the storage account ${account} has no container "${where.bucket}".`, { status: 404 })
    throw statusError(answer.status, what, refusal(auth), serverWords(client, azureErrorText(answer, code)))
  }

  return {
    location: shown,
    async open(path: string, options?: FileReadOptions): Promise<RangeFile | null> {
      checkedFilePath(path)
      const what = `${shown}/${path}`
      const answer = await send('HEAD', path, {}, 0, options?.signal)
      if (answer.status === 404) return null
      const length = header(answer, 'content-length')
      if (length === undefined || !/^\d{1,15}$/.test(length)) throw new CatalogError('bad_response', `${what}: the store's answer gives no size.`)
      const size = Number(length)
      return {
        size,
        name: path,
        async read(offset: number, count: number, readOptions?: FileReadOptions): Promise<Uint8Array> {
          checkRange(offset, count, size, path)
          if (count === 0) return new Uint8Array(0)
          const got = await send('GET', path, { 'x-ms-range': `bytes=${offset}-${offset + count - 1}` }, count, readOptions?.signal)
          if (got.status === 404) throw new CatalogError('bad_response', `${what} is gone from the store.`)
          return rangeBytes(got, offset, count, size, what)
        },
        close: () => Promise.resolve()
      }
    }
  }
}

/** A URL's text without a trailing slash. */
function trimmed(url: URL): string {
  return url.href.replace(/\/+$/, '')
}

/** object_store's order: the emulator's own, or a bearer token, then an account key, then a SAS token. */
function authOf(options: StorageOptionValues, emulator: boolean): Auth {
  if (booleanOption(options, SKIP_SIGNATURE, false)) return { kind: 'none' }
  const key = optionValue(options, ACCOUNT_KEY)
  const sas = optionValue(options, SAS_KEY)
  const token = optionValue(options, BEARER_TOKEN)
  const type = (optionValue(options, CREDENTIAL_TYPE) ?? 'auto').toLowerCase()
  const sharedKey = (value: string): Auth => ({ kind: 'shared-key', key: accountKey(value) })
  const bearer = (value: string): Auth => {
    if (!/^[\x21-\x7e]+$/.test(value)) throw new CatalogError('invalid_request', 'The azure_storage_token storage option holds characters a token cannot have.')
    return { kind: 'bearer', token: value }
  }
  if (emulator) {
    if (key !== undefined) return sharedKey(key)
    if (token !== undefined) return bearer(token)
    if (sas !== undefined) return { kind: 'sas', query: sasQuery(sas) }
    return sharedKey(EMULATOR_ACCOUNT_KEY)
  }
  const missing = (what: string): CatalogError =>
    new CatalogError('invalid_request', `The storage option azure_credential_type is ${type}, but ${what} is not set.`)
  switch (type) {
    case 'access_key':
      if (key === undefined) throw missing('azure_storage_account_key')
      return sharedKey(key)
    case 'sas_token':
      if (sas === undefined) throw missing('azure_storage_sas_key')
      return { kind: 'sas', query: sasQuery(sas) }
    case 'bearer_token':
      if (token === undefined) throw missing('azure_storage_token')
      return bearer(token)
    case 'auto':
      break
    default:
      throw new CatalogError(
        'invalid_request',
        `The storage option azure_credential_type is "${type}"; here only access_key, sas_token and bearer_token are read.`
      )
  }
  if (token !== undefined) return bearer(token)
  if (key !== undefined) return sharedKey(key)
  if (sas !== undefined) return { kind: 'sas', query: sasQuery(sas) }
  const other = UNREAD.some((name) => optionValue(options, [name]) !== undefined)
  throw new CatalogError(
    'invalid_request',
    `No credentials for Azure Blob Storage${other ? ' that this reader can use (Entra ID apps, managed identity and the Azure CLI are not read here)' : ''}: set the storage option azure_storage_account_key or azure_storage_sas_key, or azure_skip_signature for a public container.`
  )
}

/** An account key: base64, as the portal shows it. The message never shows it. */
function accountKey(value: string): Buffer {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(value) || value.length % 4 !== 0) {
    throw new CatalogError('invalid_request', 'The storage option azure_storage_account_key is not base64, as an Azure account key is.')
  }
  return Buffer.from(value, 'base64')
}

/** A SAS token's query (`sv=…&sig=…`, with or without its `?`), re-encoded as object_store sends it. */
function sasQuery(value: string): string {
  const pairs = value
    .replace(/^\?/, '')
    .split('&')
    .filter((part) => part.trim() !== '')
  const query = new URLSearchParams()
  for (const pair of pairs) {
    const equals = pair.indexOf('=')
    if (equals <= 0) throw new CatalogError('invalid_request', 'The storage option azure_storage_sas_key is not a SAS token (name=value pairs joined by &).')
    try {
      query.append(decodeURIComponent(pair.slice(0, equals).trim()), decodeURIComponent(pair.slice(equals + 1).trim()))
    } catch {
      throw new CatalogError('invalid_request', 'The storage option azure_storage_sas_key has a broken %-escape.')
    }
  }
  if (!query.has('sig')) throw new CatalogError('invalid_request', 'The storage option azure_storage_sas_key has no signature (sig=…).')
  return query.toString()
}

/**
 * The Shared Key signature of a request (Azure's "Authorize with Shared Key", version
 * 2009-09-19 and later): HMAC-SHA256 with the account key over the method, the standard
 * headers (all empty here but Range; Date is empty because x-ms-date is sent), the
 * `x-ms-` headers sorted, and the resource: `/<account><encoded path>` with the query's
 * names in lowercase, sorted, one per line.
 */
function sharedKeySignature(method: string, url: URL, headers: Readonly<Record<string, string>>, account: string, key: Buffer): string {
  const lower = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]))
  const standard = [
    'content-encoding',
    'content-language',
    'content-length',
    'content-md5',
    'content-type',
    'date',
    'if-modified-since',
    'if-match',
    'if-none-match',
    'if-unmodified-since',
    'range'
  ]
  const lines = [method, ...standard.map((name) => (name === 'content-length' && lower[name] === '0' ? '' : (lower[name] ?? '')))]
  const msHeaders = Object.keys(lower)
    .filter((name) => name.startsWith('x-ms-'))
    .sort()
    .map((name) => `${name}:${(lower[name] ?? '').trim()}\n`)
    .join('')
  const names = [...new Set(url.searchParams.keys())].sort()
  const query = names.map((name) => `\n${name.toLowerCase()}:${url.searchParams.getAll(name).sort().join(',')}`).join('')
  const toSign = `${lines.join('\n')}\n${msHeaders}/${account}${url.pathname}${query}`
  return createHmac('sha256', key).update(toSign, 'utf8').digest('base64')
}

function refusal(auth: Auth): string {
  switch (auth.kind) {
    case 'none':
      return 'the store refused an anonymous request; give azure_storage_account_key or azure_storage_sas_key'
    case 'shared-key':
      return 'the store refused the account key; check azure_storage_account_name and azure_storage_account_key'
    case 'sas':
      return 'the store refused the SAS token; check that it is current and may read this container'
    case 'bearer':
      return 'the store refused the bearer token'
  }
}

/** The store's error code and message: `x-ms-error-code`, and the XML body's `<Message>` when there is one. */
function azureErrorText(answer: BlobAnswer, code: string | undefined): string | undefined {
  const body = answer.body.toString('utf8')
  const message = /<Message>([^<]*)<\/Message>/.exec(body)?.[1]?.split('\n')[0]
  const errorCode = code ?? /<Code>([^<]*)<\/Code>/.exec(body)?.[1]
  if (errorCode === undefined && message === undefined) return undefined
  return [errorCode, message].filter((part) => part !== undefined && part !== '').join(': ')
}
