/**
 * Column profiles in the table details: the Profile tab profiles every column of a
 * LanceDB table and shows its numbers; a top value filters the grid; a profile opened
 * again after a reload comes from main's cache; and after a write and a Refresh the view
 * left open profiles the new version. Over a REST catalog, a profile whose rows are held
 * on their way shows its progress and stops on Cancel, and runs again when asked.
 */
import { join } from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { connectNamespace } from '@lancedb/lancedb'
import { expect, test } from './fixtures/test'
import { startGateProxy } from './fixtures/gate-proxy'
import { startCatalogServer } from '../server/server'
import { sampleTableIpc } from '../test-kit/lancedb-catalog'
import { scoresTable } from '../test-kit/scores-table'
import { tableForLance } from '../src/catalog/arrow-schema'

async function makeCatalog(root: string): Promise<void> {
  const db = await connectNamespace('dir', { root })
  ;(await db.createTable('scores', scoresTable(2_000))).close()
  ;(await db.createTable('people', tableForLance(sampleTableIpc(300)))).close()
  db.close()
}

test('profiles columns, filters the grid from a value, answers again from the cache, and follows a write', async ({ workDir, openApp }, testInfo) => {
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
  // "Profile these rows": the profile follows the grid's filter. The button keeps to the end
  // of the status line, so it stays put while the text before it changes.
  const rightEdge = async (name: string): Promise<number> => {
    const box = await status.getByRole('button', { name }).boundingBox()
    return Math.round((box?.x ?? 0) + (box?.width ?? 0))
  }
  const lineEnd = await status.evaluate((line) => Math.round(line.getBoundingClientRect().right))
  expect(Math.abs((await rightEdge('Profile these rows')) - lineEnd)).toBeLessThanOrEqual(1)
  await page.getByRole('button', { name: 'Profile these rows' }).click()
  await expect(status).toContainText('All 400 matching rows (exact)')
  expect(Math.abs((await rightEdge('Profile all rows')) - lineEnd)).toBeLessThanOrEqual(1)
  await expect(page.getByRole('article', { name: 'Profile of country' }).getByText('1 distinct')).toBeVisible()
  await page.getByRole('button', { name: 'Profile all rows' }).click()
  await expect(status).toContainText('All 2,000 rows (exact)')
  // A histogram bar, by click: the grid shows the bin's rows.
  await score.getByRole('button', { name: /^\[0\.01, / }).click()
  await expect(filterBox).toHaveValue(/^`score` >= 0\.01 AND `score` < 0\.0[0-9]+$/)
  await expect(page.getByRole('status', { name: 'Matching rows' })).toHaveText(/^[0-9,]+ matching rows$/)

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
  // The view left open asks again: main, told by the Refresh to check its open tables, profiles the new version.
  const fresh = page.getByRole('status').filter({ hasText: /rows \(exact\)/ })
  await expect(fresh).toContainText('All 2,005 rows (exact)')
  await expect(fresh).toContainText('version 2')
  await expect(fresh).not.toContainText('from cache')
  await expect(page.getByRole('article', { name: 'Profile of score' }).getByText('201 null (10.0%)')).toBeVisible()
  await expect(page.getByRole('alert')).toHaveCount(0)
})

test('cancels a profile while its rows are on the way, and profiles again when asked', async ({ workDir, openApp, closeAfter }) => {
  const root = join(workDir, 'served')
  const db = await connectNamespace('dir', { root })
  ;(await db.createTable('scores', scoresTable(2_000))).close()
  db.close()
  // The catalog's server reads the rows; the proxy in front holds the profile's row query.
  const server = closeAfter(await startCatalogServer({ root }))
  const proxy = closeAfter(await startGateProxy(server.url))
  const app = await openApp(['--rest', proxy.url])
  const page = app.page
  await page.setViewportSize({ width: 1280, height: 800 })
  await app.table('scores').click()
  await expect(page.getByRole('heading', { name: 'scores', exact: true })).toBeVisible()

  const rows = proxy.hold((method, path) => method === 'POST' && /\/v1\/table\/[^/]+\/query(\?|$)/.test(path))
  await page.getByRole('tab', { name: 'Profile' }).click()
  await rows.held
  await expect(page.getByText('Profiling… 0 of 2,000 rows read')).toBeVisible()
  const cancel = page.getByRole('button', { name: 'Cancel' })
  await expect(cancel).toBeEnabled()
  await cancel.click()
  await expect(page.getByText('Profile cancelled.')).toBeVisible()
  // The held query answers now, to a profile that was stopped: nothing changes.
  rows.release()
  await expect(page.getByText('Profile cancelled.')).toBeVisible()
  await expect(page.getByRole('alert')).toHaveCount(0)

  await page.getByRole('button', { name: 'Profile again' }).click()
  const status = page.getByRole('status').filter({ hasText: /rows \(exact\)/ })
  await expect(status).toContainText('All 2,000 rows (exact)')
  await expect(status).not.toContainText('from cache')
  await expect(page.getByRole('article', { name: 'Profile of score' }).getByText('200 null (10.0%)')).toBeVisible()
})
