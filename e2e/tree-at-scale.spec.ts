/**
 * The tree at scale: a REST namespace with 100,000 children scrolls to its end while
 * the DOM stays bounded; keyboard-only navigation and namespace actions.
 */
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { buildNestedCatalog } from '../test-kit/lancedb-catalog'
import { openBigNode } from './pages/big-node'
import { startListingServer } from '../test-kit/listing-server'
import { expect, test } from './fixtures/test'

const CHILDREN = 100_000
const MAX_ROWS = 200

test('scrolls to the last of 100,000 children with a bounded number of rows', async ({ openApp }) => {
  test.setTimeout(240_000)
  const server = await startListingServer({ children: CHILDREN })
  try {
    const app = await openBigNode(openApp, server, 1000)

    let peak = 0
    const last = app.namespace(server.childName(CHILDREN - 1))
    // End jumps to the last loaded row; each jump brings the next page in (100 pages).
    await expect(app.namespace('big')).toBeFocused()
    for (let round = 0; round < 1000 && !(await last.isVisible()); round++) {
      await app.page.keyboard.press('End')
      peak = Math.max(peak, await app.items().count())
    }
    await expect(last).toBeVisible()
    await expect(last).toHaveAttribute('aria-setsize', String(CHILDREN))
    await expect(last).toHaveAttribute('aria-posinset', String(CHILDREN))
    peak = Math.max(peak, await app.items().count())
    expect(peak).toBeGreaterThan(0)
    expect(peak).toBeLessThanOrEqual(MAX_ROWS)

    // Scrolling back up with the mouse wheel keeps the DOM bounded too.
    await app.tree.hover()
    for (let i = 0; i < 5; i++) await app.page.mouse.wheel(0, -20_000)
    expect(await app.items().count()).toBeLessThanOrEqual(MAX_ROWS)
  } finally {
    await server.close()
  }
})

test('keyboard only: three levels down, create a namespace, drop it again', async ({ workDir, openApp }) => {
  const root = join(workDir, 'catalog')
  await buildNestedCatalog(root, { namespaces: { alpha: { namespaces: { beta: { namespaces: { gamma: { tables: { deep: 1 } } } } } }, omega: {} } })
  const app = await openApp(['--dir', root])
  const { page } = app

  await expect(app.namespace('alpha')).toBeVisible()
  await page.getByLabel('Filter loaded names').focus()
  await page.keyboard.press('Tab')
  // Tab reaches the tree's one focusable row.
  await expect(app.namespace('alpha')).toBeFocused()
  // Right expands a node, and once its children are drawn, Right again enters it.
  await page.keyboard.press('ArrowRight')
  await expect(app.namespace('alpha')).toHaveAttribute('aria-expanded', 'true')
  await expect(app.namespace('beta')).toBeVisible()
  await page.keyboard.press('ArrowRight')
  await expect(app.namespace('beta')).toBeFocused()
  await page.keyboard.press('ArrowRight')
  await expect(app.namespace('gamma')).toBeVisible()
  await page.keyboard.press('ArrowRight')
  await expect(app.namespace('gamma')).toBeFocused()
  await expect(app.namespace('gamma')).toHaveAttribute('aria-level', '3')
  await page.keyboard.press('ArrowRight')
  await expect(app.table('deep')).toBeVisible()
  await page.keyboard.press('ArrowDown')
  await expect(app.table('deep')).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByLabel('Row count')).toHaveText('1')
  await page.keyboard.press('ArrowLeft')
  await expect(app.namespace('gamma')).toBeFocused()

  // Create a namespace under gamma from the actions menu.
  await page.keyboard.press('Shift+F10')
  await expect(page.getByRole('menu')).toBeVisible()
  await expect(page.getByRole('menuitem', { name: 'Create namespace…' })).toBeFocused()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Create namespace' })
  await page.keyboard.type('bad name')
  await expect(dialog.getByText('"bad name" is not a valid name')).toBeVisible()
  await page.keyboard.press('Control+A')
  await page.keyboard.type('delta')
  await page.keyboard.press('Enter')
  await expect(dialog).toHaveCount(0)
  await expect(app.namespace('delta')).toBeVisible()
  await expect(app.namespace('delta')).toHaveAttribute('aria-level', '4')
  await expect(app.namespace('delta')).toBeFocused()

  // Drop it again.
  await page.keyboard.press('Shift+F10')
  await page.getByRole('menuitem', { name: 'Drop namespace…' }).press('Enter')
  await page.getByRole('dialog', { name: 'Drop namespace' }).getByRole('button', { name: 'Drop' }).press('Enter')
  await expect(app.namespace('delta')).toHaveCount(0)
  await expect(app.table('deep')).toBeVisible()
})

