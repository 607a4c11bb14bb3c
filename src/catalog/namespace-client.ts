/**
 * The namespace client: the one interface the app talks to, whatever implementation
 * (directory or REST) sits behind it. Implementations throw `CatalogError`s with codes
 * a person can act on.
 */
import type { NamespacePath } from '../shared/namespace-path'
import type { Page, PageRequest, TableRef } from '../shared/catalog-types'
import type { CreateMode } from '../shared/contract/tables'
import type { CatalogCapabilities } from '../shared/capabilities'
import type { DataStorageVersion } from '../shared/data-storage-version'
import type { CallOptions, TableHandle } from './table-handle'

export type { CallOptions, ReadRowsRequest, TableHandle } from './table-handle'

/** Options of a table create: the call's options and the Lance version to write it in (LanceDB's default when absent). */
export interface CreateTableOptions extends CallOptions {
  readonly dataStorageVersion?: DataStorageVersion
}

/** How `dropNamespace` treats a namespace that still has children. */
export type DropBehavior = 'restrict' | 'cascade'

/** The interface behind which every namespace implementation sits. */
export interface NamespaceClient {
  /** A handle on one table: every operation on the table goes through it (table-handle.ts). Opens nothing by itself. */
  table(ref: TableRef): TableHandle
  /** Child namespace names (not full paths) of `parent`, one page at a time. */
  listNamespaces(parent: NamespacePath, page?: PageRequest, options?: CallOptions): Promise<Page<string>>
  /** Table names directly inside `namespace`, one page at a time. */
  listTables(namespace: NamespacePath, page?: PageRequest, options?: CallOptions): Promise<Page<string>>
  /** Creates a namespace; its parent must exist. */
  createNamespace(path: NamespacePath, mode?: CreateMode, options?: CallOptions): Promise<void>
  /** Drops a namespace; `restrict` (the default) refuses a non-empty one. */
  dropNamespace(path: NamespacePath, behavior?: DropBehavior, options?: CallOptions): Promise<void>
  /** True if the namespace exists (the root always does). */
  namespaceExists(path: NamespacePath, options?: CallOptions): Promise<boolean>
  /** Creates a table from an Arrow IPC stream (schema plus zero or more batches). */
  createTable(table: TableRef, arrowStream: Uint8Array, mode?: CreateMode, options?: CreateTableOptions): Promise<void>
  /** Drops a table. */
  dropTable(table: TableRef, options?: CallOptions): Promise<void>
  /** What this catalog can do (a REST catalog asks once, then learns as it answers). */
  capabilities(): Promise<CatalogCapabilities>
  /** Renames a table within its namespace. */
  renameTable(table: TableRef, newName: string, options?: CallOptions): Promise<void>
  /** The user's Refresh: tables kept open are checked for writes made elsewhere on their next use. */
  refresh(): void
  /** Releases pools and handles; the client is unusable afterwards. */
  close(): Promise<void>
}
