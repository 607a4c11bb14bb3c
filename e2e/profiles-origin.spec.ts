/**
 * A saved key stays with the server it was saved for: pointing a profile at another
 * server through the editor says its secrets are cleared, asks for them again, and that
 * server never receives the first one's key (two real loopback servers).
 */
import { randomBytes } from 'node:crypto'
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { startCatalogServer, type RunningCatalogServer } from '../server/server'
import { expect, test } from './fixtures/test'
import { ProfilesPage } from './pages/profiles-page'
import { buildNestedCatalog } from '../test-kit/lancedb-catalog'

const KEY = `sk-e2e-home-${randomBytes(8).toString('hex')}`
const OTHER_KEY = `sk-e2e-other-${randomBytes(8).toString('hex')}`

/** Another catalog that answers every listing (empty) and records what it was sent. */
async function recordingServer(): Promise<{ url: string; seen: IncomingHttpHeaders[]; close(): Promise<void> }> {
  const seen: IncomingHttpHeaders[] = []
  const server = createServer((req, res) => {
    seen.push(req.headers)
    const body = JSON.stringify(req.url?.includes('/table/') ? { tables: [] } : { namespaces: [] })
    res.writeHead(200, { 'content-type': 'application/json' }).end(body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () => new Promise((resolve) => server.close(() => resolve()))
  }
}

let home: RunningCatalogServer | undefined
let other: Awaited<ReturnType<typeof recordingServer>> | undefined
test.afterEach(async () => {
  await Promise.all([home?.close(), other?.close()])
  home = other = undefined
})

test('moving a profile to another server clears its saved key, asks for it again, and never sends it there', async ({ workDir, openApp }) => {
  const root = join(workDir, 'served')
  await buildNestedCatalog(root, { tables: { words: 3 }, namespaces: { analytics: {} } })
  home = await startCatalogServer({ root, apiKeys: [KEY] })
  other = await recordingServer()
  const app = await openApp()
  const profiles = new ProfilesPage(app.page)

  await profiles.startNew('Catalog', 'Enterprise', home.url)
  await profiles.dialog().getByLabel('API key', { exact: true }).fill(KEY)
  await profiles.dialog().getByRole('button', { name: 'Save' }).click()
  await expect(profiles.dialog()).toHaveCount(0)

  await profiles.act('Catalog', 'Edit')
  const editor = app.page.getByRole('dialog', { name: 'Edit Catalog' })
  const apiKey = editor.getByLabel('API key', { exact: true })
  await expect(apiKey).toHaveAttribute('placeholder', /stored; leave empty to keep/)
  const note = editor.getByRole('status').filter({ hasText: 'saved secrets are cleared' })
  // Same server, another path: nothing to say.
  await editor.getByLabel('URI', { exact: true }).fill(`${home.url}/base`)
  await expect(note).toHaveCount(0)
  await editor.getByLabel('URI', { exact: true }).fill(other.url)
  await expect(note).toHaveText('The catalog address changed to another server, so its saved secrets are cleared when you save; enter them again.')
  await expect(apiKey).not.toHaveAttribute('placeholder', /stored/)
  // Saving or testing now asks for the key instead of using the saved one.
  await editor.getByRole('button', { name: 'Save' }).click()
  await expect(editor.getByText('Enter the API key.')).toBeVisible()
  await editor.getByRole('button', { name: 'Test connection' }).click()
  await expect(editor.getByText('Enter the API key.')).toBeVisible()
  expect(other.seen).toEqual([])

  await apiKey.fill(OTHER_KEY)
  await editor.getByRole('button', { name: 'Test connection' }).click()
  await expect(app.page.getByRole('region', { name: 'Test result' })).toBeVisible()
  await editor.getByRole('button', { name: 'Save' }).click()
  await expect(editor).toHaveCount(0)
  await profiles.open('Catalog')
  await expect.poll(() => other?.seen.length ?? 0).toBeGreaterThan(0)
  const sent = JSON.stringify(other.seen)
  expect(sent).not.toContain(KEY)
  expect(other.seen.every((headers) => headers['x-api-key'] === OTHER_KEY)).toBe(true)
})
