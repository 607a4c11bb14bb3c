/**
 * Names as a catalog lists them, on a metadata-only catalog as strict as the spec allows:
 * paths decoded per RFC 3986 (the reference server), 406 "unsupported operation" on every
 * data route, and describes that answer only `location` and `storage_options`. Every
 * namespace and table lists, shows its schema and version (read at the location),
 * previews its rows, and a namespace named so accepts a create.
 */
import { join } from 'node:path'
import { connectNamespace } from '@lancedb/lancedb'
import { buildNestedCatalog } from '../test-kit/lancedb-catalog'
import { startStrictMetadataCatalog } from '../test-kit/strict-metadata-catalog'
import { expect, test } from './fixtures/test'
import { TablesPage } from './pages/tables-page'

const NAMES = ['Q3 sales', 'a+b', '100%', 'café crème']

test('lists, describes, previews and creates under names with spaces, "+", "%" and accents on a strict metadata-only catalog', async ({ workDir, openApp }) => {
  const root = join(workDir, 'remote')
  // The first namespace holds a table of every name; each other one a table of its own name.
  const tablesOf = (namespace: string): Record<string, number> =>
    namespace === NAMES[0] ? Object.fromEntries(NAMES.map((name, i) => [name, i + 2])) : { [namespace]: 3 }
  await buildNestedCatalog(root, { namespaces: Object.fromEntries(NAMES.map((namespace) => [namespace, { tables: tablesOf(namespace) }])) })
  const catalog = await startStrictMetadataCatalog(root)
  try {
    const app = await openApp(['--rest', catalog.url])
    const tables = new TablesPage(app.page)
    for (const namespace of NAMES) {
      await app.expand(namespace)
      for (const [name, rows] of Object.entries(tablesOf(namespace))) {
        await app.table(name).click()
        await expect(app.page.getByLabel('Identifier')).toHaveText(`${namespace}$${name}`)
        await expect(app.page.getByLabel('Row count')).toHaveText(String(rows))
        await expect(app.page.getByLabel('Version', { exact: true })).toHaveText('1')
        await expect(await app.schemaRow('id')).toContainText('int64')
        await expect(tables.grid).toHaveAttribute('aria-rowcount', String(rows + 1))
        await expect(tables.gridRow(2).getByRole('gridcell').nth(1)).toHaveText('row 1')
      }
      await app.expand(namespace)
    }
    await expect(app.page.getByRole('alert')).toHaveCount(0)

    const dialog = await tables.openCreateDialog()
    await dialog.getByLabel('Namespace', { exact: true }).fill('a+b')
    await dialog.getByLabel('Table name').fill('returns')
    await tables.pasteRows('id,reason\n1,damaged\n2,late\n')
    await tables.createButton().click()
    await expect(dialog).toHaveCount(0)
    await expect(app.table('returns')).toHaveAttribute('aria-selected', 'true')
    await expect(app.page.getByLabel('Row count')).toHaveText('2')
    await expect(await app.schemaRow('reason')).toBeVisible()

    const db = await connectNamespace('dir', { root })
    try {
      expect(await (await db.openTable('returns', ['a+b'])).countRows()).toBe(2)
    } finally {
      db.close()
    }
    // The data routes were asked and answered 406; the app read at the locations instead.
    expect(catalog.log.some((line) => line.endsWith(' -> 406'))).toBe(true)
  } finally {
    await catalog.close()
  }
})
