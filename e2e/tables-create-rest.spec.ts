/**
 * Creating a table on a REST connection to the reference catalog server: an empty table
 * with a vector field, built in the schema builder, that LanceDB then opens.
 */
import { join } from 'node:path'
import { connectNamespace } from '@lancedb/lancedb'
import { startCatalogServer } from '../server/server'
import { buildNestedCatalog } from '../test-kit/lancedb-catalog'
import { expect, test } from './fixtures/test'
import { TablesPage } from './pages/tables-page'

test('creates an empty table with a vector(8) field from the schema builder over REST', async ({ workDir, openApp }) => {
  const root = join(workDir, 'remote')
  await buildNestedCatalog(root, { namespaces: { ml: {} } })
  const server = await startCatalogServer({ root })
  try {
    const app = await openApp(['--rest', server.url])
    const tables = new TablesPage(app.page)

    // The tree's menu on a namespace opens the dialog with that namespace filled in.
    await tables.treeAction(app.namespace('ml'), 'Create table…')
    const dialog = tables.createDialog
    await expect(dialog.getByLabel('Namespace', { exact: true })).toHaveValue('ml')
    await dialog.getByLabel('Table name').fill('embeddings')
    await expect(dialog.getByLabel('Empty table (define the schema)')).toBeChecked()

    await tables.fieldNames().nth(0).fill('id')
    await tables.fieldTypes().nth(0).selectOption('int64')
    await tables.nullables().nth(0).uncheck()
    await dialog.getByRole('button', { name: 'Add field' }).click()
    await tables.fieldNames().nth(1).fill('embedding')
    await tables.fieldTypes().nth(1).selectOption('vector')
    await dialog.getByLabel('Dimension').fill('8')
    await dialog.getByRole('button', { name: 'Add field' }).click()
    await tables.fieldNames().nth(2).fill('tags')
    await tables.fieldTypes().nth(2).selectOption('list')
    await dialog.getByLabel('Item type').selectOption('string')
    await tables.createButton().click()

    await expect(dialog).toHaveCount(0)
    await expect(app.table('embeddings')).toHaveAttribute('aria-selected', 'true')
    await expect(app.page.getByLabel('Row count')).toHaveText('0')
    await expect((await app.schemaRow('embedding')).getByRole('cell').nth(3)).toHaveText('8')

    const db = await connectNamespace('dir', { root })
    const table = await db.openTable('embeddings', ['ml'])
    const fields = (await table.schema()).fields.map((f) => `${f.name}:${String(f.type)}:${f.nullable}`)
    expect(fields).toEqual(['id:Int64:false', 'embedding:FixedSizeList[8]<Float32>:true', 'tags:List<Utf8>:true'])
    expect(await table.countRows()).toBe(0)
    table.close()
    db.close()
  } finally {
    await server.close()
  }
})
