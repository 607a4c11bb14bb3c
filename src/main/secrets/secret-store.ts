/**
 * Where secret header values (Authorization, x-api-key, headers marked secret) live,
 * apart from the profile file. Three stores, one interface:
 * - keychain: values encrypted with Electron's `safeStorage` (an OS keychain key), kept
 *   as base64 blobs in `secrets.json`. `safeStorage` is passed in, not imported, so this
 *   file runs and is tested under plain Node.
 * - memory: for browser mode without a keychain; values last until the app quits.
 * - file: browser mode, when the person opts in: plain values in `secrets.plain.json`,
 *   mode 0600 so only they can read it.
 * Header names are case-insensitive, so stores key them in lower case.
 */
import { chmod, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { CatalogError } from '../../shared/errors'
import type { SecretStorageInfo, StorageProblem } from '../../shared/profile-types'
import { keepCorruptCopy, readJsonFile, removeStaleTempFiles, writeFileAtomic } from '../files/atomic-write'

/** Where a store keeps its secrets. */
export type SecretStoreKind = SecretStorageInfo['kind']

/** Keeps secret header values per profile. */
export interface SecretStore {
  readonly kind: SecretStoreKind
  /** Set when secrets are in memory because the keychain failed this run: why. */
  readonly keychainProblem?: string
  /** One sentence for the UI saying where secrets are kept. */
  describe(): string
  get(profileId: string, header: string): Promise<string | undefined>
  set(profileId: string, header: string, value: string): Promise<void>
  /** Forgets one header's secret, or every secret of the profile when `header` is omitted. */
  delete(profileId: string, header?: string): Promise<void>
}

/** The part of Electron's `safeStorage` the keychain store uses (same shape, so pass it in). */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean
  encryptString(plainText: string): Buffer
  decryptString(encrypted: Buffer): string
  /** Linux only in Electron; `basic_text` means no keyring was found and a fixed key is used. */
  getSelectedStorageBackend?(): string
  /** Set when a keychain exists but could not be used this run: why (our libsecret keychain only). */
  readonly unavailableReason?: string
}

/** A safeStorage whose keychain could not be used this run, saying why; nothing is encrypted with it. */
export function unavailableKeychain(reason: string): SafeStorageLike {
  const refuse = (): never => {
    throw new CatalogError('unsupported', `The keychain is unavailable: ${reason}.`)
  }
  return { isEncryptionAvailable: () => false, encryptString: refuse, decryptString: refuse, unavailableReason: reason }
}

/** A store plus what went wrong reading its file, if anything. */
export interface OpenedSecretStore<S extends SecretStore = SecretStore> {
  readonly store: S
  readonly problem?: StorageProblem
}

/** The encrypted secrets file of the keychain store. */
export const SECRETS_FILE = 'secrets.json'
/** The opt-in plain secrets file (mode 0600) of browser mode. */
export const PLAIN_SECRETS_FILE = 'secrets.plain.json'

const FILE_MODE = 0o600
const FORMAT_VERSION = 1
const fileSchema = z.object({
  version: z.literal(FORMAT_VERSION),
  secrets: z.record(z.string(), z.record(z.string(), z.string()))
})

type Table = Map<string, Map<string, string>>

/** Secrets in memory only, gone when the app quits. */
export class MemorySecretStore implements SecretStore {
  readonly kind: SecretStoreKind = 'memory'
  readonly #table: Table = new Map()

  /** `keychainProblem`: why the keychain that normally holds secrets is not used this run. */
  constructor(readonly keychainProblem?: string) {}

  describe(): string {
    return this.keychainProblem
      ? `Kept in memory for this run only, because the keychain is unavailable: ${this.keychainProblem}`
      : 'Kept in memory until the app quits'
  }

  async get(profileId: string, header: string): Promise<string | undefined> {
    return this.#table.get(profileId)?.get(header.toLowerCase())
  }

