/**
 * Column profiles in the table details: the Profile tab profiles every column of a
 * LanceDB table and shows its numbers; a top value filters the grid; a long profile shows
 * its rows read and stops on Cancel; a profile opened again after a reload comes from
 * main's cache; and after a write and a Refresh the profile is of the new version.
 */
import { join } from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { connectNamespace } from '@lancedb/lancedb'
import { expect, test } from './fixtures/test'
import { sampleTableIpc } from '../test-kit/lancedb-catalog'
import { scoresTable } from '../test-kit/scores-table'
import { tableForLance } from '../src/catalog/arrow-schema'

async function makeCatalog(root: string): Promise<void> {
  const db = await connectNamespace('dir', { root })
  ;(await db.createTable('scores', scoresTable(2_000))).close()
  ;(await db.createTable('long', scoresTable(900_000, true))).close()
  ;(await db.createTable('people', tableForLance(sampleTableIpc(300)))).close()
  db.close()
}

test('profiles columns, filters the grid from a value, cancels a long profile, and answers again from the cache', async ({ workDir, openApp }, testInfo) => {
  const root = join(workDir, 'catalog')
  await makeCatalog(root)
  const app = await openApp(['--dir', root])
  const page = app.page
  await page.setViewportSize({ width: 1280, height: 800 })

  await app.table('scores').click()
  await page.getByRole('tab', { name: 'Profile' }).click()
  const status = page.getByRole('status').filter({ hasText: /rows \(exact\)|Profiling/ })
  await expect(status).toContainText('All 2,000 rows (exact)')
  await expect(status).toContainText('version 1')

  const score = page.getByRole('article', { name: 'Profile of score' })
  await expect(score.getByText('200 null (10.0%)')).toBeVisible()
  await expect(score.getByText('90 distinct')).toBeVisible()
  await expect(score.getByText('min', { exact: true }).locator('..')).toContainText('0.01')
  await expect(score.getByText('max', { exact: true }).locator('..')).toContainText('0.99')
  await expect(score.getByRole('button', { name: /^\[0\.01, / })).toBeVisible()

  const country = page.getByRole('article', { name: 'Profile of country' })
  await expect(country.getByText('4 distinct')).toBeVisible()
  // No serious accessibility problem in the panel (charts, bar buttons, facts).
  const results = await new AxeBuilder({ page }).include('section[aria-label="Column profile"]').analyze()
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
  expect(serious).toEqual([])
  await testInfo.attach('profile', { body: await page.screenshot(), contentType: 'image/png' })
  await page.screenshot({ path: testInfo.outputPath('column-profile.png') })

  // A top value, by keyboard: the grid is asked to show its rows, quoted right.
  const ivoire = country.getByRole('button', { name: /^Côte d'Ivoire: 400\./ })
  await ivoire.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByText("Grid filtered to `country` = 'Côte d''Ivoire'")).toBeVisible()
  // The grid shows that value's rows, and the filter in its box.
  const filterBox = page.getByLabel('Filter (SQL where clause)')
  await expect(filterBox).toHaveValue("`country` = 'Côte d''Ivoire'")
  await expect(page.getByRole('status', { name: 'Matching rows' })).toHaveText('400 matching rows')
  // "Profile these rows": the profile follows the grid's filter.
  await page.getByRole('button', { name: 'Profile these rows' }).click()
  await expect(status).toContainText('All 400 matching rows (exact)')
  await expect(page.getByRole('article', { name: 'Profile of country' }).getByText('1 distinct')).toBeVisible()
  await page.getByRole('button', { name: 'Profile all rows' }).click()
  await expect(status).toContainText('All 2,000 rows (exact)')
  // A histogram bar, by click: the grid shows the bin's rows.
  await score.getByRole('button', { name: /^\[0\.01, / }).click()
  await expect(filterBox).toHaveValue(/^`score` >= 0\.01 AND `score` < 0\.0[0-9]+$/)
  await expect(page.getByRole('status', { name: 'Matching rows' })).toHaveText(/^[0-9,]+ matching rows$/)

  // A long profile: rows read while it runs, then Cancel stops it.
  await app.table('long').click()
  await page.getByRole('tab', { name: 'Profile' }).click()
  await expect(page.getByText(/Profiling… [0-9,]+ of 900,000 rows read/)).toBeVisible({ timeout: 20_000 })
  await page.getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByText('Profile cancelled.')).toBeVisible()

  // Vectors, lists and structs have cards of their own.
  await app.table('people').click()
  await page.getByRole('tab', { name: 'Profile' }).click()
  const vector = page.getByRole('article', { name: 'Profile of vector' })
  await expect(vector.getByText('dimension', { exact: true }).locator('..')).toContainText('8')
  await vector.scrollIntoViewIfNeeded()
  await page.screenshot({ path: testInfo.outputPath('column-profile-types.png') })

  // After a reload (the page's own cache gone), main answers from its cache at once.
  await page.reload()
  await app.table('scores').click()
  await page.getByRole('tab', { name: 'Profile' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'from cache' })).toContainText('All 2,000 rows (exact)')

  // After a write elsewhere (five rows more, version 2) and a Refresh, the profile opened again is of the new version.
  const db = await connectNamespace('dir', { root })
  const scores = await db.openTable('scores')
  await scores.add(scoresTable(5))
  scores.close()
  db.close()
  await page.keyboard.press('F5')
  // Opened again, the Profile view asks for the latest version, which main now knows.
  await expect(page.getByLabel('Row count')).toHaveCount(0)
  await page.getByRole('tab', { name: 'Overview' }).click()
  await expect(page.getByLabel('Row count')).toHaveText('2,005')
  await page.getByRole('tab', { name: 'Profile' }).click()
  const fresh = page.getByRole('status').filter({ hasText: /rows \(exact\)/ })
  await expect(fresh).toContainText('All 2,005 rows (exact)')
  await expect(fresh).toContainText('version 2')
  await expect(fresh).not.toContainText('from cache')
  await expect(page.getByRole('article', { name: 'Profile of score' }).getByText('201 null (10.0%)')).toBeVisible()
})
