/**
 * The desktop layout: panes resized by keyboard keep their size across a restart; tables
 * open in tabs (Ctrl+Enter, middle click), reorder and close by keyboard, and come back
 * after a restart; the command palette finds and runs actions, and "Go to table" opens a
 * typed path completed over the loaded names; the status bar, toasts and `?` sheet.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { expect, test } from './fixtures/test'
import { LayoutPage } from './pages/layout-page'
import { buildNestedCatalog } from '../test-kit/lancedb-catalog'

/** Waits until the saved UI state holds `text` (saves are debounced). */
async function savedStateHas(dataDir: string, text: string): Promise<void> {
  await expect.poll(async () => (await readFile(join(dataDir, 'ui-state.json'), 'utf8').catch(() => '')).includes(text)).toBe(true)
}

/** The pane sizes in the saved UI state (zustand's `{ state, version }`), or null before the first save. */
async function savedPanes(dataDir: string): Promise<{ sidebar: number; details: number } | null> {
  const text = await readFile(join(dataDir, 'ui-state.json'), 'utf8').catch(() => null)
  return text === null ? null : ((JSON.parse(text) as { state?: { panes?: { sidebar: number; details: number } } }).state?.panes ?? null)
}

test('panes resize by keyboard and keep their size after a restart', async ({ workDir, dataDir, openApp, closeApp }) => {
  const root = join(workDir, 'catalog')
  await buildNestedCatalog(root, { tables: { events: 5 } })
  const first = await openApp(['--dir', root])
  const layout = new LayoutPage(first.page)
  await first.table('events').click()
  await expect(layout.detailsSeparator).toBeVisible()

  const sidebarBefore = await layout.separatorValue(layout.sidebarSeparator)
  await layout.sidebarSeparator.focus()
  await first.page.keyboard.press('ArrowRight')
  await first.page.keyboard.press('ArrowRight')
  await expect.poll(() => layout.separatorValue(layout.sidebarSeparator)).toBeGreaterThan(sidebarBefore + 5)
  const sidebar = await layout.separatorValue(layout.sidebarSeparator)

  const detailsBefore = await layout.separatorValue(layout.detailsSeparator)
  await layout.detailsSeparator.focus()
  await first.page.keyboard.press('ArrowUp')
  await expect.poll(() => layout.separatorValue(layout.detailsSeparator)).toBeLessThan(detailsBefore - 2)
  const details = await layout.separatorValue(layout.detailsSeparator)
  // The grid takes the height the details give up: it fills its pane.
  await expect(first.page.getByRole('grid')).toBeVisible()

  await expect.poll(async () => Math.abs(((await savedPanes(dataDir))?.sidebar ?? Infinity) - sidebar)).toBeLessThan(1)
  await expect.poll(async () => Math.abs(((await savedPanes(dataDir))?.details ?? Infinity) - details)).toBeLessThan(1)
  await closeApp(first)

  const second = await openApp(['--dir', root])
  const again = new LayoutPage(second.page)
  await expect(second.page.getByRole('heading', { name: 'events', exact: true })).toBeVisible()
  await expect.poll(() => again.separatorValue(again.sidebarSeparator)).toBeCloseTo(sidebar, 0)
  await expect.poll(() => again.separatorValue(again.detailsSeparator)).toBeCloseTo(details, 0)
})

