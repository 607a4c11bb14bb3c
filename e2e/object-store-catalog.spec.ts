/**
 * A directory catalog on an S3-compatible object store (s3rver on 127.0.0.1, behind a
 * gate that checks request signatures): opened from `--dir s3://… --storage …`, browsed,
 * previewed, a table created and dropped through the UI with LanceDB checking the bucket;
 * and a profile whose secret key is wrong gets an "access denied" verdict.
 */
import { connectNamespace } from '@lancedb/lancedb'
import { buildNestedCatalog } from '../test-kit/lancedb-catalog'
import { startTestS3, type TestS3 } from '../test-kit/s3-server'
import { expect, test } from './fixtures/test'
import { ProfilesPage } from './pages/profiles-page'
import { TablesPage } from './pages/tables-page'

const storageFlags = (options: Readonly<Record<string, string>>): string[] => Object.entries(options).flatMap(([k, v]) => ['--storage', `${k}=${v}`])

async function lanceTables(store: TestS3, root: string, namespace: string[]): Promise<string[]> {
  const storage = Object.fromEntries(Object.entries(store.storageOptions).map(([k, v]) => [`storage.${k}`, v]))
  const db = await connectNamespace('dir', { root, ...storage })
  try {
    return await db.tableNames(namespace)
  } finally {
    db.close()
  }
}

test('opens an s3:// catalog from --dir with --storage: browse, preview, create and drop a table', async ({ openApp, closeAfter }) => {
  const s3 = closeAfter(await startTestS3())
  const root = `s3://${s3.bucket}/catalogs/sales`
  await buildNestedCatalog(root, { tables: { top: 2 }, namespaces: { analytics: { namespaces: { web: { tables: { page_views: 25 } } } } } }, s3.storageOptions)
  const app = await openApp(['--dir', root, ...storageFlags(s3.storageOptions)])
  const tables = new TablesPage(app.page)

  await expect(app.table('top')).toBeVisible()
  await app.expand('analytics')
  await app.expand('web')
  await app.table('page_views').click()
  await expect(app.page.getByLabel('Row count')).toHaveText('25')
  await expect(app.page.getByLabel('Identifier')).toHaveText('analytics$web$page_views')
  await expect(app.page.getByLabel('Location')).toContainText(`${root}/`)
  await expect(tables.grid).toHaveAttribute('aria-rowcount', '26')
  await expect(tables.gridRow(1).getByRole('gridcell').nth(0)).toHaveText('0')

  await app.namespace('analytics').click()
  const dialog = await tables.openCreateDialog()
  await expect(dialog.getByLabel('Namespace', { exact: true })).toHaveValue('analytics')
  await dialog.getByLabel('Table name').fill('from_dialog')
  await tables.pasteRows('id,name\n1,alpha\n2,beta\n')
  await tables.createButton().click()
  await expect(dialog).toHaveCount(0)
  await expect(app.page.getByRole('heading', { name: 'from_dialog' })).toBeVisible()
  // The new table opens with its details and its rows.
  await expect(tables.grid).toHaveAttribute('aria-rowcount', '3')
  await expect(app.page.getByLabel('Row count')).toHaveText('2')
  expect(await lanceTables(s3, root, ['analytics'])).toEqual(['from_dialog'])

  await tables.toolbar.getByRole('button', { name: 'Drop table' }).click()
  const drop = app.page.getByRole('dialog', { name: 'Drop table' })
  await drop.getByLabel('Type the table name to confirm').fill('from_dialog')
  await drop.getByRole('button', { name: 'Drop', exact: true }).click()
  await expect(drop).toHaveCount(0)
  await expect(app.table('from_dialog')).toHaveCount(0)
  expect(await lanceTables(s3, root, ['analytics'])).toEqual([])
})

test('a profile on s3:// shows its storage options, and a wrong secret key tests as access denied', async ({ openApp, closeAfter }) => {
  const s3 = closeAfter(await startTestS3())
  const root = `s3://${s3.bucket}/cat`
  await buildNestedCatalog(root, { tables: { words: 2 } }, s3.storageOptions)
  const app = await openApp()
  const profiles = new ProfilesPage(app.page)

  const editor = await profiles.startNew('Lake', 'Directory', root)
  // A URI is never offered as a folder to create.
  await expect(editor.getByRole('button', { name: 'Create folder' })).toHaveCount(0)
  const options = editor.getByRole('group', { name: 'Storage options' })
  await options.getByLabel('Region').fill('us-east-1')
  await options.getByLabel('Endpoint').fill(s3.endpoint)
  await options.getByLabel('Access key id').fill(s3.storageOptions['aws_access_key_id'] ?? '')
  await options.getByLabel('Secret access key').fill('wrong-secret-key-0000')
  await options.getByLabel('Allow HTTP (no TLS)').fill('true')
  await editor.getByRole('button', { name: 'Test connection' }).click()
  const report = profiles.testResult()
  await expect(report).toContainText('Access denied')
  await expect(report).toContainText('SignatureDoesNotMatch')
  await expect(report).not.toContainText('wrong-secret-key-0000')

  await options.getByLabel('Secret access key').fill(s3.storageOptions['aws_secret_access_key'] ?? '')
  await editor.getByRole('button', { name: 'Test connection' }).click()
  await expect(report).toContainText('Connection test passed.')
  await expect(report).toContainText('Found 0 namespaces and 1 table at the root.')

  await editor.getByRole('button', { name: 'Save' }).click()
  await expect(editor).toHaveCount(0)
  await profiles.open('Lake')
  await expect(app.table('words')).toBeVisible()
})
