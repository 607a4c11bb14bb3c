/**
 * A REST catalog whose table locations are folders on this machine (the reference server
 * in metadata-only mode): opened by default for a catalog on a loopback address, refused
 * when the profile says so, with a message naming the location and the setting.
 */
import { join } from 'node:path'
import { startCatalogServer } from '../server/server'
import { buildNestedCatalog } from '../test-kit/lancedb-catalog'
import { expect, test } from './fixtures/test'
import { ProfilesPage } from './pages/profiles-page'

test('a profile that refuses local table locations says so instead of opening one', async ({ workDir, openApp }) => {
  const root = join(workDir, 'remote')
  await buildNestedCatalog(root, { namespaces: { sales: { tables: { orders: 3 } } } })
  const server = await startCatalogServer({ root, dataRoutes: false })
  try {
    const app = await openApp()
    const profiles = new ProfilesPage(app.page)
    const editor = await profiles.startNew('Careful', 'REST', server.url)
    await profiles.unfold('Advanced')
    await editor.getByLabel('Table locations on this machine').selectOption('Refuse')
    await editor.getByRole('button', { name: 'Save' }).click()
    await expect(editor).toHaveCount(0)
    await profiles.open('Careful')
    await app.expand('sales')
    await app.table('orders').click()
    const refusal = app.page.getByRole('alert').filter({ hasText: 'location on this machine' })
    await expect(refusal).toContainText('set "Table locations on this machine" to Open in the profile')
    await expect(app.page.getByLabel('Row count')).toHaveCount(0)

    // Back to the default: a catalog on this machine may name its own folders.
    await profiles.act('Careful', 'Edit')
    const again = profiles.dialog()
    await again.getByLabel('Table locations on this machine').selectOption('Open only from a catalog on this machine')
    await again.getByRole('button', { name: 'Save' }).click()
    await expect(again).toHaveCount(0)
    await profiles.open('Careful')
    await app.table('orders').click()
    await expect(app.page.getByLabel('Row count')).toHaveText('3')
  } finally {
    await server.close()
  }
})
