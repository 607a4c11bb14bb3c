/**
 * The create-index dialog says what the engine would refuse before building, and an
 * engine's error wraps inside the dialog instead of widening it across the window. The
 * table is made by LanceDB.
 */
import { join } from 'node:path'
import * as lancedb from '@lancedb/lancedb'
import { expect, test } from './fixtures/test'
import { IndexesPage } from './pages/indexes-page'

test('sub-vectors that do not divide the dimension are refused; a build error wraps in place', async ({ workDir, openApp }) => {
  const root = join(workDir, 'catalog')
  const db = await lancedb.connect(root)
  await db.createTable(
    'vecs',
    Array.from({ length: 20 }, (_, i) => ({ id: i, vector: Array.from({ length: 16 }, (_, j) => i + j) }))
  )
  const app = await openApp(['--dir', root])
  await app.page.setViewportSize({ width: 1280, height: 800 })
  await app.table('vecs').click()
  const indexes = new IndexesPage(app.page)
  await indexes.open()
  await indexes.createButton.click()
  const dialog = indexes.createDialog
  const width = (await dialog.boundingBox())?.width ?? 0

  await dialog.getByLabel('Sub-vectors').fill('3')
  await dialog.getByRole('button', { name: 'Create index' }).click()
  await expect(dialog.getByText("Must divide the vector's dimension, 16: try 1.")).toBeVisible()
  await expect(dialog.getByRole('alert')).toHaveCount(0)
  await dialog.getByLabel('Sub-vectors').fill('4')
  await expect(dialog.getByText("Must divide the vector's dimension, 16")).toHaveCount(0)

  // More partitions than rows: LanceDB refuses the build with a long message.
  await dialog.getByLabel('Partitions').fill('500')
  await dialog.getByRole('button', { name: 'Create index' }).click()
  await expect(dialog.getByRole('alert')).toContainText('500 centroids')
  const after = (await dialog.boundingBox())?.width ?? 0
  expect(after).toBeLessThanOrEqual(width + 1)
  expect(await dialog.evaluate((box) => box.scrollWidth - box.clientWidth)).toBe(0)
  await app.page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
})
