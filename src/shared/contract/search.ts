/**
 * Search channels of the data tab: nearest neighbours of a query vector ("Find similar",
 * a pasted vector) and full-text search, each combined with the SQL filter and the column
 * choice; the query's plan as the engine explains it; and what a table offers to search
 * (its vector columns with their dimension and index, its full-text indexed columns).
 * Results cross as Arrow IPC like reads do: at most `k` rows, so one page. Asked after, main
 * also describes the page's byte cells (type, size, a thumbnail), as `media:cells` does for
 * the table's rows, which a search's rows are not by position: the rows come first, their
 * thumbnails when made.
 */
import { z } from 'zod'
import { columnList, columnRef, connectionId, response, sqlFilter, tableRef } from './common'
import type { RowsPage } from './tables'
import { thumbSize, type MediaCell } from './media'
import { MAX_FILTER_LENGTH } from '../input-bounds'
import { DISTANCE_TYPES, MAX_SEARCH_K, MAX_VECTOR_LENGTH, type SearchInfo } from '../search-types'

export { DISTANCE_COLUMN, SCORE_COLUMN } from '../search-types'
export type { SearchInfo, VectorColumnInfo } from '../search-types'

const k = z.number().int().min(1).max(MAX_SEARCH_K)

/** A nearest-neighbour search: the vector column, the query vector and how to search. */
export const vectorSearch = z
  .object({
    kind: z.literal('vector'),
    column: columnRef,
    vector: z.array(z.number().refine(Number.isFinite, 'A query vector holds finite numbers only.')).min(1).max(MAX_VECTOR_LENGTH),
    distanceType: z.enum(DISTANCE_TYPES),
    k,
    /** IVF partitions to probe; only meaningful with a vector index. */
    nprobes: z.number().int().min(1).max(100_000).optional(),
    /** Candidates re-ranked by exact distance, as a multiple of k; only with a vector index. */
    refineFactor: z.number().int().min(1).max(1_000).optional()
  })
  .strict()

/** A full-text search over the table's FTS-indexed columns. */
export const fullTextSearch = z
  .object({
    kind: z.literal('fts'),
    text: z
      .string()
      .max(MAX_FILTER_LENGTH, `A full-text query can be at most ${MAX_FILTER_LENGTH} characters long.`)
      .trim()
      .min(1, 'Type the words to search for.'),
    k
  })
  .strict()

/** No search: the plain rows (a scan with the filter and columns), whose plan "Explain" shows too. */
export const plainScan = z.object({ kind: z.literal('scan'), k }).strict()

/** A search: vector, full text, or a plain scan of at most k rows. */
export const searchQuery = z.discriminatedUnion('kind', [vectorSearch, fullTextSearch, plainScan])
/** A search, as validated. */
export type SearchQuery = z.infer<typeof searchQuery>

/** A search with the view's column choice (null/absent: all) and SQL filter. */
export const searchSpec = z
  .object({
    query: searchQuery,
    columns: columnList.optional(),
    filter: sqlFilter.optional()
  })
  .strict()
/** A search with its columns and filter. */
export type SearchSpec = z.infer<typeof searchSpec>

const searchRequest = searchSpec.extend({ connectionId, table: tableRef }).strict()

/** What the page's byte cells hold, as main described them: per row (in the page's order), per column of `columns`. */
export interface SearchMedia {
  /** The page's byte columns, in the page's order. */
  readonly columns: readonly string[]
  readonly cells: readonly (readonly MediaCell[])[]
}

/** A search's rows, and the id main keeps them under a short while, for `search:media`. */
export interface SearchPage extends RowsPage {
  readonly pageId: string
}

/** Search channels. */
export const searchContract = {
  'search:rows': { request: searchRequest, response: response<SearchPage>() },
  /**
   * What the byte cells of the search's rows hold, with thumbnails of `size` (a grid row's or
   * a gallery tile's): of the rows `search:rows` answered as `pageId` while main keeps them,
   * else of the search run again, whose rows may differ if the table changed meanwhile (the
   * page checks each cell's size against its bytes). Null for rows without byte columns.
   */
  'search:media': {
    request: searchRequest.extend({ pageId: z.string().max(64), size: thumbSize }).strict(),
    response: response<SearchMedia | null>()
  },
  'search:explain': { request: searchRequest, response: response<string>() },
  'search:info': { request: z.object({ connectionId, table: tableRef }).strict(), response: response<SearchInfo>() }
} as const
