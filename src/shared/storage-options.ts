/**
 * Object-store roots and their storage options. A `dir` catalog's `root` is a local
 * folder or an object-store URI (`s3://bucket/prefix`, `gs://…`, `az://…`); the options
 * that reach the store (region, endpoint, keys, …) travel as `storage.<option>`
 * properties, the way LanceDB's `connectNamespace("dir", …)` takes them, and without the
 * prefix as `storageOptions` for `connect` / `openTable` / `createTable`. Option names
 * are Lance's (https://lancedb.github.io/lance/guide/object_store). Pure TypeScript: the
 * editor, the command line and main share it.
 */

/** The property prefix that marks a storage option on a `dir` connection. */
export const STORAGE_PROPERTY_PREFIX = 'storage.'

/** URI schemes a directory catalog's root may use besides a local folder. */
export const OBJECT_STORE_SCHEMES = ['s3', 'gs', 'az'] as const

/** An object-store URI scheme the app opens. */
export type ObjectStoreScheme = (typeof OBJECT_STORE_SCHEMES)[number]

/** Where a `dir` root lives: a local folder, an object store, or a URI of a scheme we do not open. */
export type RootLocation =
  | { readonly kind: 'local' }
  | { readonly kind: 'object-store'; readonly scheme: ObjectStoreScheme; readonly bucket: string; readonly prefix: string }
  | { readonly kind: 'unsupported'; readonly scheme: string }

/** One storage option the editor offers. */
export interface StorageOptionSpec {
  readonly name: string
  readonly label: string
  /** The schemes it applies to; every object store when absent. */
  readonly schemes?: readonly ObjectStoreScheme[]
  /** Kept in the secret store, never in the profile file. */
  readonly secret?: boolean
  /** A hint the editor shows as placeholder. */
  readonly hint?: string
}

/** The options the editor offers, in the order it shows them. Others can still be added by name. */
export const STORAGE_OPTIONS: readonly StorageOptionSpec[] = [
  { name: 'region', label: 'Region', schemes: ['s3'], hint: 'us-east-1' },
  { name: 'endpoint', label: 'Endpoint (S3-compatible stores)', schemes: ['s3'], hint: 'https://s3.example.com' },
  { name: 'aws_access_key_id', label: 'Access key id', schemes: ['s3'] },
  { name: 'aws_secret_access_key', label: 'Secret access key', schemes: ['s3'], secret: true },
  { name: 'aws_session_token', label: 'Session token', schemes: ['s3'], secret: true },
  { name: 'virtual_hosted_style_request', label: 'Virtual-hosted-style requests', schemes: ['s3'], hint: 'true or false' },
  { name: 'google_service_account', label: 'Service account file', schemes: ['gs'], hint: '/path/to/service-account.json' },
  { name: 'google_service_account_key', label: 'Service account key (JSON)', schemes: ['gs'], secret: true },
  { name: 'azure_storage_account_name', label: 'Storage account name', schemes: ['az'] },
  { name: 'azure_storage_account_key', label: 'Storage account key', schemes: ['az'], secret: true },
  { name: 'azure_storage_sas_key', label: 'SAS token', schemes: ['az'], secret: true },
  { name: 'allow_http', label: 'Allow HTTP (no TLS)', hint: 'true or false' },
  { name: 'allow_invalid_certificates', label: 'Allow invalid certificates', hint: 'true or false' },
  { name: 'connect_timeout', label: 'Connect timeout', hint: '5s' },
  { name: 'timeout', label: 'Request timeout', hint: '30s' }
]

// Names Lance also accepts for the secret options above (object_store's aliases), and
// any option whose name says it holds a key, token, password or secret.
const SECRET_NAME = /(secret|session_token|account_key|access_key$|master_key|sas_key|sas_token|service_account_key|password|^token$|_token$)/i

/** True for storage options whose values are secrets (keys, tokens), in any case. */
export function isSecretStorageOption(name: string): boolean {
  return SECRET_NAME.test(name)
}

