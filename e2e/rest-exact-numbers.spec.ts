/**
 * A REST catalog whose versions and row count are past 2^53 (a proxy in front of the
 * reference server shows version 1 as 9007199254740993 and the stats' row count as
 * 9007199254740993): the details pane shows every digit, and opening the older version
 * sends that version back to the catalog with every digit.
 */
import { join } from 'node:path'
import { connect } from '@lancedb/lancedb'
import { startCatalogServer } from '../server/server'
import { expect, test } from './fixtures/test'
import { startBigNumbersProxy } from '../test-kit/big-numbers-proxy'

test('shows and sends back versions and row counts past 2^53 exactly', async ({ workDir, openApp }) => {
  const root = join(workDir, 'remote')
  const db = await connect(root)
  const table = await db.createTable('huge', [{ id: 0 }, { id: 1 }, { id: 2 }])
  await table.add([{ id: 3 }, { id: 4 }])
  table.close()
  db.close()
  const server = await startCatalogServer({ root })
  const proxy = await startBigNumbersProxy(server.url)
  try {
    const app = await openApp(['--rest', proxy.url])
    const page = app.page
    await app.table('huge').click()
    await expect(page.getByLabel('Row count')).toHaveText('9,007,199,254,740,993')
    await expect(page.getByLabel('Version', { exact: true })).toHaveText('9007199254740994')

    await page.getByRole('tab', { name: 'Versions' }).click()
    const versions = page.getByRole('table', { name: 'Versions' })
    await expect(versions.locator('tbody tr td:nth-child(1)')).toHaveText(['9007199254740994 (latest)', '9007199254740993'])
    await versions.getByRole('button', { name: 'Open version 9007199254740993 read-only' }).click()
    await expect(page.getByRole('status', { name: 'Version 9007199254740993 of 9007199254740994 (read-only)' })).toBeVisible()
    // The older version's own rows, read with the version sent back exactly.
    await expect(page.getByRole('status', { name: 'Matching rows' })).toHaveText('3 rows')
    expect(proxy.bigVersionRequests.some((line) => /\/describe .*"version":9007199254740993\b/.test(line))).toBe(true)
    expect(proxy.bigVersionRequests.some((line) => /\/query .*"version":9007199254740993\b/.test(line))).toBe(true)
    await expect(page.getByRole('alert')).toHaveCount(0)
  } finally {
    await proxy.close()
    await server.close()
  }
})
