/**
 * Browser mode when the app stops and starts again under an open tab: a call made while
 * it is down says so, and once it is back on the same data folder (so the same port and
 * token) the same tab works again, over a new call socket.
 */
import { join } from 'node:path'
import { chromium } from '@playwright/test'
import { buildNestedCatalog } from '../test-kit/lancedb-catalog'
import { chromiumPath, electronBinary, startWebHost, stopProcess } from './fixtures/launch'
import { expect, test } from './fixtures/test'
import { CatalogPage } from './pages/catalog-page'
import { pageCalls, watchCalls } from '../test-kit/page-calls'

test.skip(electronBinary() !== undefined, 'Only browser mode has a host that can stop under an open page.')

test('a tab keeps working when the app comes back on its port', async ({ workDir, pageProblems }) => {
  const root = join(workDir, 'catalog')
  const dataDir = join(workDir, 'data')
  await buildNestedCatalog(root, { tables: { one_row: 1, two_rows: 2, three_rows: 3 } })
  let host = await startWebHost(['--data-dir', dataDir, '--dir', root])
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync']
  })
  try {
    const page = await (await browser.newContext()).newPage()
    pageProblems.watch(page)
    watchCalls(page)
    await page.goto(host.url)
    const app = new CatalogPage(page)
    const rowCount = page.getByLabel('Row count')
    await app.table('one_row').click()
    await expect(rowCount).toHaveText('1')

    await stopProcess(host.child)
    // What the browser itself logs for a refused connection; the point of this test.
    pageProblems.allow(/ERR_CONNECTION_REFUSED|WebSocket connection to .* failed/, 'the app is stopped on purpose')
    await app.table('two_rows').click()
    await expect(page.getByText(/The app stopped answering/).first()).toBeVisible()

    const { port } = new URL(host.url)
    const before = host.url
    host = await startWebHost(['--port', port, '--data-dir', dataDir, '--dir', root])
    expect(host.url, 'the same port and token as the last run').toBe(before)
    const calls = pageCalls(page)
    const onSocket = (): number => calls.channels().length - calls.httpChannels().length
    const socketBefore = onSocket()
    await app.table('three_rows').click()
    await expect(rowCount).toHaveText('3')
    // The page goes back to its socket (after a short pause in which calls take HTTP).
    let next = 'one_row'
    await expect
      .poll(
        async () => {
          await app.table(next).click()
          await expect(rowCount).toHaveText(next === 'one_row' ? '1' : '3')
          next = next === 'one_row' ? 'three_rows' : 'one_row'
          return onSocket() > socketBefore
        },
        { message: 'calls go over the socket again', timeout: 15_000 }
      )
      .toBe(true)
  } finally {
    await browser.close()
    await stopProcess(host.child)
  }
})