/** Why `name` cannot be a storage option name, or null. */
export function storageOptionNameProblem(name: string): string | null {
  if (name === '') return 'A storage option needs a name, e.g. region.'
  if (!/^[A-Za-z][A-Za-z0-9_.-]*$/.test(name)) return `"${name}" is not a storage option name: use letters, digits and _ (e.g. aws_access_key_id).`
  return null
}

/** Where a `dir` root lives. A Windows drive (`C:\…`) is a local folder, not a scheme. */
export function rootLocation(root: string): RootLocation {
  const match = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(root.trim())
  const scheme = match?.[1]?.toLowerCase()
  if (scheme === undefined || scheme.length === 1) return { kind: 'local' }
  if (!(OBJECT_STORE_SCHEMES as readonly string[]).includes(scheme)) return { kind: 'unsupported', scheme }
  const rest = root.trim().slice(scheme.length + 1)
  const path = rest.startsWith('//') ? rest.slice(2) : rest
  const slash = path.indexOf('/')
  const bucket = slash < 0 ? path : path.slice(0, slash)
  const prefix = slash < 0 ? '' : path.slice(slash + 1).replace(/\/+$/, '')
  return { kind: 'object-store', scheme: scheme as ObjectStoreScheme, bucket, prefix }
}

/** Why `root` cannot be opened as an object-store root, or null (local folders are checked elsewhere). */
export function objectStoreRootProblem(root: string): string | null {
  const where = rootLocation(root)
  if (where.kind === 'local') return null
  if (where.kind === 'unsupported') {
    return `"${where.scheme}://" is not a storage the app opens. Use a local folder or ${OBJECT_STORE_SCHEMES.map((s) => `${s}://`).join(', ')}.`
  }
  if (!root.trim().startsWith(`${where.scheme}://`)) return `Write the address as ${where.scheme}://bucket/prefix.`
  if (where.bucket === '') return `Name the bucket: ${where.scheme}://bucket/prefix.`
  if (/\s/.test(root.trim())) return 'An object-store address cannot contain spaces.'
  return null
}

/** The options that apply to a scheme, for the editor. */
export function storageOptionsFor(scheme: ObjectStoreScheme): readonly StorageOptionSpec[] {
  return STORAGE_OPTIONS.filter((o) => !o.schemes || o.schemes.includes(scheme))
}

/** The `storage.*` entries of a property map, without the prefix, in property order. */
export function storageEntries(properties: Readonly<Record<string, string>>): Array<[name: string, value: string]> {
  return Object.entries(properties)
    .filter(([key]) => key.startsWith(STORAGE_PROPERTY_PREFIX))
    .map(([key, value]) => [key.slice(STORAGE_PROPERTY_PREFIX.length), value])
}

/** LanceDB's `storageOptions` from a property map: the `storage.*` entries with a value. */
export function storageOptionsOf(properties: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(storageEntries(properties).filter(([, value]) => value !== ''))
}

/** `storage.*` properties from plain option names. */
export function storageProperties(options: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(options).map(([name, value]) => [STORAGE_PROPERTY_PREFIX + name, value]))
}

/** Parses `name=value` (the command line's `--storage`); throws a RangeError saying what is wrong. */
export function parseStorageAssignment(text: string): [name: string, value: string] {
  const equals = text.indexOf('=')
  const name = equals < 0 ? '' : text.slice(0, equals).trim()
  // The text is never echoed: it may be a secret typed without its name.
  const problem = equals < 0 ? 'A storage option is written "name=value", e.g. "region=us-east-1".' : storageOptionNameProblem(name)
  if (problem) throw new RangeError(problem)
  return [name, text.slice(equals + 1).trim()]
}

/**
 * The storage options that say where a store's requests go, as Lance's object stores name
 * them (with their aliases): an S3-compatible endpoint, an Azure account, endpoint or
 * emulator, a GCS base URL. Secrets saved with one of these must not follow a change of it.
 */
