/**
 * The command palette ranks navigation before destruction: typing the open table's name
 * and pressing Enter goes to that table; "Drop table" is listed for that name, but after
 * "Go to table", and comes first only when "drop" is typed.
 */
import { join } from 'node:path'
import { expect, test } from './fixtures/test'
import { LayoutPage } from './pages/layout-page'
import { buildNestedCatalog } from '../test-kit/lancedb-catalog'

test('Enter on the open table\'s typed name goes to the table, never to "Drop table"', async ({ workDir, openApp }) => {
  const root = join(workDir, 'catalog')
  await buildNestedCatalog(root, { tables: { top: 2 }, namespaces: { analytics: { namespaces: { web: { tables: { articles: 3 } } } } } })
  const app = await openApp(['--dir', root])
  const layout = new LayoutPage(app.page)
  await app.expand('analytics')
  await app.expand('web')
  await app.table('articles').click()
  await expect(app.page.getByRole('heading', { name: 'articles', exact: true })).toBeVisible()
  // Another tab in front, so going to the table is something the user sees.
  await app.table('top').click({ modifiers: ['Control'] })
  await expect(layout.tabs()).toHaveCount(2)
  await layout.tabList.getByRole('tab', { name: 'articles', exact: true }).click()
  await layout.tabList.getByRole('tab', { name: 'top', exact: true }).click()
  await app.table('articles').click()

  const palette = await layout.openPalette()
  await palette.getByRole('combobox').fill('analytics$web$articles')
  const options = palette.getByRole('option')
  await expect(options.first()).toHaveText(/Go to table analytics\$web\$articles/)
  // Still one arrow key away, never the default.
  await expect(layout.option(palette, /Drop table analytics\$web\$articles/)).toBeVisible()
  await app.page.keyboard.press('Enter')
  await expect(palette).toHaveCount(0)
  await expect(app.page.getByRole('dialog', { name: 'Drop table' })).toHaveCount(0)
  await expect(layout.tabList.getByRole('tab', { name: 'articles', exact: true })).toHaveAttribute('aria-selected', 'true')
  await expect(app.page.getByRole('heading', { name: 'articles', exact: true })).toBeVisible()

  // Typing "drop" asks for it by name: then it comes first, and still asks before dropping.
  await layout.openPalette()
  await layout.palette().getByRole('combobox').fill('drop')
  await expect(layout.palette().getByRole('option').first()).toHaveText(/Drop table analytics\$web\$articles/)
  await app.page.keyboard.press('Enter')
  const drop = app.page.getByRole('dialog', { name: 'Drop table' })
  await expect(drop).toBeVisible()
  await app.page.keyboard.press('Escape')
  await expect(drop).toHaveCount(0)
  await expect(app.table('articles')).toBeVisible()
})
