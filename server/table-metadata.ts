/**
 * Table facts the namespace client interface does not carry, read with LanceDB itself:
 * the Arrow schema and statistics for a detailed describe, whether a table is only
 * declared, and declaring a table (reserving its name and location without data).
 *
 * Each use opens a fresh LanceDB dir connection (a few milliseconds): a long-lived
 * connection opened before the catalog's `__manifest` existed never sees it appear.
 */
import { readdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { connectNamespace, type Table } from '@lancedb/lancedb'
import { tableFromArrays, tableToIPC } from 'apache-arrow'
import { CatalogError } from '../src/shared/errors'
import type { TableRef } from '../src/shared/catalog-types'
import { displayIdentifier } from '../src/shared/namespace-path'
import { rootLocation, storageProperties } from '../src/shared/storage-options'
import { specError } from './errors'
import type { Database } from './databases'
import { toJsonArrowSchema, type JsonArrowSchema } from './json-schema'
import { allTables } from './listing'

/** The spec's TableBasicStats (row counts come from the stats operation, not from here). */
export interface TableStats {
  readonly num_deleted_rows: number
  readonly num_fragments: number
}

/** What `load_detailed_metadata` adds to a describe. */
export interface DetailedMetadata {
  readonly version: number
  readonly schema: JsonArrowSchema
  readonly stats: TableStats
}

/** The file Lance's directory namespace uses to mark a table that is declared but unwritten. */
const RESERVED_MARKER = '.lance-reserved'

/** Runs `fn` on the table opened through a fresh LanceDB connection, then closes both. */
export async function withLanceTable<T>(database: Database, ref: TableRef, fn: (table: Table) => Promise<T>): Promise<T> {
  const { root, storageOptions } = database
  const connection = await connectNamespace('dir', { root, ...storageProperties(storageOptions) })
  try {
    // LanceDB gives the namespace's `storage.*` properties to its manifest only; the table needs them again.
    const table = await connection.openTable(
      ref.name,
      [...ref.namespace],
      Object.keys(storageOptions).length > 0 ? { storageOptions: { ...storageOptions } } : undefined
    )
    try {
      return await fn(table)
    } finally {
      table.close()
    }
  } finally {
    connection.close()
  }
}

/** Version, schema and statistics of a table that has data, at `atVersion` when given. */
export function detailedMetadata(database: Database, ref: TableRef, atVersion?: number): Promise<DetailedMetadata> {
  return withLanceTable(database, ref, async (table) => {
    if (atVersion !== undefined) await checkoutVersion(table, ref, atVersion)
    const [version, schema, stats, versions] = await Promise.all([table.version(), table.schema(), table.stats(), table.listVersions()])
    // Deleted rows are only in the version summary Lance keeps with each manifest.
    const summary = versions.find((v) => v.version === version)?.metadata ?? {}
    return {
      version,
      schema: toJsonArrowSchema(schema),
      stats: {
        num_deleted_rows: Number(summary.total_deletion_file_rows ?? 0),
        num_fragments: stats.fragmentStats.numFragments
      }
    }
  })
}

/** Moves `table` to `version`, answering 404 for a version the table never had. */
async function checkoutVersion(table: Table, ref: TableRef, version: number): Promise<void> {
  const versions = await table.listVersions()
  if (!versions.some((v) => v.version === version)) {
    throw specError('versionNotFound', `Table "${displayIdentifier([...ref.namespace, ref.name])}" has no version ${version}.`)
  }
  await table.checkout(version)
}

/** For a table known to exist: true when it is declared but has no data yet. */
export async function isOnlyDeclared(database: Database, ref: TableRef): Promise<boolean> {
  try {
    await withLanceTable(database, ref, async () => undefined)
    return false
  } catch {
    return true
  }
}

/**
 * Declares a table: reserves its name in the catalog and returns the location where the
 * caller will write the data (what LanceDB's REST client does after `declare`).
 *
 * The dir implementation has no declare of its own, so this creates the table with a
 * throw-away schema (which registers it in the catalog and picks its location the way
 * LanceDB does), then removes that dataset and leaves only the reserved marker, i.e. the
 * state Lance's directory namespace itself gives a declared table.
 */
export async function declareTable(database: Database, ref: TableRef): Promise<string> {
  // Checked before anything is written: the marker below is a local file.
  if (rootLocation(database.root).kind !== 'local') {
    throw new CatalogError('unsupported', 'This server declares tables only in a catalog on local disk; create the table through the create route instead.')
  }
  // Creating over a declared-only table succeeds in LanceDB, so check the listing first.
  if ((await allTables(database.client, ref.namespace)).includes(ref.name)) {
    throw new CatalogError('table_exists', `Table "${displayIdentifier([...ref.namespace, ref.name])}" already exists.`)
  }
  const placeholder = tableToIPC(tableFromArrays({ declared_placeholder: new Int32Array(0) }), 'stream')
  await database.client.createTable(ref, placeholder, 'create')
  const location = absoluteLocation((await database.client.table(ref).describe()).location, database.root)
  const folder = localFolder(location, database.root)
  for (const entry of await readdir(folder)) {
    if (entry !== RESERVED_MARKER) await rm(path.join(folder, entry), { recursive: true, force: true })
  }
  await writeFile(path.join(folder, RESERVED_MARKER), '', { flag: 'a' })
  return location
}

/**
 * A location LanceDB can open from anywhere: URIs (`file://`, `s3://`) as they are,
 * relative paths resolved against the database folder.
 */
export function absoluteLocation(location: string | null, root: string): string {
  if (location === null || location === '') {
    throw new CatalogError('internal', 'The dir implementation returned no location for this table.')
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(location)) return location
  return path.resolve(root, location)
}

/** The `file://` URI for a location (for `with_table_uri`). */
export function locationUri(location: string): string {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(location) ? location : pathToFileURL(location).href
}

function localFolder(location: string, root: string): string {
  const folder = location.startsWith('file://') ? fileURLToPath(location) : location
  const relative = path.relative(root, folder)
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(folder) || relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) {
    throw new CatalogError('internal', `The table location "${location}" is not a folder inside the catalog, so it cannot be declared here.`)
  }
  return folder
}
