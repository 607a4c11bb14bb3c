/**
 * Crafted files in the create-table dialog: a 296-byte Arrow stream that declares
 * 2^31-1 rows is refused with a clear message before any row is read, and the page lives
 * on (the fixtures fail the test on a page crash or error) to import a real file next.
 */
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { tableToIPC } from 'apache-arrow'
import { arrowBomb } from '../test-kit/hostile-files'
import { buildNestedCatalog, sampleTable } from '../test-kit/lancedb-catalog'
import { expect, test } from './fixtures/test'
import { TablesPage } from './pages/tables-page'

test('refuses an Arrow file declaring 2^31-1 rows in 296 bytes, then imports a real one', async ({ workDir, openApp }) => {
  const root = join(workDir, 'catalog')
  await buildNestedCatalog(root, {})
  const bomb = join(workDir, 'bomb.arrows')
  await writeFile(bomb, arrowBomb())
  const good = join(workDir, 'good.arrow')
  await writeFile(good, tableToIPC(sampleTable(3), 'file'))
  const app = await openApp(['--dir', root])
  const tables = new TablesPage(app.page)

  const dialog = await tables.openCreateDialog()
  await dialog.getByLabel('Table name').fill('imported')
  await dialog.getByLabel('Import a file').check()
  await dialog.getByLabel('File to import').setInputFiles(bomb)
  await expect(dialog.getByRole('alert')).toContainText(
    'bomb.arrows cannot be read: The data declares 2,147,483,647 rows; at most 2,000,000 can be imported at once. Split it into smaller files.'
  )

  await dialog.getByLabel('File to import').setInputFiles(good)
  await expect(dialog.getByRole('table', { name: 'First rows' }).getByRole('row')).toHaveCount(4)
  await tables.createButton().click()
  await expect(dialog).toHaveCount(0)
  await expect(app.page.getByLabel('Row count')).toHaveText('3')
})