test('tables open in tabs, reorder and close by keyboard, and the tabs come back after a restart', async ({ workDir, dataDir, openApp, closeApp }) => {
  const root = join(workDir, 'catalog')
  await buildNestedCatalog(root, { tables: { events: 42, orders: 7, users: 3, visits: 2 } })
  const first = await openApp(['--dir', root])
  const layout = new LayoutPage(first.page)
  const names = (): Promise<string[]> =>
    layout
      .tabs()
      .allTextContents()
      .then((texts) => texts.map((text) => text.replace('×', '').trim()))

  await first.table('events').click()
  await expect(layout.tabList.getByRole('tab', { name: 'events', exact: true })).toHaveAttribute('aria-selected', 'true')
  // A plain click shows a table in the active tab; Ctrl+Enter and a middle click open new tabs.
  // Type-ahead moves the tree's focus to "orders".
  await first.page.keyboard.press('o')
  await expect(first.table('orders')).toBeFocused()
  await first.page.keyboard.press('Control+Enter')
  await expect(layout.tabList.getByRole('tab', { name: 'orders', exact: true })).toHaveAttribute('aria-selected', 'true')
  await expect(first.page.getByRole('heading', { name: 'orders', exact: true })).toBeVisible()
  await first.table('users').click({ button: 'middle' })
  await expect(layout.tabs()).toHaveCount(3)
  expect(await names()).toEqual(['events', 'orders', 'users'])
  await expect(layout.statusBar).toContainText('users: 3 rows')
  // Ctrl+click (Cmd+click on a Mac) opens a new tab too, as in a browser.
  await first.table('visits').click({ modifiers: ['ControlOrMeta'] })
  await expect(layout.tabList.getByRole('tab', { name: 'visits', exact: true })).toHaveAttribute('aria-selected', 'true')
  expect(await names()).toEqual(['events', 'orders', 'users', 'visits'])
  await layout.tabList.getByRole('tab', { name: 'visits', exact: true }).focus()
  await first.page.keyboard.press('Delete')
  await expect.poll(names).toEqual(['events', 'orders', 'users'])
  await layout.tabList.getByRole('tab', { name: 'users', exact: true }).click()
  await expect(layout.statusBar).toContainText('users: 3 rows')

  // Keyboard: move "users" to the front, then close "orders" with Delete.
  const users = layout.tabList.getByRole('tab', { name: 'users', exact: true })
  await users.focus()
  await first.page.keyboard.press('Control+Shift+ArrowLeft')
  await first.page.keyboard.press('Control+Shift+ArrowLeft')
  await expect.poll(names).toEqual(['users', 'events', 'orders'])
  await expect(users).toBeFocused()
  await first.page.keyboard.press('End')
  await expect(layout.tabList.getByRole('tab', { name: 'orders', exact: true })).toBeFocused()
  await first.page.keyboard.press('Delete')
  await expect.poll(names).toEqual(['users', 'events'])
  await expect(layout.tabList.getByRole('tab', { name: 'events', exact: true })).toHaveAttribute('aria-selected', 'true')
  await expect(first.page.getByRole('heading', { name: 'events', exact: true })).toBeVisible()
  await expect(first.table('events')).toHaveAttribute('aria-selected', 'true')
  await expect(layout.statusBar).toContainText('events: 42 rows')

  await savedStateHas(dataDir, '"tabs":[{"namespace":[],"name":"users"},{"namespace":[],"name":"events"}]')
  await closeApp(first)

  const second = await openApp(['--dir', root])
  const again = new LayoutPage(second.page)
  await expect(again.tabs()).toHaveCount(2)
  await expect(again.tabs().nth(0)).toHaveAccessibleName('users')
  await expect(again.tabs().nth(1)).toHaveAccessibleName('events')
  await expect(again.tabs().nth(1)).toHaveAttribute('aria-selected', 'true')
  await expect(second.page.getByLabel('Row count')).toHaveText('42')
  await again.tabs().nth(0).click()
  await expect(second.page.getByRole('heading', { name: 'users', exact: true })).toBeVisible()
  await expect(second.page.getByLabel('Row count')).toHaveText('3')
  // The × closes a tab with the mouse; Close tab (Ctrl+Alt+W) closes the active one.
  await second.page.keyboard.press('Control+Alt+W')
  await expect(again.tabs()).toHaveCount(1)
  await expect(second.page.getByRole('heading', { name: 'events', exact: true })).toBeVisible()
})

