/**
 * A REST catalog on an S3-compatible store whose describe vends credentials only (no
 * endpoint, region or allow_http), as catalogs that leave the store's address to the
 * client do: the grid shows rows only because the app merges the profile's own storage
 * options under the vended ones. From the command line (`--rest … --storage …`), and from
 * a profile whose own secret key is wrong, which the vended one replaces.
 */
import { buildNestedCatalog } from '../test-kit/lancedb-catalog'
import { startTestS3, type TestS3 } from '../test-kit/s3-server'
import { startCatalogServer, type RunningCatalogServer } from '../server/server'
import { expect, test, type CloseAfter } from './fixtures/test'
import { ProfilesPage } from './pages/profiles-page'
import { TablesPage } from './pages/tables-page'

const VENDED = ['aws_access_key_id', 'aws_secret_access_key']

/** A metadata-only catalog whose describe vends only the credentials. */
async function serveCatalog(closeAfter: CloseAfter): Promise<{ store: TestS3; catalog: RunningCatalogServer; root: string }> {
  const s3 = closeAfter(await startTestS3())
  const root = `s3://${s3.bucket}/catalogs/rest`
  await buildNestedCatalog(root, { namespaces: { sales: { tables: { orders: 30 } } } }, s3.storageOptions)
  const server = closeAfter(await startCatalogServer({ root, storageOptions: s3.storageOptions, dataRoutes: false, vendStorageOptions: VENDED }))
  return { store: s3, catalog: server, root }
}

/** The options the describe leaves out, as `--storage` flags. */
function ownFlags(store: TestS3): string[] {
  return Object.entries(store.storageOptions)
    .filter(([name]) => !VENDED.includes(name))
    .flatMap(([name, value]) => ['--storage', `${name}=${value}`])
}

test('--storage after --rest gives the table locations the endpoint and region the describe leaves out', async ({ openApp, closeAfter }) => {
  const { store, catalog } = await serveCatalog(closeAfter)
  const app = await openApp(['--rest', catalog.url, ...ownFlags(store)])
  const tables = new TablesPage(app.page)

  await app.expand('sales')
  await app.table('orders').click()
  await expect(app.page.getByLabel('Row count')).toHaveText('30')
  await expect(tables.grid).toHaveAttribute('aria-rowcount', '31')
  await expect(tables.gridRow(2).getByRole('gridcell').nth(1)).toHaveText('row 1')
  await expect(app.page.getByRole('alert')).toHaveCount(0)
})

test('without storage options of its own the app cannot reach the vended location, and says why', async ({ openApp, closeAfter }) => {
  const { catalog } = await serveCatalog(closeAfter)
  const app = await openApp(['--rest', catalog.url])

  await app.expand('sales')
  await app.table('orders').click()
  await expect(app.page.getByRole('alert').first()).toContainText(/Failed to resolve region/)
})

test("a REST profile's storage options for table locations: the describe's secret key wins over the profile's", async ({ openApp, closeAfter }) => {
  const { store, catalog } = await serveCatalog(closeAfter)
  const app = await openApp()
  const profiles = new ProfilesPage(app.page)
  const tables = new TablesPage(app.page)

  const editor = await profiles.startNew('Vended', 'REST', catalog.url)
  await profiles.unfold('Storage options for table locations')
  const options = editor.getByRole('group', { name: 'Storage options for table locations' })
  await expect(options.getByLabel('Object store')).toHaveValue('s3')
  await options.getByLabel('Region').fill(store.storageOptions['region'] ?? '')
  await options.getByLabel('Endpoint').fill(store.endpoint)
  await options.getByLabel('Allow HTTP (no TLS)').fill('true')
  // Wrong on purpose: the catalog vends the right one, which takes precedence.
  await options.getByLabel('Secret access key').fill('wrong-secret-key-0000')
  await editor.getByRole('button', { name: 'Save' }).click()
  await expect(editor).toHaveCount(0)

  await profiles.open('Vended')
  await app.expand('sales')
  await app.table('orders').click()
  await expect(tables.grid).toHaveAttribute('aria-rowcount', '31')
  await expect(tables.gridRow(1).getByRole('gridcell').nth(0)).toHaveText('0')

  // The secret is kept like the others: the editor shows its mask, not the value.
  await profiles.act('Vended', 'Edit')
  const again = profiles.page.getByRole('dialog', { name: 'Edit Vended' })
  const secret = again.getByRole('group', { name: 'Storage options for table locations' }).getByLabel('Secret access key')
  await expect(secret).toHaveValue('')
  await expect(secret).toHaveAttribute('placeholder', /stored; leave empty to keep/)
  await again.press('Escape')
  await expect(again).toHaveCount(0)
})
