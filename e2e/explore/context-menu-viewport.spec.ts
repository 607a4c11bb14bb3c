/**
 * Found by the exploratory walk (seed 10): the tree's actions menu opened at the pointer
 * with no regard for the window's edges, so a right-click near the bottom put its last
 * items below the window, where no pointer can reach them.
 */
import { join } from 'node:path'
import { expect, test } from '../fixtures/test'
import { buildNestedCatalog } from '../support/lancedb-catalog'

test('the tree actions menu stays inside the window when opened near its bottom right corner', async ({ workDir, openApp }) => {
  const root = join(workDir, 'catalog')
  await buildNestedCatalog(root, { namespaces: { analytics: { tables: { events: 1 } } } })
  const app = await openApp(['--dir', root])
  const { page } = app
  await page.setViewportSize({ width: 900, height: 500 })
  await app.expand('analytics')
  const row = app.table('events')
  await expect(row).toBeVisible()
  const box = await row.boundingBox()
  if (!box) throw new Error('the tree row has no box')
  // Shrink the window to end just below the row, then right-click the row's right end.
  await page.setViewportSize({ width: 900, height: Math.ceil(box.y + box.height) + 2 })
  await row.click({ button: 'right', position: { x: box.width - 2, y: box.height / 2 } })
  const menu = page.getByRole('menu', { name: 'Actions for events' })
  await expect(menu).toBeVisible()
  for (const item of await menu.getByRole('menuitem').all()) await expect(item).toBeInViewport({ ratio: 1 })
  // And every item can be used: the last one closes the menu.
  await menu.getByRole('menuitem').last().click()
  await expect(menu).toBeHidden()
})
