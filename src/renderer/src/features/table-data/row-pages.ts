/**
 * Which pages of rows to hold for the rows on screen. Only pages near the viewport are
 * asked for (and kept observed), so memory depends on the window, not the table size.
 */

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

/** The page a row is on and its index within that page. */
export function pageOfRow(row: number, pageRows = PAGE_ROWS): { readonly page: number; readonly index: number } {
  return { page: Math.floor(row / pageRows), index: row % pageRows }
}
