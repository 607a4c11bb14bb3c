/**
 * Indexes and stats of a LanceDB-made table (`articles`: 500 rows in 2 fragments, an
 * IVF_PQ index and an FTS index over the first 300), over a directory catalog and over
 * REST against the reference server (with its index routes, and metadata-only: at the
 * table's location through LanceDB): the Indexes view lists both indexes with their
 * coverage; an index created from the dialog, then dropped after its confirmation, is
 * seen (and then missed) by LanceDB's SDK; Optimize brings unindexed rows to 0; the
 * Overview shows rows, fragments, size, average row size and null counts, and the status
 * bar the size. Escape and Cancel close each dialog without changing anything.
 */
import { join } from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { connect } from '@lancedb/lancedb'
import { startCatalogServer, type RunningCatalogServer } from '../server/server'
import { makeLanceNativeTable, NATIVE_TABLE, NATIVE_TEXT_INDEX, NATIVE_VECTOR_INDEX } from '../test-kit/lance-native-table'
import { expect, test } from './fixtures/test'
import { IndexesPage } from './pages/indexes-page'
import type { CatalogPage } from './pages/catalog-page'

/** The catalog: `articles`, plus `holes`, whose `label` column holds 2 nulls. */
async function makeCatalog(root: string): Promise<void> {
  const db = await connect(root)
  ;(await makeLanceNativeTable(db)).close()
  const holes = await db.createTable('holes', [
    { id: 1, label: 'a' },
    { id: 2, label: null },
    { id: 3, label: null }
  ])
  holes.close()
  db.close()
}

/** The index names LanceDB's SDK sees on `articles`. */
async function sdkIndexes(root: string): Promise<string[]> {
  const db = await connect(root)
  const table = await db.openTable(NATIVE_TABLE)
  try {
    return (await table.listIndices()).map((index) => index.name).sort()
  } finally {
    table.close()
    db.close()
  }
}