const WHERE_OPTIONS: Readonly<Record<ObjectStoreScheme, Readonly<Record<string, readonly string[]>>>> = {
  s3: { endpoint: ['endpoint', 'aws_endpoint', 'aws_endpoint_url', 'endpoint_url'], sts: ['aws_endpoint_url_sts', 'endpoint_url_sts'] },
  az: {
    account: ['azure_storage_account_name', 'account_name'],
    endpoint: ['azure_storage_endpoint', 'azure_endpoint', 'endpoint'],
    emulator: ['azure_storage_use_emulator', 'use_emulator'],
    fabric: ['azure_use_fabric_endpoint', 'use_fabric_endpoint']
  },
  gs: { base: ['google_base_url', 'base_url'] }
}

/**
 * The place a dir profile's secret storage options are bound to, like a REST profile's
 * origin: the store's scheme and bucket, and the origin of every option that says where
 * requests go, when one is set (`s3://bucket?endpoint=http://127.0.0.1:9000`; an Azure
 * account or a GCS base URL likewise). Moving the root to another bucket or any of those
 * to another server clears the saved secrets. Null for a local folder.
 */
export function objectStoreOrigin(properties: Readonly<Record<string, string>>): string | null {
  const where = rootLocation(properties['root'] ?? '')
  if (where.kind !== 'object-store' || where.bucket === '') return null
  const options = new Map<string, string>()
  for (const [key, value] of Object.entries(properties))
    if (key.startsWith(STORAGE_PROPERTY_PREFIX)) options.set(key.slice(STORAGE_PROPERTY_PREFIX.length).toLowerCase(), value.trim())
  const parts: string[] = []
  for (const [label, names] of Object.entries(WHERE_OPTIONS[where.scheme])) {
    const value = names.map((name) => options.get(name) ?? '').find((v) => v !== '')
    // An address counts by its origin (its path never changes the server), a name or flag as written.
    if (value !== undefined) parts.push(`${label}=${encodeURIComponent(originOf(value))}`)
  }
  const base = `${where.scheme}://${where.bucket.toLowerCase()}`
  return parts.length === 0 ? base : `${base}?${parts.join('&')}`
}

function originOf(value: string): string {
  try {
    const url = new URL(value)
    return url.origin === 'null' ? value : url.origin
  } catch {
    return value
  }
}

/**
 * The property that holds a secret a profile lists: a dir profile lists its secret
 * storage options by property key (`storage.aws_secret_access_key`), a REST profile its
 * secret headers by name (`x-api-key` is `headers.x-api-key`).
 */
export function secretPropertyKey(connectType: string, secretName: string, headerPrefix: string): string {
  // A REST profile lists its secret storage options (for table locations) by key too; a
  // header name never contains a dot, so the prefix cannot be a header's.
  return connectType === 'dir' || secretName.startsWith(STORAGE_PROPERTY_PREFIX) ? secretName : headerPrefix + secretName
}

/**
 * Problems with a draft's `storage.*` properties, keyed `property:<key>`. A dir profile's
 * apply to an object-store root only; a REST profile's (`connectType` `rest`) to the
 * table locations its catalog returns, wherever its own address is.
 */
export function storagePropertyErrors(properties: Readonly<Record<string, string>>, maxValue: number, connectType = 'dir'): Record<string, string> {
  const errors: Record<string, string> = {}
  const local = connectType === 'dir' && rootLocation(properties['root'] ?? '').kind === 'local'
  for (const [name, value] of storageEntries(properties)) {
    const key = STORAGE_PROPERTY_PREFIX + name
    const problem = storageOptionNameProblem(name)
    if (problem) errors[`property:${key}`] = problem
    else if (local && value !== '') errors[`property:${key}`] = 'Storage options apply to object-store roots (s3://, gs://, az://) only.'
    else if (value.length > maxValue) errors[`property:${key}`] = `A storage option can be at most ${maxValue} characters.`
    else if (/[\r\n\0]/.test(value)) errors[`property:${key}`] = 'A storage option cannot contain a line break or NUL character.'
  }
  return errors
}

/**
 * The storage options to open a table with when a catalog vends its own (a REST describe's
 * `storage_options`, often short-lived credentials): the vended ones win over the profile's.
 */
export function mergeStorageOptions(own: Readonly<Record<string, string>>, vended: Readonly<Record<string, string>> | undefined): Record<string, string> {
  return { ...own, ...(vended ?? {}) }
}
