/**
 * Browser mode: the run's token leaves the address bar (and so the history) once the page
 * has loaded, a reload keeps working, and a tab without it (or with a wrong one) says what
 * to do, once for the whole window.
 */
import { join } from 'node:path'
import { buildNestedCatalog } from '../test-kit/lancedb-catalog'
import { electronBinary } from './fixtures/launch'
import { expect, test } from './fixtures/test'

test.skip(electronBinary() !== undefined, 'The token exists only in browser mode.')

test('the token leaves the address bar after load, and a reload still works', async ({ workDir, openApp }) => {
  const root = join(workDir, 'catalog')
  await buildNestedCatalog(root, { tables: { first_table: 2 } })
  const app = await openApp(['--dir', root])

  await expect(app.table('first_table')).toBeVisible()
  expect(new URL(app.page.url()).searchParams.has('token')).toBe(false)
  // The entry was replaced, not added to: no step back or forward in the history shows the token.
  await app.page.goBack()
  expect(app.page.url()).not.toContain('token')
  await app.page.goForward()
  expect(app.page.url()).not.toContain('token')
  await expect(app.table('first_table')).toBeVisible()

  await app.page.reload()
  await expect(app.table('first_table')).toBeVisible()
  expect(app.page.url()).not.toContain('token')

  // Another tab opened without the printed URL holds no token: it says what to do.
  const browser = app.page.context().browser()
  if (!browser) throw new Error('browser mode runs in a Chromium the test launched')
  const context = await browser.newContext()
  const other = await context.newPage()
  await other.goto(new URL(app.page.url()).origin)
  await expect(other.getByText('This tab is not connected to the running app')).toBeVisible()
  // Said once for the whole window, not once per pane that asked, with the way out.
  await expect(other.getByText(/Open the URL the app printed when it started/)).toHaveCount(1)
  await expect(other.getByText('No catalog open')).toHaveCount(0)
  await expect(other.getByRole('button', { name: 'Try again' })).toBeVisible()
  // A wrong token says the same.
  await other.goto(`${new URL(app.page.url()).origin}/?token=not-the-token`)
  await expect(other.getByText('This tab is not connected to the running app')).toBeVisible()
  await expect(other.getByText(/Open the URL the app printed when it started/)).toHaveCount(1)
  await context.close()
})
