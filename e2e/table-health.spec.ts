/**
 * The Health view of a table made by 50 small appends, an index built after 40 of them and
 * 20 deletes (test-kit/appends-table.ts), over a directory catalog and over REST (the
 * reference server's routes, where deleted rows have no route and say so): the numbers
 * LanceDB's SDK gives; Optimize from the view with its before/after report; Clean up old
 * versions listing the versions and the tag time travel would lose, refusing the tagged
 * one until its tag is ticked, and removing exactly what it listed. Escape and Cancel
 * close every dialog without changing the table.
 */
import { join } from 'node:path'
import { startCatalogServer } from '../server/server'
import { APPENDS_TABLE, buildAppendsTable, lanceNumbers, tagAppendsVersion } from '../test-kit/appends-table'
import type { Locator } from '@playwright/test'
import { expect, test } from './fixtures/test'
import { HealthPage } from './pages/health-page'

test('health of a table, optimize from it, its report, and a clean-up that lists what goes', async ({ workDir, openApp }) => {
  const root = join(workDir, 'catalog')
  await buildAppendsTable(root)
  await tagAppendsVersion(root, 'keep', 3)
  const app = await openApp(['--dir', root])
  const { page } = app
  await page.setViewportSize({ width: 1280, height: 800 })
  const health = new HealthPage(page)
  await app.table(APPENDS_TABLE).click()
  await health.open()

  const lance = await lanceNumbers(root)
  await expect(health.value('Rows')).toHaveText(String(lance.rows))
  await expect(health.value('Fragments')).toHaveText(`${lance.fragments}, ${lance.small} small`)
  await expect(health.value('Deleted rows still stored')).toHaveText(String(lance.deleted))
  await expect(health.value('Unindexed rows (id_idx)')).toHaveText(String(lance.unindexed))
  await expect(health.value('Versions kept')).toContainText(`${lance.versions.length}, the oldest from`)
  await expect(health.value('Tags')).toHaveText('keep (version 3)')
  await expect(health.value('Data storage version')).toHaveText('2.2')
  await expect(health.value('Stable row ids')).toHaveText('Off')
  await page.screenshot({ path: join(test.info().outputDir, 'health-tab.png') })

  // The versions list names what each version did, read off Lance's version summaries.
  await page.getByRole('tablist', { name: 'Table views' }).getByRole('tab', { name: 'Versions' }).click()
  const versionCells = (version: string): Locator =>
    page
      .getByRole('table', { name: 'Versions' })
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: version, exact: true }) })
      .getByRole('cell')
  await expect(versionCells('1').nth(2)).toHaveText('create')
  await expect(versionCells('2').nth(2)).toHaveText('append')
  await expect(versionCells('2').nth(4)).toHaveText(/^\+10 rows, \+/)
  await expect(versionCells('41').nth(2)).toHaveText('index, schema or config change (no data written)')
  await expect(versionCells('52 (latest)').nth(2)).toHaveText('delete')
  await expect(versionCells('52 (latest)').nth(4)).toHaveText(/^−20 rows/)
  await page.screenshot({ path: join(test.info().outputDir, 'versions-operations.png') })
  await health.open()

  // Escape and Cancel close the optimize dialog; the table is unchanged.
  await health.optimizeButton.click()
  await page.keyboard.press('Escape')
  await expect(health.optimizeDialog).toBeHidden()
  await health.optimizeButton.click()
  await health.optimizeDialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(health.optimizeDialog).toBeHidden()
  expect((await lanceNumbers(root)).versions).toEqual(lance.versions)

  // Optimize: the report says what LanceDB did, before and after.
  await health.optimizeButton.click()
  await health.optimizeDialog.getByRole('button', { name: 'Optimize', exact: true }).click()
  const status = health.optimizeDialog.getByRole('status')
  await expect(status).toHaveText(/^Merged 50 fragments into \d+\.$/)
  // LanceDB merges the indexed and the unindexed fragments apart: its own count says how many.
  const optimized = await lanceNumbers(root)
  expect(optimized).toMatchObject({ rows: lance.rows, deleted: 0, unindexed: 0 })
  await expect(status).toHaveText(`Merged 50 fragments into ${optimized.fragments}.`)
  await expect(health.reportCells(health.optimizeDialog, 'Fragments')).toHaveText(['50', String(optimized.fragments)])
  await expect(health.reportCells(health.optimizeDialog, 'Deleted rows still stored')).toHaveText(['20', '0'])
  await expect(health.reportCells(health.optimizeDialog, 'Unindexed rows')).toHaveText(['100', '0'])
  await expect(health.reportCells(health.optimizeDialog, 'Versions kept')).toHaveText([String(lance.versions.length), String(optimized.versions.length)])
  await page.screenshot({ path: join(test.info().outputDir, 'health-report.png') })
  await page.keyboard.press('Escape')
  await expect(health.optimizeDialog).toBeHidden()
  await expect(health.value('Fragments')).toHaveText(`${optimized.fragments}, ${optimized.small} small`)
  await expect(health.value('Deleted rows still stored')).toHaveText('0')

  // Clean up: every version but the latest, the tagged one refused until its tag is ticked.
  await health.cleanupButton.click()
  await health.cleanupDialog.getByLabel('Remove versions older than').selectOption({ label: 'any age (keep only the latest version)' })
  const listed = health.cleanupDialog.getByRole('list', { name: 'Versions to remove' }).getByRole('listitem')
  await expect(listed).toHaveCount(optimized.versions.length - 1)
  await expect(listed.nth(2)).toContainText('Version 3')
  await expect(listed.nth(2)).toContainText('tagged keep')
  const remove = health.cleanupDialog.getByRole('button', { name: `Remove ${optimized.versions.length - 1} versions` })
  await expect(remove).toBeDisabled()
  await page.keyboard.press('Escape')
  await expect(health.cleanupDialog).toBeHidden()
  await health.cleanupButton.click()
  await health.cleanupDialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(health.cleanupDialog).toBeHidden()
  expect(await lanceNumbers(root)).toMatchObject({ versions: optimized.versions, tags: ['keep'] })

  await health.cleanupButton.click()
  await health.cleanupDialog.getByLabel('Remove versions older than').selectOption({ label: 'any age (keep only the latest version)' })
  await health.cleanupDialog.getByLabel('Delete tag keep so version 3 can go').check()
  await health.cleanupDialog.getByLabel(/Also delete files younger than 7 days/).check()
  await health.cleanupDialog.getByRole('button', { name: `Remove ${optimized.versions.length - 1} versions` }).click()
  await expect(health.cleanupDialog.getByRole('status')).toContainText(`removed ${optimized.versions.length - 1} old versions`)
  await expect(health.cleanupDialog.getByRole('status')).toContainText('deleted tag keep')
  const cleaned = await lanceNumbers(root)
  expect(cleaned.tags).toEqual([])
  // Only the latest version before the clean-up is left of those listed (the call may add its own).
  expect(cleaned.versions.filter((v) => optimized.versions.includes(v))).toEqual([optimized.versions.at(-1)])
  await health.cleanupDialog.getByRole('button', { name: 'Close' }).click()
  await expect(health.cleanupDialog).toBeHidden()
  await expect(health.value('Tags')).toHaveText('None')
})

test('health over REST routes says which numbers the spec has no route for', async ({ workDir, openApp }) => {
  const root = join(workDir, 'catalog')
  await buildAppendsTable(root)
  const server = await startCatalogServer({ root })
  try {
    const app = await openApp(['--rest', server.url])
    const health = new HealthPage(app.page)
    await app.table(APPENDS_TABLE).click()
    await health.open()
    const lance = await lanceNumbers(root)
    await expect(health.value('Fragments')).toHaveText(`${lance.fragments}, ${lance.small} small`)
    await expect(health.value('Unindexed rows (id_idx)')).toHaveText(String(lance.unindexed))
    await expect(health.value('Deleted rows still stored')).toHaveText('Not available')
    await expect(health.table.getByRole('row').filter({ hasText: 'Deleted rows still stored' })).toContainText('The Lance REST spec has no route')
    // This connection reads the table's files, so maintenance runs there.
    await expect(health.optimizeButton).toBeEnabled()
  } finally {
    await server.close()
  }
})
