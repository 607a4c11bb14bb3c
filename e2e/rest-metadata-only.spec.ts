/**
 * A metadata-only REST catalog (list, describe with `location`, declare; 404 on the data
 * routes), as catalogs made for LanceDB's own client are: the reference server with its
 * data routes off, over real LanceDB tables. The grid reads rows at the table's location,
 * a create goes through declare and a direct write, and "Test connection" names the mode.
 */
import { join } from 'node:path'
import { connectNamespace } from '@lancedb/lancedb'
import { startCatalogServer } from '../server/server'
import { buildNestedCatalog } from '../test-kit/lancedb-catalog'
import { expect, test } from './fixtures/test'
import { ProfilesPage } from './pages/profiles-page'
import { TablesPage } from './pages/tables-page'

test('browses, previews and creates tables on a metadata-only catalog', async ({ workDir, openApp }) => {
  const root = join(workDir, 'remote')
  await buildNestedCatalog(root, { namespaces: { sales: { tables: { orders: 30 } } } })
  const log: string[] = []
  const server = await startCatalogServer({ root, dataRoutes: false, log: (line) => log.push(line) })
  try {
    const app = await openApp(['--rest', server.url])
    const tables = new TablesPage(app.page)
    await app.expand('sales')
    await app.table('orders').click()
    await expect(app.page.getByLabel('Row count')).toHaveText('30')
    await expect(tables.grid).toHaveAttribute('aria-rowcount', '31')
    await expect(tables.gridRow(1).getByRole('gridcell').nth(0)).toHaveText('0')
    await expect(tables.gridRow(2).getByRole('gridcell').nth(1)).toHaveText('row 1')
    await expect(app.page.getByRole('alert')).toHaveCount(0)

    const dialog = await tables.openCreateDialog()
    await dialog.getByLabel('Namespace', { exact: true }).fill('sales')
    await dialog.getByLabel('Table name').fill('returns')
    await tables.pasteRows('id,reason\n1,damaged\n2,late\n')
    await tables.createButton().click()
    await expect(dialog).toHaveCount(0)
    await expect(app.table('returns')).toHaveAttribute('aria-selected', 'true')
    await expect(app.page.getByLabel('Row count')).toHaveText('2')

    const db = await connectNamespace('dir', { root })
    try {
      expect(await (await db.openTable('returns', ['sales'])).countRows()).toBe(2)
    } finally {
      db.close()
    }
    expect(log.some((line) => /^POST \/v1\/table\/sales%24returns\/declare\S* -> 200/.test(line))).toBe(true)
    // The data routes were asked at most once each before the app switched to locations.
    expect(log.filter((line) => /\/(query|create)\?/.test(line)).length).toBeLessThanOrEqual(2)

    const profiles = new ProfilesPage(app.page)
    await profiles.startNew('Metadata only', 'REST', server.url)
    await profiles.dialog().getByRole('button', { name: 'Test connection' }).click()
    const report = profiles.testResult()
    await expect(report).toContainText('Connection test passed.')
    await expect(report.getByRole('listitem').nth(1)).toContainText('metadata-only catalog: data read from table locations')
  } finally {
    await server.close()
  }
})