test('the palette finds and runs "Create namespace" (with Undo in its toast) and "Go to table"', async ({ workDir, openApp }) => {
  const root = join(workDir, 'catalog')
  await buildNestedCatalog(root, { tables: { top: 2 }, namespaces: { analytics: { namespaces: { web: { tables: { page_views: 25 } } } } } })
  const app = await openApp(['--dir', root])
  const layout = new LayoutPage(app.page)
  await expect(app.table('top')).toBeVisible()
  await expect(layout.statusBar).toContainText(/Directory/)
  await expect(layout.statusBar).toContainText(/Last request \d+ ms/)

  const palette = await layout.openPalette()
  // Every action is listed by name, with its shortcut.
  await expect(layout.option(palette, /New connection.*Ctrl\+Alt\+N/)).toBeVisible()
  await expect(layout.option(palette, /Refresh.*F5/)).toBeVisible()
  await palette.getByRole('combobox').fill('create namesp')
  await expect(palette.getByRole('option')).toHaveCount(1)
  await app.page.keyboard.press('Enter')
  const create = app.page.getByRole('dialog', { name: 'Create namespace' })
  await expect(create).toContainText('In the catalog root')
  await create.getByLabel('Namespace name').fill('fresh')
  await create.getByRole('button', { name: 'Create', exact: true }).click()
  await expect(app.namespace('fresh')).toBeVisible()
  const toast = layout.toasts.getByText('Created namespace fresh')
  await expect(toast).toBeVisible()
  await layout.toasts.getByRole('button', { name: 'Undo' }).click()
  await expect(layout.toasts.getByText('Dropped namespace fresh again')).toBeVisible()
  await expect(app.namespace('fresh')).toHaveCount(0)

  // With top open, a row focused inside analytics still lets a top-level namespace be created.
  await app.table('top').click()
  await expect(layout.tabs()).toHaveCount(1)
  // Two clicks: analytics opens and folds again, and keeps the tree's focus.
  await app.namespace('analytics').click()
  await app.namespace('analytics').click()
  await layout.openPalette()
  await layout.palette().getByRole('combobox').fill('create namesp')
  await expect(layout.option(layout.palette(), 'Create namespace in analytics…')).toBeVisible()
  await layout.option(layout.palette(), 'Create namespace at top level…').click()
  await expect(create).toContainText('In the catalog root')
  await create.getByLabel('Namespace name').fill('second')
  await create.getByRole('button', { name: 'Create', exact: true }).click()
  // What was created is selected in the tree.
  await expect(app.namespace('second')).toHaveAttribute('tabindex', '0')
  await expect(app.namespace('second')).toBeInViewport()

  // Load the names under analytics$web, fold them away, and go there by typed path.
  await app.expand('analytics')
  await app.expand('web')
  await expect(app.table('page_views')).toBeVisible()
  await app.expand('analytics')
  await expect(app.table('page_views')).toHaveCount(0)
  await layout.openPalette()
  await layout.palette().getByRole('combobox').fill('go to')
  await app.page.keyboard.press('Enter')
  const goTo = layout.goToTable()
  const input = goTo.getByRole('combobox')
  await input.fill('page')
  await expect(layout.option(goTo, 'analytics$web$page_views')).toBeVisible()
  // Tab completes the path; Enter opens it.
  await app.page.keyboard.press('Tab')
  await expect(input).toHaveValue('analytics$web$page_views')
  await app.page.keyboard.press('Enter')
  await expect(goTo).toHaveCount(0)
  await expect(app.page.getByRole('heading', { name: 'page_views', exact: true })).toBeVisible()
  await expect(app.table('page_views')).toHaveAttribute('aria-selected', 'true')
  // Go to table opens a new tab beside top, and focuses a tab already open.
  await expect(layout.tabs()).toHaveCount(2)
  await expect(layout.tabList.getByRole('tab', { name: 'page_views', exact: true })).toHaveAttribute('aria-selected', 'true')
  await layout.openPalette()
  await layout.palette().getByRole('combobox').fill('go to')
  await app.page.keyboard.press('Enter')
  await goTo.getByRole('combobox').fill('top')
  await app.page.keyboard.press('Enter')
  await expect(layout.tabList.getByRole('tab', { name: 'top', exact: true })).toHaveAttribute('aria-selected', 'true')
  await expect(layout.tabs()).toHaveCount(2)

  // A path that names no table is an error in the palette; no tab opens.
  await layout.openPalette()
  await layout.palette().getByRole('combobox').fill('go to')
  await app.page.keyboard.press('Enter')
  await goTo.getByRole('combobox').fill('analytics$nope')
  await app.page.keyboard.press('Enter')
  await expect(goTo.getByRole('alert')).toContainText('analytics$nope does not exist')
  await expect(layout.tabs()).toHaveCount(2)
  await app.page.keyboard.press('Escape')

  // Escape closes the palette without running anything.
  await layout.openPalette()
  await app.page.keyboard.press('Escape')
  await expect(layout.palette()).toHaveCount(0)
})

test('? opens the shortcuts sheet outside text fields; typing ? into a field does not', async ({ workDir, openApp }) => {
  const root = join(workDir, 'catalog')
  await buildNestedCatalog(root, { tables: { events: 2 } })
  const app = await openApp(['--dir', root])
  await expect(app.table('events')).toBeVisible()

  const filter = app.page.getByLabel('Filter loaded names')
  await filter.fill('?')
  await expect(filter).toHaveValue('?')
  await expect(app.page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toHaveCount(0)
  await filter.fill('')

  await app.table('events').focus()
  await app.page.keyboard.press('?')
  const sheet = app.page.getByRole('dialog', { name: 'Keyboard shortcuts' })
  await expect(sheet.getByRole('row', { name: 'Command palette Ctrl+K' })).toBeVisible()
  await expect(sheet.getByRole('row', { name: /new tab.*Ctrl\+Enter/ })).toBeVisible()
  await app.page.keyboard.press('Escape')
  await expect(sheet).toHaveCount(0)
})

test('the sidebar leads to Find in catalog and the command palette, naming their keys', async ({ workDir, openApp }) => {
  const root = join(workDir, 'catalog')
  await buildNestedCatalog(root, { tables: { events: 2 } })
  const app = await openApp(['--dir', root])
  await expect(app.table('events')).toBeVisible()
  const sidebar = app.page.getByRole('complementary', { name: 'Sidebar' })

  await sidebar.getByRole('button', { name: 'Find in catalog (Ctrl+Shift+F)' }).click()
  const find = app.page.getByRole('dialog', { name: 'Find in catalog' })
  await expect(find).toBeVisible()
  await app.page.keyboard.press('Escape')
  await expect(find).toHaveCount(0)

  await sidebar.getByRole('button', { name: 'Command palette (Ctrl+K)' }).click()
  const palette = app.page.getByRole('dialog', { name: 'Command palette' })
  await expect(palette).toBeVisible()
  await palette.getByRole('combobox').fill('keyboard shortcuts')
  await app.page.keyboard.press('Enter')
  await expect(app.page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible()
})
