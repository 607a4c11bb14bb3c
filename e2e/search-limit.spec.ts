/**
 * A full-text search answers at most k rows: when it answers exactly k, the status line
 * says the result stops at k and how to see more, instead of a count that reads as every
 * match. With fewer matches than k, the count is the whole result and says so plainly.
 */
import { join } from 'node:path'
import { connect, Index } from '@lancedb/lancedb'
import { expect, test } from './fixtures/test'
import { TablesPage } from './pages/tables-page'

test('a full-text search cut at k says so, and raising k shows more', async ({ workDir, openApp }) => {
  const root = join(workDir, 'catalog')
  const db = await connect(root)
  // 200 rows hold "needle"; 100 do not.
  const rows = Array.from({ length: 300 }, (_, id) => ({ id, text: id < 200 ? `hay needle hay ${id}` : `only hay ${id}` }))
  const table = await db.createTable('haystack', rows)
  await table.createIndex('text', { config: Index.fts() })
  table.close()
  db.close()

  const app = await openApp(['--dir', root])
  const tables = new TablesPage(app.page)
  await app.table('haystack').click()
  await expect(tables.grid).toHaveAttribute('aria-rowcount', '301')
  const words = app.page.getByRole('searchbox', { name: 'Full-text search' })
  await words.fill('needle')
  await words.press('Enter')
  const status = app.page.getByRole('status', { name: 'Search results' })
  await expect(status).toHaveText('Search results: the first 10 rows matching “needle”, best first; more rows may match. Raise k to see more.')

  // With k above the number of matches, the count is every match.
  const k = app.page.getByLabel('k', { exact: true })
  await k.fill('500')
  await k.press('Enter')
  await expect(status).toHaveText('Search results: 200 rows matching “needle”, best first.')
})
