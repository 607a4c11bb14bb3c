/**
 * Find in catalog through the UI: in a REST catalog (the reference server, with an API
 * key), a table four levels deep in a part of the tree never expanded is found by its
 * name and by one of its column names, opens in a new tab and shows in the tree; the
 * column opens selected in the schema. The index the app saved holds no secret.
 */
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { connectNamespace } from '@lancedb/lancedb'
import { Int64, Table, Utf8, tableToIPC, vectorFromArray } from 'apache-arrow'
import { startCatalogServer } from '../server/server'
import { tableForLance } from '../src/catalog/arrow-schema'
import { buildNestedCatalog } from '../test-kit/lancedb-catalog'
import { expect, test } from './fixtures/test'
import { LayoutPage } from './pages/layout-page'

const KEY = 'sk_find_e2e_91c2d7'
const DEEP = ['sales', 'emea', 'retail', 'archive']

/** A table of two columns only this table has, so a column search can only mean it. */
async function addDeepTable(root: string): Promise<void> {
  const db = await connectNamespace('dir', { root })
  try {
    const data = new Table({ order_id: vectorFromArray([1n, 2n], new Int64()), customer_zone: vectorFromArray(['north', 'south'], new Utf8()) })
    const table = await db.createTable('deep_orders', tableForLance(tableToIPC(data, 'stream')), DEEP)
    table.close()
  } finally {
    db.close()
  }
}

test('finds a deep table never expanded by its name and by a column, and opens it in a new tab revealed in the tree', async ({ workDir, dataDir, openApp }) => {
  const root = join(workDir, 'remote')
  await buildNestedCatalog(root, {
    tables: { top_events: 1 },
    namespaces: { sales: { namespaces: { emea: { namespaces: { retail: { namespaces: { archive: {} } } } } } }, other: { tables: { misc: 1 } } }
  })
  await addDeepTable(root)
  const server = await startCatalogServer({ root, apiKeys: [KEY] })
  try {
    const app = await openApp(['--rest', server.url, '--header', `x-api-key: ${KEY}`])
    const layout = new LayoutPage(app.page)
    await expect(app.namespace('sales')).toBeVisible()
    await expect(app.table('deep_orders')).toHaveCount(0)
    await app.table('top_events').click()

    await app.page.keyboard.press('Control+Shift+F')
    const find = app.page.getByRole('dialog', { name: 'Find in catalog' })
    const box = find.getByRole('combobox', { name: 'Find in catalog' })
    await box.fill('deep_ord')
    const group = find.getByRole('group', { name: DEEP.join('$') })
    await expect(group.getByRole('option', { name: /deep_orders/ })).toBeVisible()
    await expect(group.getByRole('option', { name: /deep_orders/ }).locator('mark')).toHaveText('deep_ord')
    await box.press('Enter')
    await expect(find).toHaveCount(0)

    // A new tab, next to the one open before, and the table shown in the tree.
    await expect(layout.tabs()).toHaveCount(2)
    await expect(layout.tabList.getByRole('tab', { name: 'deep_orders', exact: true })).toHaveAttribute('aria-selected', 'true')
    await expect(app.table('deep_orders')).toBeVisible()
    await expect(app.table('deep_orders')).toHaveAttribute('aria-selected', 'true')
    for (const name of DEEP) await expect(app.namespace(name)).toHaveAttribute('aria-expanded', 'true')
    // The keyboard is on the table shown, not on the row it was on before Find.
    await expect(app.table('deep_orders')).toBeFocused()

    // By a column only it has: the table opens with that column selected in its schema.
    await layout.tabList.getByRole('tab', { name: 'top_events', exact: true }).click()
    await app.page.keyboard.press('Control+Shift+F')
    await box.fill('customer_z')
    const column = find.getByRole('option', { name: /customer_zone/ })
    await expect(column).toContainText('utf8')
    await box.press('ArrowDown')
    await box.press('ArrowUp')
    await expect(column).toHaveAttribute('aria-selected', 'true')
    await box.press('Enter')
    await expect(layout.tabList.getByRole('tab', { name: 'deep_orders', exact: true })).toHaveAttribute('aria-selected', 'true')
    // The column lives in the Schema view, which the result opens by itself.
    await expect(app.detailsTab('Schema')).toHaveAttribute('aria-selected', 'true')
    await expect(await app.schemaRow('customer_zone')).toHaveAttribute('aria-current', 'true')
    await expect(await app.schemaRow('customer_zone')).toBeInViewport()

    // Escape closes the box.
    await app.page.keyboard.press('Control+Shift+F')
    await expect(find).toBeVisible()
    await app.page.keyboard.press('Escape')
    await expect(find).toHaveCount(0)

    // The tree's filter offers the whole catalog's matches too: "other" was never expanded.
    await expect(app.table('misc')).toHaveCount(0)
    const filter = app.page.getByRole('searchbox', { name: 'Filter loaded names' })
    await filter.fill('mis')
    await expect(app.page.getByRole('group', { name: 'Matches in the whole catalog' }).getByRole('button', { name: 'other$misc' })).toBeVisible()
    await filter.fill('')

    // So does "Go to table".
    await layout.openPalette()
    await layout.palette().getByRole('combobox').fill('go to')
    await app.page.keyboard.press('Enter')
    const goTo = layout.goToTable()
    await goTo.getByRole('combobox').fill('mis')
    await expect(layout.option(goTo, /other\$misc/)).toContainText('in catalog')
    await app.page.keyboard.press('Enter')
    await expect(app.table('misc')).toHaveAttribute('aria-selected', 'true')
  } finally {
    await server.close()
  }

  // What the app saved for the search: names and types; no file of the data dir holds the key.
  const index = await readdir(join(dataDir, 'find-index'))
  expect(index).toHaveLength(1)
  expect(await readFile(join(dataDir, 'find-index', index[0] ?? ''), 'utf8')).toContain('customer_zone')
  const files = await readdir(dataDir, { recursive: true, withFileTypes: true })
  for (const file of files.filter((entry) => entry.isFile())) {
    expect(await readFile(join(file.parentPath, file.name), 'utf8'), file.name).not.toContain(KEY)
  }
})
