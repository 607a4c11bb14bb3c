/**
 * Embedding maps: a vector column drawn as a map, every row a point placed so that rows
 * with near vectors sit near each other. Main reads the column (every row up to
 * MAP_MAX_POINTS, a uniform random sample beyond) and a worker thread lays it out: a
 * linear projection (PCA) first, then UMAP fitted on a sample of the points (the others
 * placed by their nearest fitted points), refined epoch by epoch. The page watches the
 * call with its operation id (`map:progress` answers the latest positions, `operations:cancel`
 * stops it). Finished layouts are kept per table version in the app's data folder:
 * positions and row keys only, never other row values.
 */
import { z } from 'zod'
import type { ExactInt } from '../exact-int'
import { columnRef, connectionId, response, tableRef } from './common'
import { operationId } from './operations'
import { MAP_MAX_POINTS, MAP_MAX_WINDOWS } from '../embedding-map-points'

/** A window of consecutive rows, in the table's order at the mapped version. */
export interface MapWindow {
  readonly offset: number
  readonly limit: number
}

/** Rows whose vectors could not be placed, by reason. */
export interface UnplacedCounts {
  readonly null: number
  /** A NaN or infinite element. */
  readonly nan: number
  /** Every element zero. */
  readonly zero: number
  /** Every element the same non-zero value. */
  readonly constant: number
  /** A length other than the column's. */
  readonly length: number
}

/**
 * The partitions (IVF centroids) of the column's vector index, placed on the map: on a
 * `pca` map projected as the points were; on a `umap` map, which places no new vector,
 * each at the mean position of the fitted points nearest it (in principal components). Or
 * why there are none to show (no IVF index on the column, or its files cannot be read here).
 */
export type MapPartitions =
  | {
      readonly available: true
      readonly indexName: string
      readonly distanceType: string | null
      readonly count: number
      /** Little-endian float32 x, y per partition, as MapLayout's positions. */
      readonly positions: Uint8Array
      readonly placement: 'projected' | 'nearest-points'
    }
  | { readonly available: false; readonly reason: string }

/** A finished map. */
export interface MapLayout {
  readonly version: ExactInt
  readonly column: string
  readonly dimension: number
  /** Rows of the table at that version. */
  readonly totalRows: number
  /** Points drawn: every row, or the sample. */
  readonly points: number
  readonly sampled: boolean
  /** The rows the points are, in order: point i is the i-th row of these windows. */
  readonly windows: readonly MapWindow[]
  /** Little-endian float32 x, y per point, within [-1.5, 1.5]. */
  readonly positions: Uint8Array
  /** One POINT_KINDS index per point. */
  readonly kinds: Uint8Array
  readonly unplaced: UnplacedCounts
  /** `umap`, or `pca` where too few vectors could be placed for UMAP. */
  readonly method: 'umap' | 'pca'
  /**
   * Points UMAP was fitted on: every placeable point up to the worker's bound (5,000), else a
   * uniform sample of that many, the others placed at the weighted mean of their nearest
   * fitted points (in principal-component space). 0 for a `pca` map.
   */
  readonly fittedPoints: number
  /** One byte per point: 1 where UMAP was fitted on it, 0 where it was placed by its nearest fitted points or set apart. */
  readonly fitted: Uint8Array
  /** The column that names a row (for hover and the lasso's filter), its values as text, and whether they told every row apart. */
  readonly keyColumn: string | null
  readonly keyKind: 'number' | 'string' | null
  readonly keys: readonly (string | null)[] | null
  /** True when every row of the table was read and no two had the same key: a filter on these keys selects exactly their rows. */
  readonly keysUnique: boolean
  readonly partitions: MapPartitions
  readonly elapsedMs: number
  readonly computedAt: string
  /** True when this answer came from the app's cache. */
  readonly cached: boolean
}

/** How far a map has got. */
export interface MapProgress {
  readonly state: 'unknown' | 'running' | 'finished'
  /** `reading` rows, `neighbours` (UMAP's nearest-neighbour graph), `layout` (UMAP's epochs). */
  readonly phase: 'reading' | 'neighbours' | 'layout' | 'done'
  readonly rowsRead: number
  readonly rowsTotal: number | null
  readonly epoch: number
  readonly epochs: number
  /** Points UMAP is fitted on (as MapLayout's) once the first picture is made, when fewer than all placeable points; else null. */
  readonly fittedPoints: number | null
  /** The latest positions (while reading, the rows read so far on two axes of the first rows; then the linear projection of all, then UMAP's as it refines), as in MapLayout; null before the first. */
  readonly positions: Uint8Array | null
  readonly kinds: Uint8Array | null
}

/** A column's values for a map's points, for colour. */
export interface MapValues {
  readonly column: string
  /** `number` for a ramp, `category` for one colour per value. */
  readonly kind: 'number' | 'category'
  readonly values: readonly (string | number | null)[]
}

const mapWindow = z.object({ offset: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER), limit: z.number().int().min(1).max(MAP_MAX_POINTS) }).strict()
const mapVersion = z.string().regex(/^[1-9][0-9]{0,19}$/, 'A version is a whole number from 1 on, in decimal digits.')

/** Embedding map channels. */
export const embeddingMapContract = {
  'map:layout': {
    // `cachedOnly`: answer the newest kept map of this column (any version) or null, without computing.
    request: z
      .object({
        connectionId,
        table: tableRef,
        column: columnRef,
        cachedOnly: z.boolean().optional(),
        operationId: operationId.optional()
      })
      .strict(),
    response: response<MapLayout | null>()
  },
  'map:progress': {
    request: z.object({ operationId }).strict(),
    response: response<MapProgress>()
  },
  'map:values': {
    request: z
      .object({
        connectionId,
        table: tableRef,
        version: mapVersion,
        column: columnRef,
        windows: z
          .array(mapWindow)
          .min(1)
          .max(MAP_MAX_WINDOWS)
          .refine((windows) => windows.reduce((sum, w) => sum + w.limit, 0) <= MAP_MAX_POINTS, `A map has at most ${MAP_MAX_POINTS} rows.`)
      })
      .strict(),
    response: response<MapValues>()
  }
} as const
