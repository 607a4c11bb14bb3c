/**
 * A table's health over the spec's routes: `stats` (rows, bytes, fragments, small
 * fragments, rows per fragment), `version/list`, `tags/list` and `index/list` with each
 * index's stats. The spec has no route for deleted rows still stored, the files under a
 * table, its data storage version or whether it keeps stable row ids: those say so. A
 * catalog without the stats route answers "unsupported", so route-choice.ts reads the
 * table at its location instead where it can.
 */
import type { HealthField, TableHealth } from '../../shared/contract/health'
import { CatalogError } from '../../shared/errors'
import { compareExact } from '../../shared/exact-int'
import type { CallOptions } from '../table-handle'
import type { TableRef } from '../../shared/catalog-types'
import type { TableStatsReader } from './table-stats'
import type { RestVersionRoutes } from './versions'
import type { HttpTransport } from './http'
import type { RestTableTarget } from './rest-names'
import { listIndexesRoute } from './indexes'
import { isUnsupportedOperation } from './unsupported'

/** What the health routes need of the connection. */
export interface RestHealthRoutes {
  readonly http: HttpTransport
  readonly stats: TableStatsReader
  readonly versionRoutes: RestVersionRoutes
}

const NOT_IN_SPEC = "The Lance REST spec has no route that tells this, and this connection does not read the table's files."

/** The health of `ref` from the catalog's routes; "unsupported" when it has no stats route. */
export async function restTableHealth(on: RestHealthRoutes, ref: TableRef, target: RestTableTarget, options: CallOptions): Promise<TableHealth> {
  const stats = await on.stats.read(target, options)
  if (!stats) throw new CatalogError('unsupported', `The catalog has no stats route for ${target.subject}.`)
  const missing: Partial<Record<HealthField, string>> = {}
  const optional = async <T>(field: HealthField, what: string, read: () => Promise<T>): Promise<T | null> => {
    try {
      return await read()
    } catch (error) {
      if (!isUnsupportedOperation(error)) throw error
      missing[field] = `The catalog has no route to list ${what}.`
      return null
    }
  }
  const [versions, tags, indexes] = await Promise.all([
    optional('versions', 'versions', () => on.versionRoutes.listVersions(ref, options)),
    optional('tags', 'tags', () => on.versionRoutes.listTags(ref, options)),
    optional('indexes', 'indexes', () => listIndexesRoute(on.http, target, options))
  ])
  for (const field of ['storedBytes', 'oldVersionBytes', 'deletedRows', 'dataStorageVersion', 'stableRowIds'] as const) missing[field] = NOT_IN_SPEC
  if (stats.fragments === null) missing.fragments = "The catalog's stats do not count fragments."
  if (stats.smallFragments === null) missing.smallFragments = "The catalog's stats do not count small fragments."
  if (stats.lengths === null) missing.fragmentLengths = "The catalog's stats do not give rows per fragment."
  if (stats.bytes === null) missing.liveBytes = "The catalog's stats do not give bytes."
  const latest = versions && versions.length > 0 ? versions.reduce((a, b) => (compareExact(a.version, b.version) >= 0 ? a : b)) : null
  const times = (versions ?? []).flatMap((v) => (v.timestamp ? [Date.parse(v.timestamp)] : []))
  return {
    version: latest?.version ?? null,
    rows: stats.rows,
    liveBytes: stats.bytes,
    storedBytes: null,
    oldVersionBytes: null,
    fragments: stats.fragments,
    smallFragments: stats.smallFragments,
    fragmentLengths: stats.lengths,
    deletedRows: null,
    indexes: indexes?.map(({ name, indexType, columns, indexedRows, unindexedRows }) => ({ name, indexType, columns, indexedRows, unindexedRows })) ?? null,
    versions: versions?.length ?? null,
    oldestVersionAt: times.length > 0 ? new Date(Math.min(...times)).toISOString() : null,
    tags,
    dataStorageVersion: null,
    stableRowIds: null,
    missing,
    // Told by the table handle, which knows whether the connection reads the table's files.
    maintenanceUnavailable: null,
    source: 'routes'
  }
}
