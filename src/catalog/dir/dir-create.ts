/**
 * Creating tables in a directory catalog so that concurrent creators of one name see one
 * outcome: exactly one `create` wins, the others get `table_exists`; `exist_ok` succeeds
 * only when the table is there; `overwrite` is last-writer-wins and never leaves the
 * table empty or missing.
 *
 * LanceDB alone does not give that (0.37.1 through 0.39.0; ./lancedb-create-gaps.test.ts
 * fails when an upgrade changes this). Tables in a nested namespace are registered in the
 * `__manifest` first (one registration wins, the others fail with "was concurrently
 * created"; at 0.39.0, rarely, a second creator is told "ok" too), but root tables live
 * at a fixed `name.lance` folder and concurrent creators commit on top of each other:
 * several get "ok". Either way the table holds one of them's rows.
 * LanceDB also registers a table before writing its data, so a write that fails leaves a
 * listed table without data. So in this process, creates of one name run one at a time
 * (across processes LanceDB's own checks are all there is), and leftovers are removed
 * only when this attempt provably made them.
 */
import type { Connection, Table as LanceTable } from '@lancedb/lancedb'
import type { Table } from 'apache-arrow'
import type { TableRef } from '../../shared/catalog-types'
import type { CreateMode } from '../../shared/contract/tables'
import { DATA_STORAGE_VERSION_OPTION, type DataStorageVersion } from '../../shared/data-storage-version'
import { CatalogError } from '../../shared/errors'
import { displayIdentifier, type NamespacePath } from '../../shared/namespace-path'
import { isLostRace, messageOf, quoteTable, type Subject } from '../lance/lance-errors'
import { KeyedLock } from '../keyed-lock'

// One lock for the whole process, so two clients opened on the same folder (two profiles,
// the app and an in-process server) also take turns.
const createLocks = new KeyedLock()

/** An overwrite that keeps losing races to another process gives up after this many tries. */
const OVERWRITE_ATTEMPTS = 5

/** Runs `work` while no other create of the same table or namespace in this catalog runs in this process. */
export function withCreateLock<T>(root: string, kind: 'table' | 'namespace', path: NamespacePath, work: () => Promise<T>): Promise<T> {
  return createLocks.run(`${root}\u0000${kind}\u0000${JSON.stringify(path)}`, work)
}

/** What the create needs from the dir client. */
export interface DirCreateHost {
  readonly root: string
  readonly db: Connection
  /** LanceDB's `storageOptions` for an object-store root (its tables need them too); absent for a folder. */
  readonly storageOptions?: Record<string, string>
  /** Runs one LanceDB call, turning what it throws into a `CatalogError`. */
  lance<T>(action: string, subject: Subject, call: () => Promise<T>): Promise<T>
  /** Drops a table (with the dir client's fallbacks). */
  dropTable(table: TableRef): Promise<void>
}

/** Whether a name holds a table with data, only a registration without data, or nothing. */
type TableState = 'present' | 'declared' | 'absent'

/**
 * Creates `table` from `data` in `mode`, written in `version` (LanceDB's default when
 * absent); see the file comment for what concurrent callers get.
 */
export function createDirTable(host: DirCreateHost, table: TableRef, data: Table, mode: CreateMode, version?: DataStorageVersion): Promise<void> {
  return withCreateLock(host.root, 'table', [...table.namespace, table.name], async () => {
    const before = await tableState(host, table)
    if (before === 'present' && mode === 'create') throw tableExists(table)
    if (before === 'present' && mode === 'exist_ok') return
    for (let attempt = 1; ; attempt++) {
      try {
        return await write(host, table, data, mode, version)
      } catch (error) {
        if (!lostRace(error)) throw await withoutOwnLeftover(host, table, before, error)
        // Another process wrote the name first. An overwrite tries again and so lands last
        // (LanceDB itself calls a preempted commit retryable); the others never touch its table.
        if (mode === 'overwrite' && attempt < OVERWRITE_ATTEMPTS) continue
        if (mode === 'exist_ok' && (await tableState(host, table)) === 'present') return
        throw mode === 'overwrite' ? error : tableExists(table, error)
      }
    }
  })
}

