/**
 * A REST catalog whose query answers carry LZ4-compressed record batches (as LanceDB's
 * own servers may send them): the grid shows the rows, decoded in the renderer.
 */
import { join } from 'node:path'
import { startCatalogServer } from '../server/server'
import { buildNestedCatalog } from '../test-kit/lancedb-catalog'
import { expect, test } from './fixtures/test'
import { TablesPage } from './pages/tables-page'

test('shows the rows of a catalog whose query answers are compressed', async ({ workDir, openApp }) => {
  const root = join(workDir, 'remote')
  await buildNestedCatalog(root, { namespaces: { sales: { tables: { orders: 30 } } } })
  const log: string[] = []
  const server = await startCatalogServer({ root, compressAnswers: 'lz4', log: (line) => log.push(line) })
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
    // The rows came through the compressing query route.
    expect(log.some((line) => /^POST \/v1\/table\/sales%24orders\/query\S* -> 200/.test(line))).toBe(true)
  } finally {
    await server.close()
  }
})
