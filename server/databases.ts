/**
 * The databases one server serves: the root folder itself, and every folder below it
 * that a request names with `x-service-database` (optionally under an
 * `x-service-database-prefix` folder, see `databaseFolder`). Each folder gets one dir
 * namespace client, opened on first use and closed with the server. A root on an object
 * store (`s3://bucket/prefix`) is served alone, opened with the server's storage options.
 */
import { stat } from 'node:fs/promises'
import type { IncomingHttpHeaders } from 'node:http'
import path from 'node:path'
import { CatalogError } from '../src/shared/errors'
import { componentProblem } from '../src/shared/namespace-path'
import { rootLocation } from '../src/shared/storage-options'
import type { NamespaceClient } from '../src/catalog/namespace-client'
import { openDirNamespace } from '../src/catalog/dir/dir-namespace'
import { KeyedLock } from '../src/catalog/keyed-lock'
import { TransactionBook } from './transactions'

/** One catalog folder and the handles the server uses on it. */
export interface Database {
  /** Absolute path of the catalog folder, or its object-store URI. */
  readonly root: string
  /** LanceDB storage options (no prefix) that reach an object-store root; empty for a folder. */
  readonly storageOptions: Readonly<Record<string, string>>
  /** How long the storage options a describe hands out are said to last (`expires_at_millis`); null: no expiry. */
  readonly credentialLifetimeMs: number | null
  /** The storage options a describe hands out, by name; null: all of them. */
  readonly vendedOptions: readonly string[] | null
  /** Slow transactions for creates and drops (see ./transactions); null: every operation runs at once. */
  readonly transactions: TransactionBook | null
  /** The dir implementation: every catalog operation goes through it. */
  readonly client: NamespaceClient
  /**
   * Locations of tables this server declared, by identifier (`$`-joined path). The dir
   * implementation cannot open a declared table, so describe answers from here until
   * the table has data.
   */
  readonly declaredLocations: Map<string, string>
  /**
   * Table writes that take several steps (declare: register, then strip to a marker;
   * create: write, then describe) hold this per identifier, so they never interleave.
   */
  readonly tableWrites: KeyedLock
}

/** How a folder or object-store URI is turned into a namespace client; tests may count or wrap opens. */
export type DirOpener = (root: string, storageOptions: Readonly<Record<string, string>>) => Promise<NamespaceClient>

/**
 * A catalog server answers every request with the latest version, and it writes rows through
 * LanceDB calls of its own, so its kept tables are checked for their latest version on every use.
 */
const openLatestDir: DirOpener = (root, storageOptions) => openDirNamespace(root, storageOptions, { freshnessMs: 0 })

/**
 * Resolves which folder a request's headers select.
 *
 * - no headers: the server's root folder;
 * - `x-service-database: NAME`: `ROOT/NAME`;
 * - `x-service-database-prefix: PREFIX` as well: `ROOT/PREFIX/NAME`, i.e. the prefix is a
 *   folder grouping several databases behind one endpoint;
 * - a prefix without a database name is refused (400): it names a group, not a catalog.
 * Each name must be a valid component (letters, digits, `_`, `-`, `.`).
 */
export function databaseFolder(root: string, headers: IncomingHttpHeaders): { folder: string; name: string | null } {
  const name = headerValue(headers['x-service-database'])
  const prefix = headerValue(headers['x-service-database-prefix'])
  if (name === null) {
    if (prefix !== null) {
      throw new CatalogError(
        'invalid_request',
        `"x-service-database-prefix: ${prefix}" needs "x-service-database" too: the prefix groups databases, the database header picks one.`
      )
    }
    return { folder: root, name: null }
  }
  checkName(name, 'x-service-database')
  if (prefix !== null) checkName(prefix, 'x-service-database-prefix')
  const display = prefix === null ? name : `${prefix}/${name}`
  return { folder: prefix === null ? path.join(root, name) : path.join(root, prefix, name), name: display }
}

/** Lazily opened databases of one server, keyed by folder. */
export class DatabaseRegistry {
  readonly #root: string
  readonly #open: DirOpener
  readonly #storageOptions: Readonly<Record<string, string>>
  readonly #objectStore: boolean
  readonly #databases = new Map<string, Promise<Database>>()
  #closed = false

