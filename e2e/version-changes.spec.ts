/**
 * Compare two versions from the Versions view: a table changed in known ways (7 rows
 * added, 10 deleted, 5 updated, a column added; test-kit/changes-table.ts) shows those
 * counts by row lineage where it has stable row ids and by a key column either way; a
 * table without stable row ids asks for a key. Escape and Cancel close the dialog.
 */
import { join } from 'node:path'
import { buildChangesTable, CHANGES_TRUTH } from '../test-kit/changes-table'
import { expect, test } from './fixtures/test'

test('compare two versions by row lineage and by a key', async ({ workDir, openApp }) => {
  const root = join(workDir, 'catalog')
  const { from, to } = await buildChangesTable(root, true)
  await buildChangesTable(root, false, true, 'plain')
  const app = await openApp(['--dir', root])
  const { page } = app
  await page.setViewportSize({ width: 1280, height: 800 })
  const dialog = page.getByRole('dialog', { name: 'Compare versions' })
  const openCompare = async (table: string): Promise<void> => {
    await app.table(table).click()
    await page.getByRole('tablist', { name: 'Table views' }).getByRole('tab', { name: 'Versions' }).click()
    await page.getByRole('button', { name: 'Compare versions…' }).click()
    await expect(dialog).toBeVisible()
  }
  const counts = (label: string) => dialog.getByRole('status', { name: 'Changes' }).getByText(label, { exact: true }).locator('xpath=following-sibling::dd[1]')

  await openCompare('changes')
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await page.getByRole('button', { name: 'Compare versions…' }).click()
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()

  await page.getByRole('button', { name: 'Compare versions…' }).click()
  await dialog.getByLabel('From version').selectOption(from)
  await dialog.getByLabel('To version').selectOption(to)
  await dialog.getByRole('button', { name: 'Count changes' }).click()
  await expect(counts('Rows added')).toHaveText(CHANGES_TRUTH.added)
  await expect(counts('Rows deleted')).toHaveText(CHANGES_TRUTH.deleted)
  await expect(counts('Rows updated')).toHaveText(CHANGES_TRUTH.updated)
  await expect(counts('Schema')).toHaveText('added w (float64)')
  await expect(dialog).toContainText('by row lineage')
  await page.screenshot({ path: join(test.info().outputDir, 'compare-versions.png') })

  await dialog.getByLabel('Match rows by').selectOption({ label: 'key column id' })
  await dialog.getByRole('button', { name: 'Count changes' }).click()
  await expect(counts('Rows updated')).toHaveText(CHANGES_TRUTH.updated)
  await expect(dialog).toContainText('by key column id')
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()

  // Without stable row ids the table asks for a key, then counts by it (through a compaction).
  await openCompare('plain')
  await dialog.getByLabel('From version').selectOption(from)
  await dialog.getByRole('button', { name: 'Count changes' }).click()
  await expect(dialog.getByRole('alert')).toContainText('was created without stable row ids')
  await dialog.getByLabel('Match rows by').selectOption({ label: 'key column id' })
  await dialog.getByRole('button', { name: 'Count changes' }).click()
  await expect(counts('Rows added')).toHaveText(CHANGES_TRUTH.added)
  await expect(counts('Rows deleted')).toHaveText(CHANGES_TRUTH.deleted)
  await expect(counts('Rows updated')).toHaveText(CHANGES_TRUTH.updated)
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()
})
