/**
 * Long-running operations: a reference catalog server whose creates and drops run as
 * transactions that take a while (`slowTransactionsMs`). The create dialog says it is
 * waiting for the catalog, with the transaction and its status; Cancel asks the catalog
 * to cancel (the table is never made, and the dialog says the catalog cancelled it); a
 * second create is left to finish and opens the table. A drop shows the same wait. The
 * tree's create-namespace and drop-namespace dialogs do the same for namespaces.
 */
import { join } from 'node:path'
import { startCatalogServer, type RunningCatalogServer } from '../server/server'
import { buildNestedCatalog } from '../test-kit/lancedb-catalog'
import { expect, test } from './fixtures/test'
import { TablesPage } from './pages/tables-page'

// The reference server's first DescribeTransaction answers Queued, later ones Running: the
// dialog shows Running only once a later poll's answer came back.
const WAITING = /Waiting for the catalog to finish \(transaction [0-9a-f-]{36}, status Running\)/

let server: RunningCatalogServer | undefined
test.afterEach(async () => {
  await server?.close()
  server = undefined
})

async function listed(url: string, namespace: string): Promise<string[]> {
  const answer = (await (await fetch(`${url}/v1/namespace/${namespace}/table/list`)).json()) as { tables: string[] }
  return answer.tables
}

async function childNamespaces(url: string, namespace: string): Promise<string[]> {
  const answer = (await (await fetch(`${url}/v1/namespace/${namespace}/list`)).json()) as { namespaces: string[] }
  return answer.namespaces
}

test('a create the catalog runs as a transaction: progress, a cancel the catalog honours, then one left to finish', async ({ workDir, openApp }) => {
  const root = join(workDir, 'remote')
  await buildNestedCatalog(root, { namespaces: { sales: { tables: { orders: 2 } } } })
  const log: string[] = []
  server = await startCatalogServer({ root, slowTransactionsMs: 3_000, log: (line) => log.push(line) })
  const app = await openApp(['--rest', server.url])
  const tables = new TablesPage(app.page)

  await tables.treeAction(app.namespace('sales'), 'Create table…')
  const dialog = tables.createDialog
  await dialog.getByLabel('Table name').fill('slow')
  await tables.pasteRows('id,name\n1,alpha\n2,beta\n')
  await tables.createButton().click()

  const status = dialog.getByRole('status').filter({ hasText: 'Waiting for the catalog' })
  await expect(status).toHaveText(WAITING)
  await expect(dialog.getByRole('button', { name: 'Waiting for the catalog…' })).toBeDisabled()
  // From the keyboard: Cancel asks the catalog to cancel the transaction.
  await dialog.getByRole('button', { name: 'Cancel', exact: true }).focus()
  await app.page.keyboard.press('Enter')
  await expect(dialog.getByRole('status').filter({ hasText: 'Cancelled' })).toHaveText(
    'Cancelled: The catalog reports that the create of table "sales$slow" was cancelled.'
  )
  expect(log.some((line) => /^POST \/v1\/transaction\/[0-9a-f-]+\/alter -> 200/.test(line))).toBe(true)
  expect(await listed(server.url, 'sales')).toEqual(['orders'])
  await expect(app.table('slow')).toHaveCount(0)

  // Again, left to finish: the dialog closes and the new table opens.
  await tables.createButton().click()
  await expect(status).toHaveText(WAITING)
  await expect(dialog).toHaveCount(0, { timeout: 30_000 })
  await expect(app.page.getByRole('heading', { name: 'slow' })).toBeVisible()
  await expect(tables.grid).toHaveAttribute('aria-rowcount', '3')
  expect((await listed(server.url, 'sales')).sort()).toEqual(['orders', 'slow'])
})

