/**
 * A table's versions through LanceDB's `Table` API: the history with each version's row
 * count, checking out an older version, restoring one as the new latest, and tags. Used by
 * directory catalogs, by REST catalogs read at a table's location, and by the reference
 * server's version routes alike. Checkouts are in place: callers pass a table handle they
 * opened for this one use.
 */
import type { Table as LanceTable } from '@lancedb/lancedb'
import type { TableDescription, TableRef } from '../../shared/catalog-types'
import type { TableTagInfo, TableVersionInfo, VersionSummary } from '../../shared/contract/versions'
import { CatalogError } from '../../shared/errors'
import { compareExact, exactInt, isExactInt, type ExactInt } from '../../shared/exact-int'
import { describeFields } from '../arrow-schema'
import { quoteTable } from './lance-errors'
import { boundedFilter } from './bounded-sql'

/**
 * A version as LanceDB's JS SDK takes it. The SDK's `checkout`, `tags().create` and
 * `listVersions` use JS numbers, so a version past 2^53 cannot be named through it
 * exactly; refuse that rather than reach a neighbouring version.
 */
export function lanceVersionNumber(version: ExactInt, ref: TableRef): number {
  const number = Number(version)
  if (!Number.isSafeInteger(number)) {
    throw new CatalogError('unsupported', `Version ${version} of table ${quoteTable(ref)} is past 2^53, which LanceDB's JavaScript SDK cannot name exactly.`, {
      version
    })
  }
  return number
}

/** A version from the summary Lance keeps with each manifest (`total_rows`, …); the SDK gives the version as a JS number. */
export function versionFromSummary(version: number | ExactInt, timestamp: Date | number | null, metadata: Readonly<Record<string, string>>): TableVersionInfo {
  const rows = metadata['total_rows']?.trim()
  const time = timestamp === null ? null : new Date(timestamp)
  return {
    version: typeof version === 'number' ? exactInt(version) : version,
    timestamp: time && !Number.isNaN(time.getTime()) ? time.toISOString() : null,
    // Lance's summary has no operation; a catalog that records one names it so.
    operation: metadata['operation'] ?? metadata['operation_type'] ?? null,
    rows: rows !== undefined && isExactInt(rows) ? rows : null,
    summary: summaryOf(metadata)
  }
}

/** The counts of Lance's version summary, or null when it has none of them. */
function summaryOf(metadata: Readonly<Record<string, string>>): VersionSummary | null {
  const read = (key: string): ExactInt | null => {
    const value = metadata[key]?.trim()
    return value !== undefined && isExactInt(value) ? value : null
  }
  const summary = {
    dataFileRows: read('total_data_file_rows'),
    deletedRows: read('total_deletion_file_rows'),
    dataFiles: read('total_data_files'),
    fragments: read('total_fragments'),
    bytes: read('total_files_size')
  }
  return Object.values(summary).every((value) => value === null) ? null : summary
}

/** Every version of `table`, oldest first. */
export async function listLanceVersions(table: LanceTable): Promise<TableVersionInfo[]> {
  const versions = await table.listVersions()
  return versions.map((v) => versionFromSummary(v.version, v.timestamp, v.metadata)).sort((a, b) => compareExact(a.version, b.version))
}

/** The tags of `table`, by name. */
export async function listLanceTags(table: LanceTable): Promise<TableTagInfo[]> {
  const tags = await (await table.tags()).list()
  return Object.entries(tags)
    .map(([name, contents]) => ({ name, version: exactInt(contents.version) }))
    .sort((a, b) => a.name.localeCompare(b.name))
}

/** Moves `table` (in place) to `version`, with a clear error for a version it never had. */
export async function checkoutLanceVersion(table: LanceTable, ref: TableRef, version: ExactInt): Promise<void> {
  await table.checkout(await listedVersionNumber(table, ref, version))
}

/** What `describeTable` says of `table` at `version` (all but the location). */
export async function describeLanceVersion(table: LanceTable, ref: TableRef, version: ExactInt): Promise<Omit<TableDescription, 'location'>> {
  await checkoutLanceVersion(table, ref, version)
  return describeLanceTable(table, ref)
}

/** What `describeTable` says of `table` at the version it has checked out (all but the location). */
export async function describeLanceTable(table: LanceTable, ref: TableRef): Promise<Omit<TableDescription, 'location'>> {
  // Lance's own statistics read the manifest only: rows, fragments and bytes at once.
  const stats = await table.stats()
  return {
    table: { namespace: [...ref.namespace], name: ref.name },
    // LanceDB's JS SDK gives the version and the stats as JS numbers; kept as it gives them.
    version: exactInt(await table.version()),
    rowCount: exactInt(stats.numRows),
    fields: describeFields(await table.schema()),
    fragmentCount: stats.fragmentStats.numFragments,
    totalBytes: exactInt(stats.totalBytes)
  }
}

/** Rows of `table` at `version`, optionally matching a SQL filter. */
export async function countLanceRowsAt(table: LanceTable, ref: TableRef, version: ExactInt, filter?: string): Promise<ExactInt> {
  const bounded = boundedFilter(filter)
  await checkoutLanceVersion(table, ref, version)
  // LanceDB's JS SDK counts in a JS number; kept as it gives it.
  return exactInt(await table.countRows(bounded))
}

/**
 * Makes the rows of `version` the latest version again (Lance writes a new version, so
 * nothing is lost) and returns the new version's number.
 */
export async function restoreLanceVersion(table: LanceTable, ref: TableRef, version: ExactInt): Promise<ExactInt> {
  await checkoutLanceVersion(table, ref, version)
  await table.restore()
  return exactInt(await table.version())
}

/** Names `version` of `table` `tag`. */
export async function createLanceTag(table: LanceTable, ref: TableRef, tag: string, version: ExactInt): Promise<void> {
  const number = await listedVersionNumber(table, ref, version)
  const tags = await table.tags()
  if (tag in (await tags.list())) {
    throw new CatalogError('invalid_request', `Table ${quoteTable(ref)} already has a tag "${tag}". Choose another name or delete that tag first.`, { tag })
  }
  await tags.create(tag, number)
}

/** Removes the tag `tag` of `table` (the version it named stays). */
export async function deleteLanceTag(table: LanceTable, ref: TableRef, tag: string): Promise<void> {
  const tags = await table.tags()
  if (!(tag in (await tags.list()))) {
    throw new CatalogError('invalid_request', `Table ${quoteTable(ref)} has no tag "${tag}". Refresh the versions to see its tags.`, { tag })
  }
  await tags.delete(tag)
}

/** `version` as the SDK takes it, once `table` lists it; a clear error for a version it never had. */
async function listedVersionNumber(table: LanceTable, ref: TableRef, version: ExactInt): Promise<number> {
  const number = lanceVersionNumber(version, ref)
  const versions = await table.listVersions()
  if (!versions.some((v) => v.version === number))
    throw noSuchVersion(
      ref,
      version,
      versions.map((v) => v.version)
    )
  return number
}

function noSuchVersion(ref: TableRef, version: ExactInt, known: readonly number[]): CatalogError {
  const range = known.length === 0 ? 'it has none' : `its versions are ${Math.min(...known)} to ${Math.max(...known)}`
  return new CatalogError('invalid_request', `Table ${quoteTable(ref)} has no version ${version}: ${range}. Refresh the versions and choose one listed.`, {
    version
  })
}
