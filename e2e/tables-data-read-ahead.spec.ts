/**
 * Reading ahead in the data grid, seen from a REST catalog that logs which rows each
 * query asked for: the page after the rows on screen is asked for before the user scrolls
 * to it, and only once; a jump to the last row reads the pages there, not every page in
 * between.
 */
import { join } from 'node:path'
import { startCatalogServer } from '../server/server'
import { buildNestedCatalog } from '../test-kit/lancedb-catalog'
import { startQueryLogProxy } from '../test-kit/query-log-proxy'
import { expect, test } from './fixtures/test'
import { TablesPage } from './pages/tables-page'

const ROWS = 2500

test('asks for the next page before the grid scrolls to it, and skips the pages a jump passes', async ({ workDir, openApp }) => {
  const root = join(workDir, 'catalog')
  await buildNestedCatalog(root, { tables: { big: ROWS } })
  const server = await startCatalogServer({ root })
  const proxy = await startQueryLogProxy(server.port)
  try {
    const app = await openApp(['--rest', proxy.url])
    const tables = new TablesPage(app.page)
    // The grid's pages: queries of 100 rows (a describe reads a single row).
    const offsets = (): number[] => proxy.queries.filter((q) => q.table === 'big' && q.k === 100 && q.filter === null).map((q) => q.offset)

    await app.table('big').click()
    await expect(tables.gridRow(1).getByRole('gridcell').nth(0)).toHaveText('0')
    // Rows 101-200 are asked for while the view rests at the top, none of them drawn yet.
    await expect.poll(offsets).toContain(100)
    await expect(tables.gridRow(101)).toHaveCount(0)

    // Scrolled into the second page: the third is asked for before any of its rows is drawn.
    await tables.grid.hover()
    await app.page.mouse.wheel(0, 110 * 28)
    await expect(tables.gridRow(112)).toBeVisible()
    await expect.poll(offsets).toContain(200)
    await expect(tables.gridRow(201)).toHaveCount(0)

    // Scrolling on into it finds the page read ahead: it is not asked for again.
    await app.page.mouse.wheel(0, 100 * 28)
    await expect(tables.gridRow(212)).toBeVisible()
    await expect(tables.gridRow(212).getByRole('gridcell').nth(0)).toHaveText('211')
    expect(offsets().filter((offset) => offset === 200)).toHaveLength(1)

    // Ctrl+End jumps to the last row: the pages in between are never read.
    await tables.grid.focus()
    await app.page.keyboard.press('Control+End')
    await expect(tables.gridRow(ROWS).getByRole('gridcell').nth(0)).toHaveText(String(ROWS - 1))
    expect(offsets().filter((offset) => offset >= 500 && offset < 2300)).toEqual([])
  } finally {
    await proxy.close()
    await server.close()
  }
})
