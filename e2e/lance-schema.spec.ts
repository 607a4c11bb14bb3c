/**
 * Schema evolution on a LanceDB-made table, over a directory catalog and over REST (the
 * reference server's alter routes): add a column from an SQL expression, rename it, drop
 * another; each confirmed in a dialog, each a new version the details show, and each seen
 * by LanceDB's own SDK.
 */
import { join } from 'node:path'
import { connectNamespace } from '@lancedb/lancedb'
import { startCatalogServer, type RunningCatalogServer } from '../server/server'
import { makeLanceNativeTable, NATIVE_TABLE } from '../test-kit/lance-native-table'
import { expect, test } from './fixtures/test'
import type { CatalogPage } from './pages/catalog-page'

async function lanceView(root: string): Promise<{ version: number; fields: string[]; firstValues: number[] }> {
  const db = await connectNamespace('dir', { root })
  try {
    const table = await db.openTable(NATIVE_TABLE, [])
    const fields = (await table.schema()).fields.map((f) => f.name)
    const computed = fields.find((f) => f === 'twice' || f === 'doubled')
    const rows = computed ? await table.query().select([computed]).where('id < 4').toArray() : []
    return { version: await table.version(), fields, firstValues: rows.map((r) => Number(r[computed!])).sort((a, b) => a - b) }
  } finally {
    db.close()
  }
}

/** Checks the table's version in the Overview facts (the Schema view does not show it). */
async function expectVersion(app: CatalogPage, version: number): Promise<void> {
  await app.detailsTab('Overview').click()
  await expect(app.page.getByLabel('Version')).toHaveText(String(version))
}

async function columnAction(app: CatalogPage, column: string, action: string): Promise<void> {
  await (await app.schemaRow(column)).getByRole('button', { name: `Column actions for ${column}` }).click()
  await app.page.getByRole('menuitem', { name: action }).click()
}

for (const over of ['a directory catalog', 'REST'] as const) {
  test(`adds, renames and drops columns over ${over}, each a new version LanceDB sees`, async ({ workDir, openApp }) => {
    const root = join(workDir, 'catalog')
    const db = await connectNamespace('dir', { root })
    ;(await makeLanceNativeTable(db)).close()
    db.close()
    let server: RunningCatalogServer | undefined
    try {
      if (over === 'REST') server = await startCatalogServer({ root })
      const app = await openApp(server ? ['--rest', server.url] : ['--dir', root])
      await app.table(NATIVE_TABLE).click()
      await expectVersion(app, 4)

      // Escape leaves without a change. Adding a column is offered in the Schema view.
      await app.schema()
      await app.page.getByRole('button', { name: 'Add column' }).click()
      const add = app.page.getByRole('dialog', { name: 'Add column' })
      await expect(add).toBeVisible()
      await app.page.keyboard.press('Escape')
      await expect(add).toHaveCount(0)

      await app.schema()
      await app.page.getByRole('button', { name: 'Add column' }).click()
      await add.getByLabel('Column name').fill('twice')
      await add.getByLabel('SQL expression').fill('id * 2')
      await add.getByRole('button', { name: 'Add column' }).click()
      await expect(add).toHaveCount(0)
      await expectVersion(app, 5)
      await expect(await app.schemaRow('twice')).toBeVisible()
      expect(await lanceView(root)).toMatchObject({ version: 5, firstValues: [0, 2, 4, 6] })

      await columnAction(app, 'twice', 'Rename column…')
      const rename = app.page.getByRole('dialog', { name: 'Rename column' })
      await rename.getByLabel('New column name').fill('doubled')
      await rename.getByRole('button', { name: 'Rename column' }).click()
      await expect(rename).toHaveCount(0)
      await expectVersion(app, 6)
      await expect(await app.schemaRow('doubled')).toBeVisible()
      const renamed = await lanceView(root)
      expect(renamed.fields).toContain('doubled')
      expect(renamed.fields).not.toContain('twice')

      // Cancel in the confirmation drops nothing.
      await columnAction(app, 'category', 'Drop column…')
      const drop = app.page.getByRole('dialog', { name: 'Drop column' })
      await drop.getByRole('button', { name: 'Cancel' }).click()
      await expect(drop).toHaveCount(0)
      expect((await lanceView(root)).fields).toContain('category')

      await columnAction(app, 'category', 'Drop column…')
      await expect(drop).toContainText(`Drop column category from table ${NATIVE_TABLE}?`)
      await drop.getByRole('button', { name: 'Drop column' }).click()
      await expect(drop).toHaveCount(0)
      await expectVersion(app, 7)
      await expect(await app.schemaRow('category')).toHaveCount(0)
      expect(await lanceView(root)).toEqual({ version: 7, fields: ['id', 'text', 'vector', 'doubled'], firstValues: [0, 2, 4, 6] })
    } finally {
      await server?.close()
    }
  })
}
