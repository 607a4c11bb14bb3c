/**
 * Create table and New connection ask before throwing away what was entered: Escape or
 * Cancel on a half-filled dialog asks "Discard …?" (Keep editing keeps every value,
 * Discard closes); on an untouched dialog they close at once.
 */
import { join } from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { expect, test } from './fixtures/test'
import { ProfilesPage } from './pages/profiles-page'
import { TablesPage } from './pages/tables-page'
import { buildNestedCatalog } from '../test-kit/lancedb-catalog'

type Way = 'Escape' | 'Cancel'

/** Asks the dialog to close the way a person would. */
async function leave(page: Page, dialog: Locator, way: Way): Promise<void> {
  if (way === 'Escape') await page.keyboard.press('Escape')
  else await dialog.getByRole('button', { name: 'Cancel', exact: true }).click()
}

/** Half-fills, then checks: the question comes, Keep editing keeps the values, Discard closes. */
async function expectAsked(page: Page, dialog: Locator, way: Way, question: string, kept: Locator, value: string): Promise<void> {
  await leave(page, dialog, way)
  const ask = page.getByRole('dialog', { name: question })
  await expect(ask).toBeVisible()
  await expect(ask.getByRole('button', { name: 'Keep editing' })).toBeFocused()
  await ask.getByRole('button', { name: 'Keep editing' }).click()
  await expect(ask).toHaveCount(0)
  await expect(dialog).toBeVisible()
  await expect(kept).toHaveValue(value)
  // Escape in the question is Keep editing too.
  await leave(page, dialog, way)
  await expect(ask).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(ask).toHaveCount(0)
  await expect(dialog).toBeVisible()
  await expect(kept).toHaveValue(value)
  await leave(page, dialog, way)
  await ask.getByRole('button', { name: 'Discard' }).click()
  await expect(ask).toHaveCount(0)
  await expect(dialog).toHaveCount(0)
}

for (const way of ['Escape', 'Cancel'] as const) {
  test(`Create table: ${way} closes an untouched dialog at once and asks before discarding a started schema`, async ({ workDir, openApp }) => {
    const root = join(workDir, 'catalog')
    await buildNestedCatalog(root, { tables: { events: 3 } })
    const app = await openApp(['--dir', root])
    const tables = new TablesPage(app.page)
    await expect(app.table('events')).toBeVisible()
    const question = 'Discard the table you started?'

    const empty = await tables.openCreateDialog()
    await expect(empty).toBeVisible()
    await leave(app.page, empty, way)
    await expect(empty).toHaveCount(0)
    await expect(app.page.getByRole('dialog', { name: question })).toHaveCount(0)

    const dialog = await tables.openCreateDialog()
    await dialog.getByLabel('Table name').fill('half_done')
    await dialog.getByLabel('Field name').first().fill('amount')
    await expectAsked(app.page, dialog, way, question, dialog.getByLabel('Field name').first(), 'amount')
    await expect(app.table('half_done')).toHaveCount(0)
  })

  test(`New connection: ${way} closes an untouched editor at once and asks before discarding a started one`, async ({ workDir, openApp }) => {
    const root = join(workDir, 'catalog')
    await buildNestedCatalog(root, { tables: { events: 3 } })
    const app = await openApp(['--dir', root])
    const profiles = new ProfilesPage(app.page)
    await expect(app.table('events')).toBeVisible()
    const question = 'Discard the connection you started?'
    const newButton = profiles.panel.getByRole('button', { name: 'New connection' })

    await newButton.click()
    const editor = app.page.getByRole('dialog', { name: 'New connection' })
    await expect(editor).toBeVisible()
    await leave(app.page, editor, way)
    await expect(editor).toHaveCount(0)
    await expect(app.page.getByRole('dialog', { name: question })).toHaveCount(0)

    await newButton.click()
    await editor.getByLabel('Name', { exact: true }).fill('Half done')
    await expectAsked(app.page, editor, way, question, editor.getByLabel('Name', { exact: true }), 'Half done')
    await expect(newButton).toBeFocused()
    await expect(profiles.panel.getByText('Half done')).toHaveCount(0)
  })
}
