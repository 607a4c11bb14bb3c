/**
 * Search values both sides use, kept free of runtime dependencies (the renderer imports
 * them, and the contract's zod schemas must stay out of the page's bundle).
 */

/** Distance metrics a vector search may use, as LanceDB names them. */
export const DISTANCE_TYPES = ['l2', 'cosine', 'dot'] as const
/** A distance metric. */
export type DistanceType = (typeof DISTANCE_TYPES)[number]
/** The most rows one search returns. */
export const MAX_SEARCH_K = 10_000
/** Rows a search returns unless told otherwise. */
export const DEFAULT_SEARCH_K = 10
/** The longest query vector accepted (LanceDB's own limit on a vector's dimension is far lower in practice). */
export const MAX_VECTOR_LENGTH = 65_536
/** The column LanceDB adds to a vector search's rows. */
export const DISTANCE_COLUMN = '_distance'
/** The column LanceDB adds to a full-text search's rows. */
export const SCORE_COLUMN = '_score'

/** A vector column and how it can be searched. */
export interface VectorColumnInfo {
  readonly name: string
  readonly dimension: number
  /** The vector index on it (`IVF_PQ`, `IVF_HNSW_SQ`, …), or null when it has none. */
  readonly indexType: string | null
}

/** What a table offers to search. */
export interface SearchInfo {
  readonly vectorColumns: readonly VectorColumnInfo[]
  /** Columns with a full-text (FTS) index. */
  readonly ftsColumns: readonly string[]
}
