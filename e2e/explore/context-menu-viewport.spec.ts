/**
 * Found by the exploratory walk (seed 10): the tree's actions menu opened at the pointer
 * with no regard for the window's edges, so a right-click near the bottom put its last
 * items below the window, where no pointer can reach them.
 */
import { join } from 'node:path'
import { expect, test } from '../fixtures/test'
import { buildNestedCatalog } from '../../test-kit/lancedb-catalog'

test('the tree actions menu stays inside the window when opened near its bottom right corner', async ({ workDir, openApp }) => {
  const root = join(workDir, 'catalog')
  await buildNestedCatalog(root, { namespaces: { analytics: { tables: { events: 1 } } } })
  const app = await openApp(['--dir', root])
  const { page } = app
  await page.setViewportSize({ width: 900, height: 500 })
  // A namespace row: its menu (create, drop, refresh, copy...) is the tallest.
  const row = app.namespace('analytics')
  await expect(row).toBeVisible()
  const box = await row.boundingBox()
  if (!box) throw new Error('the tree row has no box')
  // Shrink the window so the tree's visible area ends just below the row (the sidebar's
  // settings and the status bar stay below the tree), then right-click the row's right end:
  // the menu is taller than the room left under the pointer.
  // The tree's scrolling area (the tree element itself is as tall as its rows).
  const area = await page.getByTestId('tree-scroll').boundingBox()
  if (!area) throw new Error('the tree has no scrolling area')
  const below = Math.ceil(500 - (area.y + area.height))
  await page.setViewportSize({ width: 900, height: Math.ceil(box.y + box.height) + 2 + below })
  await expect(row).toBeInViewport({ ratio: 1 })
  await row.click({ button: 'right', position: { x: box.width - 2, y: box.height / 2 } })
  const menu = page.getByRole('menu', { name: 'Actions for analytics' })
  await expect(menu).toBeVisible()
  for (const item of await menu.getByRole('menuitem').all()) await expect(item).toBeInViewport({ ratio: 1 })
  // And every item can be used: the last one closes the menu.
  await menu.getByRole('menuitem').last().click()
  await expect(menu).toBeHidden()
})
