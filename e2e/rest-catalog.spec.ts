/**
 * Browsing a REST catalog served by the reference server, with an API key: the same tree,
 * paging and details as a directory catalog; a wrong key shows an unauthenticated error.
 */
import { join } from 'node:path'
import { startCatalogServer, type RunningCatalogServer } from '../server/server'
import { buildNestedCatalog, createChildTables } from '../test-kit/lancedb-catalog'
import { expect, test } from './fixtures/test'
import { ProfilesPage } from './pages/profiles-page'

const KEY = 'sk_e2e_4f1c9a3f9a'

async function serve(workDir: string, pageSize?: number): Promise<{ server: RunningCatalogServer; tables: string[] }> {
  const root = join(workDir, 'remote')
  await buildNestedCatalog(root, {
    tables: { top_table: 2 },
    namespaces: { analytics: { namespaces: { web: { tables: { page_views: 12 } } } }, many: {} }
  })
  const tables = await createChildTables(root, ['many'], 14)
  const server = await startCatalogServer({ root, apiKeys: [KEY], pageSize })
  return { server, tables }
}

test('browses a REST catalog with an API key like a directory one', async ({ workDir, openApp }) => {
  // The server hands out at most 5 names a page, so every list needs several pages.
  const { server, tables } = await serve(workDir, 5)
  try {
    const app = await openApp(['--rest', server.url, '--header', `x-api-key: ${KEY}`])
    await expect(app.page.getByRole('button', { name: /REST/ })).toHaveAttribute('aria-current', 'true')

    await expect(app.namespace('analytics')).toBeVisible()
    await expect(app.table('top_table')).toBeVisible()
    await app.expand('analytics')
    await app.expand('web')
    await app.table('page_views').click()
    await expect(app.page.getByLabel('Row count')).toHaveText('12')
    // Rows, fragments and size come from the catalog's table stats operation.
    await expect(app.page.getByLabel('Fragments')).toHaveText('1')
    await expect(app.page.getByLabel('Data size', { exact: true })).toHaveText(/^\d+(\.\d)? (bytes|KiB|MiB)$/)
    await expect((await app.schemaRow('vector')).getByRole('cell').nth(3)).toHaveText('8')
    await expect(await app.schemaRow('id')).toContainText('int64')

    await app.expand('many')
    await expect(app.tables()).toHaveCount(tables.length + 2)
    for (const name of tables) await expect(app.table(name)).toHaveCount(1)
    await expect(app.page.getByRole('alert')).toHaveCount(0)
  } finally {
    await server.close()
  }
})

test('a wrong API key shows an unauthenticated error', async ({ workDir, openApp }) => {
  const { server } = await serve(workDir)
  try {
    const app = await openApp(['--rest', server.url, '--header', 'x-api-key: not-the-key'])
    const alert = app.tree.getByRole('alert')
    await expect(alert).toContainText('unauthenticated')
    await expect(alert).toContainText('HTTP 401')
    // The key itself never reaches the page.
    await expect(app.page.locator('body')).not.toContainText('not-the-key')
    await expect(app.namespace('analytics')).toHaveCount(0)
  } finally {
    await server.close()
  }
})

test("shows and reads identifiers with the connection's own delimiter", async ({ workDir, openApp }) => {
  const root = join(workDir, 'remote')
  await buildNestedCatalog(root, { namespaces: { analytics: { namespaces: { web: { tables: { page_views: 3 } } } } } })
  const server = await startCatalogServer({ root })
  try {
    const app = await openApp()
    const profiles = new ProfilesPage(app.page)
    await profiles.panel.getByRole('button', { name: 'Import profiles' }).click()
    const importer = app.page.getByRole('dialog', { name: 'Import profiles' })
    const entry = { name: 'Colons', connectType: 'rest', properties: { uri: server.url, delimiter: ':' } }
    await importer.getByLabel('Profiles JSON').fill(JSON.stringify([entry]))
    await importer.getByRole('button', { name: 'Import', exact: true }).click()
    await expect(importer.getByRole('status')).toContainText('Imported 1 profile: Colons.')
    await importer.getByRole('button', { name: 'Close' }).click()
    await profiles.open('Colons')

    await app.expand('analytics')
    await app.expand('web')
    await app.table('page_views').click()
    await expect(app.page.getByLabel('Identifier')).toHaveText('analytics:web:page_views')

    // The create dialog offers the namespace in the same form, and reads it back (else the hint would be a problem).
    await app.page.getByRole('toolbar', { name: 'Table actions' }).getByRole('button', { name: 'Create table' }).click()
    const create = app.page.getByRole('dialog', { name: 'Create table' })
    await expect(create.getByLabel('Namespace')).toHaveValue('analytics:web')
    await expect(create.getByText('An identifier such as analytics:web')).toBeVisible()
    await create.getByRole('button', { name: 'Cancel' }).click()
    await expect(create).toHaveCount(0)
  } finally {
    await server.close()
  }
})
