/**
 * A REST profile with OAuth2 client credentials against the reference server issuing its
 * own short-lived tokens: the editor's Authentication choice and its checks, "Test
 * connection" with its token step (a wrong client secret explained there), browsing that
 * goes on after the token expired with exactly one new token in the token server's log,
 * and neither the client secret nor any issued token in any file of the data dir.
 */
import { randomBytes } from 'node:crypto'
import AxeBuilder from '@axe-core/playwright'
import { join } from 'node:path'
import { startCatalogServer, type RunningCatalogServer } from '../server/server'
import { expect, test } from './fixtures/test'
import { ProfilesPage } from './pages/profiles-page'
import { TablesPage } from './pages/tables-page'
import { countFiles, filesContaining } from '../test-kit/files'
import { buildNestedCatalog } from '../test-kit/lancedb-catalog'

const CLIENT_ID = 'lcb-e2e'
const SECRET = `cs-e2e-${randomBytes(8).toString('hex')}`
/** Long enough for a few steps, short enough to run out during the test. */
const TOKEN_LIFETIME_MS = 6_000

let server: RunningCatalogServer | undefined
test.afterEach(async () => {
  await server?.close()
  server = undefined
})

test('an OAuth2 profile keeps browsing after its token expires, with one new token and no secret on disk', async ({ workDir, dataDir, openApp, closeApp }) => {
  const root = join(workDir, 'served')
  await buildNestedCatalog(root, { namespaces: { analytics: { tables: { words: 3 } }, sales: { tables: { orders: 12 } } } })
  const log: string[] = []
  const tokens: string[] = []
  server = await startCatalogServer({
    root,
    log: (line) => log.push(line),
    oauth2: { clients: [{ id: CLIENT_ID, secret: SECRET }], tokenLifetimeMs: TOKEN_LIFETIME_MS, onToken: (token) => tokens.push(token) }
  })
  const issued = (): string[] => log.filter((line) => line.startsWith('oauth2: issued'))
  const app = await openApp()
  const profiles = new ProfilesPage(app.page)

  const editor = await profiles.startNew('Identity', 'REST', server.url)
  await editor.getByLabel('Authentication', { exact: true }).selectOption('OAuth2 client credentials')
  // The token URL and scopes keep their defaults for most catalogs, so they start folded.
  await expect(editor.getByLabel('Token URL', { exact: true })).toBeHidden()
  await profiles.unfold('OAuth2 token URL and scopes')
  const tokenUrl = editor.getByLabel('Token URL', { exact: true })
  const clientSecret = editor.getByLabel('Client secret', { exact: true })
  await expect(clientSecret).toHaveAttribute('type', 'password')
  // The checks, each next to its field.
  await tokenUrl.fill('idp.example.com/token')
  await editor.getByRole('button', { name: 'Save' }).click()
  await expect(editor.getByText(/^Write the token URL as https:\/\/auth\.example\.com\/oauth\/token/)).toBeVisible()
  await expect(editor.getByText('Enter the client ID the token endpoint knows this app by.')).toBeVisible()
  await expect(editor.getByText('Enter the client secret.')).toBeVisible()
  const axe = await new AxeBuilder({ page: app.page }).include('dialog').analyze()
  expect(axe.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')).toEqual([])
  await tokenUrl.fill('')
  // Emptied, the field stays in view: a section never folds under the person typing in it.
  await expect(tokenUrl).toBeVisible()
  // Keyboard only: from the Client ID field to the Client secret.
  await editor.getByLabel('Client ID', { exact: true }).fill(CLIENT_ID)
  await app.page.keyboard.press('Tab')
  await expect(clientSecret).toBeFocused()

  // A wrong secret: the token step says so and the catalog is not asked.
  await clientSecret.fill('not-the-secret')
  await editor.getByRole('button', { name: 'Test connection' }).click()
  const report = profiles.testResult()
  await expect(report).toContainText(`Get an OAuth2 token from ${server.url}/oauth/token`)
  await expect(report).toContainText('Client ID or secret wrong')
  await expect(report).not.toContainText('List root namespaces')
  expect(issued()).toEqual([])

  await clientSecret.fill(SECRET)
  await editor.getByRole('button', { name: 'Test connection' }).click()
  await expect(report).toContainText('Got a token')
  await expect(report).toContainText('List root namespaces')
  await expect(report).not.toContainText('Client ID or secret wrong')
  await editor.getByRole('button', { name: 'Save' }).click()
  await expect(profiles.dialog()).toHaveCount(0)

  await profiles.open('Identity')
  await expect(app.namespace('analytics')).toBeVisible()
  // The test's token and the connection's.
  expect(issued()).toHaveLength(2)
  await app.expand('analytics')
  await expect(app.table('words')).toBeVisible()
  const tables = new TablesPage(app.page)
  await app.table('words').click()
  await expect(app.page.getByLabel('Row count')).toHaveText('3')

  // Wait until the server itself no longer accepts the connection's latest token.
  const expiresAt = Date.parse(/\(at ([^)]+)\)$/.exec(issued().at(-1) ?? '')?.[1] ?? '')
  expect(expiresAt).not.toBeNaN()
  await expect.poll(() => Date.now() > expiresAt, { timeout: 4 * TOKEN_LIFETIME_MS }).toBe(true)
  const beforeExpand = issued().length

  await app.expand('sales')
  await expect(app.table('orders')).toBeVisible()
  // Exactly one new token for the requests after the expiry.
  expect(issued()).toHaveLength(beforeExpand + 1)
  await app.table('orders').click()
  await expect(app.page.getByLabel('Row count')).toHaveText('12')
  await expect(tables.gridRow(1).getByRole('gridcell').nth(0)).toHaveText('0')
  await expect(app.page.getByRole('alert')).toHaveCount(0)

  expect(await countFiles(dataDir)).toBeGreaterThan(0)
  expect(tokens).toHaveLength(issued().length)
  for (const secret of [SECRET, ...tokens]) expect(await filesContaining(dataDir, secret)).toEqual([])

  // Kept like every other secret: with a keychain the client secret comes back after a restart.
  const keychain = await profiles.panel.getByText(/Stored encrypted/).isVisible()
  if (process.env['LCB_EXPECT_KEYCHAIN']) expect(keychain).toBe(true)
  await closeApp(app)
  const again = await openApp()
  const reopened = new ProfilesPage(again.page)
  if (keychain) {
    await reopened.open('Identity')
    // The tree comes back as it was left, so "sales" may already be expanded.
    await expect(again.namespace('sales')).toBeVisible()
    if ((await again.namespace('sales').getAttribute('aria-expanded')) !== 'true') await again.expand('sales')
    await expect(again.table('orders')).toBeVisible()
    expect(issued().length).toBeGreaterThan(beforeExpand + 1)
  } else {
    await expect(reopened.profile('Identity')).toContainText('Needs a value for oauth2.client_secret')
  }
  for (const secret of [SECRET, ...tokens]) expect(await filesContaining(dataDir, secret)).toEqual([])
})