test('dropping a namespace that is not empty says so in plain words', async ({ workDir, openApp }) => {
  const root = join(workDir, 'catalog')
  await buildNestedCatalog(root, { namespaces: { full: { tables: { t: 1 } } } })
  const app = await openApp(['--dir', root])

  await app.namespace('full').click({ button: 'right' })
  await app.page.getByRole('menuitem', { name: 'Drop namespace…' }).click()
  const dialog = app.page.getByRole('dialog', { name: 'Drop namespace' })
  await dialog.getByRole('button', { name: 'Drop' }).click()
  await expect(dialog.getByRole('alert')).toContainText(/not empty/i)
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(app.namespace('full')).toBeVisible()
})

test('the filter hides loaded names that do not match', async ({ workDir, openApp }) => {
  const root = join(workDir, 'catalog')
  await buildNestedCatalog(root, { tables: { orders: 1, customers: 1 }, namespaces: { sales: { tables: { order_lines: 1 } } } })
  const app = await openApp(['--dir', root])
  await app.expand('sales')
  await expect(app.table('order_lines')).toBeVisible()

  await app.page.getByLabel('Filter loaded names').fill('order')
  await expect(app.table('orders')).toBeVisible()
  await expect(app.table('order_lines')).toBeVisible()
  // A namespace stays when a descendant matches.
  await expect(app.namespace('sales')).toBeVisible()
  await expect(app.table('customers')).toHaveCount(0)
})

test('expansion and selection survive a restart on the same data dir', async ({ workDir, openApp }) => {
  const root = join(workDir, 'catalog')
  await buildNestedCatalog(root, { namespaces: { outer: { namespaces: { inner: { tables: { kept: 3 } } } } } })
  const first = await openApp(['--dir', root])
  await first.expand('outer')
  await first.expand('inner')
  await first.table('kept').click()
  await expect(first.page.getByLabel('Row count')).toHaveText('3')
  // The state is saved shortly after the last change.
  await expect.poll(async () => (await readFile(join(workDir, 'data', 'ui-state.json'), 'utf8').catch(() => '')).includes('kept')).toBe(true)

  const second = await openApp(['--dir', root])
  await expect(second.namespace('outer')).toHaveAttribute('aria-expanded', 'true')
  await expect(second.namespace('inner')).toHaveAttribute('aria-expanded', 'true')
  await expect(second.table('kept')).toHaveAttribute('aria-selected', 'true')
  await expect(second.page.getByLabel('Row count')).toHaveText('3')
})

test('a UI state saved by an earlier version (expanded nodes as bare paths) opens the tree as it was', async ({ workDir, openApp, closeApp }) => {
  const root = join(workDir, 'catalog')
  await buildNestedCatalog(root, { namespaces: { outer: { namespaces: { inner: { tables: { kept: 3 } } } } } })
  const file = join(workDir, 'data', 'ui-state.json')
  const first = await openApp(['--dir', root])
  await first.expand('outer')
  await first.expand('inner')
  await first.table('kept').click()
  await expect.poll(async () => (await readFile(file, 'utf8').catch(() => '')).includes('kept')).toBe(true)
  await closeApp(first)

  // Version 1 saved each expanded node as its path's JSON, without the "n:" of a node key.
  const saved = JSON.parse(await readFile(file, 'utf8')) as { state: { views: Record<string, { expanded: string[] }> }; version: number }
  for (const view of Object.values(saved.state.views)) view.expanded = view.expanded.map((key) => key.replace(/^n:/, ''))
  saved.version = 1
  await writeFile(file, JSON.stringify(saved))

  const second = await openApp(['--dir', root])
  await expect(second.namespace('outer')).toHaveAttribute('aria-expanded', 'true')
  await expect(second.namespace('inner')).toHaveAttribute('aria-expanded', 'true')
  await expect(second.table('kept')).toHaveAttribute('aria-selected', 'true')
})
