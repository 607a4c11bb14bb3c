/**
 * Channels of a table's health (the Health tab): what the table is made of (rows, bytes,
 * fragments, deleted rows still stored, unindexed rows, versions kept) and the maintenance
 * that fixes it: optimize (compact small fragments, drop deleted rows, index new rows) and
 * clean up old versions, each answered with the health before and after.
 */
import { z } from 'zod'
import type { ExactInt } from '../exact-int'
import { connectionId, existingName, response, tableRef } from './common'
import { operationId } from './operations'
import type { TableTagInfo } from './versions'
import { MAX_LISTED_NAME_LENGTH } from '../namespace-path'

/** Rows per fragment: Lance's summary of its fragments' lengths. */
export interface FragmentLengths {
  readonly min: number
  readonly p25: number
  readonly p50: number
  readonly p75: number
  readonly p99: number
  readonly max: number
  readonly mean: number
}

/** One index and the rows it does not cover yet. */
export interface HealthIndex {
  readonly name: string
  readonly indexType: string
  readonly columns: readonly string[]
  readonly indexedRows: number | null
  readonly unindexedRows: number | null
}

/** The numbers of a table's health that may be missing, each with why in `missing`. */
export type HealthField =
  | 'rows'
  | 'liveBytes'
  | 'storedBytes'
  | 'oldVersionBytes'
  | 'fragments'
  | 'smallFragments'
  | 'fragmentLengths'
  | 'deletedRows'
  | 'indexes'
  | 'versions'
  | 'tags'
  | 'dataStorageVersion'
  | 'stableRowIds'

/** What one table is made of, at its latest version. */
export interface TableHealth {
  readonly version: ExactInt | null
  /** Live rows. */
  readonly rows: ExactInt | null
  /** Bytes of the latest version's data and index files. */
  readonly liveBytes: ExactInt | null
  /** Bytes of every file under the table's location, old versions' included. */
  readonly storedBytes: ExactInt | null
  /** Stored bytes the latest version's data and index files do not account for: old versions' files, manifests, deletion files. */
  readonly oldVersionBytes: ExactInt | null
  readonly fragments: number | null
  /** Fragments Lance counts as small (candidates for compaction). */
  readonly smallFragments: number | null
  readonly fragmentLengths: FragmentLengths | null
  /** Rows deleted but still stored in data files until compaction. */
  readonly deletedRows: ExactInt | null
  readonly indexes: readonly HealthIndex[] | null
  /** Versions kept (each can be read by time travel). */
  readonly versions: number | null
  /** When the oldest kept version was written (ISO 8601). */
  readonly oldestVersionAt: string | null
  readonly tags: readonly TableTagInfo[] | null
  /** The Lance data storage version of the files: legacy, 2.0, 2.1, 2.2… */
  readonly dataStorageVersion: string | null
  /** Whether rows keep their ids across compaction and updates (row lineage). */
  readonly stableRowIds: boolean | null
  /** Why each missing number is missing. */
  readonly missing: Partial<Record<HealthField, string>>
  /** Why optimize and clean-up cannot run on this table here (a REST catalog whose files this connection does not read), or null. */
  readonly maintenanceUnavailable: string | null
  /** Where the numbers came from: LanceDB at the table's location, or the catalog's routes. */
  readonly source: 'lance' | 'routes'
}

/** One version a clean-up would remove, with the tags naming it. */
export interface CleanupVersion {
  readonly version: ExactInt
  readonly timestamp: string | null
  readonly tags: readonly string[]
}

/** What a clean-up of versions older than a time would remove, before it runs. */
export interface CleanupPlan {
  /** The time used: the one asked for, or the latest version's time if that is earlier (the latest version always stays). */
  readonly cutoff: string
  readonly remove: readonly CleanupVersion[]
  /** Versions kept. */
  readonly keep: number
}

/** What to do: optimize, or clean up versions older than `olderThan`. */
export type MaintenanceAction = z.infer<typeof maintenanceAction>

/** What LanceDB reports of a maintenance run. */
export interface MaintenanceOutcome {
  readonly fragmentsRemoved: number
  readonly fragmentsAdded: number
  readonly filesRemoved: number
  readonly filesAdded: number
  readonly versionsRemoved: number
  readonly bytesRemoved: number
  /** The versions a clean-up removed (listed before it ran and checked after). */
  readonly removedVersions: readonly ExactInt[]
  /** Tags deleted because the user chose to let their versions go. */
  readonly deletedTags: readonly string[]
}

/** A maintenance run's outcome with the table's health before and after. */
export interface MaintenanceReport {
  readonly outcome: MaintenanceOutcome
  readonly before: TableHealth
  readonly after: TableHealth
}

/** The most tags one clean-up may be told to delete. */
export const MAX_CLEANUP_TAGS = 1000

const isoTime = z.string().datetime({ offset: true, message: 'A time is an ISO 8601 date and time.' })

/** A maintenance action, as the page asks for it. */
export const maintenanceAction = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('optimize') }).strict(),
  z
    .object({
      kind: z.literal('cleanup'),
      olderThan: isoTime,
      /** Tags the user agreed to delete so their versions can go; a tagged version is never removed otherwise. */
      deleteTags: z.array(existingName('A tag', MAX_LISTED_NAME_LENGTH)).max(MAX_CLEANUP_TAGS),
      /** Also delete files younger than 7 days (safe only when nothing else writes the table). */
      deleteUnverified: z.boolean()
    })
    .strict()
])

/** Health channels. */
export const healthContract = {
  'health:read': {
    request: z.object({ connectionId, table: tableRef }).strict(),
    response: response<TableHealth>()
  },
  'health:cleanupPlan': {
    request: z.object({ connectionId, table: tableRef, olderThan: isoTime }).strict(),
    response: response<CleanupPlan>()
  },
  'health:maintain': {
    // `operationId`: the page watches the run (see ./operations.ts); LanceDB cannot stop an optimize once started.
    request: z.object({ connectionId, table: tableRef, action: maintenanceAction, operationId: operationId.optional() }).strict(),
    response: response<MaintenanceReport>()
  }
} as const
