/**
 * A table's health through LanceDB: `stats()` for rows, bytes and fragments; the summary
 * Lance keeps with each version (`listVersions` metadata: `total_data_file_rows`,
 * `total_deletion_file_rows`) for the deleted rows still stored, which `stats()` lacks;
 * `indexStats` for each index's unindexed rows; `_rowid` against `_rowaddr` for stable row
 * ids; and, for a table on this computer's disk, its files for the bytes stored and the
 * data storage version (./table-files.ts).
 */
import type { Table } from '@lancedb/lancedb'
import type { HealthField, TableHealth } from '../../shared/contract/health'
import { exactInt, isExactInt, type ExactInt } from '../../shared/exact-int'
import { listTableIndexes } from './indexes'
import { listLanceTags } from './versions'
import { localTableFiles } from './table-files'

/**
 * The health of `table` at its latest version; `location` is where it lives (a local path,
 * or an object-store URI whose files are not listed).
 */
export async function lanceTableHealth(table: Table, location: string | null): Promise<TableHealth> {
  const missing: Partial<Record<HealthField, string>> = {}
  const [stats, versions, indexes, tags, stable] = await Promise.all([
    table.stats(),
    table.listVersions(),
    listTableIndexes(table),
    listLanceTags(table),
    stableRowIds(table)
  ])
  const version = await table.version()
  const summary = versions.find((v) => v.version === version)?.metadata ?? {}
  const physical = summaryCount(summary, 'total_data_file_rows')
  const deleted = summaryCount(summary, 'total_deletion_file_rows')
  if (deleted === null) missing.deletedRows = 'This version was written without the summary Lance keeps of deleted rows.'
  if (physical !== null && deleted !== null && BigInt(physical) - BigInt(deleted) !== BigInt(stats.numRows)) {
    // The summary and the manifest disagree (a summary written by an older Lance): not shown rather than wrong.
    missing.deletedRows = "Lance's summary of this version does not add up to its rows, so the deleted rows are not shown."
  }
  const files = location === null ? null : await localTableFiles(location)
  if (!files) {
    const why =
      location === null
        ? 'LanceDB does not tell where this table lives.'
        : "Counted only for tables on this computer's disk; LanceDB does not list an object store's files."
    missing.storedBytes = why
    missing.oldVersionBytes = why
    missing.dataStorageVersion = `${why} LanceDB's SDK does not report the data storage version.`
  } else if (files.dataStorageVersion === null) missing.dataStorageVersion = 'The table has no data files yet.'
  if (stable === null) missing.stableRowIds = 'Cannot tell yet: every row is still where it was first written, so row ids and addresses agree either way.'
  const times = versions.map((v) => new Date(v.timestamp).getTime()).filter((t) => !Number.isNaN(t))
  return {
    version: exactInt(version),
    rows: exactInt(stats.numRows),
    liveBytes: exactInt(stats.totalBytes),
    storedBytes: files ? exactInt(files.bytes) : null,
    oldVersionBytes: files ? exactInt(Math.max(0, files.bytes - stats.totalBytes)) : null,
    fragments: stats.fragmentStats.numFragments,
    smallFragments: stats.fragmentStats.numSmallFragments,
    fragmentLengths: stats.fragmentStats.numFragments > 0 ? { ...stats.fragmentStats.lengths } : null,
    deletedRows: missing.deletedRows ? null : deleted,
    indexes: indexes.map(({ name, indexType, columns, indexedRows, unindexedRows }) => ({ name, indexType, columns, indexedRows, unindexedRows })),
    versions: versions.length,
    oldestVersionAt: times.length > 0 ? new Date(Math.min(...times)).toISOString() : null,
    tags,
    dataStorageVersion: files?.dataStorageVersion ?? null,
    stableRowIds: stable,
    missing,
    maintenanceUnavailable: null,
    source: 'lance'
  }
}

/** A count from a version's summary, or null where it is absent or not a whole number. */
function summaryCount(summary: Readonly<Record<string, string>>, key: string): ExactInt | null {
  const value = summary[key]?.trim()
  return value !== undefined && isExactInt(value) ? value : null
}

/**
 * Whether the table has stable row ids. Without them a row's id is its address (fragment
 * and offset); with them ids are handed out in order and kept when rows move, so a row in
 * any fragment but the first has an id other than its address. Null when no row tells
 * (all rows still in the first fragment, or none). Reads only the two row-id columns.
 */
export async function stableRowIds(table: Table): Promise<boolean | null> {
  const differing = await table.query().withRowId().select(['_rowaddr']).where('_rowid != _rowaddr').limit(1).toArray()
  if (differing.length > 0) return true
  const past = await table.query().withRowId().select(['_rowaddr']).where('_rowaddr >= 4294967296').limit(1).toArray()
  return past.length > 0 ? false : null
}
