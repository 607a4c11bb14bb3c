/**
 * Creating, dropping and renaming tables in a directory catalog through the UI, with
 * LanceDB's own SDK checking what was written.
 */
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { connectNamespace } from '@lancedb/lancedb'
import { tableToIPC } from 'apache-arrow'
import { buildNestedCatalog, sampleSchema, sampleTable } from '../test-kit/lancedb-catalog'
import { expect, test } from './fixtures/test'
import { TablesPage } from './pages/tables-page'

const CSV = 'id,name,score\n1,alpha,0.5\n2,"beta, with a comma",1.25\n3,,2\n'

/** Schema and rows of a table as LanceDB reads them. */
async function readWithLance(root: string, namespace: string[], name: string) {
  const db = await connectNamespace('dir', { root })
  try {
    const table = await db.openTable(name, namespace)
    const schema = await table.schema()
    const rows = (await table.query().toArray()).map((row: Record<string, unknown>) => ({ ...row }))
    table.close()
    return { fields: schema.fields.map((f) => `${f.name}:${String(f.type)}`), rows }
  } finally {
    db.close()
  }
}

test('creates a table from pasted CSV that LanceDB reads back; creating it again in mode create is refused', async ({ workDir, openApp }) => {
  const root = join(workDir, 'catalog')
  await buildNestedCatalog(root, { namespaces: { sales: { tables: { orders: 2 } } } })
  const app = await openApp(['--dir', root])
  const tables = new TablesPage(app.page)

  // The selected namespace prefills the dialog.
  await app.expand('sales')
  const dialog = await tables.openCreateDialog()
  await expect(dialog.getByLabel('Namespace', { exact: true })).toHaveValue('sales')
  await expect(dialog.getByLabel('Mode')).toHaveValue('create')
  await dialog.getByLabel('Table name').fill('bad name')
  await expect(dialog.getByText('a space is not allowed')).toBeVisible()
  await dialog.getByLabel('Table name').fill('people')

  await tables.pasteRows(CSV)
  await expect(tables.fieldNames()).toHaveCount(3)
  await expect(tables.fieldTypes().nth(0)).toHaveValue('int64')
  await expect(tables.fieldTypes().nth(1)).toHaveValue('string')
  await expect(tables.fieldTypes().nth(2)).toHaveValue('float64')
  const preview = dialog.getByRole('table', { name: 'First rows' })
  await expect(preview.getByRole('row')).toHaveCount(4)
  await expect(preview).toContainText('beta, with a comma')

  await tables.createButton().click()
  await expect(dialog).toHaveCount(0)
  await expect(app.table('people')).toHaveAttribute('aria-selected', 'true')
  await expect(app.page.getByRole('heading', { name: 'people' })).toBeVisible()
  await expect(app.page.getByLabel('Row count')).toHaveText('3')

  const written = await readWithLance(root, ['sales'], 'people')
  expect(written.fields).toEqual(['id:Int64', 'name:Utf8', 'score:Float64'])
  expect(written.rows).toEqual([
    { id: 1n, name: 'alpha', score: 0.5 },
    { id: 2n, name: 'beta, with a comma', score: 1.25 },
    { id: 3n, name: null, score: 2 }
  ])

  // Again, in mode "create", with other rows: refused, and the table keeps its rows.
  await tables.openCreateDialog()
  await expect(dialog.getByLabel('Namespace', { exact: true })).toHaveValue('sales')
  await dialog.getByLabel('Table name').fill('people')
  await tables.pasteRows('id,name,score\n9,zeta,9.5\n')
  await tables.createButton().click()
  const alert = dialog.getByRole('alert')
  await expect(alert).toContainText('already exists')
  await expect(alert).toContainText('table_exists')
  expect((await readWithLance(root, ['sales'], 'people')).rows).toEqual(written.rows)

  // Overwrite needs an explicit confirmation that names the table.
  await dialog.getByLabel('Mode').selectOption('overwrite')
  await expect(tables.createButton()).toBeDisabled()
  await dialog.getByLabel('Replace table "people" and all its rows if it exists').check()
  await tables.createButton().click()
  await expect(dialog).toHaveCount(0)
  await expect(app.page.getByLabel('Row count')).toHaveText('1')
  expect((await readWithLance(root, ['sales'], 'people')).rows).toEqual([{ id: 9n, name: 'zeta', score: 9.5 }])
})

