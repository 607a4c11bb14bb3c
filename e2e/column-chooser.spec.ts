/**
 * The grid's Columns popover behaves like other popovers: Escape and a click outside close
 * it, a dialog opened over it closes it, and "Show all" is offered only while a column is
 * hidden.
 */
import { join } from 'node:path'
import { expect, test } from './fixtures/test'
import { LayoutPage } from './pages/layout-page'
import { TablesPage } from './pages/tables-page'
import { buildNestedCatalog } from '../test-kit/lancedb-catalog'

test('the Columns popover closes on Escape, a click outside and a dialog, and offers "Show all" only when needed', async ({ workDir, openApp }) => {
  const root = join(workDir, 'catalog')
  await buildNestedCatalog(root, { tables: { events: 5 } })
  const app = await openApp(['--dir', root])
  const tables = new TablesPage(app.page)
  await app.table('events').click()
  await expect(tables.grid.getByRole('columnheader')).toHaveCount(7)
  const button = app.page.getByRole('button', { name: /^Columns/ })
  const panel = app.page.getByRole('group', { name: 'Visible columns' })
  const showAll = panel.getByRole('button', { name: 'Show all' })

  // Escape right after opening it, with focus still on its button.
  await button.click()
  await expect(panel).toBeVisible()
  await expect(button).toHaveAttribute('aria-expanded', 'true')
  await app.page.keyboard.press('Escape')
  await expect(panel).toHaveCount(0)
  await expect(button).toHaveAttribute('aria-expanded', 'false')
  await expect(button).toBeFocused()

  // Escape from a checkbox inside it hands focus back to the button.
  await button.click()
  await panel.getByRole('checkbox', { name: 'vector' }).focus()
  await app.page.keyboard.press('Escape')
  await expect(panel).toHaveCount(0)
  await expect(button).toBeFocused()

  // Every column shown: nothing to show all of.
  await button.click()
  await expect(showAll).toHaveCount(0)
  await panel.getByRole('checkbox', { name: 'vector' }).uncheck()
  await expect(button).toHaveText('Columns (5 of 6)')
  await expect(showAll).toBeVisible()

  // A click outside closes it, without doing anything else.
  await app.page.getByRole('heading', { name: 'events', exact: true }).click()
  await expect(panel).toHaveCount(0)
  await expect(button).toHaveText('Columns (5 of 6)')

  await button.click()
  await showAll.click()
  await expect(button).toHaveText('Columns (6 of 6)')
  await expect(tables.grid.getByRole('columnheader')).toHaveCount(7)
  await expect(showAll).toHaveCount(0)

  // A dialog opened over it closes it; it is not left open underneath.
  const layout = new LayoutPage(app.page)
  await expect(panel).toBeVisible()
  const palette = await layout.openPalette()
  await expect(palette).toBeVisible()
  await expect(panel).toHaveCount(0)
  await app.page.keyboard.press('Escape')
  await expect(palette).toHaveCount(0)
  await expect(panel).toHaveCount(0)
})