async function write(host: DirCreateHost, table: TableRef, data: Table, mode: CreateMode, version: DataStorageVersion | undefined): Promise<void> {
  // `exist_ok` was decided above; what is left is a create (refused if the name got taken meanwhile).
  const storage = withStorageVersion(storageOf(host), version)
  const options = mode === 'overwrite' ? { mode: 'overwrite' as const, ...storage } : { mode: 'create' as const, existOk: false, ...storage }
  const ns = [...table.namespace]
  const created: LanceTable = await host.lance(`create table ${quoteTable(table)}`, { table }, () =>
    // LanceDB cannot create a table from zero rows of data; it can from the schema alone.
    data.numRows === 0 ? host.db.createEmptyTable(table.name, data.schema, ns, options) : host.db.createTable(table.name, data, ns, options)
  )
  created.close()
}

function lostRace(error: unknown): boolean {
  return isLostRace(error) || (error instanceof CatalogError && error.code === 'table_exists')
}

/** The error to report for a failed write, after removing what this attempt provably left. */
async function withoutOwnLeftover(host: DirCreateHost, table: TableRef, before: TableState, error: unknown): Promise<unknown> {
  // Nothing was listed under this name before, no other create of it ran in this process, and
  // a registration by anyone else would have failed ours as a lost race: so a registration
  // without data now listed was made by this attempt, whose write then failed.
  if (before !== 'absent') return error
  const after = await tableState(host, table).catch(() => null)
  return after === 'declared' ? removeLeftover(host, table, error) : error
}

async function removeLeftover(host: DirCreateHost, table: TableRef, error: unknown): Promise<unknown> {
  try {
    await host.dropTable(table)
    return error
  } catch (cleanup) {
    if (cleanup instanceof CatalogError && cleanup.code === 'table_not_found') return error
    const original = error instanceof CatalogError ? error : new CatalogError('internal', messageOf(error))
    return new CatalogError(original.code, `${original.message} A partly created table ${quoteTable(table)} could not be removed; drop it by hand.`, {
      ...original.details,
      cleanup: messageOf(cleanup)
    })
  }
}

/**
 * `present` if the table opens; `declared` if the name is listed but holds no data (a
 * create under way or one that failed after registering); else `absent`.
 */
async function tableState(host: DirCreateHost, table: TableRef): Promise<TableState> {
  try {
    const opened = await host.lance(`open table ${quoteTable(table)}`, { table }, () => host.db.openTable(table.name, [...table.namespace], storageOf(host)))
    opened.close()
    return 'present'
  } catch (error) {
    if (!(error instanceof CatalogError) || error.code !== 'table_not_found') throw error
  }
  // Listings come sorted by byte order and page by "start after a name"; starting just
  // before this name answers with it, if listed, without reading the whole listing.
  const names = await host.lance(`list the tables near ${quoteTable(table)}`, { table }, () =>
    host.db.tableNames([...table.namespace], { startAfter: justBefore(table.name), limit: 1 })
  )
  return names[0] === table.name ? 'declared' : 'absent'
}

/**
 * A string sorting before `name` with no valid name between the two: valid names use only
 * ASCII letters, digits, `_`, `-` and `.`, all below `~`.
 */
export function justBefore(name: string): string {
  const last = name.charCodeAt(name.length - 1)
  return `${name.slice(0, -1)}${String.fromCharCode(last - 1)}~`
}

function tableExists(table: TableRef, cause?: unknown): CatalogError {
  const id = displayIdentifier([...table.namespace, table.name])
  const details = cause instanceof CatalogError ? { ...cause.details, table: id } : { table: id }
  return new CatalogError('table_exists', `Table ${quoteTable(table)} already exists.`, details)
}

/**
 * Create options asking LanceDB to write `version`: LanceDB reads the option from a
 * create's storage options and keeps it out of the object store's.
 */
export function withStorageVersion(
  options: { storageOptions?: Record<string, string> },
  version: DataStorageVersion | undefined
): { storageOptions?: Record<string, string> } {
  return version ? { storageOptions: { ...options.storageOptions, [DATA_STORAGE_VERSION_OPTION]: version } } : options
}

/** Open-table options carrying the host's storage options, if any. */
export function storageOf(host: Pick<DirCreateHost, 'storageOptions'>): { storageOptions?: Record<string, string> } {
  return host.storageOptions ? { storageOptions: host.storageOptions } : {}
}