test('points a value that does not fit an edited type at its line and field', async ({ workDir, openApp }) => {
  const root = join(workDir, 'catalog')
  await buildNestedCatalog(root, {})
  const app = await openApp(['--dir', root])
  const tables = new TablesPage(app.page)

  const dialog = await tables.openCreateDialog()
  await dialog.getByLabel('Table name').fill('scores')
  await tables.pasteRows('id,score\n1,0.5\n2,abc\n')
  await expect(tables.fieldTypes().nth(1)).toHaveValue('string')
  await tables.fieldTypes().nth(1).selectOption('float64')
  await expect(dialog.getByRole('alert')).toContainText('Line 3, field "score": "abc" is not a number (float64).')
})

test('drops a table after its name is typed', async ({ workDir, openApp }) => {
  const root = join(workDir, 'catalog')
  await buildNestedCatalog(root, { tables: { keep: 1, doomed: 2 } })
  const app = await openApp(['--dir', root])
  const tables = new TablesPage(app.page)

  await app.table('doomed').click()
  await tables.toolbar.getByRole('button', { name: 'Drop table' }).click()
  const drop = app.page.getByRole('dialog', { name: 'Drop table' })
  const confirm = drop.getByRole('button', { name: 'Drop', exact: true })
  await expect(confirm).toBeDisabled()
  await drop.getByLabel('Type the table name to confirm').fill('doomed')
  await confirm.click()
  await expect(drop).toHaveCount(0)
  await expect(app.table('doomed')).toHaveCount(0)
  await expect(app.table('keep')).toBeVisible()
  await expect(app.page.getByText('Select a table to see its schema')).toBeVisible()

  const db = await connectNamespace('dir', { root })
  expect(await db.tableNames([])).toEqual(['keep'])
  db.close()
})

test("after a drop, focus goes to the row that took the dropped one's place", async ({ workDir, openApp }) => {
  const root = join(workDir, 'catalog')
  await buildNestedCatalog(root, { tables: { alpha: 1, bravo: 1, charlie: 1 } })
  const app = await openApp(['--dir', root])
  const tables = new TablesPage(app.page)

  for (const [name, next] of [
    ['bravo', 'charlie'],
    ['charlie', 'alpha']
  ] as const) {
    await app.table(name).click()
    // The last drop's dialog is gone for good: selecting another table opens none.
    await expect(app.page.getByRole('dialog')).toHaveCount(0)
    await tables.toolbar.getByRole('button', { name: 'Drop table' }).click()
    const drop = app.page.getByRole('dialog', { name: 'Drop table' })
    await drop.getByLabel('Type the table name to confirm').fill(name)
    await drop.getByRole('button', { name: 'Drop', exact: true }).click()
    await expect(drop).toHaveCount(0)
    await expect(app.table(name)).toHaveCount(0)
    // The next row down, or the one above when the last was dropped, not the top of the tree.
    await expect(app.table(next)).toBeFocused()
  }
})

