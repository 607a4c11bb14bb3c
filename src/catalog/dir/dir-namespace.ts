/**
 * The `dir` namespace implementation, on LanceDB's own `dir` namespace: V1 catalogs
 * (`name.lance` folders) and V2 catalogs (`__manifest`, nested namespaces) open unchanged.
 * LanceDB's dir namespace (0.37.1 through 0.39.0; ./lancedb-dir-gaps.test.ts fails when
 * an upgrade changes this) ignores namespace `exist_ok`/`overwrite`/`cascade`, creates
 * tables in missing namespaces, lists a missing namespace as empty and cannot drop V1
 * tables its manifest does not list; the gaps are filled here with LanceDB calls.
 * Listings, namespaces and tables are here; what a person does with one table (rows,
 * versions, schema changes, search, indexes) is a LanceDB table handle (lance/lance-table.ts),
 * on the tables this connection keeps open. The root folder's checks are in dir-root.ts.
 */
import { resolve } from 'node:path'
import { connect, connectNamespace, type Connection } from '@lancedb/lancedb'
import type { Page, PageRequest, TableRef } from '../../shared/catalog-types'
import type { CreateMode } from '../../shared/contract/tables'
import { CatalogError } from '../../shared/errors'
import type { CatalogCapabilities } from '../../shared/capabilities'
import { componentProblem, listedNameProblem, type NamespacePath } from '../../shared/namespace-path'
import { tableForLance } from '../arrow-schema'
import { objectStoreRootProblem, rootLocation, storageProperties } from '../../shared/storage-options'
import { collectAll } from '../collect-all'
import { createDirTable, storageOf, withCreateLock, type DirCreateHost } from './dir-create'
import { objectStoreError } from '../object-store-errors'
import { fromLance, quoteNs, quoteTable, type Subject } from '../lance/lance-errors'
import type { CallOptions, CreateTableOptions, DropBehavior, NamespaceClient, TableHandle } from '../namespace-client'
import { prepareRoot, rootError } from './dir-root'
import { LanceTables } from '../lance/lance-table'
import type { TableHandleLimits } from '../lance/table-handles'

/**
 * Opens (creating it if missing) the folder `root` as a directory catalog, or the
 * object-store URI `root` (`s3://bucket/prefix`, …) with LanceDB storage options.
 */
export async function openDirNamespace(
  root: string,
  storageOptions: Readonly<Record<string, string>> = {},
  limits: TableHandleLimits = {}
): Promise<NamespaceClient> {
  if (root.trim() === '') throw new CatalogError('invalid_request', 'Choose a folder to open as a directory catalog.')
  if (rootLocation(root).kind !== 'local') return openObjectStoreRoot(root.trim(), storageOptions, limits)
  const folder = resolve(root)
  await prepareRoot(folder)
  try {
    return new DirNamespace(folder, await connectNamespace('dir', { root: folder }), undefined, limits)
  } catch (error) {
    throw rootError(folder, error)
  }
}

async function openObjectStoreRoot(root: string, storageOptions: Readonly<Record<string, string>>, limits: TableHandleLimits): Promise<NamespaceClient> {
  const problem = objectStoreRootProblem(root)
  if (problem) throw new CatalogError('invalid_request', problem, { path: root })
  const options = { ...storageOptions }
  try {
    // A URI is never resolved against the working directory: LanceDB takes it as it is.
    return new DirNamespace(root, await connectNamespace('dir', { root, ...storageProperties(options) }), options, limits)
  } catch (error) {
    throw objectStoreError(root, error, options)
  }
}

/** Why a directory catalog offers no rename: LanceDB's directory namespace has none. */
const CANNOT_RENAME = 'Directory catalogs cannot rename tables: LanceDB does not support renaming a table in a directory catalog.'

class DirNamespace implements NamespaceClient {
  // A plain LanceDB connection, opened only to drop V1 tables the manifest does not list.
  private legacy: Connection | null = null
  private closed = false
  private readonly createHost: DirCreateHost
  /** What a person does with one table, on the tables this connection keeps open. */
  private readonly tables: LanceTables

  constructor(
    private readonly root: string,
    private readonly db: Connection,
    // LanceDB 0.39 gives the namespace's `storage.*` properties to its manifest only; tables need them again.
    private readonly storageOptions?: Record<string, string>,
    limits: TableHandleLimits = {}
  ) {
    this.tables = new LanceTables(
      (table) => db.openTable(table.name, [...table.namespace], storageOf(this.createHost)),
      {
        begin: (table, options) => this.begin(options, table.namespace, table.name),
        failure: (error, action, table) => this.lanceError(error, action, { table }),
        // Every table is opened with the root's own options (none for a folder here).
        storageOptions: () => this.storageOptions ?? {}
      },
      limits
    )
    this.createHost = {
      root,
      db,
      ...(storageOptions ? { storageOptions } : {}),
      lance: (action, subject, call) => this.lance(action, subject, call),
      dropTable: (table) => this.dropTable(table)
    }
  }

