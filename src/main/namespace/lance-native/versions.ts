/**
 * A table's versions through LanceDB's `Table` API: the history with each version's row
 * count, checking out an older version, restoring one as the new latest, and tags. Used by
 * directory catalogs, by REST catalogs read at a table's location, and by the reference
 * server's version routes alike. Checkouts are in place: callers pass a table handle they
 * opened for this one use.
 */
import type { Table as LanceTable } from '@lancedb/lancedb'
import type { TableDescription, TableRef } from '../../../shared/catalog-types'
import type { TableTagInfo, TableVersionInfo } from '../../../shared/contract/versions'
import { CatalogError } from '../../../shared/errors'
import { describeFields } from '../arrow-schema'
import { quoteTable } from '../dir-errors'
import { boundedFilter } from './bounded-sql'

/** A version from the summary Lance keeps with each manifest (`total_rows`, …). */
export function versionFromSummary(version: number, timestamp: Date | number | null, metadata: Readonly<Record<string, string>>): TableVersionInfo {
  const rows = Number(metadata['total_rows'])
  const time = timestamp === null ? null : new Date(timestamp)
  return {
    version,
    timestamp: time && !Number.isNaN(time.getTime()) ? time.toISOString() : null,
    // Lance's summary has no operation; a catalog that records one names it so.
    operation: metadata['operation'] ?? metadata['operation_type'] ?? null,
    rows: metadata['total_rows'] !== undefined && Number.isSafeInteger(rows) && rows >= 0 ? rows : null
  }
}

/** Every version of `table`, oldest first. */
export async function listLanceVersions(table: LanceTable): Promise<TableVersionInfo[]> {
  const versions = await table.listVersions()
  return versions.map((v) => versionFromSummary(v.version, v.timestamp, v.metadata)).sort((a, b) => a.version - b.version)
}

/** The tags of `table`, by name. */
export async function listLanceTags(table: LanceTable): Promise<TableTagInfo[]> {
  const tags = await (await table.tags()).list()
  return Object.entries(tags)
    .map(([name, contents]) => ({ name, version: contents.version }))
    .sort((a, b) => a.name.localeCompare(b.name))
}

/** Moves `table` (in place) to `version`, with a clear error for a version it never had. */
export async function checkoutLanceVersion(table: LanceTable, ref: TableRef, version: number): Promise<void> {
  const versions = await table.listVersions()
  if (!versions.some((v) => v.version === version)) throw noSuchVersion(ref, version, versions.map((v) => v.version))
  await table.checkout(version)
}

/** What `describeTable` says of `table` at `version` (all but the location). */
export async function describeLanceVersion(table: LanceTable, ref: TableRef, version: number): Promise<Omit<TableDescription, 'location'>> {
  await checkoutLanceVersion(table, ref, version)
  const stats = await table.stats()
  return {
    table: { namespace: [...ref.namespace], name: ref.name },
    version: await table.version(),
    rowCount: stats.numRows,
    fields: describeFields(await table.schema()),
    fragmentCount: stats.fragmentStats.numFragments,
    totalBytes: stats.totalBytes
  }
}

/** Rows of `table` at `version`, optionally matching a SQL filter. */
export async function countLanceRowsAt(table: LanceTable, ref: TableRef, version: number, filter?: string): Promise<number> {
  const bounded = boundedFilter(filter)
  await checkoutLanceVersion(table, ref, version)
  return table.countRows(bounded)
}

/**
 * Makes the rows of `version` the latest version again (Lance writes a new version, so
 * nothing is lost) and returns the new version's number.
 */
export async function restoreLanceVersion(table: LanceTable, ref: TableRef, version: number): Promise<number> {
  await checkoutLanceVersion(table, ref, version)
  await table.restore()
  return table.version()
}

/** Names `version` of `table` `tag`. */
export async function createLanceTag(table: LanceTable, ref: TableRef, tag: string, version: number): Promise<void> {
  const versions = await table.listVersions()
  if (!versions.some((v) => v.version === version)) throw noSuchVersion(ref, version, versions.map((v) => v.version))
  const tags = await table.tags()
  if (tag in (await tags.list())) {
    throw new CatalogError('invalid_request', `Table ${quoteTable(ref)} already has a tag "${tag}". Choose another name or delete that tag first.`, { tag })
  }
  await tags.create(tag, version)
}

/** Removes the tag `tag` of `table` (the version it named stays). */
export async function deleteLanceTag(table: LanceTable, ref: TableRef, tag: string): Promise<void> {
  const tags = await table.tags()
  if (!(tag in (await tags.list()))) {
    throw new CatalogError('invalid_request', `Table ${quoteTable(ref)} has no tag "${tag}". Refresh the versions to see its tags.`, { tag })
  }
  await tags.delete(tag)
}

function noSuchVersion(ref: TableRef, version: number, known: readonly number[]): CatalogError {
  const range = known.length === 0 ? 'it has none' : `its versions are ${Math.min(...known)} to ${Math.max(...known)}`
  return new CatalogError('invalid_request', `Table ${quoteTable(ref)} has no version ${version}: ${range}. Refresh the versions and choose one listed.`, {
    version
  })
}
