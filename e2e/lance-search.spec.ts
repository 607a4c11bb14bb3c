/**
 * Search in the data tab on the LanceDB-made `articles` table (IVF_PQ index on `vector`,
 * FTS index on `text`), over a directory catalog and over REST against the reference
 * server: "Find similar" from a row's context menu and from the toolbar finds the row
 * itself first at distance 0, combined with the SQL filter and the column choice; the
 * full-text box finds the known phrase; a bad pasted vector gets a clear error and keeps
 * the text; a good one searches; "Explain" shows LanceDB's plan of a search or of the
 * plain rows' query; "Clear search" brings the plain rows back.
 */
import { join } from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { connect } from '@lancedb/lancedb'
import type { Page } from '@playwright/test'
import { startCatalogServer } from '../server/server'
import { NATIVE_PHRASE, NATIVE_PHRASE_ROW, NATIVE_TABLE, NATIVE_VECTOR_DIMENSION, makeLanceNativeTable, nativeVector } from '../test-kit/lance-native-table'
import { expect, test } from './fixtures/test'
import { electronBinary } from './fixtures/launch'
import { pageCalls } from '../test-kit/page-calls'
import type { CatalogPage } from './pages/catalog-page'
import { TablesPage } from './pages/tables-page'

async function makeCatalog(root: string): Promise<void> {
  const db = await connect(root)
  ;(await makeLanceNativeTable(db)).close()
  db.close()
}

/** The grid's column headers' names, in order, the row number's included. */
async function headers(tables: TablesPage): Promise<string[]> {
  return (await tables.grid.getByRole('columnheader').allTextContents()).map((text) => text.split(' ')[0] ?? '')
}

/** No serious or critical axe-core violation on the page as it is. */
async function expectAccessible(page: Page, what: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze()
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({ rule: violation.id, help: violation.help, targets: violation.nodes.map((node) => node.target.join(' ')).slice(0, 5) }))
  expect(serious, what).toEqual([])
}

function searchStatus(page: Page) {
  return page.getByRole('status', { name: 'Search results' })
}