  async listNamespaces(parent: NamespacePath, page?: PageRequest, options?: CallOptions): Promise<Page<string>> {
    this.begin(options, parent)
    // The limit was checked at the contract (a whole number from 1 to 10,000).
    const limit = page?.limit
    // LanceDB lists a missing namespace as empty, so a listing checks its namespace once,
    // on the first page; a token means that check passed when the listing began.
    if (!page?.pageToken) await this.requireNamespace(parent)
    const response = await this.lance(`list the namespaces in ${quoteNs(parent)}`, { namespace: parent }, () =>
      this.db.listNamespaces([...parent], { pageToken: page?.pageToken || undefined, limit })
    )
    // LanceDB's token is the last name returned, and it already leaves it out on the last page.
    return { items: response.namespaces, nextPageToken: response.pageToken || null }
  }

  async listTables(namespace: NamespacePath, page?: PageRequest, options?: CallOptions): Promise<Page<string>> {
    this.begin(options, namespace)
    const limit = page?.limit
    if (!page?.pageToken) await this.requireNamespace(namespace)
    // tableNames pages by "start after a name"; our token is that name. Asking for one
    // extra name tells whether another page exists, so the last page ends with null.
    const names = await this.lance(`list the tables in ${quoteNs(namespace)}`, { namespace }, () =>
      this.db.tableNames([...namespace], { startAfter: page?.pageToken || undefined, limit: limit === undefined ? undefined : limit + 1 })
    )
    if (limit === undefined || names.length <= limit) return { items: names, nextPageToken: null }
    const items = names.slice(0, limit)
    return { items, nextPageToken: items[items.length - 1] ?? null }
  }

  async createNamespace(path: NamespacePath, mode: CreateMode = 'create', options?: CallOptions): Promise<void> {
    this.begin(options, path)
    if (path.length > 0) checkName(path[path.length - 1] as string)
    if (path.length === 0) {
      if (mode === 'exist_ok') return
      throw new CatalogError('namespace_exists', `Namespace ${quoteNs(path)} already exists.`, { namespace: [] })
    }
    // One create of a name at a time in this process: the check below and the create must not interleave.
    await withCreateLock(this.root, 'namespace', path, async () => {
      // The dir namespace treats every mode as `create`, so the modes are decided here.
      if (await this.namespaceExists(path)) {
        if (mode === 'exist_ok') return
        if (mode === 'create') throw new CatalogError('namespace_exists', `Namespace ${quoteNs(path)} already exists.`, { namespace: [...path] })
        await this.dropNamespace(path, 'cascade')
      } else {
        await this.requireNamespace(path.slice(0, -1))
      }
      try {
        await this.lance(`create namespace ${quoteNs(path)}`, { namespace: path }, () => this.db.createNamespace([...path]))
      } catch (error) {
        // Another process created it first: `exist_ok` and `overwrite` only ask that it exists.
        const taken = error instanceof CatalogError && error.code === 'namespace_exists'
        if (taken && mode !== 'create' && (await this.namespaceExists(path))) return
        throw error
      }
    })
  }

  async dropNamespace(path: NamespacePath, behavior: DropBehavior = 'restrict', options?: CallOptions): Promise<void> {
    this.begin(options, path)
    if (path.length === 0) throw new CatalogError('invalid_request', 'The root namespace cannot be dropped.')
    await this.requireNamespace(path)
    if (behavior === 'cascade') {
      // LanceDB's dir namespace refuses cascade, so empty the namespace first, deepest first.
      for (const child of await collectAll((p) => this.listNamespaces(path, p))) await this.dropNamespace([...path, child], 'cascade')
      for (const table of await collectAll((p) => this.listTables(path, p))) await this.dropTable({ namespace: path, name: table })
    }
    await this.lance(`drop namespace ${quoteNs(path)}`, { namespace: path }, () => this.db.dropNamespace([...path], { behavior: 'restrict' }))
  }

  async namespaceExists(path: NamespacePath, options?: CallOptions): Promise<boolean> {
    this.begin(options, path)
    if (path.length === 0) return true
    try {
      await this.lance(`look up namespace ${quoteNs(path)}`, { namespace: path }, () => this.db.describeNamespace([...path]))
      return true
    } catch (error) {
      if (error instanceof CatalogError && error.code === 'namespace_not_found') return false
      throw error
    }
  }

