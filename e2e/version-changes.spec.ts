/**
 * Compare two versions from the Versions view: a table changed in known ways (7 rows
 * added, 10 deleted, 5 updated, a column added; test-kit/changes-table.ts) shows those
 * counts by row lineage where it has stable row ids and by a key column either way, and
 * the changed rows themselves, updated cells old → new; a table without stable row ids
 * asks for a key. 120 appended rows page 50 at a time. Escape and Cancel close the dialog.
 * After a restart, the Versions view offers the changes since the version last opened.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { UI_STATE_FILE } from '../src/main/ui-state/ui-state-file'
import { appendRows, buildAppendedTable, buildChangesTable, CHANGES_TRUTH } from '../test-kit/changes-table'
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
  // The updated rows first: ids 50-54, each v changed to -1, the new column w shown as it is.
  const changed = dialog.getByRole('region', { name: 'Updated rows' })
  await expect(dialog.getByRole('button', { name: 'Updated (5)' })).toHaveAttribute('aria-pressed', 'true')
  await expect(changed.getByRole('row')).toHaveCount(6)
  for (const id of [50, 51, 52, 53, 54]) await expect(changed.getByRole('row').filter({ hasText: `row ${id}` })).toContainText(`${id} → -1`)
  await expect(changed.locator('del')).toHaveCount(5)
  await page.screenshot({ path: join(test.info().outputDir, 'compare-versions.png') })
  const axe = await new AxeBuilder({ page }).include('dialog').analyze()
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([])
  await dialog.getByRole('button', { name: 'Deleted (10)' }).click()
  const deleted = dialog.getByRole('region', { name: 'Deleted rows' })
  await expect(deleted.getByRole('row')).toHaveCount(11)
  await expect(deleted.getByRole('columnheader')).toHaveText(['id', 'v', 's'])
  await expect(deleted.locator('del')).toHaveCount(0)
  await dialog.getByRole('button', { name: 'Added (7)' }).click()
  await expect(dialog.getByRole('region', { name: 'Added rows' })).toContainText('row 206')

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
  await expect(dialog.getByRole('region', { name: 'Updated rows' }).locator('del')).toHaveCount(5)
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()
})

test('page the changed rows of two versions with Load more, by keyboard', async ({ workDir, openApp }) => {
  const root = join(workDir, 'catalog')
  const { from, to } = await buildAppendedTable(root, 'grown', 120)
  const app = await openApp(['--dir', root])
  const { page } = app
  await page.setViewportSize({ width: 1280, height: 800 })
  await app.table('grown').click()
  await page.getByRole('tablist', { name: 'Table views' }).getByRole('tab', { name: 'Versions' }).click()
  await page.getByRole('button', { name: 'Compare versions…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Compare versions' })
  await dialog.getByLabel('From version').selectOption(from)
  await dialog.getByLabel('To version').selectOption(to)
  await dialog.getByLabel('Match rows by').selectOption({ label: 'key column id' })
  await dialog.getByRole('button', { name: 'Count changes' }).click()
  const added = dialog.getByRole('region', { name: 'Added rows' })
  const shown = dialog.getByRole('status').filter({ hasText: 'added rows shown' })
  await expect(shown).toHaveText('50 of 120 added rows shown')
  await expect(added.getByRole('row')).toHaveCount(51)
  // The rows scroll from the keyboard, and Load more is the next stop after them.
  await added.focus()
  await expect(added).toBeFocused()
  await page.keyboard.press('End')
  await expect.poll(() => added.evaluate((e) => e.scrollTop)).toBeGreaterThan(0)
  await page.keyboard.press('Tab')
  const more = dialog.getByRole('button', { name: 'Load more' })
  await expect(more).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(shown).toHaveText('100 of 120 added rows shown')
  await more.click()
  await expect(shown).toHaveText('120 of 120 added rows shown')
  await expect(more).toBeHidden()
  await expect(added.getByRole('row')).toHaveCount(121)
  // Every appended row once: ids 1000 to 1119.
  const ids = await added.locator('tbody tr td:first-child').allTextContents()
  expect(ids.map(Number).sort((a, b) => a - b)).toEqual(Array.from({ length: 120 }, (_, i) => 1000 + i))
  await page.screenshot({ path: join(test.info().outputDir, 'changed-rows-paged.png') })
})

test('compare the latest version with the one last opened, after a restart', async ({ workDir, dataDir, openApp, closeApp }) => {
  const root = join(workDir, 'catalog')
  const { to: opened } = await buildAppendedTable(root, 'grown', 5, true)
  const versionsOf = async (app: Awaited<ReturnType<typeof openApp>>): Promise<void> => {
    await app.table('grown').click()
    await app.page.getByRole('tablist', { name: 'Table views' }).getByRole('tab', { name: 'Versions' }).click()
    await expect(app.page.getByRole('table', { name: 'Versions' })).toBeVisible()
  }
  const since = (page: Awaited<ReturnType<typeof openApp>>['page']) => page.getByRole('button', { name: /^Changes since you last opened it/ })
  const first = await openApp(['--dir', root])
  await versionsOf(first)
  // Never opened before: nothing to compare with yet.
  await expect(first.page.getByRole('button', { name: 'Compare versions…' })).toBeVisible()
  await expect(since(first.page)).toHaveCount(0)
  // Saved with the rest of the UI state (debounced), before the app is closed.
  await expect
    .poll(async () => readFile(join(dataDir, UI_STATE_FILE), 'utf8').catch(() => ''))
    .toMatch(new RegExp(`"lastOpened":\\{"[^}]*grown[^:]*":"${opened}"`))
  await closeApp(first)

  const latest = await appendRows(root, 'grown', 2000, 3)
  const second = await openApp(['--dir', root])
  await second.page.setViewportSize({ width: 1280, height: 800 })
  await versionsOf(second)
  await expect(since(second.page)).toHaveText(`Changes since you last opened it (version ${opened})…`)
  await since(second.page).click()
  const dialog = second.page.getByRole('dialog', { name: 'Compare versions' })
  await expect(dialog.getByLabel('From version')).toHaveValue(opened)
  await expect(dialog.getByLabel('To version')).toHaveValue(latest)
  // Counted at once, by lineage: the three rows appended while the app was closed.
  await expect(dialog.getByRole('status').filter({ hasText: 'added rows shown' })).toHaveText('3 of 3 added rows shown')
  const ids = await dialog.getByRole('region', { name: 'Added rows' }).locator('tbody tr td:first-child').allTextContents()
  expect(ids.map(Number).sort((a, b) => a - b)).toEqual([2000, 2001, 2002])
  await expect(dialog).toContainText('by row lineage')
  await second.page.screenshot({ path: join(test.info().outputDir, 'since-last-opened.png') })
})
