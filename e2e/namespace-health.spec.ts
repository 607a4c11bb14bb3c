/**
 * The health of a namespace's tables from the tree's menu: read in the background with
 * progress, the table made by 50 small appends, deletes and an unoptimised index
 * (test-kit/appends-table.ts) first with what Compact and Update indexes would fix, a
 * table written once last with nothing to do; Open shows a table and closes the dialog.
 */
import { join } from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { APPENDS_TABLE, buildAppendsTable, lanceNumbers } from '../test-kit/appends-table'
import { buildNestedCatalog } from '../test-kit/lancedb-catalog'
import { expect, test } from './fixtures/test'

test('health of the top-level tables, those most in need first', async ({ workDir, openApp }) => {
  const root = join(workDir, 'catalog')
  await buildNestedCatalog(root, { tables: { tidy: 5 } })
  await buildAppendsTable(root)
  const lance = await lanceNumbers(root)
  const app = await openApp(['--dir', root])
  const { page } = app
  await page.setViewportSize({ width: 1280, height: 800 })
  await app.table('tidy').click({ button: 'right' })
  await page.getByRole('menuitem', { name: 'Health of top-level tables…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Health of the top level' })
  await expect(dialog.getByRole('status')).toHaveText('Checked 2 tables')
  await expect(dialog.getByRole('progressbar', { name: 'Tables checked' })).toHaveAttribute('value', '2')
  const rows = dialog.getByRole('region', { name: 'Tables by need' }).getByRole('row')
  // The header, then the appends table, then the tidy one.
  await expect(rows).toHaveCount(3)
  await expect(rows.nth(1).getByRole('rowheader')).toHaveText(APPENDS_TABLE)
  await expect(rows.nth(1)).toContainText(`${lance.small} of ${lance.fragments} fragments small: Compact`)
  await expect(rows.nth(1)).toContainText(`${lance.deleted} deleted rows still stored: Compact`)
  await expect(rows.nth(1)).toContainText(`${lance.unindexed} rows not indexed: Update indexes`)
  await expect(rows.nth(2).getByRole('rowheader')).toHaveText('tidy')
  await expect(rows.nth(2)).toContainText('Nothing to do')
  await page.screenshot({ path: join(test.info().outputDir, 'namespace-health.png') })
  const axe = await new AxeBuilder({ page }).include('dialog').analyze()
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([])

  await dialog.getByRole('button', { name: `Open ${APPENDS_TABLE}` }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('heading', { name: APPENDS_TABLE })).toBeVisible()
})
