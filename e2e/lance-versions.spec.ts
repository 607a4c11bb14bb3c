/**
 * Versions of a LanceDB-made table (4 versions: 300, 300, 300, 500 rows), over a directory
 * catalog and over REST against the reference server (with its data routes, and
 * metadata-only, where older versions are read at the table's location): the Versions tab lists them with
 * their row counts, version 1 opens read-only with its own rows (banner "Version 1 of 4",
 * writes off), Escape and Cancel on the restore confirmation change nothing, and a restore
 * makes version 5 with the restored version's rows, checked through LanceDB's SDK. Tags
 * are created and deleted, and LanceDB sees them.
 */
import { join } from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { connect } from '@lancedb/lancedb'
import { startCatalogServer } from '../server/server'
import { expect, test } from './fixtures/test'
import type { CatalogPage } from './pages/catalog-page'
import { makeLanceNativeTable, NATIVE_TABLE } from '../test-kit/lance-native-table'

async function makeCatalog(workDir: string): Promise<string> {
  const root = join(workDir, 'catalog')
  const db = await connect(root)
  ;(await makeLanceNativeTable(db)).close()
  db.close()
  return root
}

/** What LanceDB itself sees: the latest version number and the ids at a version (the latest when absent). */
async function lanceView(root: string, version?: number): Promise<{ version: number; ids: number[] }> {
  const db = await connect(root)
  const table = await db.openTable(NATIVE_TABLE)
  try {
    const latest = await table.version()
    if (version !== undefined) await table.checkout(version)
    const rows = await table.query().select(['id']).toArray()
    return { version: latest, ids: rows.map((row: { id: number }) => Number(row.id)).sort((a, b) => a - b) }
  } finally {
    table.close()
    db.close()
  }
}

async function lanceTags(root: string): Promise<Record<string, number>> {
  const db = await connect(root)
  const table = await db.openTable(NATIVE_TABLE)
  try {
    const tags = await (await table.tags()).list()
    return Object.fromEntries(Object.entries(tags).map(([name, contents]) => [name, contents.version]))
  } finally {
    table.close()
    db.close()
  }
}

