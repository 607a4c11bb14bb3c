/**
 * The bounds of an embedding map and the kinds of its points, without zod, so the renderer
 * can use them without loading the contract's schemas (see ./contract/embedding-map.ts).
 */

/**
 * A column of at most this many rows is mapped whole; a larger one over a uniform random
 * sample of this many, read as 50 blocks of 2,048 rows (see main's profile/table-sample.ts).
 * Vectors wider than 128 numbers get fewer points, so that a map holds at most
 * MAP_MAX_FLOATS numbers.
 */
export const MAP_MAX_POINTS = 102_400
/** The most vector numbers a map's worker holds: 102,400 vectors of 128 float32, 52 MB. */
export const MAP_MAX_FLOATS = 102_400 * 128
/** The most row windows a map's rows are read in (a sample's blocks). */
export const MAP_MAX_WINDOWS = 1_000
/** Text values longer than this are cut for the legend and hover. */
export const MAP_VALUE_CHARS = 200

/**
 * What a point's vector held: `ok`, or why it could not be placed by its vector (placed
 * apart instead). Codes as the `kinds` bytes hold them.
 */
export const POINT_KINDS = ['ok', 'null', 'nan', 'zero', 'constant', 'length'] as const
/** One of POINT_KINDS. */
export type PointKind = (typeof POINT_KINDS)[number]