  async set(profileId: string, header: string, value: string): Promise<void> {
    setIn(this.#table, profileId, header, value)
  }

  async delete(profileId: string, header?: string): Promise<void> {
    deleteIn(this.#table, profileId, header)
  }
}

/**
 * A store backed by one JSON file holding an encoded string per secret. A file that cannot
 * be read is kept as a copy and never overwritten; if no copy could be kept, the store
 * refuses to save rather than replace the only copy.
 */
abstract class FileBackedSecretStore implements SecretStore {
  abstract readonly kind: SecretStoreKind
  readonly #path: string
  #table: Table = new Map()
  #blocked: string | null = null
  #queue: Promise<void> = Promise.resolve()

  protected constructor(path: string) {
    this.#path = path
  }

  abstract describe(): string
  protected abstract encode(value: string): string
  protected abstract decode(stored: string, header: string): string

  async get(profileId: string, header: string): Promise<string | undefined> {
    const stored = this.#table.get(profileId)?.get(header.toLowerCase())
    return stored === undefined ? undefined : this.decode(stored, header)
  }

  async set(profileId: string, header: string, value: string): Promise<void> {
    const encoded = this.encode(value)
    await this.#change((table) => setIn(table, profileId, header, encoded))
  }

  async delete(profileId: string, header?: string): Promise<void> {
    await this.#change((table) => deleteIn(table, profileId, header))
  }

  /** Loads the file; call once, right after construction. */
  protected async load(): Promise<StorageProblem | undefined> {
    await removeStaleTempFiles(this.#path)
    const read = await readJsonFile(this.#path)
    if (read.status === 'missing') return undefined
    if (read.status === 'ok') {
      const parsed = fileSchema.safeParse(read.value)
      if (parsed.success) {
        this.#table = new Map(Object.entries(parsed.data.secrets).map(([id, row]) => [id, new Map(Object.entries(row))]))
        return undefined
      }
    }
    const reason = read.status === 'unreadable' ? read.message : shapeProblem(read.value)
    let keptCopy: string | null = null
    try {
      keptCopy = await keepCorruptCopy(this.#path)
    } catch (error) {
      this.#blocked =
        `${this.#path} is unreadable and could not be copied or moved aside (${(error as Error).message}), ` +
        'so secrets cannot be saved. Move it away, then restart.'
    }
    const where = keptCopy ? `A copy was kept at ${keptCopy}.` : 'It could not be copied, so it will not be changed.'
    const message = `Stored secrets could not be read: ${reason}. ${where} Enter secret values again.`
    return { file: this.#path, message, keptCopy, issues: [reason] }
  }

  // Writes are queued so two changes never race to rename their temp files.
  async #change(apply: (table: Table) => void): Promise<void> {
    const run = async (): Promise<void> => {
      if (this.#blocked) throw new CatalogError('internal', this.#blocked, { path: this.#path })
      const next = cloneTable(this.#table)
      apply(next)
      await writeFileAtomic(this.#path, serialize(next), { mode: FILE_MODE })
      this.#table = next
    }
    const result = this.#queue.then(run)
    this.#queue = result.catch(() => undefined)
    await result
  }

  /** Narrows an existing file's mode to 0600 (it may have been copied or restored loosely). */
  protected async tightenMode(): Promise<void> {
    const info = await stat(this.#path).catch(() => null)
    if (info && process.platform !== 'win32' && (info.mode & 0o777) !== FILE_MODE) await chmod(this.#path, FILE_MODE)
  }
}

/** Secrets encrypted with the OS keychain through an injected `safeStorage`. */
export class KeychainSecretStore extends FileBackedSecretStore {
  readonly kind: SecretStoreKind = 'keychain'
  readonly #crypto: SafeStorageLike

  private constructor(path: string, crypto: SafeStorageLike) {
    super(path)
    this.#crypto = crypto
  }

  /** Opens `secrets.json` in `dataDir`, reporting (not overwriting) a file it cannot read. */
  static async open(dataDir: string, crypto: SafeStorageLike): Promise<OpenedSecretStore<KeychainSecretStore>> {
    const store = new KeychainSecretStore(join(dataDir, SECRETS_FILE), crypto)
    const problem = await store.load()
    await store.tightenMode()
    return problem ? { store, problem } : { store }
  }

  describe(): string {
    return this.#crypto.getSelectedStorageBackend?.() === 'basic_text'
      ? 'Stored encrypted with a fixed key, because no OS keyring was found'
      : 'Stored encrypted in the OS keychain'
  }

  protected encode(value: string): string {
    if (!this.#crypto.isEncryptionAvailable()) {
      throw new CatalogError('unsupported', 'The OS keychain is not available, so the secret cannot be stored encrypted.')
    }
    return this.#crypto.encryptString(value).toString('base64')
  }

  protected decode(stored: string, header: string): string {
    try {
      return this.#crypto.decryptString(Buffer.from(stored, 'base64'))
    } catch (error) {
      throw new CatalogError('internal', `The stored value of ${header} could not be decrypted; the OS keychain may have changed. Enter it again.`, {
        header,
        cause: (error as Error).message
      })
    }
  }
}

/** Plain secrets in a file only the current user can read (mode 0600); opt-in only. */
export class FileSecretStore extends FileBackedSecretStore {
  readonly kind: SecretStoreKind = 'file'

  private constructor(path: string) {
    super(path)
  }

  /** Opens `secrets.plain.json` in `dataDir`, narrowing its mode to 0600 if it was wider. */
  static async open(dataDir: string): Promise<OpenedSecretStore<FileSecretStore>> {
    const store = new FileSecretStore(join(dataDir, PLAIN_SECRETS_FILE))
    const problem = await store.load()
    await store.tightenMode()
    return problem ? { store, problem } : { store }
  }

  describe(): string {
    return 'Stored in a file only you can read (0600)'
  }

  protected encode(value: string): string {
    return value
  }

  protected decode(stored: string): string {
    return stored
  }
}

/**
 * Picks the store: the keychain when `safeStorage` is given and available, else the 0600
 * file if the person opted in, else memory.
 */
export async function openSecretStore(
  dataDir: string,
  options: { readonly safeStorage?: SafeStorageLike; readonly plainFileOptIn?: boolean } = {}
): Promise<OpenedSecretStore> {
  if (options.safeStorage?.isEncryptionAvailable()) return KeychainSecretStore.open(dataDir, options.safeStorage)
  if (options.plainFileOptIn) return FileSecretStore.open(dataDir)
  // A keychain that failed this run: its file is not opened, so nothing can change it.
  return { store: new MemorySecretStore(options.safeStorage?.unavailableReason) }
}

/** Where a store keeps secrets, in the form the renderer receives. */
export function secretStorageInfo(store: SecretStore): SecretStorageInfo {
  const problem = store.keychainProblem
  return { kind: store.kind, description: store.describe(), ...(problem ? { keychainProblem: problem } : {}) }
}

function setIn(table: Table, profileId: string, header: string, value: string): void {
  let row = table.get(profileId)
  if (!row) table.set(profileId, (row = new Map()))
  row.set(header.toLowerCase(), value)
}

function deleteIn(table: Table, profileId: string, header?: string): void {
  if (header === undefined) {
    table.delete(profileId)
    return
  }
  const row = table.get(profileId)
  row?.delete(header.toLowerCase())
  if (row?.size === 0) table.delete(profileId)
}

function cloneTable(table: Table): Table {
  return new Map([...table].map(([id, row]) => [id, new Map(row)]))
}

function serialize(table: Table): string {
  const secrets = Object.fromEntries([...table].map(([id, row]) => [id, Object.fromEntries(row)]))
  return JSON.stringify({ version: FORMAT_VERSION, secrets }, null, 2) + '\n'
}

function shapeProblem(value: unknown): string {
  const version = typeof value === 'object' && value !== null ? (value as { version?: unknown }).version : undefined
  if (typeof version === 'number' && version > FORMAT_VERSION) return `it was written by a newer version of the app (format ${version})`
  return 'it does not have the expected layout'
}
