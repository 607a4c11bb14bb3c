/**
 * A filter deep enough to crash LanceDB's native SQL handling (thousands of chained
 * operators; in the desktop app that would kill the main process and the window) is
 * refused with a message saying the bound and what to do, the grid keeps its rows (and
 * says whose they are), and the app goes on answering.
 */
import { join } from 'node:path'
import { buildNestedCatalog } from '../test-kit/lancedb-catalog'
import { expect, test } from './fixtures/test'
import { TablesPage } from './pages/tables-page'

test('refuses a filter of 5,000 chained operators with the bound, and keeps working', async ({ workDir, openApp }) => {
  const root = join(workDir, 'catalog')
  await buildNestedCatalog(root, { tables: { events: 30 } })
  const app = await openApp(['--dir', root])
  const tables = new TablesPage(app.page)
  await app.table('events').click()
  await expect(app.page.getByRole('status', { name: 'Matching rows' })).toHaveText('30 rows')

  const filter = app.page.getByLabel('Filter (SQL where clause)')
  await filter.fill('id/'.repeat(5_000) + 'id > 0')
  await filter.press('Enter')
  await expect(app.page.getByRole('alert')).toContainText('can chain at most 256 operators and parentheses; this one has 5,001')
  await expect(app.page.getByRole('alert')).toContainText('use IN, such as id IN (1, 2, 3)')
  await expect(tables.grid).toHaveAttribute('aria-rowcount', '31')
  // The count says the rows kept are not the refused filter's answer.
  await expect(app.page.getByRole('status', { name: 'Matching rows' })).toHaveText('30 rows, not filtered')

  await filter.fill('id < 3')
  await filter.press('Enter')
  await expect(app.page.getByRole('status', { name: 'Matching rows' })).toHaveText('3 matching rows')

  // A filter LanceDB cannot plan leaves the last working filter's rows, and says whose they are.
  await filter.fill('id <')
  await filter.press('Enter')
  await expect(app.page.getByRole('alert')).toContainText('The filter cannot be used')
  await expect(app.page.getByRole('status', { name: 'Matching rows' })).toHaveText('3 rows for the last filter that worked')
  await expect(tables.grid).toHaveAttribute('aria-rowcount', '4')
})
