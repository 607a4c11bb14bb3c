/**
 * A failure stays where it happened. A region whose rendering fails shows, in place, what
 * failed, "Try again" and "Copy details", while the rest of the window keeps working and
 * keeps what was typed into it. Errors no region catches (a throwing timer, a rejected
 * promise nobody awaited) become banners with "Copy details" and "Dismiss".
 *
 * The region is made to fail the way real pages fail without any hook in the app: the
 * test edits the DOM behind React's back (as a translation tool or a browser extension
 * does), so React's next commit into that region throws. Production code has no switch
 * that makes a region throw.
 */
import { join } from 'node:path'
import { expect, test } from './fixtures/test'
import { expectAppUsable } from './pages/app-health'
import { buildNestedCatalog } from '../test-kit/lancedb-catalog'

const FOREIGN_EDIT = /removeChild|not a child of this node/

test('a failed details pane shows what failed in place; the tree keeps working and keeps its filter', async ({ workDir, openApp, pageProblems }) => {
  pageProblems.allow(FOREIGN_EDIT, 'the test removes a node React owns, so that one region fails to render')
  const root = join(workDir, 'catalog')
  await buildNestedCatalog(root, { tables: { events: 3, orders: 2 } })
  const app = await openApp(['--dir', root])
  const { page } = app
  // Browser mode needs the permission to read the clipboard back; Electron has no such prompt.
  await page
    .context()
    .grantPermissions(['clipboard-read', 'clipboard-write'])
    .catch(() => undefined)

  await app.table('events').click()
  await expect(await app.schema()).toBeVisible()
  const filter = page.getByLabel('Filter loaded names')
  await filter.fill('e')

  // Take the table's pane away behind React's back; opening another table in a new tab
  // unmounts this one's pane, which makes React remove it again.
  await page.getByRole('region', { name: 'events', exact: true }).evaluate((pane) => pane.remove())
  await app.table('orders').click({ button: 'middle' })

  const failure = page.getByRole('alert').filter({ hasText: 'The table details stopped working' })
  await expect(failure).toContainText(/The table details stopped working because of an unexpected error \(.*not a child of this node.*\)\./)
  await expect(page.getByRole('heading', { name: 'events', exact: true })).toHaveCount(0)
  await expect(page.getByRole('heading', { name: 'orders', exact: true })).toHaveCount(0)

  // The rest of the window: the filter kept its text, the tree and the toolbar answer.
  await expect(filter).toHaveValue('e')
  await expect(app.table('events')).toBeVisible()
  await expect(page.getByRole('toolbar', { name: 'Table actions' }).getByRole('button', { name: 'Create table' })).toBeEnabled()

  await failure.getByRole('button', { name: 'Copy details' }).click()
  await expect(failure.getByRole('status')).toHaveText('Copied.')
  // The callback runs in the page, where `navigator` exists; this file is type-checked for Node.
  const copied = await page.evaluate(() =>
    (globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }).navigator.clipboard.readText()
  )
  expect(copied).toContain('What failed: The table details')
  expect(copied).toMatch(/Error: NotFoundError: .*removeChild/)
  expect(copied).toContain('Component stack:')

  await failure.getByRole('button', { name: 'Try again' }).click()
  await expect(failure).toHaveCount(0)
  await expect(page.getByRole('heading', { name: 'orders', exact: true })).toBeVisible()

  await filter.fill('')
  await expectAppUsable(app, 'orders')
})

test('switching to another table clears a failed details pane', async ({ workDir, openApp, pageProblems }) => {
  pageProblems.allow(FOREIGN_EDIT, 'the test removes a node React owns, so that one region fails to render')
  const root = join(workDir, 'catalog')
  await buildNestedCatalog(root, { tables: { events: 3, orders: 2 } })
  const app = await openApp(['--dir', root])
  const { page } = app

  await app.table('events').click()
  await page.getByRole('region', { name: 'events', exact: true }).evaluate((pane) => pane.remove())
  await app.table('orders').click({ button: 'middle' })
  await expect(page.getByRole('alert').filter({ hasText: 'The table details stopped working' })).toBeVisible()

  await app.table('events').click()
  await expect(page.getByRole('heading', { name: 'events', exact: true })).toBeVisible()
  await expect(page.getByRole('alert').filter({ hasText: 'stopped working' })).toHaveCount(0)
})

test('an uncaught error and an unhandled rejection are reported as banners, and can be dismissed', async ({ workDir, openApp, pageProblems }) => {
  pageProblems.allow(/boom from a timer|nobody awaited this/, 'the test throws in the page on purpose to see it reported')
  const root = join(workDir, 'catalog')
  await buildNestedCatalog(root, { tables: { events: 3 } })
  const app = await openApp(['--dir', root])
  const { page } = app
  await expect(app.table('events')).toBeVisible()

  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('boom from a timer')
    }, 0)
    void Promise.reject(new Error('nobody awaited this'))
  })
  const banners = page.getByRole('region', { name: 'Errors' }).getByRole('alert')
  const thrown = banners.filter({ hasText: 'Something in the app failed because of an unexpected error (boom from a timer).' })
  const rejected = banners.filter({ hasText: 'A background task failed because of an unexpected error (nobody awaited this).' })
  await expect(thrown).toBeVisible()
  await expect(rejected).toBeVisible()
  await expect(thrown.getByRole('button', { name: 'Copy details' })).toBeVisible()

  await thrown.getByRole('button', { name: 'Dismiss' }).click()
  await expect(thrown).toHaveCount(0)
  await rejected.getByRole('button', { name: 'Dismiss' }).click()
  await expect(banners).toHaveCount(0)
  await expectAppUsable(app, 'events')
})