test('a drop the catalog runs as a transaction shows the wait, and Escape leaves it running', async ({ workDir, openApp }) => {
  const root = join(workDir, 'remote')
  await buildNestedCatalog(root, { namespaces: { sales: { tables: { orders: 2, old: 1 } } } })
  server = await startCatalogServer({ root, slowTransactionsMs: 3_000 })
  const app = await openApp(['--rest', server.url])
  const tables = new TablesPage(app.page)

  await app.expand('sales')
  await app.table('old').click()
  await tables.toolbar.getByRole('button', { name: 'Drop table' }).click()
  const drop = app.page.getByRole('dialog', { name: 'Drop table' })
  await drop.getByLabel('Type the table name to confirm').fill('old')
  await drop.getByRole('button', { name: 'Drop', exact: true }).click()
  await expect(drop.getByRole('status')).toHaveText(WAITING)
  await expect(drop.getByRole('button', { name: 'Cancel', exact: true })).toBeEnabled()
  // Closing the dialog does not cancel: the catalog finishes the drop.
  await drop.press('Escape')
  await expect(drop).toHaveCount(0)
  await expect.poll(() => listed(server?.url ?? '', 'sales'), { timeout: 30_000 }).toEqual(['orders'])
})

test('a namespace create the catalog runs as a transaction: progress, a cancel the catalog honours, then one left to finish appears in the tree', async ({
  workDir,
  openApp
}) => {
  const root = join(workDir, 'remote')
  await buildNestedCatalog(root, { namespaces: { sales: { tables: { orders: 2 } } } })
  const log: string[] = []
  server = await startCatalogServer({ root, slowTransactionsMs: 3_000, log: (line) => log.push(line) })
  const app = await openApp(['--rest', server.url])
  const tables = new TablesPage(app.page)

  await tables.treeAction(app.namespace('sales'), 'Create namespace…')
  const dialog = app.page.getByRole('dialog', { name: 'Create namespace' })
  await dialog.getByLabel('Namespace name').fill('slow_ns')
  await dialog.getByRole('button', { name: 'Create', exact: true }).click()

  const status = dialog.getByRole('status').filter({ hasText: 'Waiting for the catalog' })
  await expect(status).toHaveText(WAITING)
  await expect(dialog.getByRole('button', { name: 'Waiting for the catalog…' })).toBeDisabled()
  // From the keyboard: Cancel asks the catalog to cancel the transaction.
  await dialog.getByRole('button', { name: 'Cancel', exact: true }).focus()
  await app.page.keyboard.press('Enter')
  await expect(dialog.getByRole('status').filter({ hasText: 'Cancelled' })).toHaveText(
    'Cancelled: The catalog reports that the create of namespace "sales$slow_ns" was cancelled.'
  )
  expect(log.some((line) => /^POST \/v1\/transaction\/[0-9a-f-]+\/alter -> 200/.test(line))).toBe(true)
  expect(await childNamespaces(server.url, 'sales')).toEqual([])
  await expect(app.namespace('slow_ns')).toHaveCount(0)

  // Again, left to finish: the dialog closes and the new namespace shows under its parent.
  await dialog.getByRole('button', { name: 'Create', exact: true }).click()
  await expect(status).toHaveText(WAITING)
  await expect(dialog).toHaveCount(0, { timeout: 30_000 })
  await expect(app.namespace('slow_ns')).toBeVisible()
  expect(await childNamespaces(server.url, 'sales')).toEqual(['slow_ns'])
})

test('a namespace drop the catalog runs as a transaction shows the wait, then the namespace leaves the tree', async ({ workDir, openApp }) => {
  const root = join(workDir, 'remote')
  await buildNestedCatalog(root, { namespaces: { sales: { tables: { orders: 2 } }, old: {} } })
  server = await startCatalogServer({ root, slowTransactionsMs: 3_000 })
  const app = await openApp(['--rest', server.url])
  const tables = new TablesPage(app.page)

  await tables.treeAction(app.namespace('old'), 'Drop namespace…')
  const drop = app.page.getByRole('dialog', { name: 'Drop namespace' })
  await drop.getByRole('button', { name: 'Drop', exact: true }).click()
  await expect(drop.getByRole('status')).toHaveText(WAITING)
  await expect(drop.getByRole('button', { name: 'Waiting for the catalog…' })).toBeDisabled()
  await expect(drop.getByRole('button', { name: 'Cancel', exact: true })).toBeEnabled()
  // Left to finish: the dialog closes once the catalog says the drop succeeded.
  await expect(drop).toHaveCount(0, { timeout: 30_000 })
  await expect(app.namespace('old')).toHaveCount(0)
  expect(await childNamespaces(server.url, '%24')).not.toContain('old')
})