async function scenario(app: CatalogPage): Promise<void> {
  const { page } = app
  const tables = new TablesPage(page)
  await app.table(NATIVE_TABLE).click()
  await expect(tables.grid).toHaveAttribute('aria-rowcount', '501')
  // Rows get their menu once the app knows the table's vector columns (the toolbar shows it).
  const searchBar = page.getByRole('toolbar', { name: 'Search' })
  await expect(searchBar.getByRole('button', { name: 'Find similar' })).toBeVisible()

  // "Find similar" from the context menu of row 8 (id 7): that row first, at distance 0.
  await tables.gridRow(8).click({ button: 'right' })
  // The row's vector comes from the page on screen: no row is read again (browser mode's
  // calls are visible here; the desktop app's go over IPC).
  const calls = pageCalls(page)
  const before = calls.channels().length
  await page.getByRole('menu', { name: 'Actions for row 8' }).getByRole('menuitem', { name: 'Find similar' }).click()
  // Labelled as search results, naming the row by its id; the IVF_PQ index makes distances approximate.
  await expect(searchStatus(page)).toContainText('Search results: 10 nearest rows to id 7 in “vector” by L2 distance, nearest first.')
  await expect(searchStatus(page)).toContainText(/Distances are approximate \(.+ index\); set a refine factor/)
  // The table's own row count is not shown beside the 10 results.
  await expect(page.getByRole('status', { name: 'Matching rows' })).toHaveText('')
  const sent = calls.channels().slice(before)
  if (electronBinary() === undefined) expect(sent).toContain('search:rows')
  expect(sent).not.toContain('tables:readRows')
  await expect(tables.grid).toHaveAttribute('aria-rowcount', '11')
  expect((await headers(tables)).slice(0, 3)).toEqual(['#', '_distance', 'id'])
  await expect(tables.gridRow(1).getByRole('gridcell').nth(0)).toHaveText('0')
  await expect(tables.gridRow(1).getByRole('gridcell').nth(1)).toHaveText('7')
  await expectAccessible(page, 'search results')

  await page.getByRole('button', { name: 'Explain' }).click()
  const plan = page.getByRole('dialog', { name: 'Query plan' })
  await expect(plan.getByLabel('Query plan text')).toContainText(/KNNVectorDistance|ANNSubIndex/)
  await page.keyboard.press('Escape')
  await expect(plan).toHaveCount(0)

  // Back to the plain rows.
  await page.getByRole('button', { name: 'Clear search' }).click()
  await expect(searchStatus(page)).toHaveCount(0)
  await expect(tables.grid).toHaveAttribute('aria-rowcount', '501')
  expect((await headers(tables))[1]).toBe('id')

  // Full-text search finds the one row with the phrase; the score comes first.
  const words = page.getByRole('searchbox', { name: 'Full-text search' })
  await words.fill(NATIVE_PHRASE)
  await words.press('Enter')
  await expect(searchStatus(page)).toHaveText(`Search results: 1 row matching “${NATIVE_PHRASE}”, best first.`)
  expect((await headers(tables)).slice(0, 3)).toEqual(['#', '_score', 'id'])
  await expect(tables.gridRow(1).getByRole('gridcell').nth(1)).toHaveText(String(NATIVE_PHRASE_ROW))
  await expect(tables.gridRow(1)).toContainText(NATIVE_PHRASE)
  await page.getByRole('button', { name: 'Explain' }).click()
  await expect(plan.getByLabel('Query plan text')).toContainText('MatchQuery')
  await plan.getByRole('button', { name: 'Close' }).click()
  await page.getByRole('button', { name: 'Clear search' }).click()

  // A pasted vector of the wrong length, or with a non-number, says what is wrong and keeps the text.
  await page.getByRole('button', { name: 'Search by vector…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Search by vector' })
  const text = dialog.getByLabel('Query vector (JSON)')
  await text.fill('[1, 2, 3]')
  await dialog.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(dialog.getByRole('alert')).toHaveText(
    `The query vector has 3 values, but column "vector" holds vectors of ${NATIVE_VECTOR_DIMENSION}. Paste exactly ${NATIVE_VECTOR_DIMENSION} numbers.`
  )
  await expect(text).toHaveValue('[1, 2, 3]')
  await expect(text).toHaveAttribute('aria-invalid', 'true')
  await expectAccessible(page, 'the vector dialog with its error')
  await text.fill('[1, "two", 3]')
  await dialog.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(dialog.getByRole('alert')).toContainText('Value 2 of the query vector is the text "two", not a number.')
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(searchStatus(page)).toHaveCount(0)

  // A good one searches: row 301 (id 300, added after the index was built) is its own nearest.
  await page.getByRole('button', { name: 'Search by vector…' }).click()
  await text.fill(JSON.stringify(nativeVector(300)))
  await dialog.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(searchStatus(page)).toContainText('nearest rows to the pasted vector')
  await expect(tables.gridRow(1).getByRole('gridcell').nth(0)).toHaveText('0')
  await expect(tables.gridRow(1).getByRole('gridcell').nth(1)).toHaveText('300')
  await page.getByRole('button', { name: 'Clear search' }).click()

  // Combined with the filter and the column choice: the toolbar's "Find similar" on the
  // selected row (the first matching row, id 250) finds it among matching rows only.
  const filter = page.getByLabel('Filter (SQL where clause)')
  await filter.fill('id >= 250')
  await filter.press('Enter')
  await expect(page.getByRole('status', { name: 'Matching rows' })).toHaveText('250 matching rows')
  // Without a search, "Explain" shows the plan of the query that reads the plain rows.
  await page.getByRole('button', { name: 'Explain' }).click()
  await expect(plan.getByLabel('Query plan text')).toContainText(/LanceRead|LanceScan/)
  await expect(plan.getByLabel('Query plan text')).toContainText(/id >= /)
  await page.keyboard.press('Escape')
  await page.getByRole('button', { name: /^Columns/ }).click()
  await page.getByRole('checkbox', { name: 'text' }).uncheck()
  await page.getByRole('checkbox', { name: 'vector' }).uncheck()
  await page.getByRole('button', { name: /^Columns/ }).click()
  await tables.gridRow(1).getByRole('gridcell').first().click()
  // The k box steps with the arrow keys, and stays within its range.
  const k = page.getByLabel('k', { exact: true })
  await k.fill('6')
  await k.press('ArrowDown')
  await expect(k).toHaveValue('5')
  await searchBar.getByRole('button', { name: 'Find similar' }).click()
  await expect(searchStatus(page)).toContainText(
    'Search results: 5 nearest rows to id 250 in “vector” by L2 distance among the rows matching the filter, nearest first.'
  )
  expect(await headers(tables)).toEqual(['#', '_distance', 'id', 'category'])
  await expect(tables.gridRow(1).getByRole('gridcell').nth(1)).toHaveText('250')
  for (let row = 1; row <= 5; row++) expect(Number(await tables.gridRow(row).getByRole('gridcell').nth(1).textContent())).toBeGreaterThanOrEqual(250)

  // Changing the metric runs the search again; from the keyboard, Shift+F10 opens the row menu.
  await page.getByLabel('Distance').selectOption('cosine')
  await expect(searchStatus(page)).toContainText('by Cosine distance')
  await tables.grid.focus()
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Shift+F10')
  const menu = page.getByRole('menu', { name: 'Actions for row 2' })
  await expect(menu.getByRole('menuitem', { name: 'Find similar' })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(menu).toHaveCount(0)
  await expect(tables.grid).toBeFocused()

  // An older version open read-only shows its own rows, unsearched; back at the latest, search returns.
  await page.getByRole('tab', { name: 'Versions' }).click()
  await page.getByRole('button', { name: 'Open version 1 read-only' }).click()
  await expect(page.getByRole('status', { name: 'Version 1 of 4 (read-only)' })).toBeVisible()
  await expect(searchBar).toHaveCount(0)
  await expect(searchStatus(page)).toHaveCount(0)
  await expect(tables.grid.getByRole('columnheader').nth(1)).toContainText('id')
  await page.getByRole('button', { name: 'Back to latest' }).click()
  await expect(searchBar.getByRole('button', { name: 'Find similar' })).toBeVisible()
}

test('searches a LanceDB table in a directory catalog', async ({ workDir, openApp }) => {
  const root = join(workDir, 'catalog')
  await makeCatalog(root)
  await scenario(await openApp(['--dir', root]))
})

test('searches the same table over REST through the reference server', async ({ workDir, openApp }) => {
  const root = join(workDir, 'remote')
  await makeCatalog(root)
  const server = await startCatalogServer({ root })
  try {
    await scenario(await openApp(['--rest', server.url]))
  } finally {
    await server.close()
  }
})
