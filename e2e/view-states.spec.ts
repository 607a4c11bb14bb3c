/**
 * What the app says when there is nothing to show or an action is not available yet:
 * empty states that say what to do next, and disabled controls that say why.
 */
import { join } from 'node:path'
import { expect, test } from './fixtures/test'
import { TablesPage } from './pages/tables-page'
import { buildNestedCatalog } from '../test-kit/lancedb-catalog'

test('empty states say what to do next; disabled actions say why', async ({ workDir, openApp }) => {
  const root = join(workDir, 'catalog')
  await buildNestedCatalog(root, { tables: { blank: 0, events: 3 }, namespaces: { staging: {} } })
  const app = await openApp(['--dir', root])
  const tables = new TablesPage(app.page)

  await expect(app.page.getByText('No table open')).toBeVisible()
  await expect(app.page.getByText('Select a table to see its schema and row count.')).toBeVisible()
  // Rename and drop need a table: disabled, with the reason as their description (and tooltip).
  for (const name of ['Rename table', 'Drop table']) {
    const button = tables.toolbar.getByRole('button', { name })
    await expect(button).toBeDisabled()
    await expect(button).toHaveAccessibleDescription('Select a table in the tree first')
  }
  await tables.toolbar.getByRole('button', { name: 'Drop table' }).hover({ force: true })
  await expect(app.page.getByRole('tooltip', { name: 'Select a table in the tree first' }).first()).toBeVisible()

  await app.expand('staging')
  // The hint fits the sidebar (it was clipped at its edge); the way to fill the namespace is its tooltip.
  const empty = app.tree.getByText('Empty', { exact: true })
  await expect(empty).toHaveAttribute('title', 'Create a table or namespace from its menu')
  expect(await empty.evaluate((hint) => hint.scrollWidth <= hint.clientWidth)).toBe(true)

  await app.table('blank').click()
  await expect(tables.toolbar.getByRole('button', { name: 'Drop table' })).toBeEnabled()
  await expect(app.page.getByText('This table is empty')).toBeVisible()

  await app.table('events').click()
  const filter = app.page.getByLabel('Filter (SQL where clause)')
  await filter.fill('id > 100')
  await filter.press('Enter')
  await expect(app.page.getByRole('status', { name: 'Matching rows' })).toHaveText('0 matching rows')
  await expect(app.page.getByText('No rows match the filter')).toBeVisible()
})

test('the disabled submit of a dialog says what it waits for', async ({ workDir, openApp }) => {
  const root = join(workDir, 'catalog')
  await buildNestedCatalog(root, { tables: { events: 1 } })
  const app = await openApp(['--dir', root])
  await app.table('events').click()
  await new TablesPage(app.page).toolbar.getByRole('button', { name: 'Drop table' }).click()
  const dialog = app.page.getByRole('dialog', { name: 'Drop table' })
  const drop = dialog.getByRole('button', { name: 'Drop', exact: true })
  await expect(drop).toBeDisabled()
  await expect(drop).toHaveAccessibleDescription("Type the table's name above first")
  await dialog.getByLabel('Type the table name to confirm').fill('events')
  await expect(drop).toBeEnabled()
  await expect(drop).toHaveAccessibleDescription('')
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toHaveCount(0)
})
