/**
 * A REST catalog whose tables live on an S3-compatible store (s3rver on 127.0.0.1, behind
 * the signature gate): the reference server serves a LanceDB catalog on `s3://…` and
 * every describe returns the table's `s3://` location with `storage_options`. The grid
 * shows the rows both when the server reads them (data routes) and when it serves
 * metadata only, so that the app reads at the location with the options the describe
 * returned (the app is given no keys of its own).
 */
import { buildNestedCatalog } from '../test-kit/lancedb-catalog'
import { startTestS3 } from '../test-kit/s3-server'
import { startCatalogServer } from '../server/server'
import { expect, test } from './fixtures/test'
import { TablesPage } from './pages/tables-page'

for (const dataRoutes of [true, false]) {
  test(`the grid shows rows of s3:// tables ${dataRoutes ? 'read by the server' : 'read at their location (metadata-only catalog)'}`, async ({
    openApp,
    closeAfter
  }) => {
    const s3 = closeAfter(await startTestS3())
    const root = `s3://${s3.bucket}/catalogs/rest`
    await buildNestedCatalog(root, { namespaces: { sales: { tables: { orders: 30 } } } }, s3.storageOptions)
    const log: string[] = []
    const server = closeAfter(await startCatalogServer({ root, storageOptions: s3.storageOptions, dataRoutes, log: (line) => log.push(line) }))
    const app = await openApp(['--rest', server.url])
    const tables = new TablesPage(app.page)

    await app.expand('sales')
    await app.table('orders').click()
    await expect(app.page.getByLabel('Location')).toContainText(`${root}/`)
    await expect(app.page.getByLabel('Row count')).toHaveText('30')
    await expect(tables.grid).toHaveAttribute('aria-rowcount', '31')
    await expect(tables.gridRow(1).getByRole('gridcell').nth(0)).toHaveText('0')
    await expect(tables.gridRow(2).getByRole('gridcell').nth(1)).toHaveText('row 1')
    await expect(app.page.getByRole('alert')).toHaveCount(0)
    // With data routes the server answered the reads; without, the data routes the app
    // tried all answered 404 and the rows came from the store.
    const dataCalls = log.filter((line) => /^POST \/v1\/table\/sales%24orders\/(count_rows|query|stats)\b/.test(line))
    expect(dataCalls.length).toBeGreaterThan(0)
    if (dataRoutes) expect(dataCalls.some((line) => /\/query\S* -> 200/.test(line))).toBe(true)
    else expect(dataCalls.every((line) => line.includes('-> 404'))).toBe(true)
  })
}
