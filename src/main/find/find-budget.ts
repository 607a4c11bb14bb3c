/**
 * Every bound of Find in catalog in one place: what one walk of a catalog may cost (in
 * requests, pages, time) and take in (namespaces, tables, names, columns, bytes), and how
 * large one query's answer may be. A catalog may be hostile (pages handing out new tokens
 * forever, names of a megabyte, a million namespaces, a table of 100,000 columns): the
 * walk ends at these bounds with a note the Find dialog shows, never by running out of
 * memory or time.
 *
 * Bounds the REST client applies to every call are not repeated here: an answer's body
 * is at most 64 MiB (rest/http.ts) and a listing that hands back a token it already gave
 * fails (rest/pagination.ts).
 */
import { MAX_FIND_HITS } from '../../shared/contract/find'

/** What one walk of a catalog may cost and take in. */
export interface CrawlBudget {
  /** Requests to the catalog in all (listings and describes). */
  readonly requests: number
  /** Pages one listing follows. */
  readonly pagesPerListing: number
  /** Longest page token followed; a longer one ends its listing. */
  readonly pageTokenChars: number
  /** Deepest namespace walked (the root's children are at depth 1). */
  readonly namespaceDepth: number
  /** Namespaces found, counting those queued to be listed. */
  readonly namespaces: number
  /** Tables found. */
  readonly tables: number
  /** Longest name indexed (a namespace, table or column); a longer one is skipped. */
  readonly nameChars: number
  /** Columns indexed per table (nested fields included); the first ones are kept. */
  readonly fieldsPerTable: number
  /** Longest describe answer read for a table's columns. */
  readonly describeBytes: number
  /** How long one walk may run. */
  readonly wallMs: number
  /** Bytes one index holds, about: its names (UTF-16, with lower-case copies) and a fixed cost per entry. */
  readonly indexBytes: number
}

/** The budgets a walk has unless a caller (a test, the benchmark) asks for others. */
export const DEFAULT_CRAWL_BUDGET: CrawlBudget = {
  requests: 250_000,
  pagesPerListing: 2_000,
  pageTokenChars: 4_096,
  namespaceDepth: 32,
  namespaces: 100_000,
  tables: 100_000,
  nameChars: 1_024,
  fieldsPerTable: 1_000,
  describeBytes: 16 * 1024 * 1024,
  wallMs: 15 * 60_000,
  indexBytes: 256 * 1024 * 1024
}

/** Most hits one query answers. */
export const QUERY_MAX_HITS = MAX_FIND_HITS

/** Most bytes of names one query's answer holds (its hits are cut there, and marked truncated). */
export const QUERY_MAX_ANSWER_BYTES = 1024 * 1024

/** Most notes one walk keeps, and the longest note. */
export const MAX_NOTES = 50
export const MAX_NOTE_CHARS = 500