async function versionsScenario(app: CatalogPage, root: string): Promise<void> {
  const page = app.page
  await app.table(NATIVE_TABLE).click()
  await expect(page.getByLabel('Row count')).toHaveText('500')
  await page.getByRole('tab', { name: 'Versions' }).click()
  const versions = page.getByRole('table', { name: 'Versions' })
  const rowsColumn = versions.locator('tbody tr td:nth-child(4)')
  // Newest first: one row per version with its own row count.
  await expect(versions.locator('tbody tr')).toHaveCount(4)
  await expect(versions.locator('tbody tr td:nth-child(1)')).toHaveText(['4 (latest)', '3', '2', '1'])
  await expect(rowsColumn).toHaveText(['500', '300', '300', '300'])

  // Version 1 opens read-only in the details and the grid, announced by the banner.
  await versions.getByRole('button', { name: 'Open version 1 read-only' }).click()
  const banner = page.getByRole('status', { name: 'Version 1 of 4 (read-only)' })
  await expect(banner).toBeVisible()
  await expect(page.getByRole('status', { name: 'Matching rows' })).toHaveText('300 rows')
  await expect(page.getByRole('grid', { name: `Rows of ${NATIVE_TABLE}` })).toHaveAttribute('aria-rowcount', '301')
  const toolbar = page.getByRole('toolbar', { name: 'Table actions' })
  await expect(toolbar.getByRole('button', { name: 'Drop table' })).toBeDisabled()
  await expect(toolbar.getByRole('button', { name: 'Rename table' })).toBeDisabled()
  await expect(versions.getByRole('button', { name: 'Restore version 2…' })).toBeDisabled()
  await app.table(NATIVE_TABLE).click({ button: 'right' })
  const menu = page.getByRole('menu', { name: `Actions for ${NATIVE_TABLE}` })
  await expect(menu.getByRole('menuitem', { name: /^Drop table…/ })).toHaveAttribute('aria-disabled', 'true')
  await expect(menu.getByRole('menuitem', { name: /^Rename table…/ })).toContainText('Version 1 is open read-only')
  await page.keyboard.press('Escape')
  await expect(menu).toHaveCount(0)
  await page.getByRole('tab', { name: 'Overview' }).click()
  await expect(page.getByLabel('Row count')).toHaveText('300')
  await expect(page.getByLabel('Version', { exact: true })).toHaveText('1')
  const statusBar = page.getByRole('contentinfo', { name: 'Status bar' })
  await expect(statusBar).toContainText(`${NATIVE_TABLE} (version 1): 300 rows`)

  // Back to the latest: 500 rows, writes offered again.
  await banner.getByRole('button', { name: 'Back to latest' }).click()
  await expect(banner).toHaveCount(0)
  await expect(page.getByLabel('Row count')).toHaveText('500')
  await expect(page.getByRole('status', { name: 'Matching rows' })).toHaveText('500 rows')
  await expect(statusBar).toContainText(`${NATIVE_TABLE}: 500 rows`)
  await expect(toolbar.getByRole('button', { name: 'Drop table' })).toBeEnabled()

  // The confirmation names the table and both versions; Escape and Cancel change nothing.
  await page.getByRole('tab', { name: 'Versions' }).click()
  const dialog = page.getByRole('dialog', { name: 'Restore version' })
  const restore = versions.getByRole('button', { name: 'Restore version 2…' })
  await restore.click()
  await expect(dialog).toContainText(`Restore ${NATIVE_TABLE} to version 2? This makes version 5 with the rows of version 2.`)
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
  await restore.click()
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(versions.locator('tbody tr')).toHaveCount(4)
  expect((await lanceView(root)).version).toBe(4)

  // Restore: version 5 holds version 2's rows, for the app and for LanceDB.
  await restore.click()
  await dialog.getByRole('button', { name: 'Restore', exact: true }).click()
  await expect(dialog).toHaveCount(0)
  await expect(page.getByText(`Restored ${NATIVE_TABLE} to version 2 as version 5`)).toBeVisible()
  await expect(versions.locator('tbody tr')).toHaveCount(5)
  await expect(versions.locator('tbody tr td:nth-child(1)').first()).toHaveText('5 (latest)')
  await expect(rowsColumn).toHaveText(['300', '500', '300', '300', '300'])
  const restored = await lanceView(root)
  expect(restored.version).toBe(5)
  expect(restored.ids).toEqual((await lanceView(root, 2)).ids)
  await expect(page.getByRole('status', { name: 'Matching rows' })).toHaveText('300 rows')

  // Version 4, now older than the latest, still has its 500 rows: the grid reads them there.
  await versions.getByRole('button', { name: 'Open version 4 read-only' }).click()
  await expect(page.getByRole('status', { name: 'Version 4 of 5 (read-only)' })).toBeVisible()
  const filter = page.getByLabel('Filter (SQL where clause)')
  await filter.fill('id >= 490')
  await filter.press('Enter')
  await expect(page.getByRole('status', { name: 'Matching rows' })).toHaveText('10 matching rows')
  const grid = page.getByRole('grid', { name: `Rows of ${NATIVE_TABLE}` })
  await expect(grid.getByRole('row').nth(1).getByRole('gridcell').first()).toHaveText('490')

  // The version being viewed restores from its banner; Cancel leaves it open read-only.
  const viewing = page.getByRole('status', { name: 'Version 4 of 5 (read-only)' })
  await viewing.getByRole('button', { name: 'Restore this version…' }).click()
  await expect(dialog).toContainText(`Restore ${NATIVE_TABLE} to version 4? This makes version 6 with the rows of version 4.`)
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(viewing).toBeVisible()
  await viewing.getByRole('button', { name: 'Restore this version…' }).click()
  await dialog.getByRole('button', { name: 'Restore', exact: true }).click()
  await expect(dialog).toHaveCount(0)
  await expect(page.getByText(`Restored ${NATIVE_TABLE} to version 4 as version 6`)).toBeVisible()
  // The restored rows are the latest, shown as the latest (its grid's own filter); nothing is read-only now.
  await expect(viewing).toHaveCount(0)
  await expect(versions.locator('tbody tr td:nth-child(1)').first()).toHaveText('6 (latest)')
  await expect(page.getByRole('status', { name: 'Matching rows' })).toHaveText('500 rows')
  await expect(toolbar.getByRole('button', { name: 'Drop table' })).toBeEnabled()
  expect((await lanceView(root)).ids).toEqual((await lanceView(root, 4)).ids)

  // Tags: create one on version 1 (LanceDB sees it), then delete it.
  const tags = page.getByRole('region', { name: 'Tags' })
  await tags.getByLabel('Tag name').fill('baseline')
  await tags.getByLabel('Version').selectOption('1')
  await tags.getByRole('button', { name: 'Create tag' }).click()
  await expect(tags.getByRole('listitem')).toHaveText(['baselineversion 1Delete'])
  // The Tags cell of version 1's row (the last), found by its column's heading.
  const tagsColumn = (await versions.locator('thead th').allTextContents()).indexOf('Tags')
  expect(tagsColumn).toBeGreaterThan(0)
  await expect(versions.locator('tbody tr').last().locator('td').nth(tagsColumn)).toHaveText('baseline')
  expect(await lanceTags(root)).toEqual({ baseline: 1 })
  await tags.getByRole('button', { name: 'Delete tag baseline' }).click()
  await expect(tags.getByRole('listitem')).toHaveCount(0)
  expect(await lanceTags(root)).toEqual({})
}

