/**
 * Find in catalog: one box over the names of a connection's namespaces, tables and
 * columns, loaded in the tree or not. Main keeps an index per connection (names and
 * column types only), fills it by listing the catalog, and answers queries from it. The
 * page starts or refreshes the listing, polls its progress, and may cancel it.
 */
import { z } from 'zod'
import type { NamespacePath } from '../namespace-path'
import { connectionId, response } from './common'

/** What a result names. */
export type FindKind = 'namespace' | 'table' | 'column'

/** How the index got its names: the catalog's ListAllTables, a walk of its listings, or the copy saved at an earlier run. */
export type FindSource = 'list-all' | 'crawl' | 'saved'

/** Where a connection's index stands. */
export interface FindStatus {
  /** `running`: listing or describing now; `idle`: nothing running (see `complete`). */
  readonly state: 'idle' | 'running'
  /** True once every listing finished (tables and columns) at least once, in this run or a saved one. */
  readonly complete: boolean
  /** True while the index comes from an earlier run or was cut short, so it may miss changes. */
  readonly stale: boolean
  readonly source: FindSource | null
  readonly namespacesVisited: number
  readonly tablesFound: number
  /** Tables whose columns are known. */
  readonly tablesDescribed: number
  readonly columnsFound: number
  /** When the index was last complete (ms since the epoch), or null. */
  readonly completedAt: number | null
  /**
   * What the walk could not read fully and why: first the bounds of Find's budget that
   * stopped it or skipped data (so many entries, names over the length bound, tables with
   * too many columns), then listings that ended early (a repeated page token, a timeout, a
   * 404), newest last; bounded in count and length.
   */
  readonly notes: readonly string[]
  /** True when the last run was cancelled. */
  readonly cancelled: boolean
}

/** One result of a query. */
export interface FindHit {
  readonly kind: FindKind
  /** The namespace holding the table (for a namespace: its parent). */
  readonly namespace: NamespacePath
  /** The namespace's own name, or the table's name. */
  readonly name: string
  /** The table of a column result. */
  readonly table?: string
  /** A column result's name (a nested field as `parent.child`). */
  readonly column?: string
  /** A column's type, e.g. `vector<float32>[768]`, `timestamp[us, UTC]`. */
  readonly type?: string
  /** Start and end (exclusive) of each matched stretch of the matched text (the column's name for columns, else `name`). */
  readonly ranges: readonly (readonly [number, number])[]
}

/** A query's results and where the index stood when they were read. */
export interface FindResults {
  readonly hits: readonly FindHit[]
  /** True when more matched than were returned. */
  readonly truncated: boolean
  readonly status: FindStatus
  /** A filter the query could not read (`dim:abc`), said in words; null when all is well. */
  readonly problem: string | null
}

/** Most results one query returns. */
export const MAX_FIND_HITS = 500

/** Find channels. */
export const findContract = {
  /** Starts filling the connection's index where it is missing or stale (`refresh`: always, from scratch). */
  'find:start': {
    request: z.object({ connectionId, refresh: z.boolean().optional() }).strict(),
    response: response<FindStatus>()
  },
  'find:status': { request: z.object({ connectionId }).strict(), response: response<FindStatus>() },
  /** Stops every request of the running listing; what was found stays. */
  'find:cancel': { request: z.object({ connectionId }).strict(), response: response<FindStatus>() },
  'find:query': {
    request: z
      .object({
        connectionId,
        query: z.string().max(1_000, 'A search has at most 1,000 characters.'),
        limit: z.number().int().min(1).max(MAX_FIND_HITS).optional()
      })
      .strict(),
    response: response<FindResults>()
  }
} as const
