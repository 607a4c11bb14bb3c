/**
 * A table with one column of each unusual Arrow type LanceDB stores (dictionary, float16,
 * decimals, zoned timestamps, dates, times, durations, large strings and bytes, fixed-size
 * binary, struct of list of struct, large list, map, null-only columns, a 10,000-character value, a
 * field name with spaces and unicode, a null-typed column): the grid and the schema render
 * with no page error, over a dir catalog and over REST. Over REST the server also fails
 * every query that includes one column, and the grid shows the others and names that one.
 */
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { startCatalogServer } from '../server/server'
import { startFailingProxy } from '../test-kit/failing-proxy'
import { expect, test } from './fixtures/test'
import { TablesPage } from './pages/tables-page'
import { buildOddTypesCatalog, LONG_TEXT_LENGTH, ODD_NAME_COLUMN, NULL_TYPED_COLUMN, ODD_TYPES_EXPECTED, ODD_TYPES_TABLE } from '../test-kit/odd-types-table'
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
 * from the Arrow data. `unreadable`: the column the server cannot read, if any.
 */
async function checkOddTypes(app: CatalogPage, errors: readonly string[], zoneInSchema: boolean, unreadable?: string): Promise<void> {
  const tables = new TablesPage(app.page)
  await app.expand('odd')
  await app.table(ODD_TYPES_TABLE).click()

  // The schema lists every field with a readable type, the odd name and the null type included.
  const schema = await app.schema()
  await expect(schema.getByRole('row').filter({ hasText: ODD_NAME_COLUMN })).toContainText('utf8')
  await expect(schema.getByRole('row').filter({ hasText: 'price' }).first()).toContainText('decimal128(10, 2)')
  await expect(schema.getByRole('row').filter({ hasText: 'berlin_time' })).toContainText(zoneInSchema ? 'timestamp[us, Europe/Berlin]' : 'timestamp')
  await expect(schema.getByRole('row').filter({ hasText: 'scores' }).first()).toContainText('map<utf8, int32>')
  await expect(schema.getByRole('row').filter({ hasText: 'big_list' }).first()).toContainText('large_list<int32>')
  await expect(schema.getByRole('row').filter({ hasText: NULL_TYPED_COLUMN })).toContainText('null')

  await expect(app.page.getByRole('status', { name: 'Matching rows' })).toHaveText('3 rows')
  const headers = tables.grid.getByRole('columnheader')
  await expect(headers).toHaveCount(Object.keys(ODD_TYPES_EXPECTED).length + 2)
  const names = (await headers.getByTestId('column-name').allTextContents()).slice()
  const first = tables.gridRow(1)
  await expect(first.getByRole('gridcell').first()).toHaveText('red')
  for (const [column, expected] of Object.entries(ODD_TYPES_EXPECTED)) {
    const text = column === unreadable ? 'could not be read' : expected
    const cell = first.getByRole('gridcell').nth(names.indexOf(column))
    // Nested values start with their expand toggle.
    await expect(cell, column).toHaveText(new RegExp(`^▸?${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`))
  }
  // The long value is cut in the cell and says how long it is.
  await expect(first.getByRole('gridcell').nth(names.indexOf('long_text'))).toContainText(`(${LONG_TEXT_LENGTH.toLocaleString('en-US')} characters)`)
  // A column the server cannot read is named; the others are shown.
  const notice = app.page.getByRole('status').filter({ hasText: 'could not be read' })
  if (unreadable) await expect(notice.filter({ hasText: `Column "${unreadable}" could not be read` })).toBeVisible()
  else await expect(notice).toHaveCount(0)
  // Nested values expand, a large list's items included.
  await first.getByRole('gridcell').nth(names.indexOf('nested')).getByRole('button', { name: 'Show members' }).click()
  await expect(first.getByRole('gridcell').nth(names.indexOf('nested'))).toContainText('c: x')
  const bigList = first.getByRole('gridcell').nth(names.indexOf('big_list'))
  await bigList.getByRole('button', { name: 'Show members' }).click()
  await expect(bigList).toContainText('2: 3')
  await expect(tables.gridRow(2).getByRole('gridcell').nth(names.indexOf('big_list'))).toHaveText(/^▸?\[\]$/)
  expect(errors).toEqual([])
}

test('a table of unusual Arrow types renders in the grid and the schema (dir catalog)', async ({ workDir, openApp }) => {
  const root = join(workDir, 'catalog')
  await buildOddTypesCatalog(root)
  const app = await openApp(['--dir', root])
  await checkOddTypes(app, collectErrors(app.page), true)
})

test('a table of unusual Arrow types renders over REST, a column the server cannot read named', async ({ workDir, openApp }) => {
  const root = join(workDir, 'catalog')
  await buildOddTypesCatalog(root)
  const server = await startCatalogServer({ root })
  const proxy = await startFailingProxy(server.url, { unreadableColumn: { table: ODD_TYPES_TABLE, column: NULL_TYPED_COLUMN } })
  try {
    const app = await openApp(['--rest', proxy.url])
    await checkOddTypes(app, collectErrors(app.page), false, NULL_TYPED_COLUMN)
  } finally {
    await proxy.close()
    await server.close()
  }
})
