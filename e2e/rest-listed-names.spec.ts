/**
 * Names as a REST catalog lists them: a catalog made by LanceDB's own client with names
 * outside this app's naming rule (spaces, unicode, dots) is browsed as it is. Each table
 * opens, is described and previewed; one is dropped; the tree marks such names quietly.
 */
import { join } from 'node:path'
import { connectNamespace } from '@lancedb/lancedb'
import { startCatalogServer } from '../server/server'
import { buildNestedCatalog } from '../test-kit/lancedb-catalog'
import { expect, test } from './fixtures/test'
import { TablesPage } from './pages/tables-page'

const NAMESPACE = 'Sales Team'
const TABLES: Readonly<Record<string, number>> = { 'Q3 sales': 3, 'café crème': 2, 'v1.2.final': 4, 数据: 1 }

test('opens, describes, previews and drops tables whose names a catalog lists outside the naming rule', async ({ workDir, openApp }) => {
  const root = join(workDir, 'remote')
  await buildNestedCatalog(root, { namespaces: { [NAMESPACE]: { tables: TABLES } } })
  const server = await startCatalogServer({ root })
  try {
    const app = await openApp(['--rest', server.url])
    const tables = new TablesPage(app.page)
    await app.expand(NAMESPACE)
    await expect(app.tables()).toHaveCount(Object.keys(TABLES).length)
    // The quiet marker sits on names outside the rule, and only on those.
    await expect(app.namespace(NAMESPACE).getByTitle(/Listed by the catalog as it is/)).toHaveCount(1)
    await expect(app.table('v1.2.final').getByTitle(/Listed by the catalog as it is/)).toHaveCount(0)

    for (const [name, rows] of Object.entries(TABLES)) {
      await app.table(name).click()
      await expect(app.page.getByLabel('Identifier')).toHaveText(`${NAMESPACE}$${name}`)
      await expect(app.page.getByLabel('Row count')).toHaveText(String(rows))
      await expect(await app.schemaRow('id')).toContainText('int64')
      await expect(tables.grid).toHaveAttribute('aria-rowcount', String(rows + 1))
      await expect(tables.gridRow(1).getByRole('gridcell').nth(0)).toHaveText('0')
    }
    await expect(app.page.getByRole('alert')).toHaveCount(0)

    await app.table('Q3 sales').click()
    await tables.toolbar.getByRole('button', { name: 'Drop table' }).click()
    const drop = app.page.getByRole('dialog', { name: 'Drop table' })
    await drop.getByLabel('Type the table name to confirm').fill('Q3 sales')
    await drop.getByRole('button', { name: 'Drop', exact: true }).click()
    await expect(drop).toHaveCount(0)
    await expect(app.table('Q3 sales')).toHaveCount(0)

    const db = await connectNamespace('dir', { root })
    try {
      expect((await db.tableNames([NAMESPACE])).sort()).toEqual(['café crème', 'v1.2.final', '数据'].sort())
    } finally {
      db.close()
    }
  } finally {
    await server.close()
  }
})