  async createTable(table: TableRef, arrowStream: Uint8Array, mode: CreateMode = 'create', options?: CreateTableOptions): Promise<void> {
    this.begin(options, table.namespace, table.name)
    checkName(table.name)
    // Without this check LanceDB would file the table under a namespace that does not exist.
    await this.requireNamespace(table.namespace)
    try {
      await createDirTable(this.createHost, table, tableForLance(arrowStream), mode, options?.dataStorageVersion)
    } finally {
      // An overwrite replaced what a kept handle holds.
      this.tables.handles.forget(table)
    }
  }

  async dropTable(table: TableRef, options?: CallOptions): Promise<void> {
    this.begin(options, table.namespace, table.name)
    this.tables.handles.forget(table)
    try {
      await this.lance(`drop table ${quoteTable(table)}`, { table }, () => this.db.dropTable(table.name, [...table.namespace]))
    } catch (error) {
      // A root table written by LanceDB V1 after the manifest existed is listed and opened
      // through the folder, but the namespace cannot drop it; LanceDB's plain connection can.
      if (!(error instanceof CatalogError) || error.code !== 'table_not_found' || table.namespace.length > 0) throw error
      await this.lance(`drop table ${quoteTable(table)}`, { table }, async () => {
        this.legacy ??= await connect(this.root, storageOf(this.createHost))
        await this.legacy.dropTable(table.name)
      })
    }
  }

  capabilities(): Promise<CatalogCapabilities> {
    return Promise.resolve({ renameTable: { state: 'unsupported', reason: CANNOT_RENAME } })
  }

  async renameTable(table: TableRef, newName: string, options?: CallOptions): Promise<void> {
    this.begin(options, table.namespace, table.name)
    checkName(newName)
    const ns = [...table.namespace]
    this.tables.handles.forget(table)
    // Still asked of LanceDB, so that a test notices the day it learns to rename (and
    // `capabilities` must change with it).
    try {
      await this.lance(`rename table ${quoteTable(table)}`, { table }, () =>
        this.db.renameTable(table.name, newName, { namespacePath: ns, newNamespacePath: ns })
      )
    } catch (error) {
      // LanceDB 0.39's dir namespace answers "rename_table not implemented".
      if (!(error instanceof CatalogError) || error.code !== 'unsupported') throw error
      throw new CatalogError('unsupported', CANNOT_RENAME, error.details)
    }
  }

  table(ref: TableRef): TableHandle {
    return this.tables.table(ref)
  }

  refresh(): void {
    this.tables.handles.refresh()
  }

  async close(): Promise<void> {
    if (this.closed) return
    this.closed = true
    this.tables.handles.close()
    this.db.close()
    this.legacy?.close()
  }

  /**
   * Checks the client is open, the call not cancelled and every name usable, before any
   * disk access. Names are taken as listed (LanceDB's dir namespace holds any name);
   * creates check the naming rule themselves.
   */
  private begin(options: CallOptions | undefined, path: NamespacePath, tableName?: string): void {
    if (this.closed) throw new CatalogError('connection_not_found', `The catalog at ${this.root} has been closed.`)
    if (options?.signal?.aborted) throw new CatalogError('cancelled', 'The request was cancelled.')
    for (const name of tableName === undefined ? path : [...path, tableName]) {
      const problem = listedNameProblem(name)
      if (problem) throw new CatalogError('invalid_name', problem, { namespace: [...path] })
    }
  }

  private async requireNamespace(path: NamespacePath): Promise<void> {
    if (!(await this.namespaceExists(path))) {
      throw new CatalogError('namespace_not_found', `Namespace ${quoteNs(path)} does not exist.`, { namespace: [...path] })
    }
  }

  /** Runs one LanceDB call, turning what it throws into a `CatalogError`. */
  private async lance<T>(action: string, subject: Subject, call: () => Promise<T>): Promise<T> {
    try {
      return await call()
    } catch (error) {
      throw this.lanceError(error, action, subject)
    }
  }

  /** What LanceDB threw, as a `CatalogError`. */
  private lanceError(error: unknown, action: string, subject: Subject): CatalogError {
    if (error instanceof CatalogError) return error
    const known = fromLance(error, action, subject)
    // On an object store, what LanceDB cannot name (or calls invalid input) is usually the
    // store refusing: 403, no bucket, no network.
    if (!['internal', 'invalid_request'].includes(known.code) || !this.storageOptions) return known
    const store = objectStoreError(this.root, error, this.storageOptions)
    return store.details?.['failure'] === 'other' ? known : store
  }
}

function checkName(name: string): void {
  const problem = componentProblem(name)
  if (problem) throw new CatalogError('invalid_name', problem, { name })
}
