/**
 * The commands of the desktop menu, reached in browser mode through the same shortcuts:
 * New connection, Refresh, Close tab and Keyboard shortcuts.
 */
import { join } from 'node:path'
import { buildNestedCatalog, createChildTables } from '../test-kit/lancedb-catalog'
import { expect, test } from './fixtures/test'

test('shortcuts open a new connection and list themselves', async ({ workDir, openApp }) => {
  const root = join(workDir, 'catalog')
  await buildNestedCatalog(root, { tables: { events: 2 } })
  const app = await openApp(['--dir', root])
  await expect(app.table('events')).toBeVisible()

  await app.page.keyboard.press('Control+Alt+N')
  await expect(app.page.getByRole('dialog', { name: 'New connection' })).toBeVisible()
  await app.page.keyboard.press('Escape')
  await expect(app.page.getByRole('dialog', { name: 'New connection' })).toHaveCount(0)

  await app.page.keyboard.press('Control+/')
  const sheet = app.page.getByRole('dialog', { name: 'Keyboard shortcuts' })
  await expect(sheet.getByRole('row', { name: 'Refresh F5' })).toBeVisible()
  await expect(sheet.getByRole('row', { name: 'New connection Ctrl+Alt+N' })).toBeVisible()
  await sheet.getByRole('button', { name: 'Close' }).click()
  await expect(sheet).toHaveCount(0)
})

test('F5 refreshes the lists without reloading the page, and Ctrl+Alt+W closes the open table', async ({ workDir, openApp }) => {
  const root = join(workDir, 'catalog')
  await buildNestedCatalog(root, { tables: { events: 2 } })
  const app = await openApp(['--dir', root])
  await expect(app.table('events')).toBeVisible()
  // A table made by someone else after the list loaded.
  const [added] = await createChildTables(root, [], 1, 'late')
  await app.page.evaluate(() => Object.assign(globalThis, { stillTheSamePage: true }))

  await app.page.keyboard.press('F5')
  await expect(app.table(added ?? '')).toBeVisible()
  expect(await app.page.evaluate(() => 'stillTheSamePage' in globalThis)).toBe(true)

  await app.table('events').click()
  await expect(app.page.getByText('Select a table to see its schema and row count.')).toHaveCount(0)
  await app.page.keyboard.press('Control+Alt+W')
  await expect(app.page.getByText('Select a table to see its schema and row count.')).toBeVisible()
})
