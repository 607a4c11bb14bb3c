/**
 * A table with one column of each unusual Arrow type LanceDB stores (dictionary, float16,
 * decimals, zoned timestamps, dates, times, durations, large strings and bytes, fixed-size
 * binary, struct of list of struct, map, null-only columns, a 10,000-character value, a
 * field name with spaces and unicode, and a null-typed column LanceDB cannot scan): the
 * grid and the schema render with no page error, over a dir catalog and over REST.
 */
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { startCatalogServer } from './catalog-server/server'
import { expect, test } from './fixtures/test'
import { TablesPage } from './pages/tables-page'
import { buildOddTypesCatalog, LONG_TEXT_LENGTH, ODD_NAME_COLUMN, ODD_TYPES_EXPECTED, ODD_TYPES_TABLE, UNREADABLE_COLUMN } from './support/odd-types-table'
import type { CatalogPage } from './pages/catalog-page'

/** Page errors and console errors of `page`, collected from now on. */
function collectErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console.error: ${message.text()}`)
  })
  return errors
}

/**
 * `zoneInSchema`: false over REST, whose JSON schema form (JsonArrowDataType: a type name,
 * a length, child fields) has no place for a unit or a zone; the grid still gets the zone
 * from the Arrow data.
 */
async function checkOddTypes(app: CatalogPage, errors: readonly string[], zoneInSchema: boolean): Promise<void> {
  const tables = new TablesPage(app.page)
  await app.expand('odd')
  await app.table(ODD_TYPES_TABLE).click()

  // The schema lists every field with a readable type, the odd name and the null type included.
  const schema = app.page.getByRole('table', { name: 'Schema' })
  await expect(schema.getByRole('row').filter({ hasText: ODD_NAME_COLUMN })).toContainText('utf8')
  await expect(schema.getByRole('row').filter({ hasText: 'price' }).first()).toContainText('decimal128(10, 2)')
  await expect(schema.getByRole('row').filter({ hasText: 'berlin_time' })).toContainText(zoneInSchema ? 'timestamp[us, Europe/Berlin]' : 'timestamp')
  await expect(schema.getByRole('row').filter({ hasText: 'scores' }).first()).toContainText('map<utf8, int32>')
  await expect(schema.getByRole('row').filter({ hasText: UNREADABLE_COLUMN })).toContainText('null')

  await tables.tab('Data').click()
  await expect(app.page.getByRole('status', { name: 'Matching rows' })).toHaveText('3 rows')
  const headers = tables.grid.getByRole('columnheader')
  await expect(headers).toHaveCount(Object.keys(ODD_TYPES_EXPECTED).length + 3)
  const names = (await headers.locator('.column-name').allTextContents()).slice()
  const first = tables.gridRow(1)
  await expect(first.getByRole('gridcell').first()).toHaveText('red')
  for (const [column, text] of Object.entries(ODD_TYPES_EXPECTED)) {
    const cell = first.getByRole('gridcell').nth(names.indexOf(column))
    // Nested values start with their expand toggle.
    await expect(cell, column).toHaveText(new RegExp(`^▸?${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`))
  }
  // The long value is cut in the cell and says how long it is.
  await expect(first.getByRole('gridcell').nth(names.indexOf('long_text'))).toContainText(`(${LONG_TEXT_LENGTH.toLocaleString('en-US')} characters)`)
  // The column LanceDB cannot scan is named; the others are shown.
  await expect(first.getByRole('gridcell').nth(names.indexOf(UNREADABLE_COLUMN))).toHaveText('could not be read')
  await expect(app.page.getByRole('status').filter({ hasText: `Column "${UNREADABLE_COLUMN}" could not be read` })).toBeVisible()
  // Nested values expand.
  await first.getByRole('gridcell').nth(names.indexOf('nested')).getByRole('button', { name: 'Show members' }).click()
  await expect(first.getByRole('gridcell').nth(names.indexOf('nested'))).toContainText('c: x')
  expect(errors).toEqual([])
}

test('a table of unusual Arrow types renders in the grid and the schema (dir catalog)', async ({ workDir, openApp }) => {
  const root = join(workDir, 'catalog')
  await buildOddTypesCatalog(root)
  const app = await openApp(['--dir', root])
  await checkOddTypes(app, collectErrors(app.page), true)
})

test('a table of unusual Arrow types renders in the grid and the schema (REST catalog)', async ({ workDir, openApp }) => {
  const root = join(workDir, 'catalog')
  await buildOddTypesCatalog(root)
  const server = await startCatalogServer({ root })
  try {
    const app = await openApp(['--rest', server.url])
    await checkOddTypes(app, collectErrors(app.page), false)
  } finally {
    await server.close()
  }
})
