/**
 * Rename is offered only where the catalog can rename. A directory catalog cannot
 * (LanceDB's directory namespace has no rename): the toolbar button and the tree menu item
 * are disabled with the reason, and the palette has no rename entry. The reference server
 * (directory storage) answers a rename with the spec's 406 Unsupported Operation (code 0):
 * the app asks once per connection and never offers it there, saying why in words about the
 * catalog. A
 * REST catalog that can rename still renames, with Undo.
 */
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { startCatalogServer } from '../server/server'
import { buildNestedCatalog } from '../test-kit/lancedb-catalog'
import { startRenamingProxy } from '../test-kit/renaming-proxy'
import { expect, test } from './fixtures/test'
import type { CatalogPage } from './pages/catalog-page'
import { LayoutPage } from './pages/layout-page'
import { TablesPage } from './pages/tables-page'

const DIR_REASON = 'Directory catalogs cannot rename tables: LanceDB does not support renaming a table in a directory catalog.'
const REST_REASON = 'This catalog does not support renaming tables (it answered HTTP 406).'

/** Checks that nothing offers to rename `table`: toolbar, tree menu and palette. */
async function renameNotOffered(app: CatalogPage, table: string, reason: string): Promise<void> {
  const page: Page = app.page
  const tables = new TablesPage(page)
  const button = tables.toolbar.getByRole('button', { name: 'Rename table' })
  await expect(button).toBeDisabled()
  await expect(button).toHaveAccessibleDescription(reason)
  // The reason shows whole on hover: wrapped inside the content pane, not cut at its edge.
  await button.hover()
  const tip = page.getByRole('tooltip', { name: reason })
  await expect(tip).toBeVisible()
  const box = await tip.boundingBox()
  const pane = await page.getByRole('main').boundingBox()
  expect(box && pane && box.x >= pane.x && box.x + box.width <= pane.x + pane.width).toBe(true)
  await expect(tables.toolbar.getByRole('button', { name: 'Drop table' })).toBeEnabled()

  await app.table(table).click({ button: 'right' })
  const menu = page.getByRole('menu', { name: `Actions for ${table}` })
  await expect(menu.getByRole('menuitem', { name: /^Rename table…/ })).toHaveAttribute('aria-disabled', 'true')
  await expect(menu.getByRole('menuitem', { name: /^Rename table…/ })).toContainText(reason)
  await page.keyboard.press('Escape')
  await expect(menu).toHaveCount(0)

  const layout = new LayoutPage(page)
  const palette = await layout.openPalette()
  await expect(layout.option(palette, `Drop table ${table}…`)).toBeVisible()
  await expect(layout.option(palette, /Rename/)).toHaveCount(0)
  await palette.getByRole('combobox').fill('rename')
  await expect(palette.getByRole('option')).toHaveCount(0)
  await page.keyboard.press('Escape')
  await expect(layout.palette()).toHaveCount(0)
}

test('a directory catalog offers no rename: disabled with its reason, absent from the palette', async ({ workDir, openApp }) => {
  const root = join(workDir, 'catalog')
  await buildNestedCatalog(root, { tables: { keep: 1 } })
  const app = await openApp(['--dir', root])
  await app.table('keep').click()
  await renameNotOffered(app, 'keep', DIR_REASON)
})

test('the reference server answers a rename 406 code 0; the app never offers it, saying why about the catalog', async ({ workDir, openApp }) => {
  const root = join(workDir, 'remote')
  await buildNestedCatalog(root, { tables: { people: 2 } })
  const server = await startCatalogServer({ root })
  try {
    const answer = await fetch(`${server.url}/v1/table/people/rename`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"new_table_name":"humans"}'
    })
    expect(answer.status).toBe(406)
    expect(await answer.json()).toMatchObject({ code: 0, error: 'This catalog does not support renaming tables.' })

    // The app asks the catalog once (a rename of a table that cannot exist), so Rename is
    // never offered on this connection, not even once.
    const app = await openApp(['--rest', server.url])
    await app.table('people').click()
    await renameNotOffered(app, 'people', REST_REASON)
    await expect(app.table('people')).toBeVisible()
  } finally {
    await server.close()
  }
})

test('a REST catalog that can rename still renames, from the palette, with Undo', async ({ workDir, openApp }) => {
  const root = join(workDir, 'remote')
  await buildNestedCatalog(root, { tables: { people: 2 } })
  const server = await startCatalogServer({ root })
  const proxy = await startRenamingProxy(server.url)
  try {
    const app = await openApp(['--rest', proxy.url])
    const layout = new LayoutPage(app.page)
    await app.table('people').click()
    const palette = await layout.openPalette()
    await layout.option(palette, 'Rename table people…').click()
    const dialog = app.page.getByRole('dialog', { name: 'Rename table' })
    await dialog.getByLabel('New name').fill('humans')
    await dialog.getByRole('button', { name: 'Rename', exact: true }).click()
    await expect(dialog).toHaveCount(0)
    await expect(app.table('humans')).toBeVisible()
    await expect(app.table('people')).toHaveCount(0)
    await expect(app.page.getByLabel('Row count')).toHaveText('2')
    expect(proxy.renames).toEqual(['people -> humans'])

    await layout.toasts.getByRole('button', { name: 'Undo' }).click()
    await expect(app.table('people')).toBeVisible()
    await expect(app.table('humans')).toHaveCount(0)
    await expect(new TablesPage(app.page).toolbar.getByRole('button', { name: 'Rename table' })).toBeEnabled()
  } finally {
    await proxy.close()
    await server.close()
  }
})
