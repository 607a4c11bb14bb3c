/**
 * Browsing a directory catalog made by LanceDB: nested namespaces, paging, table details,
 * and a root that cannot be a catalog.
 */
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { buildNestedCatalog, buildV1Catalog, createChildTables } from '../test-kit/lancedb-catalog'
import { expect, test } from './fixtures/test'

test('opens a LanceDB catalog from --dir and expands nested namespaces', async ({ workDir, openApp }) => {
  const root = join(workDir, 'catalog')
  await buildNestedCatalog(root, {
    tables: { top_table: 3 },
    namespaces: {
      analytics: { namespaces: { web: { tables: { page_views: 25 } } }, tables: { sessions: 4 } },
      staging: {}
    }
  })
  const app = await openApp(['--dir', root])

  await expect(app.namespace('analytics')).toBeVisible()
  await expect(app.namespace('staging')).toBeVisible()
  await expect(app.table('top_table')).toBeVisible()
  await expect(app.namespace('analytics')).toHaveAttribute('aria-expanded', 'false')
  // Children load only on expand.
  await expect(app.namespace('web')).toHaveCount(0)

  await app.expand('analytics')
  await expect(app.namespace('analytics')).toHaveAttribute('aria-expanded', 'true')
  await expect(app.table('sessions')).toBeVisible()
  await app.expand('web')
  await expect(app.table('page_views')).toBeVisible()

  await app.expand('staging')
  await expect(app.tree.getByText('Empty')).toBeVisible()
})

test('selecting a table shows its schema and row count', async ({ workDir, openApp }) => {
  const root = join(workDir, 'catalog')
  await buildNestedCatalog(root, { namespaces: { analytics: { tables: { events: 42 } } } })
  const app = await openApp(['--dir', root])

  await app.expand('analytics')
  await app.table('events').click()
  await expect(app.table('events')).toHaveAttribute('aria-selected', 'true')

  await expect(app.page.getByRole('heading', { name: 'events' })).toBeVisible()
  await expect(app.page.getByLabel('Row count')).toHaveText('42')
  await expect(app.page.getByLabel('Identifier')).toHaveText('analytics$events')
  await expect(app.page.getByLabel('Location')).toContainText(root)
  const id = await app.schemaRow('id')
  await expect(id).toContainText('int64')
  await expect(id.getByRole('cell').nth(2)).toHaveText('no')
  await expect((await app.schemaRow('name')).getByRole('cell').nth(2)).toHaveText('yes')
  const vector = await app.schemaRow('vector')
  await expect(vector).toContainText('float32')
  await expect(vector.getByRole('cell').nth(3)).toHaveText('8')
  // Struct members are listed under their parent.
  await expect(await app.schemaRow('source')).toContainText('utf8')
  await expect(await app.schemaRow('rank')).toContainText('int32')
})

test('pages past the first page as the list scrolls into view', async ({ workDir, openApp }) => {
  const root = join(workDir, 'catalog')
  await buildNestedCatalog(root, { namespaces: { big: {} } })
  const names = await createChildTables(root, ['big'], 23)
  const app = await openApp(['--dir', root])

  await app.setPageSize(10)
  await app.expand('big')
  // Three pages of 10: the whole list fits on screen, so every page loads without clicks.
  await expect(app.tables()).toHaveCount(23)
  for (const name of names) await expect(app.table(name)).toHaveCount(1)
  await expect(app.table(names[22] ?? '')).toHaveAttribute('aria-setsize', '23')
})

test('opens a V1 catalog of name.lance folders unchanged', async ({ workDir, openApp }) => {
  const root = join(workDir, 'v1')
  await buildV1Catalog(root, { legacy_a: 2, legacy_b: 5 })
  const app = await openApp(['--dir', root])

  await expect(app.table('legacy_a')).toBeVisible()
  await app.table('legacy_b').click()
  await expect(app.page.getByLabel('Row count')).toHaveText('5')
})

test('a root that is a file shows a clear error', async ({ workDir, openApp }) => {
  const file = join(workDir, 'not-a-folder.txt')
  await writeFile(file, 'hello')
  const app = await openApp(['--dir', file])

  const alert = app.page.getByRole('alert')
  await expect(alert).toContainText('is a file, not a folder')
  await expect(alert).toContainText(file)
})

test('with no flags a default local catalog opens', async ({ openApp }) => {
  const app = await openApp()
  await expect(app.page.getByRole('button', { name: /Local catalog/ })).toHaveAttribute('aria-current', 'true')
  // The example catalog starts expanded, so its one table is in view at first run.
  await expect(app.namespace('examples')).toHaveAttribute('aria-expanded', 'true')
  await app.table('cities').click()
  await expect(app.page.getByLabel('Row count')).toHaveText('4')
  await expect((await app.schemaRow('location')).getByRole('cell').nth(3)).toHaveText('2')
  await expect(app.page.getByRole('alert')).toHaveCount(0)
})