test('drops a table in a namespace when its whole identifier, as shown, is typed', async ({ workDir, openApp }) => {
  const root = join(workDir, 'catalog')
  await buildNestedCatalog(root, { namespaces: { sales: { tables: { q3: 2, q4: 1 } } } })
  const app = await openApp(['--dir', root])
  const tables = new TablesPage(app.page)

  await app.expand('sales')
  await app.table('q3').click()
  await tables.toolbar.getByRole('button', { name: 'Drop table' }).click()
  const drop = app.page.getByRole('dialog', { name: 'Drop table' })
  await expect(drop).toContainText('Drop the table sales$q3 and all its rows?')
  const confirm = drop.getByRole('button', { name: 'Drop', exact: true })
  const typed = drop.getByLabel('Type the table name to confirm')
  await typed.fill('sales$q')
  await expect(confirm).toBeDisabled()
  await typed.fill('sales$q3')
  await confirm.click()
  await expect(drop).toHaveCount(0)
  await expect(app.table('q3')).toHaveCount(0)

  const db = await connectNamespace('dir', { root })
  expect(await db.tableNames(['sales'])).toEqual(['q4'])
  db.close()
})

test('imports an Arrow IPC file with vectors, lists and structs unchanged', async ({ workDir, openApp }) => {
  const root = join(workDir, 'catalog')
  await buildNestedCatalog(root, {})
  const file = join(workDir, 'sample.arrow')
  await writeFile(file, tableToIPC(sampleTable(20), 'file'))
  const app = await openApp(['--dir', root])
  const tables = new TablesPage(app.page)

  const dialog = await tables.openCreateDialog()
  // Until a name is given, Create says what it waits for; a chosen file then names the table.
  await dialog.getByLabel('Import a file').check()
  await expect(tables.createButton()).toBeDisabled()
  await expect(tables.createButton()).toHaveAccessibleDescription('Enter a table name first')
  await dialog.getByLabel('File to import').setInputFiles(file)
  await expect(dialog.getByLabel('Table name')).toHaveValue('sample')
  await dialog.getByLabel('Table name').fill('imported')
  await expect(tables.fieldTypes()).toHaveCount(8) // six fields plus the struct's two members
  await expect(tables.fieldTypes().nth(3)).toHaveValue('vector')
  await expect(dialog.getByLabel('Dimension')).toHaveValue('8')
  await expect(dialog.getByRole('table', { name: 'First rows' }).getByRole('row')).toHaveCount(11)
  await tables.createButton().click()
  await expect(dialog).toHaveCount(0)
  await expect(app.page.getByLabel('Row count')).toHaveText('20')

  const db = await connectNamespace('dir', { root })
  const table = await db.openTable('imported', [])
  const fields = (await table.schema()).fields.map((f) => `${f.name}:${String(f.type)}:${f.nullable}`)
  expect(fields).toEqual(sampleSchema().fields.map((f) => `${f.name}:${String(f.type)}:${f.nullable}`))
  expect(await table.countRows()).toBe(20)
  table.close()
  db.close()
})

test('a large import shows progress and, when cancelled, writes nothing', async ({ workDir, openApp }) => {
  const root = join(workDir, 'catalog')
  await buildNestedCatalog(root, {})
  const file = join(workDir, 'big.csv')
  const lines = ['id,name,score']
  for (let i = 0; i < 1_000_000; i++) lines.push(`${i},name ${i},${i / 4}`)
  await writeFile(file, lines.join('\n'))
  const app = await openApp(['--dir', root])
  const tables = new TablesPage(app.page)

  const dialog = await tables.openCreateDialog()
  await dialog.getByLabel('Table name').fill('huge')
  await dialog.getByLabel('Import a file').check()
  await dialog.getByLabel('File to import').setInputFiles(file)
  await expect(tables.fieldTypes()).toHaveCount(3)
  await tables.createButton().click()
  await expect(dialog.getByRole('progressbar', { name: 'Import progress' })).toBeVisible()
  await dialog.getByRole('button', { name: 'Cancel import' }).click()
  await expect(dialog.getByText('Import cancelled: nothing was written.')).toBeVisible()
  await expect(tables.createButton()).toBeEnabled()

  const db = await connectNamespace('dir', { root })
  expect(await db.tableNames([])).toEqual([])
  db.close()
})
