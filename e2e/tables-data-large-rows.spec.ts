/**
 * The data grid over rows too large for one read: 300 rows of 200 KB make every 100-row
 * page about 20 MB, over the 16 MiB a read answers, so each page arrives in two short
 * answers. The grid must show every row once, in order, to the last one.
 */
import { join } from 'node:path'
import { createWideTable } from '../test-kit/wide-table'
import { expect, test } from './fixtures/test'
import { TablesPage } from './pages/tables-page'

const ROWS = 300

test('shows every row of a table whose pages each come back cut short', async ({ workDir, openApp }) => {
  const root = join(workDir, 'catalog')
  await createWideTable(root, 'heavy', ROWS, 200_000)
  const app = await openApp(['--dir', root])
  const tables = new TablesPage(app.page)

  await app.table('heavy').click()
  await expect(tables.grid).toHaveAttribute('aria-rowcount', String(ROWS + 1))
  await expect(tables.gridRow(1).getByRole('gridcell').nth(0)).toHaveText('0')

  // Down past where the first short answer of page 0 ended (about row 80).
  // PageDown until row 90 is drawn; a press that lands while a page is still on its way may
  // not move the view, so keep pressing (with the grid focused) rather than counting presses.
  // A screen is a few rows at this window size, so this takes a dozen presses: retry at once
  // rather than after Playwright's growing back-off.
  await expect(async () => {
    if (!(await tables.gridRow(90).isVisible())) {
      await tables.grid.focus()
      await app.page.keyboard.press('PageDown')
    }
    await expect(tables.gridRow(90)).toBeVisible({ timeout: 300 })
  }).toPass({ intervals: [50], timeout: 60_000 })
  await expect(tables.gridRow(90).getByRole('gridcell').nth(0)).toHaveText('89')
  // The id cell (first after the row number) of every drawn row, top to bottom. Rows of a
  // page still on its way show a placeholder (not a number): wait until every drawn row
  // holds its data; rows that never arrive fail here.
  const drawnIds = async (): Promise<number[]> => (await tables.grid.locator('[role="rowheader"] + [role="gridcell"]').allTextContents()).map(Number)
  await expect.poll(async () => (await drawnIds()).some(Number.isNaN), { message: 'every drawn row holds its data' }).toBe(false)
  const ids = await drawnIds()
  expect(ids.length).toBeGreaterThan(5)
  expect(ids).toEqual(ids.map((_, i) => (ids[0] ?? 0) + i))

  // The last row sits in the second answer of the last page.
  await app.page.keyboard.press('Control+End')
  const last = tables.gridRow(ROWS)
  await expect(last.getByRole('gridcell').nth(0)).toHaveText(String(ROWS - 1))
  await expect(
    tables
      .gridRow(ROWS - 1)
      .getByRole('gridcell')
      .nth(0)
  ).toHaveText(String(ROWS - 2))
})
