/**
 * The data preview on a 2,500-row table made by LanceDB (vectors, lists, structs and
 * nulls): typed cells, scrolling to the last row with a bounded DOM, filter and columns.
 */
import { join } from 'node:path'
import { startCatalogServer } from '../server/server'
import { buildNestedCatalog } from '../test-kit/lancedb-catalog'
import { expect, test } from './fixtures/test'
import { TablesPage } from './pages/tables-page'

const ROWS = 2500
/** Rows the grid may draw at once (the viewport plus overscan), header included. */
const MAX_DRAWN_ROWS = 80

test('scrolls a 2,500-row table to its last row with a bounded number of rows drawn', async ({ workDir, openApp }) => {
  const root = join(workDir, 'catalog')
  await buildNestedCatalog(root, { namespaces: { data: { tables: { big: ROWS } } } })
  const app = await openApp(['--dir', root])
  const tables = new TablesPage(app.page)

  await app.expand('data')
  await app.table('big').click()
  await expect(app.page.getByLabel('Row count')).toHaveText('2,500')
  const grid = tables.grid
  await expect(grid).toHaveAttribute('aria-rowcount', String(ROWS + 1))
  await expect(app.page.getByRole('status', { name: 'Matching rows' })).toHaveText('2,500 rows')

  // Cells by type: numbers, nulls (row 3 has no name), vectors with their dimension, structs.
  const first = tables.gridRow(1)
  await expect(first.getByRole('gridcell').nth(0)).toHaveText('0')
  // Numbers line up on the right.
  await expect(first.getByRole('gridcell').nth(0)).toHaveCSS('text-align', 'right')
  await expect(first.getByRole('gridcell').nth(1)).not.toHaveCSS('text-align', 'right')
  await expect(first.getByRole('gridcell').nth(1)).toHaveText('row 0')
  await expect(tables.gridRow(3).getByRole('gridcell').nth(1)).toHaveText('null')
  await expect(first.getByRole('gridcell').nth(3)).toContainText('×8')
  await first.getByRole('button', { name: 'Show all 8 values' }).click()
  await expect(first.getByRole('gridcell').nth(3)).toContainText('[0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7]')
  await expect(first.getByRole('gridcell').nth(4)).toHaveText(/\[tag0, all\]/)
  await first.getByRole('gridcell').nth(5).getByRole('button', { name: 'Show members' }).click()
  await expect(first.getByRole('gridcell').nth(5)).toContainText('source: even')

  // Keyboard: Ctrl+End goes to the last row.
  await grid.focus()
  await app.page.keyboard.press('Control+End')
  const last = tables.gridRow(ROWS)
  await expect(last).toBeVisible()
  await expect(last).toHaveAttribute('aria-rowindex', String(ROWS + 1))
  await expect(last.getByRole('gridcell').nth(0)).toHaveText(String(ROWS - 1))
  // The whole last row is in view, above the horizontal scrollbar (clientHeight leaves it out).
  const viewBottom = await grid.evaluate((element) => element.getBoundingClientRect().top + element.clientTop + element.clientHeight)
  await expect.poll(() => last.evaluate((row) => row.getBoundingClientRect().bottom)).toBeLessThanOrEqual(viewBottom + 0.5)
  expect(await tables.gridRows().count()).toBeLessThanOrEqual(MAX_DRAWN_ROWS)

  // A toast (Copy identifier, from the palette) stays clear of the grid's two scrollbars.
  await app.page.keyboard.press('Control+K')
  await app.page.getByRole('dialog', { name: 'Command palette' }).getByRole('combobox').fill('copy identifier')
  await app.page.keyboard.press('Enter')
  const toast = app.page.getByRole('region', { name: 'Notifications' }).getByRole('status').locator('> *').first()
  await expect(toast).toBeVisible()
  const bars = await grid.evaluate((element) => {
    const box = element.getBoundingClientRect()
    const left = box.left + element.clientLeft + element.clientWidth
    const top = box.top + element.clientTop + element.clientHeight
    return [
      { left, right: box.right, top: box.top, bottom: box.bottom },
      { left: box.left, right: box.right, top, bottom: box.bottom }
    ]
  })
  const placed = await toast.evaluate((element) => element.getBoundingClientRect().toJSON() as { left: number; right: number; top: number; bottom: number })
  for (const bar of bars) {
    expect(bar.right - bar.left).toBeGreaterThan(0)
    expect(bar.bottom - bar.top).toBeGreaterThan(0)
    const overlaps = placed.left < bar.right && placed.right > bar.left && placed.top < bar.bottom && placed.bottom > bar.top
    expect(overlaps, `toast ${JSON.stringify(placed)} over scrollbar ${JSON.stringify(bar)}`).toBe(false)
  }

  // The mouse wheel back up keeps the DOM bounded too.
  await grid.hover()
  for (let i = 0; i < 5; i++) await app.page.mouse.wheel(0, -3000)
  await expect(tables.gridRows().first()).toBeVisible()
  expect(await tables.gridRows().count()).toBeLessThanOrEqual(MAX_DRAWN_ROWS)
})

