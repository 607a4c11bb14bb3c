/**
 * Choosing the Lance data storage version in the create dialog. LanceDB's SDK cannot say
 * which version a table has, so the test rewrites the created table's own rows with
 * LanceDB in the chosen version and in LanceDB's default: the app's table takes exactly
 * the bytes of the first and not of the second.
 */
import { join } from 'node:path'
import { connect, connectNamespace } from '@lancedb/lancedb'
import { buildNestedCatalog, makeTempDir, removeDir } from '../test-kit/lancedb-catalog'
import { expect, test } from './fixtures/test'
import { TablesPage } from './pages/tables-page'

const CSV = ['id,name,score', ...Array.from({ length: 60 }, (_, i) => `${i},name ${i % 9},${i / 4}`)].join('\n')

/** Bytes of the created table, and of its rows rewritten by LanceDB in `version` and in LanceDB's default. */
async function bytesWithLance(root: string, namespace: string[], name: string, version: string) {
  const scratch = await makeTempDir('e2e-storage-version')
  const db = await connectNamespace('dir', { root })
  const reference = await connect(scratch)
  try {
    const table = await db.openTable(name, namespace)
    const rows = await table.query().toArrow()
    const created = (await table.stats()).totalBytes
    table.close()
    const sized = async (tableName: string, options: object) => {
      const written = await reference.createTable(tableName, rows, options)
      const bytes = (await written.stats()).totalBytes
      written.close()
      return bytes
    }
    return {
      created,
      chosen: await sized('chosen', { storageOptions: { new_table_data_storage_version: version } }),
      lanceDefault: await sized('default', {})
    }
  } finally {
    db.close()
    reference.close()
    await removeDir(scratch)
  }
}

test("a table created with version 2.0 chosen is written in 2.0; the dialog offers LanceDB's default first", async ({ workDir, openApp }) => {
  const root = join(workDir, 'catalog')
  await buildNestedCatalog(root, { namespaces: { sales: { tables: { orders: 2 } } } })
  const app = await openApp(['--dir', root])
  const tables = new TablesPage(app.page)

  await app.expand('sales')
  const dialog = await tables.openCreateDialog()
  const version = dialog.getByLabel('Lance data storage version')
  await expect(version).toHaveValue('')
  await expect(version.locator('option:checked')).toHaveText("LanceDB's default — its newest stable version (2.2), which LanceDB 0.22 cannot read")
  await expect(version.locator('option')).toHaveText([
    "LanceDB's default — its newest stable version (2.2), which LanceDB 0.22 cannot read",
    "2.2 — LanceDB's current stable version; LanceDB 0.22 cannot read it",
    '2.1 — readable by LanceDB 0.22 and later',
    '2.0 — readable by LanceDB 0.22 and later, and by older Lance readers back to Lance 0.16',
    'legacy (0.1) — the first Lance format, for readers older than Lance 0.16; slower'
  ])
  await version.selectOption('2.0')
  await dialog.getByLabel('Table name').fill('for_old_readers')
  await tables.pasteRows(CSV)
  await tables.createButton().click()
  await expect(dialog).toHaveCount(0)
  await expect(app.page.getByLabel('Row count')).toHaveText('60')

  const sizes = await bytesWithLance(root, ['sales'], 'for_old_readers', '2.0')
  expect(sizes.chosen).not.toBe(sizes.lanceDefault)
  expect(sizes.created).toBe(sizes.chosen)
})