/** Fails on any serious or critical axe-core violation on the page as it is now. */
async function expectAccessible(page: Page, what: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze()
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help}`)
  expect(serious, what).toEqual([])
}

/** Drops an index of `articles` with LanceDB's SDK, behind the app's back. */
async function sdkDrop(root: string, name: string): Promise<void> {
  const db = await connect(root)
  const table = await db.openTable(NATIVE_TABLE)
  await table.dropIndex(name)
  table.close()
  db.close()
}

type Kind = 'directory' | 'REST' | 'metadata-only REST'

async function openCatalog(
  kind: Kind,
  root: string,
  openApp: (flags?: readonly string[]) => Promise<CatalogPage>,
  log: string[] = []
): Promise<{ app: CatalogPage; server: RunningCatalogServer | null }> {
  if (kind === 'directory') return { app: await openApp(['--dir', root]), server: null }
  // A metadata-only catalog has no index or stats routes: the app works at the table's location.
  const server = await startCatalogServer({ root, log: (line) => log.push(line), dataRoutes: kind === 'REST' })
  return { app: await openApp(['--rest', server.url]), server }
}

for (const kind of ['directory', 'REST', 'metadata-only REST'] as const) {
  test(`indexes and stats of a LanceDB table over ${kind}`, async ({ workDir, openApp }) => {
    const root = join(workDir, 'catalog')
    await makeCatalog(root)
    const { app, server } = await openCatalog(kind, root, openApp)
    try {
      const { page } = app
      const indexes = new IndexesPage(page)

      // Stats: the Overview and the status bar.
      await app.table('holes').click()
      await page.getByRole('button', { name: 'Count nulls' }).click()
      await expect(indexes.nulls('label')).toHaveText('2')
      await expect(indexes.nulls('id')).toHaveText('0')
      if (kind === 'directory') await expectAccessible(page, 'the Overview with null counts')

      await app.table(NATIVE_TABLE).click()
      await expect(page.getByLabel('Row count')).toHaveText('500')
      await expect(page.getByLabel('Fragments')).toHaveText('2')
      await expect(page.getByLabel('Data size', { exact: true })).toHaveText(/^\d+\.\d KiB$/)
      await expect(page.getByLabel('Average row size')).toHaveText(/^\d+ bytes$/)
      await expect(page.getByRole('contentinfo', { name: 'Status bar' })).toContainText(/articles: 500 rows · \d+\.\d KiB/)

      // The two indexes LanceDB made, each over the first 300 rows.
      await indexes.open()
      await expect(indexes.cells(NATIVE_VECTOR_INDEX)).toHaveText(['IVF_PQ (l2)', 'vector', '300', '200', 'Drop'])
      await expect(indexes.cells(NATIVE_TEXT_INDEX)).toHaveText(['FTS', 'text', '300', '200', 'Drop'])
      if (kind === 'directory') await expectAccessible(page, 'the Indexes view')

      // The create dialog: Escape and Cancel leave the table alone; the vector column is offered vector types.
      await indexes.createButton.click()
      await expect(indexes.createDialog.getByLabel('Column')).toHaveValue('vector')
      await expect(indexes.createDialog.getByLabel('Index type').locator('option')).toHaveText(['IVF_PQ (default)', 'IVF_HNSW_SQ', 'IVF_HNSW_PQ', 'IVF_FLAT'])
      await expect(indexes.createDialog.getByLabel('Partitions')).toHaveValue('22')
      if (kind === 'directory') await expectAccessible(page, 'the create-index dialog')
      await page.keyboard.press('Escape')
      await expect(indexes.createDialog).toBeHidden()
      await indexes.createButton.click()
      await indexes.createDialog.getByRole('button', { name: 'Cancel' }).click()
      await expect(indexes.createDialog).toBeHidden()
      // A name the rule refuses is said under the field; Escape still closes.
      await indexes.createButton.click()
      await indexes.createDialog.getByLabel('Index name').fill('a b')
      await indexes.createDialog.getByRole('button', { name: 'Create index' }).click()
      await expect(indexes.createDialog.getByText('An index name is 1 to 200 letters')).toBeVisible()
      await page.keyboard.press('Escape')
      await expect(indexes.createDialog).toBeHidden()
      // A name already taken: the catalog's refusal shows in the dialog; Cancel still closes.
      await indexes.createButton.click()
      await indexes.createDialog.getByLabel('Column').selectOption('id')
      await indexes.createDialog.getByLabel('Index name').fill(NATIVE_TEXT_INDEX)
      await indexes.createDialog.getByRole('button', { name: 'Create index' }).click()
      await expect(indexes.createDialog.getByRole('alert')).toContainText(`An index named "${NATIVE_TEXT_INDEX}" already exists`)
      await indexes.createDialog.getByRole('button', { name: 'Cancel' }).click()
      await expect(indexes.createDialog).toBeHidden()
      expect(await sdkIndexes(root)).toEqual([NATIVE_TEXT_INDEX, NATIVE_VECTOR_INDEX])

      // A BTREE index on `id`, created from the dialog, listed and seen by LanceDB.
      await indexes.createButton.click()
      await indexes.createDialog.getByLabel('Column').selectOption('id')
      await expect(indexes.createDialog.getByLabel('Index type')).toHaveValue('BTREE')
      await expect(indexes.createDialog.getByLabel('Index type').locator('option')).toHaveText(['BTREE (default)', 'BITMAP'])
      await indexes.createDialog.getByRole('button', { name: 'Create index' }).click()
      await expect(indexes.createDialog).toBeHidden()
      await expect(page.getByText('Created index id_idx on articles')).toBeVisible()
      await expect(indexes.cells('id_idx')).toHaveText(['BTREE', 'id', '500', '0', 'Drop'])
      expect(await sdkIndexes(root)).toEqual(['id_idx', NATIVE_TEXT_INDEX, NATIVE_VECTOR_INDEX])

      // Dropping asks first, naming the index and the table; Escape and Cancel keep it.
      const dropButton = indexes.row('id_idx').getByRole('button', { name: 'Drop index id_idx' })
      await dropButton.click()
      await expect(indexes.dropDialog()).toContainText('Drop the index id_idx of table articles?')
      await page.keyboard.press('Escape')
      await expect(indexes.dropDialog()).toBeHidden()
      await dropButton.click()
      await indexes.dropDialog().getByRole('button', { name: 'Cancel' }).click()
      await expect(indexes.dropDialog()).toBeHidden()
      expect(await sdkIndexes(root)).toContain('id_idx')
      await dropButton.click()
      await indexes.dropDialog().getByRole('button', { name: 'Drop index' }).click()
      await expect(indexes.dropDialog()).toBeHidden()
      await expect(indexes.row('id_idx')).toHaveCount(0)
      expect(await sdkIndexes(root)).toEqual([NATIVE_TEXT_INDEX, NATIVE_VECTOR_INDEX])

      // An index dropped behind the app's back: the confirmation shows the refusal, Escape closes, the row goes.
      await indexes.createButton.click()
      await indexes.createDialog.getByLabel('Column').selectOption('category')
      await indexes.createDialog.getByLabel('Index type').selectOption('BITMAP')
      await indexes.createDialog.getByRole('button', { name: 'Create index' }).click()
      await expect(indexes.cells('category_idx')).toHaveText(['BITMAP', 'category', '500', '0', 'Drop'])
      await sdkDrop(root, 'category_idx')
      await indexes.row('category_idx').getByRole('button', { name: 'Drop index category_idx' }).click()
      await indexes.dropDialog().getByRole('button', { name: 'Drop index' }).click()
      await expect(indexes.dropDialog().getByRole('alert')).toContainText('no index named "category_idx"')
      await page.keyboard.press('Escape')
      await expect(indexes.dropDialog()).toBeHidden()
      await expect(indexes.row('category_idx')).toHaveCount(0)

      // Optimize asks first, then indexes the 200 new rows.
      await indexes.optimizeButton.click()
      await expect(indexes.optimizeDialog()).toContainText('The 200 rows not yet indexed are added to the indexes')
      await page.keyboard.press('Escape')
      await expect(indexes.optimizeDialog()).toBeHidden()
      await indexes.optimizeButton.click()
      await indexes.optimizeDialog().getByRole('button', { name: 'Cancel' }).click()
      await expect(indexes.optimizeDialog()).toBeHidden()
      await expect(indexes.cells(NATIVE_VECTOR_INDEX).nth(3)).toHaveText('200')
      await indexes.optimizeButton.click()
      await indexes.optimizeDialog().getByRole('button', { name: 'Optimize' }).click()
      await expect(indexes.optimizeDialog()).toBeHidden()
      await expect(indexes.cells(NATIVE_VECTOR_INDEX)).toHaveText(['IVF_PQ (l2)', 'vector', '500', '0', 'Drop'])
      await expect(indexes.cells(NATIVE_TEXT_INDEX)).toHaveText(['FTS', 'text', '500', '0', 'Drop'])
    } finally {
      await server?.close()
    }
  })
}

for (const kind of ['directory', 'REST'] as const) {
  test(`Cancel and Escape stop a running index build over ${kind}`, async ({ workDir, openApp }) => {
    // A vector index with 64 partitions on these rows takes seconds to build: long enough to leave mid-way.
    const root = join(workDir, 'catalog')
    const db = await connect(root)
    const rows = Array.from({ length: 6000 }, (_, i) => ({ id: i, vector: Array.from({ length: 64 }, (_, k) => Math.sin(i * 0.013 + k * 0.7)) }))
    ;(await db.createTable('big', rows)).close()
    db.close()
    const log: string[] = []
    const { app, server } = await openCatalog(kind, root, openApp, log)
    try {
      const { page } = app
      const indexes = new IndexesPage(page)
      await app.table('big').click()
      await indexes.open()
      const leaves = ['Cancel build', 'Escape'] as const
      for (const [round, leave] of leaves.entries()) {
        await indexes.createButton.click()
        await expect(indexes.createDialog.getByLabel('Index type')).toHaveValue('IVF_PQ')
        await indexes.createDialog.getByLabel('Partitions').fill('64')
        await indexes.createDialog.getByLabel('Sub-vectors').fill('16')
        await indexes.createDialog.getByRole('button', { name: 'Create index' }).click()
        await expect(indexes.createDialog.getByRole('status')).toContainText('Building index vector_idx on big')
        if (leave === 'Escape') await page.keyboard.press('Escape')
        else await indexes.createDialog.getByRole('button', { name: 'Cancel build' }).click()
        await expect(indexes.createDialog).toBeHidden()
        // Each round's toast is seen, then left to go by itself (after 6 s), so the next round
        // cannot count an earlier one, nor miss its own behind one a slow round outlasted.
        const stopped = page.getByRole('region', { name: 'Notifications' }).getByText('Stopped building index vector_idx; big is unchanged.')
        await expect(stopped).toHaveCount(1)
        await expect(stopped).toHaveCount(0, { timeout: 20_000 })
        // Over REST the server ends the request once LanceDB has stopped the build.
        if (server) await expect.poll(() => log.filter((line) => line.includes('/create_index')).length, { timeout: 60_000 }).toBe(round + 1)
        const check = await connect(root)
        const big = await check.openTable('big')
        expect(await big.listIndices(), leave).toEqual([])
        big.close()
        check.close()
      }
      await expect(page.getByText('No indexes')).toBeVisible()
    } finally {
      await server?.close()
    }
  })
}
