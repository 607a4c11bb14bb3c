/**
 * "The app is still usable": after a dialog closed (or anything else that could have
 * broken the window), the page still has its layout, the tree takes keyboard focus and
 * selecting a table opens its details.
 */
import { expect } from '@playwright/test'
import type { CatalogPage } from './catalog-page'

/** Asserts the window is alive: the tree takes keyboard focus, and `table` (a drawn row) opens. */
export async function expectAppUsable(catalog: CatalogPage, table: string): Promise<void> {
  const { page } = catalog
  await expect(page.getByRole('heading', { name: 'Lance Catalog Browser' })).toBeVisible()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  // The tree's one Tab stop (roving tabindex) takes focus and keys move it.
  const tabStop = catalog.tree.locator('[role="treeitem"][tabindex="0"]')
  // A late answer released just before (a create or a drop whose dialog was closed) may
  // still be redrawing the tree. A dropped row that held focus leaves the tree, and focus
  // moves to its neighbour a frame later; a key pressed in between goes nowhere. So the
  // focus and the key are tried again until the tree has settled.
  await expect(async () => {
    await tabStop.focus()
    await expect(tabStop).toBeFocused({ timeout: 1_000 })
    await page.keyboard.press('Home')
    await expect(catalog.tree.getByRole('treeitem').first()).toBeFocused({ timeout: 1_000 })
  }).toPass()
  const row = catalog.table(table)
  await row.click()
  await expect(row).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByRole('heading', { name: table, exact: true })).toBeVisible()
}
