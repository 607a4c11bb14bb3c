/**
 * Restoring an older version brings back that version's indexes only: the restore dialog
 * names the indexes built after it, which the restored table will not have, instead of
 * saying nothing is lost. A version that has every current index says nothing of indexes.
 */
import { join } from 'node:path'
import { connect, Index } from '@lancedb/lancedb'
import { expect, test } from './fixtures/test'
import { IndexesPage } from './pages/indexes-page'

test('the restore dialog names the indexes built after the version it restores', async ({ workDir, openApp }) => {
  const root = join(workDir, 'catalog')
  const db = await connect(root)
  // Version 1: rows; version 2: a BTREE index on id (made with LanceDB).
  const rows = Array.from({ length: 300 }, (_, id) => ({ id, text: `row ${id}` }))
  const made = await db.createTable('notes', rows)
  await made.createIndex('id', { config: Index.btree(), name: 'id_idx' })
  made.close()
  db.close()

  const app = await openApp(['--dir', root])
  const { page } = app
  await app.table('notes').click()
  // Version 3: an FTS index built in the app.
  const indexes = new IndexesPage(page)
  await indexes.open()
  await expect(indexes.row('id_idx')).toBeVisible()
  await indexes.createButton.click()
  await indexes.createDialog.getByLabel('Column').selectOption('text')
  await indexes.createDialog.getByLabel('Index name').fill('text_idx')
  await indexes.createDialog.getByRole('button', { name: 'Create index' }).click()
  await expect(indexes.createDialog).toBeHidden()
  await expect(indexes.row('text_idx')).toBeVisible()

  await page.getByRole('tab', { name: 'Versions' }).click()
  const versions = page.getByRole('table', { name: 'Versions' })
  await expect(versions.locator('tbody tr')).toHaveCount(3)
  const dialog = page.getByRole('dialog', { name: 'Restore version' })

  // Version 1 has neither index.
  await versions.getByRole('button', { name: 'Restore version 1…' }).click()
  await expect(dialog).toContainText('Restore notes to version 1? This makes version 4 with the rows of version 1.')
  await expect(dialog).toContainText(
    'Version 1 does not have the indexes id_idx and text_idx: the restored table will not have them until they are built again.'
  )
  await expect(dialog).not.toContainText('Nothing is lost')
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)

  // Version 2 has id_idx only.
  await versions.getByRole('button', { name: 'Restore version 2…' }).click()
  await expect(dialog).toContainText('Version 2 does not have the index text_idx: the restored table will not have it until it is built again.')
  await dialog.getByRole('button', { name: 'Restore', exact: true }).click()
  await expect(dialog).toHaveCount(0)
  await indexes.open()
  await expect(indexes.row('id_idx')).toBeVisible()
  await expect(indexes.row('text_idx')).toHaveCount(0)

  // Version 3 had every index the table has now (id_idx): nothing about indexes is said.
  await page.getByRole('tab', { name: 'Versions' }).click()
  await versions.getByRole('button', { name: 'Restore version 3…' }).click()
  await expect(dialog).toContainText('Nothing is lost: version 4 and every other version stay in the history.')
  await expect(dialog).not.toContainText('does not have')
  await page.keyboard.press('Escape')
})
