/**
 * Browser mode's transport as the page uses it: browsing sends every call over the page's
 * one call socket (no HTTP request per call), a small import's bytes go on it too, and an
 * import over the socket's 1 MiB limit goes as an HTTP request instead; LanceDB reads
 * back what both wrote.
 */
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { connectNamespace } from '@lancedb/lancedb'
import { buildNestedCatalog } from '../test-kit/lancedb-catalog'
import { electronBinary } from './fixtures/launch'
import { expect, test } from './fixtures/test'
import { TablesPage } from './pages/tables-page'
import { pageCalls } from '../test-kit/page-calls'

test.skip(electronBinary() !== undefined, 'The desktop app calls main over IPC; the socket exists only in browser mode.')

test('calls go over the page socket; an import too big for it goes over HTTP', async ({ workDir, openApp }) => {
  const root = join(workDir, 'catalog')
  await buildNestedCatalog(root, { tables: { first_table: 30 } })
  const csv = (rows: number): string => ['id,name,score', ...Array.from({ length: rows }, (_, i) => `${i},name ${i},${i / 4}`)].join('\n')
  await writeFile(join(workDir, 'small.csv'), csv(10))
  // About 2.6 MB of Arrow once parsed: over the socket's limit.
  await writeFile(join(workDir, 'large.csv'), csv(100_000))
  const app = await openApp(['--dir', root])
  const tables = new TablesPage(app.page)
  const calls = pageCalls(app.page)

  await app.table('first_table').click()
  await expect(tables.grid).toHaveAttribute('aria-rowcount', '31')
  expect(calls.channels()).toContain('tables:readRows')
  expect(calls.httpChannels()).toEqual([])

  const importFile = async (name: string, file: string, rows: string): Promise<void> => {
    const dialog = await tables.openCreateDialog()
    await dialog.getByLabel('Table name').fill(name)
    await dialog.getByLabel('Import a file').check()
    await dialog.getByLabel('File to import').setInputFiles(join(workDir, file))
    await expect(tables.fieldTypes()).toHaveCount(3)
    await tables.createButton().click()
    await expect(dialog).toHaveCount(0)
    await expect(app.page.getByLabel('Row count')).toHaveText(rows)
  }
  await importFile('small_import', 'small.csv', '10')
  expect(calls.channels()).toContain('tables:create')
  expect(calls.httpChannels()).toEqual([])
  await importFile('large_import', 'large.csv', '100,000')
  expect(calls.httpChannels()).toEqual(['tables:create'])

  const db = await connectNamespace('dir', { root })
  try {
    expect(await db.tableNames([])).toEqual(['first_table', 'large_import', 'small_import'])
    for (const [name, rows] of [
      ['small_import', 10],
      ['large_import', 100_000]
    ] as const) {
      const table = await db.openTable(name, [])
      expect(await table.countRows()).toBe(rows)
      table.close()
    }
  } finally {
    db.close()
  }
})
