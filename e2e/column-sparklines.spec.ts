/**
 * Distribution sparklines in the grid's column headers: none until asked (the grid's rows
 * come without a profile), then, from the Distributions button (by keyboard), each
 * column's histogram or top values drawn under its name and described in words; hidden
 * again on a second press; the same switch from the command palette; and shown unasked where the Profile view already holds a
 * profile of the rows.
 */
import { join } from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { connectNamespace } from '@lancedb/lancedb'
import { expect, test } from './fixtures/test'
import { sampleTableIpc } from '../test-kit/lancedb-catalog'
import { scoresTable } from '../test-kit/scores-table'
import { tableForLance } from '../src/catalog/arrow-schema'
import type { Locator } from '@playwright/test'

/** The bars a header's sparkline draws: each one's count and height. */
async function bars(header: Locator): Promise<{ count: number; height: number }[]> {
  return header
    .locator('[data-testid="column-sparkline"] rect')
    .evaluateAll((rects) => rects.map((rect) => ({ count: Number(rect.getAttribute('data-count')), height: Number(rect.getAttribute('height')) })))
}

test('draws each column distribution in its header on demand, and from a profile already at hand', async ({ workDir, openApp }, testInfo) => {
  const root = join(workDir, 'catalog')
  const db = await connectNamespace('dir', { root })
  ;(await db.createTable('scores', scoresTable(2_000))).close()
  ;(await db.createTable('people', tableForLance(sampleTableIpc(300)))).close()
  db.close()
  const app = await openApp(['--dir', root])
  const page = app.page
  await page.setViewportSize({ width: 1280, height: 800 })

  await app.table('scores').click()
  const grid = page.getByRole('grid', { name: 'Rows of scores' })
  await expect(grid.getByRole('gridcell').first()).toBeVisible()
  // The first page came without a profile: no sparkline until asked.
  await expect(grid.getByTestId('column-sparkline')).toHaveCount(0)
  const toggle = page.getByRole('button', { name: 'Distributions' })
  await expect(toggle).toHaveAttribute('aria-pressed', 'false')

  // Asked by keyboard.
  await toggle.focus()
  await page.keyboard.press('Space')
  await expect(toggle).toHaveAttribute('aria-pressed', 'true')
  const country = grid.getByRole('columnheader', { name: /^country/ })
  await expect(country.getByTestId('column-sparkline')).toBeVisible()
  // Top values, most frequent first, each bar as tall as its share of the largest.
  expect(await bars(country)).toEqual([
    { count: 800, height: 20 },
    { count: 400, height: 10 },
    { count: 400, height: 10 },
    { count: 400, height: 10 }
  ])
  await expect(country).toHaveAccessibleDescription(/^country: top 4 values; most frequent NL \(800 rows\)\. Of all 2,000 rows, version 1\.$/)
  // Numbers: a histogram over every value (id: 20 bins of 100; score: its 1,800 values).
  const ids = await bars(grid.getByRole('columnheader', { name: /^id/ }))
  expect(ids.map((bar) => bar.count)).toEqual(Array.from({ length: 20 }, () => 100))
  const scores = await bars(grid.getByRole('columnheader', { name: /^score/ }))
  expect(scores.reduce((sum, bar) => sum + bar.count, 0)).toBe(1_800)
  await expect(grid.getByRole('columnheader', { name: /^score/ })).toHaveAccessibleDescription(/^score: histogram from 0\.01 to 0\.99; fullest bin /)
  // The rows still read under the taller header.
  await expect(grid.getByRole('gridcell').first()).toBeVisible()
  const results = await new AxeBuilder({ page }).include('[role="grid"]').analyze()
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)
  expect(serious).toEqual([])
  await page.screenshot({ path: testInfo.outputPath('column-sparklines.png') })

  // A second press hides them.
  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-pressed', 'false')
  await expect(grid.getByTestId('column-sparkline')).toHaveCount(0)

  // The command palette offers the same switch, named for what it will do.
  const palette = page.getByRole('dialog', { name: 'Command palette' })
  await page.keyboard.press('Control+K')
  await palette.getByRole('combobox').fill('column distributions')
  await expect(palette.getByRole('option', { name: /^Show column distributions/ })).toBeVisible()
  await expect(palette.getByRole('option', { name: /^Hide column distributions/ })).toHaveCount(0)
  await page.keyboard.press('Enter')
  await expect(palette).toBeHidden()
  await expect(toggle).toHaveAttribute('aria-pressed', 'true')
  await expect(country.getByTestId('column-sparkline')).toBeVisible()
  await page.keyboard.press('Control+K')
  await palette.getByRole('combobox').fill('column distributions')
  await expect(palette.getByRole('option', { name: /^Hide column distributions/ })).toBeVisible()
  await page.keyboard.press('Enter')
  await expect(toggle).toHaveAttribute('aria-pressed', 'false')
  await expect(grid.getByTestId('column-sparkline')).toHaveCount(0)

  // Where the Profile view has profiled the rows, the header draws from it unasked.
  await app.table('people').click()
  const people = page.getByRole('grid', { name: 'Rows of people' })
  await expect(people.getByRole('gridcell').first()).toBeVisible()
  await expect(people.getByTestId('column-sparkline')).toHaveCount(0)
  await page.getByRole('tab', { name: 'Profile' }).click()
  await expect(page.getByRole('article', { name: 'Profile of vector' })).toBeVisible()
  const vector = people.getByRole('columnheader', { name: /^vector/ })
  await expect(vector.getByTestId('column-sparkline')).toBeVisible()
  await expect(vector).toHaveAccessibleDescription(/^vector: vector norms from /)
  expect((await bars(vector)).reduce((sum, bar) => sum + bar.count, 0)).toBeGreaterThan(0)
  await expect(page.getByRole('button', { name: 'Distributions' })).toHaveAttribute('aria-pressed', 'true')
  await page.screenshot({ path: testInfo.outputPath('column-sparklines-profiled.png') })
})
