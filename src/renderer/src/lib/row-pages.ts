/**
 * Which pages of rows to hold for the rows on screen. Only pages near the viewport are
 * asked for (and kept observed), so memory depends on the window, not the table size.
 */
import type { Table } from 'apache-arrow'

/** Rows per page read from main. Small enough to arrive fast, large enough to cover a screen. */
export const PAGE_ROWS = 100

/**
 * The pages to hold while rows `first`..`last` (inclusive) are drawn: the pages those
 * rows fall in, plus the next or previous page when the view is within `margin` rows of
 * a page edge. `total` is the row count, or null while it is unknown.
 */
export function pagesFor(first: number, last: number, total: number | null, pageRows = PAGE_ROWS, margin = pageRows / 2): number[] {
  if (total === 0 || last < first) return []
  const lastRow = total === null ? last + margin : total - 1
  const from = Math.max(0, Math.floor((first - margin) / pageRows))
  const to = Math.min(Math.floor(lastRow / pageRows), Math.floor((last + margin) / pageRows))
  const pages: number[] = []
  for (let page = from; page <= Math.max(from, to); page++) pages.push(page)
  return pages
}

/** Which way the view last moved through the pages: 1 towards the end, -1 towards the start. */
export type ScrollDirection = 1 | -1

/**
 * The pages to read ahead of `wanted` (the pages the view holds) in the direction it
 * moves: the next `count` pages past its edge, kept within `first`..`last` (the pages the
 * view can reach), so a steady scroll finds them loaded. Nothing while nothing is held.
 */
export function pagesAhead(wanted: readonly number[], direction: ScrollDirection, first: number, last: number, count = 1): number[] {
  if (wanted.length === 0) return []
  const edge = direction === 1 ? Math.max(...wanted) : Math.min(...wanted)
  const ahead: number[] = []
  for (let step = 1; step <= count; step++) {
    const page = edge + direction * step
    if (page < first || page > last) break
    ahead.push(page)
  }
  return ahead
}

/** The page a row is on and its index within that page. */
export function pageOfRow(row: number, pageRows = PAGE_ROWS): { readonly page: number; readonly index: number } {
  return { page: Math.floor(row / pageRows), index: row % pageRows }
}

/** One answer from main: the rows it decoded to, and whether the byte cap cut it short. */
export interface RowsChunk {
  readonly rows: Table
  readonly truncated: boolean
}

/**
 * Rows `start` .. `start + count - 1` as one table. Main answers at most about 16 MiB at a
 * time, so a page of large rows may come back short; each short answer is followed by a
 * read from exactly where it ended, so the page has no gap and no row twice.
 */
export async function readRowRange(read: (offset: number, limit: number) => Promise<RowsChunk>, start: number, count: number): Promise<Table> {
  const chunks: Table[] = []
  let got = 0
  for (;;) {
    const { rows, truncated } = await read(start + got, count - got)
    chunks.push(rows)
    got += rows.numRows
    if (!truncated || got >= count) break
    // A cut-short answer always holds a row; without one, asking again would never end.
    if (rows.numRows === 0) throw new Error(`Rows from ${start + got + 1} on could not be read: the answer was cut short without any rows.`)
  }
  const [first, ...rest] = chunks as [Table, ...Table[]]
  return rest.length === 0 ? first : first.concat(...rest)
}
