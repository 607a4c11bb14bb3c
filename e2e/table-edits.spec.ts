/**
 * Editing rows of a LanceDB table in the grid: cells edited in place, a row added and one
 * deleted, Review, Commit and Undo, all with the keyboard; Escape cancels one cell's edit
 * only; a value out of range is marked with its message and blocks Commit; staged edits
 * follow their rows through a filter; a REST catalog that can write rows neither through
 * its routes nor at the table's location has editing off, with the reason, from the start.
 * LanceDB's SDK checks that each commit wrote exactly one version holding the values.
 */
import { join } from 'node:path'
import { connect } from '@lancedb/lancedb'
import { startCatalogServer } from '../server/server'
import { expect, test } from './fixtures/test'
import { EditsPage } from './pages/edits-page'
import type { CatalogPage } from './pages/catalog-page'
import type { Page } from '@playwright/test'
import { EDIT_TABLE, makeEditTable, readItems } from '../test-kit/edit-table'
import { buildNestedCatalog } from '../test-kit/lancedb-catalog'
import { startTestS3 } from '../test-kit/s3-server'

const ROWS = 40

test.use({ viewport: { width: 1280, height: 800 } })

test('edits, reviews, commits and undoes with the keyboard only, one version each way', async ({ workDir, openApp }, testInfo) => {
  const root = join(workDir, 'catalog')
  await makeEditTable(root, ROWS, true)
  const app = await openApp(['--dir', root])
  const { page, edits } = await openItems(app)
  // The table's primary key is the key: no picker, Add row on.
  await expect(page.getByLabel('Key column')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Add row' })).toBeEnabled()

  // Row 2 (id 10): Enter edits the name; the typed value replaces the selected text.
  await edits.grid.focus()
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('Enter')
  await expect(edits.editor('name')).toHaveValue('item 1')
  await page.keyboard.type('Renamed ünï')
  await page.keyboard.press('Enter')
  await expect(edits.editor('name')).toHaveCount(0)
  await expect(edits.cell(2, 1)).toHaveText('Renamed ünï')
  await expect(edits.cell(2, 1)).toHaveAttribute('aria-description', 'Changed (was item 1)')
  // Typing a digit starts editing with it.
  await page.keyboard.press('ArrowRight')
  await page.keyboard.type('77')
  await expect(edits.editor('qty')).toHaveValue('77')
  await page.keyboard.press('Enter')
  await expect(edits.cell(2, 2)).toHaveText('77')

  // Escape cancels that cell only: row 3's name stays, row 2's edits stay.
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowLeft')
  await page.keyboard.press('F2')
  await page.keyboard.type(' gone')
  await expect(edits.editor('name')).toHaveValue('item 2 gone')
  await page.keyboard.press('Escape')
  await expect(edits.editor('name')).toHaveCount(0)
  await expect(edits.cell(3, 1)).toHaveText('item 2')
  await expect(edits.cell(3, 1)).not.toHaveAttribute('aria-description', /.*/)
  await expect(edits.cell(2, 1)).toHaveText('Renamed ünï')
  await expect(edits.grid).toBeFocused()

  // Delete marks row 4 (id 30) deleted.
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Delete')
  await expect(edits.row(4).getByRole('rowheader')).toContainText('−')
  await expect(edits.counts).toContainText('1 changed')
  await expect(edits.counts).toContainText('1 deleted')

  // Alt+Insert adds a row and moves to it, where it is filled in.
  await page.keyboard.press('Alt+Insert')
  await expect(edits.newRows.getByRole('row')).toHaveCount(1)
  await expect(edits.newRows).toBeFocused()
  await page.keyboard.type('1000')
  await page.keyboard.press('Tab')
  await page.keyboard.type('new one')
  await page.keyboard.press('Tab')
  await page.keyboard.type('5')
  await page.keyboard.press('Enter')
  await expect(edits.newRows.getByRole('gridcell')).toHaveText(['1000', 'new one', '5'])
  await expect(edits.counts).toContainText('1 added')

  await page.screenshot({ path: testInfo.outputPath('pending-edits.png') })

  // Review: the plan in Lance's terms and the SDK code; Escape closes it with the edits kept.
  expect(await edits.tabTo(edits.barButton('Review'), 10, true)).toBe(true)
  await page.keyboard.press('Enter')
  await expect(edits.review).toBeVisible()
  await expect(edits.review.getByLabel('Plan')).toHaveText('merge insert on `id`: 1 update, 1 insert, 1 delete, from version 1 to 2')
  await expect(edits.review.getByLabel('TypeScript code')).toContainText('.whenNotMatchedBySourceDelete({ where: "`id` IN (30)" })')
  await edits.review.getByRole('button', { name: 'Python' }).press('Enter')
  await expect(edits.review.getByLabel('Python code')).toContainText('.merge_insert("id")')
  await edits.review.getByRole('button', { name: 'TypeScript' }).press('Enter')
  await page.screenshot({ path: testInfo.outputPath('review-dialog.png') })
  await page.keyboard.press('Escape')
  await expect(edits.review).toHaveCount(0)
  await expect(edits.counts).toContainText('1 changed')

  // Ctrl+S commits: one version, with every value as typed.
  await page.keyboard.press('Control+s')
  const toast = edits.toasts.getByText(/^Committed 1 updated, 1 added, 1 deleted to items as version 2/)
  await expect(toast).toBeVisible()
  await expect(edits.bar).toHaveCount(0)
  await expect(edits.newRows).toHaveCount(0)
  const after = await readItems(root)
  expect(after.version).toBe(2)
  expect(after.rows.size).toBe(ROWS)
  expect(after.rows.get('10')).toEqual({ name: 'Renamed ünï', qty: 77 })
  expect(after.rows.get('30')).toBeUndefined()
  expect(after.rows.get('1000')).toEqual({ name: 'new one', qty: 5 })
  expect(after.rows.get('20')).toEqual({ name: 'item 2', qty: 2 })
  // The grid reads the new version: no cell is marked changed any more.
  await expect(edits.grid.locator('[role="gridcell"][aria-description]')).toHaveCount(0)
  await expect(edits.cell(2, 0)).toHaveText('20')

  // Undo, reached with Tab: a restore of version 1 as version 3.
  const undo = edits.toasts.getByRole('button', { name: 'Undo' })
  expect(await edits.tabTo(undo)).toBe(true)
  await page.keyboard.press('Enter')
  await expect(edits.toasts.getByText(/^Restored items to version 1 as version 3/)).toBeVisible()
  const undone = await readItems(root)
  expect(undone.version).toBe(3)
  expect(undone.rows.get('10')).toEqual({ name: 'item 1', qty: 1 })
  expect(undone.rows.get('30')).toEqual({ name: null, qty: 3 })
  expect(undone.rows.has('1000')).toBe(false)
  await expect(edits.cell(2, 1)).toHaveText('item 1')

  // The versions list shows the commit and the restore; an older version opened there is
  // read-only, and editing says so.
  await page.getByRole('tab', { name: 'Versions' }).click()
  const versions = page.getByRole('table', { name: 'Versions' })
  await expect(versions.locator('tbody tr')).toHaveCount(3)
  await versions.getByRole('button', { name: 'Open version 2 read-only' }).click()
  await expect(page.getByRole('status', { name: 'Version 2 of 3 (read-only)' })).toBeVisible()
  const add = page.getByRole('button', { name: 'Add row' })
  await expect(add).toBeDisabled()
  await expect(add).toHaveAccessibleDescription(/older version is open read-only/)
  await expect(edits.cell(1, 0)).toHaveText('0')
  await edits.grid.focus()
  await page.keyboard.press('F2')
  await expect(edits.editor('id')).toHaveCount(0)
})

test('a bad value blocks Commit with its message, and staged edits follow their rows through a filter', async ({ workDir, openApp }, testInfo) => {
  const root = join(workDir, 'catalog')
  await makeEditTable(root, ROWS, false)
  const app = await openApp(['--dir', root])
  const { page, edits } = await openItems(app)

  // No primary key: editing waits for a key column, and says so.
  const add = page.getByRole('button', { name: 'Add row' })
  await expect(add).toBeDisabled()
  await expect(add).toHaveAccessibleDescription(/Pick the key column/)
  await page.getByLabel('Key column').selectOption('id')
  await expect(add).toBeEnabled()

  // A value out of range for int32 is kept, marked with its message, and blocks Commit.
  await edits.grid.focus()
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('End')
  await page.keyboard.press('Enter')
  await page.keyboard.type('3000000000')
  await expect(edits.editor('qty')).toHaveAccessibleDescription(/out of range for int32/)
  await page.keyboard.press('Enter')
  await expect(edits.cell(2, 2)).toHaveText('3000000000')
  await expect(edits.cell(2, 2)).toHaveAttribute('aria-description', /3000000000 is out of range for int32/)
  const commit = edits.barButton('Commit')
  await expect(commit).toBeDisabled()
  await expect(edits.bar).toContainText('1 value needs fixing before Commit: 3000000000 is out of range for int32')
  await page.keyboard.press('Control+s')
  await expect(edits.bar).toBeVisible()
  expect((await readItems(root)).version).toBe(1)
  await page.screenshot({ path: testInfo.outputPath('bad-value.png') })

  // Fixed, the cell keeps its place in the edits; a name edit joins it.
  await page.keyboard.press('Enter')
  await page.keyboard.press('Control+a')
  await page.keyboard.type('12')
  await page.keyboard.press('Enter')
  await expect(commit).toBeEnabled()
  await page.keyboard.press('ArrowLeft')
  await page.keyboard.type('Filtered')
  await page.keyboard.press('Enter')

  // A filter moves row id 10 to the top: its staged cells go with it, and come back after.
  const filter = page.getByLabel('Filter (SQL where clause)')
  await filter.fill('qty >= 1')
  await filter.press('Enter')
  await expect(page.getByRole('status', { name: 'Matching rows' })).toContainText('39')
  await expect(edits.cell(1, 0)).toHaveText('10')
  await expect(edits.cell(1, 1)).toHaveText('Filtered')
  await expect(edits.cell(1, 2)).toHaveText('12')
  await expect(edits.cell(2, 1)).toHaveText('item 2')
  await filter.fill('')
  await filter.press('Enter')
  await expect(edits.cell(2, 1)).toHaveText('Filtered')
  await expect(edits.counts).toContainText('1 changed')

  // Shift+Down selects rows 4 to 6: Delete marks all three, Ctrl+Alt+Z takes that back.
  await edits.grid.focus()
  await page.keyboard.press('Control+Home')
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Shift+ArrowDown')
  await page.keyboard.press('Shift+ArrowDown')
  await page.keyboard.press('Delete')
  await expect(edits.counts).toContainText('3 deleted')
  for (const n of [4, 5, 6]) await expect(edits.row(n).getByRole('rowheader')).toContainText('−')
  await expect(edits.row(7).getByRole('rowheader')).not.toContainText('−')
  await page.keyboard.press('Control+Alt+z')
  await expect(edits.counts).toContainText('0 deleted')
  await expect(edits.cell(2, 1)).toHaveText('Filtered')

  await commit.click()
  await expect(edits.toasts.getByText(/^Committed 1 updated to items as version 2/)).toBeVisible()
  const after = await readItems(root)
  expect(after.version).toBe(2)
  expect(after.rows.get('10')).toEqual({ name: 'Filtered', qty: 12 })
})

test('a commit against rows changed elsewhere lists them, and Keep mine writes over them only', async ({ workDir, openApp }) => {
  const root = join(workDir, 'catalog')
  await makeEditTable(root, ROWS, true)
  const app = await openApp(['--dir', root])
  const { page, edits } = await openItems(app)

  // Two rows edited here (ids 10 and 20) while another writer changes id 10's quantity;
  // Ctrl+S in the second cell's editor keeps its value, then commits.
  await edits.grid.focus()
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('Enter')
  await page.keyboard.type('mine 10')
  await page.keyboard.press('Enter')
  await updateElsewhere(root, 'id = 10', { qty: '500' })
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Enter')
  await page.keyboard.type('mine 20')
  await page.keyboard.press('Control+s')
  const conflict = page.getByRole('dialog', { name: 'Rows changed elsewhere' })
  await expect(conflict.getByRole('list', { name: 'Rows changed elsewhere' })).toHaveText('id = 10: changed elsewhere')
  expect((await readItems(root)).version).toBe(2)
  // Escape keeps every edit staged and writes nothing.
  await page.keyboard.press('Escape')
  await expect(conflict).toHaveCount(0)
  await expect(edits.counts).toContainText('2 changed')

  await page.keyboard.press('Control+s')
  await conflict.getByRole('button', { name: 'Keep mine and commit' }).press('Enter')
  await expect(edits.toasts.getByText(/^Committed 2 updated to items as version 3/)).toBeVisible()
  const after = await readItems(root)
  expect(after.version).toBe(3)
  // Mine wins in the rows listed; the whole edited row is written, as the conflict said.
  expect(after.rows.get('10')?.name).toBe('mine 10')
  expect(after.rows.get('20')).toEqual({ name: 'mine 20', qty: 2 })
})

/** Opens the edit table in `app` and waits for its first rows: the page and its edit locators. */
async function openItems(app: CatalogPage): Promise<{ page: Page; edits: EditsPage }> {
  const edits = new EditsPage(app.page)
  await app.table(EDIT_TABLE).click()
  await expect(edits.cell(2, 1)).toHaveText('item 1')
  return { page: app.page, edits }
}

/** Another writer's update, through LanceDB's SDK: one version. */
async function updateElsewhere(root: string, where: string, values: Record<string, string>): Promise<void> {
  const db = await connect(root)
  const table = await db.openTable(EDIT_TABLE)
  try {
    await table.update({ where, valuesSql: values })
  } finally {
    table.close()
    db.close()
  }
}

test('edits a REST catalog table through the reference server, one version', async ({ workDir, openApp }) => {
  const root = join(workDir, 'remote')
  await makeEditTable(root, ROWS, true)
  const server = await startCatalogServer({ root })
  try {
    const app = await openApp(['--rest', server.url])
    const { page, edits } = await openItems(app)
    await edits.grid.focus()
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('End')
    await page.keyboard.type('-4')
    await page.keyboard.press('Enter')
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Shift+Delete')
    await expect(edits.cell(3, 2)).toHaveText('null')
    // qty is not nullable: the null is marked and blocks Commit until it is reverted.
    await expect(edits.barButton('Commit')).toBeDisabled()
    await page.keyboard.press('Control+Alt+z')
    await expect(edits.cell(3, 2)).toHaveText('2')
    await page.keyboard.press('Control+s')
    await expect(edits.toasts.getByText(/^Committed 1 updated to items as version 2/)).toBeVisible()
    const after = await readItems(root)
    expect(after.version).toBe(2)
    expect(after.rows.get('10')).toEqual({ name: 'item 1', qty: -4 })
  } finally {
    await server.close()
  }
})

test('a REST catalog without merge_insert and without a location the app can open has editing off, saying why', async ({ openApp }) => {
  const s3 = await startTestS3()
  const root = `s3://${s3.bucket}/catalogs/read-only`
  await buildNestedCatalog(root, { namespaces: { sales: { tables: { orders: 12 } } } }, s3.storageOptions)
  // Rows come through the data routes; the describe vends the keys but not the store's address, so LanceDB cannot open the location.
  const server = await startCatalogServer({
    root,
    storageOptions: s3.storageOptions,
    vendStorageOptions: ['aws_access_key_id', 'aws_secret_access_key'],
    rowWriteRoutes: false
  })
  try {
    const app = await openApp(['--rest', server.url])
    const page = app.page
    const edits = new EditsPage(page)
    await app.expand('sales')
    await app.table('orders').click()
    await expect(edits.cell(2, 1)).toHaveText('row 1')
    const add = page.getByRole('button', { name: 'Add row' })
    await expect(add).toBeDisabled()
    await expect(add).toHaveAccessibleDescription(/does not offer the merge_insert route .* LanceDB cannot open the table's files at its location/)
    await edits.grid.focus()
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('F2')
    await expect(edits.editor('name')).toHaveCount(0)
    await expect(edits.bar).toHaveCount(0)
  } finally {
    await server.close()
    await s3.close()
  }
})