  readonly #credentialLifetimeMs: number | null
  readonly #vendedOptions: readonly string[] | null
  readonly #slowTransactionsMs: number | null

  constructor(
    root: string,
    open: DirOpener = openLatestDir,
    storageOptions: Readonly<Record<string, string>> = {},
    credentialLifetimeMs: number | null = null,
    vendedOptions: readonly string[] | null = null,
    slowTransactionsMs: number | null = null
  ) {
    this.#objectStore = rootLocation(root).kind !== 'local'
    this.#root = this.#objectStore ? root.trim().replace(/\/+$/, '') : path.resolve(root)
    this.#open = open
    this.#storageOptions = { ...storageOptions }
    this.#credentialLifetimeMs = credentialLifetimeMs
    this.#vendedOptions = vendedOptions === null ? null : [...vendedOptions]
    this.#slowTransactionsMs = slowTransactionsMs
  }

  /** The database a request selects; 404 with a clear message for an unknown one. */
  async select(headers: IncomingHttpHeaders): Promise<Database> {
    if (this.#closed) throw new CatalogError('unavailable', 'The catalog server is shutting down.')
    const { folder, name } = this.#objectStore ? this.#onlyRoot(headers) : databaseFolder(this.#root, headers)
    let pending = this.#databases.get(folder)
    if (!pending) {
      pending = this.#openFolder(folder, name)
      this.#databases.set(folder, pending)
      // A failed open is not cached: the folder may appear later.
      pending.catch(() => this.#databases.delete(folder))
    }
    return pending
  }

  /** Closes every database opened so far; later `select` calls fail. */
  async close(): Promise<void> {
    this.#closed = true
    const all = [...this.#databases.values()]
    this.#databases.clear()
    const results = await Promise.allSettled(
      all.map(async (pending) => {
        const open = await pending.catch(() => null)
        if (open === null) return // never opened, so nothing to close
        open.transactions?.close()
        await open.client.close()
      })
    )
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')
    if (failed) throw failed.reason
  }

  /**
   * An object store has no folders to check, and opening a prefix nobody wrote succeeds
   * as an empty catalog, so a server on one serves its root only and says so.
   */
  #onlyRoot(headers: IncomingHttpHeaders): { folder: string; name: null } {
    const { name } = databaseFolder(this.#root, headers)
    if (name !== null) {
      throw new CatalogError(
        'namespace_not_found',
        `Database "${name}" does not exist on this server: a catalog on object storage is served alone, without x-service-database.`
      )
    }
    return { folder: this.#root, name }
  }

  async #openFolder(folder: string, name: string | null): Promise<Database> {
    if (name !== null && !(await isDirectory(folder))) {
      throw new CatalogError('namespace_not_found', `Database "${name}" does not exist on this server.`)
    }
    const storageOptions = this.#objectStore ? this.#storageOptions : {}
    const client = await this.#open(folder, storageOptions)
    return {
      root: folder,
      storageOptions,
      credentialLifetimeMs: this.#credentialLifetimeMs,
      vendedOptions: this.#vendedOptions,
      transactions: this.#slowTransactionsMs === null ? null : new TransactionBook(this.#slowTransactionsMs),
      client,
      declaredLocations: new Map(),
      tableWrites: new KeyedLock()
    }
  }
}

function checkName(value: string, header: string): void {
  const problem = componentProblem(value)
  if (problem) throw new CatalogError('invalid_name', `Header "${header}": ${problem}`)
  // "." and ".." pass the component rule but would leave the server's root folder.
  if (/^\.+$/.test(value)) throw new CatalogError('invalid_name', `Header "${header}": "${value}" is not a database name.`)
}

function headerValue(value: string | string[] | undefined): string | null {
  const first = Array.isArray(value) ? value[0] : value
  return first === undefined || first.trim() === '' ? null : first.trim()
}

async function isDirectory(folder: string): Promise<boolean> {
  try {
    return (await stat(folder)).isDirectory()
  } catch {
    return false
  }
}
