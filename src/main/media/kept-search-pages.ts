/**
 * The pages of searches main answered lately, kept a short while so that `search:media` can
 * describe the byte cells of the very rows the page was given, without searching again (on
 * a REST catalog that would be another query request, and the table may have changed in
 * between). A page is kept under a random id, and only handed back for the same connection,
 * table and search it was read for. Bounded by count, bytes and age: the oldest goes first.
 */
import { randomUUID } from 'node:crypto'
import type { RowsPage } from '../../shared/contract/tables'

/** What the kept pages hold at most: few (a grid and a gallery of one search each ask once), bytes, and age. */
export const KEPT_PAGES_MAX = 4
export const KEPT_BYTES_MAX = 64 * 1024 * 1024
export const KEPT_MS = 120_000

interface Kept {
  readonly search: string
  readonly page: RowsPage
  readonly at: number
}

/** The searches' pages kept for their byte cells' descriptions. */
export class KeptSearchPages {
  readonly #pages = new Map<string, Kept>()
  readonly #now: () => number

  constructor(now: () => number = Date.now) {
    this.#now = now
  }

  /** Keeps `page`, the answer to `search` (a key naming the connection, table and search), and names it. */
  keep(search: string, page: RowsPage): string {
    const id = randomUUID()
    if (page.arrow.byteLength > KEPT_BYTES_MAX) return id
    this.#pages.set(id, { search, page, at: this.#now() })
    this.#prune()
    return id
  }

  /** The page kept as `id` for `search`, if it still is. */
  get(search: string, id: string): RowsPage | undefined {
    this.#prune()
    const kept = this.#pages.get(id)
    return kept?.search === search ? kept.page : undefined
  }

  /** Pages kept now, for tests. */
  get size(): number {
    return this.#pages.size
  }

  #prune(): void {
    const now = this.#now()
    let bytes = 0
    for (const kept of this.#pages.values()) bytes += kept.page.arrow.byteLength
    // A Map iterates in insertion order: the oldest first.
    for (const [id, kept] of this.#pages) {
      if (this.#pages.size <= KEPT_PAGES_MAX && bytes <= KEPT_BYTES_MAX && now - kept.at <= KEPT_MS) break
      this.#pages.delete(id)
      bytes -= kept.page.arrow.byteLength
    }
  }
}