test('versions of a directory catalog table: list, open read-only, restore, tags', async ({ workDir, openApp }) => {
  const root = await makeCatalog(workDir)
  const app = await openApp(['--dir', root])
  await versionsScenario(app, root)
})

test('versions of a REST catalog table: list, open read-only, restore, tags', async ({ workDir, openApp }) => {
  const root = await makeCatalog(workDir)
  const server = await startCatalogServer({ root })
  try {
    const app = await openApp(['--rest', server.url])
    await versionsScenario(app, root)
  } finally {
    await server.close()
  }
})

test('versions of a metadata-only REST catalog table: older versions read at the table location', async ({ workDir, openApp }) => {
  const root = await makeCatalog(workDir)
  const server = await startCatalogServer({ root, dataRoutes: false })
  try {
    const app = await openApp(['--rest', server.url])
    await versionsScenario(app, root)
  } finally {
    await server.close()
  }
})

test('the Versions view, the banner and the restore dialog work from the keyboard and pass axe in both themes', async ({ workDir, openApp }) => {
  const root = await makeCatalog(workDir)
  const app = await openApp(['--dir', root])
  const page = app.page
  await app.table(NATIVE_TABLE).click()
  const tab = page.getByRole('tab', { name: 'Versions' })
  await tab.focus()
  await page.keyboard.press('Enter')
  const versions = page.getByRole('table', { name: 'Versions' })
  await expect(versions.locator('tbody tr')).toHaveCount(4)
  // Keyboard only: open version 1, then ask for a restore and leave with Escape.
  await versions.getByRole('button', { name: 'Open version 1 read-only' }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('status', { name: 'Version 1 of 4 (read-only)' })).toBeVisible()
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme })
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
    const results = await new AxeBuilder({ page }).include('section[aria-labelledby="table-title"]').analyze()
    const serious = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
    expect(serious, theme).toEqual([])
  }
  await page.getByRole('button', { name: 'Back to latest' }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('status', { name: /^Version \d/ })).toHaveCount(0)
  const restore = versions.getByRole('button', { name: 'Restore version 3…' })
  await restore.focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Restore version' })
  await expect(dialog).toContainText(`Restore ${NATIVE_TABLE} to version 3? This makes version 5 with the rows of version 3.`)
  const results = await new AxeBuilder({ page }).include('dialog').analyze()
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([])
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
  await expect(restore).toBeFocused()
  expect((await lanceView(root)).version).toBe(4)
})
