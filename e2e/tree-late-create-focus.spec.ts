/**
 * A create whose answer arrives after its dialog was closed must not move the tree's Tab
 * stop (roving tabindex) to the new row: the person has moved on, and the stop stays on
 * the row they had. Each request is held at a loopback proxy in front of the catalog
 * server and let go once the dialog is gone and focus is elsewhere in the tree.
 */
import { join } from 'node:path'
import type { Locator } from '@playwright/test'
import { startCatalogServer } from '../server/server'
import { startGateProxy, type GateProxy } from './fixtures/gate-proxy'
import { expect, test } from './fixtures/test'
import type { CatalogPage } from './pages/catalog-page'
import { isPost } from './pages/dialog-world'
import { TablesPage } from './pages/tables-page'
import { buildNestedCatalog, type NamespaceSpec } from '../test-kit/lancedb-catalog'

/** Tables `events` and `orders`; namespace `analytics` holding table `sessions`. */
const CATALOG: NamespaceSpec = { tables: { events: 1, orders: 1 }, namespaces: { analytics: { tables: { sessions: 1 } } } }

/** The app on a REST catalog made from `spec`, behind a gate proxy. */
async function withHeldCatalog(
  workDir: string,
  openApp: (args: string[]) => Promise<CatalogPage>,
  spec: NamespaceSpec,
  use: (app: CatalogPage, proxy: GateProxy) => Promise<void>
): Promise<void> {
  const root = join(workDir, 'served')
  await buildNestedCatalog(root, spec)
  const server = await startCatalogServer({ root })
  const proxy = await startGateProxy(server.url)
  try {
    const app = await openApp(['--rest', proxy.url])
    await expect(app.table('events')).toBeVisible()
    await use(app, proxy)
  } finally {
    await proxy.close()
    await server.close()
  }
}

/**
 * Creates table `aaa_late` (a name that sorts first) from the toolbar, holds the request at
 * the proxy and closes the dialog with Escape; returns the release.
 */
async function createTableHeldThenEscape(app: CatalogPage, proxy: GateProxy): Promise<() => void> {
  const tables = new TablesPage(app.page)
  const dialog = await tables.openCreateDialog()
  await dialog.getByLabel('Table name').fill('aaa_late')
  await tables.fieldNames().nth(0).fill('id')
  const gate = proxy.hold(isPost('create'))
  await tables.createButton().click()
  await gate.held
  await app.page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
  return gate.release
}

/** The one row that is the tree's Tab stop. */
const tabStop = (app: CatalogPage): Locator => app.tree.locator('[role="treeitem"][tabindex="0"]')

test('a namespace created after its dialog closed leaves the Tab stop on the row the user had', async ({ workDir, openApp }) => {
  await withHeldCatalog(workDir, openApp, CATALOG, async (app, proxy) => {
    const tables = new TablesPage(app.page)
    const dialog = app.page.getByRole('dialog', { name: 'Create namespace' })
    await app.expand('analytics')
    await expect(app.table('sessions')).toBeVisible()
    // A name that sorts first: the new row lands between `analytics` and `sessions`.
    await tables.treeAction(app.namespace('analytics'), 'Create namespace…')
    await dialog.getByLabel('Namespace name').fill('aaa_late')
    const gate = proxy.hold(isPost('create'))
    await dialog.getByRole('button', { name: 'Create', exact: true }).click()
    await gate.held
    await app.page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)

    // The user moves on in the tree, then the answer lands.
    await expect(app.namespace('analytics')).toBeFocused()
    await app.page.keyboard.press('ArrowDown')
    await expect(app.table('sessions')).toBeFocused()
    gate.release()
    await expect(app.namespace('aaa_late')).toBeVisible()
    await expect(tabStop(app)).toHaveCount(1)
    await expect(tabStop(app)).toHaveAccessibleName('sessions, table')
    await expect(app.table('sessions')).toBeFocused()
    // The new namespace was filed where it was asked for, not expanded or selected meanwhile.
    await expect(app.namespace('aaa_late')).toHaveAttribute('aria-expanded', 'false')
  })
})

test('a table created after its dialog closed leaves the Tab stop and the selection where the user had them', async ({ workDir, openApp }) => {
  await withHeldCatalog(workDir, openApp, CATALOG, async (app, proxy) => {
    await app.expand('analytics')
    await app.table('sessions').click()
    await expect(app.page.getByRole('heading', { name: 'sessions', exact: true })).toBeVisible()
    const release = await createTableHeldThenEscape(app, proxy)

    // The user moves on in the tree, then the answer lands.
    await app.table('orders').click()
    await expect(app.page.getByRole('heading', { name: 'orders', exact: true })).toBeVisible()
    release()
    await expect(app.table('aaa_late')).toBeVisible()
    await expect(tabStop(app)).toHaveAccessibleName('orders, table')
    await expect(app.table('orders')).toBeFocused()
    await expect(app.table('orders')).toHaveAttribute('aria-selected', 'true')
    await expect(app.page.getByRole('heading', { name: 'orders', exact: true })).toBeVisible()
  })
})

test('a table created after its dialog closed does not take the Tab stop from the row focus came to by Tab', async ({ workDir, openApp }) => {
  // Tables only, so the new table (a name that sorts first) becomes the tree's first row.
  await withHeldCatalog(workDir, openApp, { tables: { events: 1, orders: 1 } }, async (app, proxy) => {
    await expect(app.table('events')).toBeVisible()
    const release = await createTableHeldThenEscape(app, proxy)

    // Focus comes to the tree's Tab stop, the first row, without a click or a key in the tree.
    await expect(tabStop(app)).toHaveAccessibleName('events, table')
    await tabStop(app).focus()
    await expect(app.table('events')).toBeFocused()
    release()
    await expect(app.table('aaa_late')).toBeVisible()
    await expect(tabStop(app)).toHaveAccessibleName('events, table')
    await expect(app.table('events')).toBeFocused()
    // Keys go on from where the user is.
    await app.page.keyboard.press('ArrowDown')
    await expect(app.table('orders')).toBeFocused()
  })
})
