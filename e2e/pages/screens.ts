/**
 * The main screens of the app, reached the way a user reaches them, in one walk: start,
 * the tree with nested namespaces open, the command palette over it, a table's details,
 * its data grid, a filter the engine refuses (the error state), the export and
 * create-index dialogs, the create-table dialog, the connection editor with a test report
 * and a new REST connection. The screenshot and accessibility specs
 * both take this walk.
 */
import { join } from 'node:path'
import { expect, type Locator, type Page } from '@playwright/test'
import type { CatalogPage } from './catalog-page'
import { IndexesPage } from './indexes-page'
import { LayoutPage } from './layout-page'
import { ProfilesPage } from './profiles-page'
import { TablesPage } from './tables-page'
import { buildNestedCatalog } from '../../test-kit/lancedb-catalog'
import { discardIfAsked } from './discard-question'

/** The screens, in the order of the walk. */
export const SCREENS = [
  'start',
  'tree',
  'command-palette',
  'table-details',
  'grid',
  'filter-error',
  'export',
  'create-index',
  'create-table',
  'connection-test',
  'rest-editor'
] as const
/** One screen of the walk. */
export type ScreenName = (typeof SCREENS)[number]

/** The themes every screen is checked in. */
export const THEMES = ['light', 'dark'] as const

/** A fixed window size, so screenshots compare. */
export const SCREEN_SIZE = { width: 1280, height: 800 }

/** Builds the catalog the walk shows: tables at the root and two levels of namespaces. */
export async function buildScreensCatalog(workDir: string): Promise<string> {
  const root = join(workDir, 'catalog')
  await buildNestedCatalog(root, {
    tables: { events: 40 },
    namespaces: {
      analytics: { tables: { page_views: 12 }, namespaces: { web: { tables: { sessions: 5 } } } },
      staging: {}
    }
  })
  return root
}

/**
 * Parts of a screen that differ from run to run (temp folder paths, measured latencies),
 * covered in screenshots.
 */
export function volatileParts(page: Page): Locator[] {
  return [
    page.getByRole('definition').filter({ hasText: /lcb-e2e-/ }),
    page.getByRole('region', { name: 'Test result' }).getByText(/\d+ ms|lcb-e2e-/),
    page.getByRole('dialog').getByLabel('Root', { exact: true }),
    // The status bar's latency of the last request changes from run to run.
    page.getByLabel('Status bar').getByText(/^Last request/)
  ]
}

/** Opens the app on a fresh screens catalog at the fixed size, with the OS in `theme`. */
export async function openScreens(
  workDir: string,
  openApp: (flags?: readonly string[]) => Promise<CatalogPage>,
  theme: (typeof THEMES)[number]
): Promise<{ app: CatalogPage; root: string }> {
  const root = await buildScreensCatalog(workDir)
  // Without the keychain the profiles panel reads the same whether or not the machine
  // runs a keyring.
  const app = await openApp(['--no-keychain', '--dir', root])
  await app.page.setViewportSize(SCREEN_SIZE)
  await app.page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' })
  await expect(app.page.locator('html')).toHaveAttribute('data-theme', theme)
  return { app, root }
}

/** Walks the screens of an app opened on `buildScreensCatalog`'s root, calling `visit` on each. */
export async function walkScreens(app: CatalogPage, root: string, visit: (screen: ScreenName) => Promise<void>): Promise<void> {
  const { page } = app
  const tables = new TablesPage(page)
  await expect(app.table('events')).toBeVisible()
  await expect(app.namespace('analytics')).toBeVisible()
  await visit('start')

  await app.expand('analytics')
  await app.expand('web')
  await expect(app.table('sessions')).toBeVisible()
  await expect(app.namespace('staging')).toBeVisible()
  await visit('tree')

  // The palette as Ctrl+K opens it over the tree (no temp path behind it to mask): every
  // action with its shortcut, the first one active.
  const layout = new LayoutPage(page)
  const palette = await layout.openPalette()
  await expect(palette.getByRole('combobox')).toBeFocused()
  await expect(layout.option(palette, /^New connection/)).toHaveAttribute('aria-selected', 'true')
  await visit('command-palette')
  await page.keyboard.press('Escape')
  await expect(palette).toHaveCount(0)

  await app.table('page_views').click()
  await expect(await app.schemaRow('vector')).toBeVisible()
  // The details screen shows the grid and the status bar below the schema: wait for every
  // part that arrives on its own request (the count, the first rows, the size), so the
  // picture never catches one of them still loading.
  await expect(page.getByRole('status', { name: 'Matching rows' })).toHaveText('12 rows')
  await expect(tables.gridRow(1).getByRole('gridcell').nth(0)).toHaveText('0')
  await expect(page.getByLabel('Status bar')).toContainText('page_views: 12 rows · 3.0 KiB')
  await visit('table-details')

  await expect(tables.gridRow(12).getByRole('gridcell').nth(0)).toHaveText('11')
  await visit('grid')

  const filter = page.getByLabel('Filter (SQL where clause)')
  await filter.fill('score >>> 3')
  await filter.press('Enter')
  await expect(page.getByRole('alert')).toContainText('The filter cannot be used')
  await visit('filter-error')
  await page.getByRole('button', { name: 'Clear' }).click()
  await expect(page.getByRole('status', { name: 'Matching rows' })).toHaveText('12 rows')

  await page.getByRole('button', { name: 'Export', exact: true }).click()
  const exportDialog = page.getByRole('dialog', { name: 'Export rows' })
  await expect(exportDialog.getByLabel('Format')).toBeVisible()
  await visit('export')
  await page.keyboard.press('Escape')
  await expect(exportDialog).toHaveCount(0)

  const indexes = new IndexesPage(page)
  await indexes.open()
  await indexes.createButton.click()
  await expect(indexes.createDialog.getByLabel('Partitions', { exact: true })).toBeVisible()
  await visit('create-index')
  await page.keyboard.press('Escape')
  await expect(indexes.createDialog).toHaveCount(0)
  // The rest of the walk keeps the Indexes view behind its dialogs: no masked temp path
  // there to show through them.

  const dialog = await tables.openCreateDialog()
  await expect(dialog.getByLabel('Table name')).toBeVisible()
  await visit('create-table')
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toHaveCount(0)

  const profiles = new ProfilesPage(page)
  const editor = await profiles.startNew('Local catalog', 'Directory', root)
  // The root's check is debounced: let its line appear before the report, so the form above
  // the report has its final height.
  await expect(editor.getByText('The folder exists.')).toBeVisible()
  await editor.getByRole('button', { name: 'Test connection' }).click()
  await expect(profiles.testResult()).toContainText('Connection test passed.')
  // The report scrolls itself into view as it arrives; settle the dialog on one position
  // whatever the timing was.
  await profiles.testResult().evaluate((report) => report.scrollIntoView({ block: 'end' }))
  await visit('connection-test')
  await page.keyboard.press('Escape')
  // The editor holds a started connection, so it asks before throwing it away.
  await discardIfAsked(page)
  await expect(editor).toHaveCount(0)

  // A new REST connection as it first shows: address, authentication and the test on top.
  const rest = await profiles.startNew('Team catalog', 'REST', 'https://catalog.example.com')
  await expect(rest.getByRole('button', { name: 'Test connection' })).toBeEnabled()
  await visit('rest-editor')
}
