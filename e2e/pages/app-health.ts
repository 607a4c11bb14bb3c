/**
 * "The app is still usable": after a dialog closed (or anything else that could have
 * broken the window), the page still has its layout, the tree takes keyboard focus and
 * selecting a table opens its details.
 */
import { expect } from '@playwright/test'
import type { CatalogPage } from './catalog-page'

/** Asserts the window is alive: tree focusable by keyboard, `table` (a root table) opens. */
export async function expectAppUsable(catalog: CatalogPage, table: string): Promise<void> {
  const { page } = catalog
  await expect(page.getByRole('heading', { name: 'Lance Catalog Browser' })).toBeVisible()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  const row = catalog.table(table)
  await row.focus()
  await expect(row).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(row).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByRole('heading', { name: table, exact: true })).toBeVisible()
}
