/**
 * "Test connection" through the UI against the reference REST server: a right key, a
 * wrong key, a read-only key on the Enterprise write probe, and a closed port. Each
 * report shows the request, the HTTP status (when there is one), the latency and a
 * verdict in plain words, with the key masked.
 */
import { join } from 'node:path'
import type { Locator } from '@playwright/test'
import { startCatalogServer, type RunningCatalogServer } from '../server/server'
import { closedPort } from '../test-kit/test-http-server'
import { expect, test } from './fixtures/test'
import type { CatalogPage } from './pages/catalog-page'
import { ProfilesPage } from './pages/profiles-page'
import { buildNestedCatalog } from '../test-kit/lancedb-catalog'

const KEY = 'sk-e2e-write-0123456789-3f9a'
const READ_KEY = 'sk-e2e-read-0123456789-77aa'

let server: RunningCatalogServer | undefined
test.afterEach(async () => {
  await server?.close()
  server = undefined
})

async function start(workDir: string, openApp: (flags?: readonly string[]) => Promise<CatalogPage>) {
  const root = join(workDir, 'served')
  await buildNestedCatalog(root, { tables: { words: 2 } })
  server = await startCatalogServer({ root, apiKeys: [KEY, `${READ_KEY}:read`] })
  const app = await openApp()
  return { url: server.url, profiles: new ProfilesPage(app.page) }
}

/** The n-th step (0-based) of a report. */
const step = (report: Locator, n: number): Locator => report.getByRole('listitem').nth(n)
const LATENCY = /\d+ ms/

test('reports success with the right key: request, status 200, latency, key masked', async ({ workDir, openApp }) => {
  const { url, profiles } = await start(workDir, openApp)
  await profiles.startNew('Reference', 'REST', url)
  await profiles.addHeader('x-api-key', KEY)
  await profiles.dialog().getByRole('button', { name: 'Test connection' }).click()

  const report = profiles.testResult()
  await expect(report).toContainText('Connection test passed.')
  const listing = step(report, 0)
  await expect(listing).toContainText('List root namespaces')
  await expect(listing).toContainText(`GET ${url}/v1/namespace/%24/list?limit=1`)
  await expect(listing).toContainText('x-api-key: ••••3f9a')
  await expect(listing).toContainText('HTTP 200')
  await expect(listing).toContainText(LATENCY)
  await expect(listing).toContainText('Connected')
  await expect(report).not.toContainText(KEY)
})

test('reports an unauthenticated verdict with a wrong key', async ({ workDir, openApp }) => {
  const { url, profiles } = await start(workDir, openApp)
  await profiles.startNew('Reference', 'REST', url)
  await profiles.addHeader('x-api-key', 'sk-wrong-key-00000000')
  await profiles.dialog().getByRole('button', { name: 'Test connection' }).click()

  const listing = step(profiles.testResult(), 0)
  await expect(listing).toContainText('HTTP 401')
  await expect(listing).toContainText(LATENCY)
  await expect(listing).toContainText('Key or token invalid')
  await expect(profiles.testResult()).toContainText('Connection test failed')
})

test('reports write denied for a read-only key on the Enterprise write probe', async ({ workDir, openApp }) => {
  const { url, profiles } = await start(workDir, openApp)
  const editor = await profiles.startNew('Enterprise', 'Enterprise', url)
  await editor.getByLabel('API key', { exact: true }).fill(READ_KEY)
  await editor.getByRole('button', { name: 'Test connection' }).click()

  const report = profiles.testResult()
  const connectivity = step(report, 0)
  await expect(connectivity).toContainText(`GET ${url}/v1/tables?limit=1`)
  await expect(connectivity).toContainText('HTTP 200')
  const write = step(report, 1)
  await expect(write).toContainText(`POST ${url}/v1/tables/`)
  await expect(write).toContainText('x-api-key: ••••77aa')
  await expect(write).toContainText('HTTP 403')
  await expect(write).toContainText(LATENCY)
  await expect(write).toContainText('Write denied')
  await expect(write).toContainText('read-only')
})

test('reports an unreachable endpoint for a closed port, with its latency', async ({ workDir, openApp }) => {
  const { profiles } = await start(workDir, openApp)
  const port = await closedPort()
  await profiles.startNew('Nowhere', 'REST', `http://127.0.0.1:${port}`)
  await profiles.dialog().getByRole('button', { name: 'Test connection' }).click()

  const listing = step(profiles.testResult(), 0)
  await expect(listing).toContainText('Connection refused')
  await expect(listing).not.toContainText('Check the URI and the network')
  await expect(listing).toContainText('No HTTP status')
  await expect(listing).toContainText(LATENCY)
})

test('tests a saved profile from its row and copies the report with the key masked', async ({ workDir, openApp }) => {
  const { url, profiles } = await start(workDir, openApp)
  await profiles.startNew('Reference', 'REST', url)
  await profiles.addHeader('x-api-key', KEY)
  await profiles.dialog().getByRole('button', { name: 'Save' }).click()
  await expect(profiles.dialog()).toHaveCount(0)

  await profiles.act('Reference', 'Test connection')
  const dialog = profiles.page.getByRole('dialog', { name: 'Test Reference' })
  const report = dialog.getByRole('region', { name: 'Test result' })
  await expect(report).toContainText('HTTP 200')
  // Browser mode needs the permission to read the clipboard back; Electron has no such prompt.
  await profiles.page
    .context()
    .grantPermissions(['clipboard-read', 'clipboard-write'])
    .catch(() => undefined)
  await report.getByRole('button', { name: 'Copy report' }).click()
  await expect(report.getByRole('status')).toHaveText('Copied.')
  // The callback runs in the page, where `navigator` exists; this file is type-checked for Node.
  const copied = await profiles.page.evaluate(() =>
    (globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }).navigator.clipboard.readText()
  )
  expect(copied).toContain(`GET ${url}/v1/namespace/%24/list?limit=1`)
  expect(copied).toContain('x-api-key: ••••3f9a')
  expect(copied).toMatch(/HTTP 200, \d+ ms/)
  expect(copied).not.toContain(KEY)
})

test('a URI without http:// cannot be tested and clears the report of the address before', async ({ workDir, openApp }) => {
  const { url, profiles } = await start(workDir, openApp)
  const editor = await profiles.startNew('Reference', 'REST', url)
  await profiles.addHeader('x-api-key', KEY)
  const testButton = editor.getByRole('button', { name: 'Test connection' })
  await testButton.click()
  await expect(profiles.testResult()).toContainText('Connection test passed.')

  await editor.getByLabel('URI', { exact: true }).fill(url.replace('http://', ''))
  await expect(testButton).toBeDisabled()
  await expect(testButton).toHaveAccessibleDescription('The URI must start with http:// or https://')
  await expect(profiles.testResult()).toHaveCount(0)
})