test('filters rows with SQL, shows a bad filter inline, and chooses columns', async ({ workDir, openApp }) => {
  const root = join(workDir, 'catalog')
  await buildNestedCatalog(root, { tables: { events: 300 } })
  const app = await openApp(['--dir', root])
  const tables = new TablesPage(app.page)
  await app.table('events').click()

  const filter = app.page.getByLabel('Filter (SQL where clause)')
  await filter.fill('id >= 290 AND name IS NOT NULL')
  await filter.press('Enter')
  // Every third row has no name: 290, 293, 296 and 299 drop out.
  await expect(app.page.getByRole('status', { name: 'Matching rows' })).toHaveText('6 matching rows')
  await expect(tables.grid).toHaveAttribute('aria-rowcount', '7')
  await expect(tables.gridRow(1).getByRole('gridcell').nth(0)).toHaveText('291')
  // One row is one row, not "1 rows".
  await filter.fill('id = 291')
  await filter.press('Enter')
  await expect(app.page.getByRole('status', { name: 'Matching rows' })).toHaveText('1 matching row')
  await filter.fill('id >= 290 AND name IS NOT NULL')
  await filter.press('Enter')
  await expect(app.page.getByRole('status', { name: 'Matching rows' })).toHaveText('6 matching rows')

  await filter.fill('id >>> 3')
  await filter.press('Enter')
  const problem = app.page.getByRole('alert')
  await expect(problem).toContainText('The filter cannot be used. Expected an expression, found: >.')
  // The app's own step and the query it built stay in the folded full message.
  await expect(problem.getByText(/Could not count the rows|SELECT 1 FROM/)).toBeHidden()
  await expect(filter).toHaveAttribute('aria-invalid', 'true')
  // The grid keeps the rows of the last filter that worked, under the error, and says whose they are.
  await expect(app.page.getByRole('status', { name: 'Matching rows' })).toHaveText('6 rows for the last filter that worked')
  await expect(tables.grid).toHaveAttribute('aria-rowcount', '7')
  await expect(tables.gridRow(1).getByRole('gridcell').nth(0)).toHaveText('291')
  // A filter that parses but that LanceDB's SQL cannot plan says so at once, with the engine's reason.
  await filter.fill('id IN (SELECT id FROM events)')
  await filter.press('Enter')
  await expect(problem).toContainText("The filter cannot be used. Expression 'id IN (SELECT id FROM events)' is not supported SQL in lance.", {
    timeout: 2_000
  })
  await expect(app.page.getByRole('status', { name: 'Matching rows' })).toHaveText('6 rows for the last filter that worked')
  await app.page.getByRole('button', { name: 'Clear' }).click()
  await expect(app.page.getByRole('status', { name: 'Matching rows' })).toHaveText('300 rows')

  await app.page.getByRole('button', { name: /^Columns/ }).click()
  await app.page.getByRole('checkbox', { name: 'vector' }).uncheck()
  await app.page.getByRole('checkbox', { name: 'tags' }).uncheck()
  await expect(tables.grid.getByRole('columnheader')).toHaveCount(5)
  await expect(tables.grid.getByRole('columnheader', { name: /vector/ })).toHaveCount(0)
  await expect(tables.gridRow(1).getByRole('gridcell').nth(3)).toContainText('source: even')
})

test('pages rows from a REST catalog through its query route', async ({ workDir, openApp }) => {
  const root = join(workDir, 'remote')
  await buildNestedCatalog(root, { namespaces: { data: { tables: { remote_rows: 450 } } } })
  const server = await startCatalogServer({ root })
  try {
    const app = await openApp(['--rest', server.url])
    const tables = new TablesPage(app.page)
    await app.expand('data')
    await app.table('remote_rows').click()
    await expect(tables.grid).toHaveAttribute('aria-rowcount', '451')
    await expect(tables.gridRow(1).getByRole('gridcell').nth(1)).toHaveText('row 0')
    await tables.grid.focus()
    await app.page.keyboard.press('Control+End')
    await expect(tables.gridRow(450).getByRole('gridcell').nth(0)).toHaveText('449')
    await expect(tables.gridRow(450).getByRole('gridcell').nth(3)).toContainText('×8')
  } finally {
    await server.close()
  }
})
