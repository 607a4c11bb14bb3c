/**
 * The theme: System follows the OS colour scheme (and its changes while the app runs);
 * Light and Dark override it, and the choice survives a restart.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { UI_STATE_FILE } from '../src/main/ui-state/ui-state-file'
import { expect, test } from './fixtures/test'
import { buildNestedCatalog } from '../test-kit/lancedb-catalog'

/** Checks the theme on <html> and the page background the user sees. */
async function expectTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
  await expect(page.locator('body')).toHaveCSS('background-color', theme === 'dark' ? 'rgb(13, 17, 23)' : 'rgb(255, 255, 255)')
}

test('follows the OS until a theme is chosen, and keeps the choice after a restart', async ({ workDir, dataDir, openApp, closeApp }) => {
  const root = join(workDir, 'catalog')
  await buildNestedCatalog(root, { tables: { events: 1 } })
  const first = await openApp(['--dir', root])
  const theme = first.page.getByRole('group', { name: 'Theme' })

  await first.page.emulateMedia({ colorScheme: 'dark' })
  await expect(theme.getByRole('radio', { name: 'System' })).toBeChecked()
  await expectTheme(first.page, 'dark')
  // The OS switching while the app runs.
  await first.page.emulateMedia({ colorScheme: 'light' })
  await expectTheme(first.page, 'light')

  await theme.getByRole('radio', { name: 'Dark' }).check()
  await expectTheme(first.page, 'dark')
  // The OS no longer decides.
  await first.page.emulateMedia({ colorScheme: 'dark' })
  await first.page.emulateMedia({ colorScheme: 'light' })
  await expectTheme(first.page, 'dark')
  // Saved with the rest of the UI state (debounced), before the app is closed.
  await expect.poll(async () => readFile(join(dataDir, UI_STATE_FILE), 'utf8').catch(() => '')).toContain('"theme":"dark"')
  await closeApp(first)

  const second = await openApp(['--dir', root])
  await second.page.emulateMedia({ colorScheme: 'light' })
  const again = second.page.getByRole('group', { name: 'Theme' })
  await expect(again.getByRole('radio', { name: 'Dark' })).toBeChecked()
  await expectTheme(second.page, 'dark')

  await again.getByRole('radio', { name: 'Light' }).check()
  await expectTheme(second.page, 'light')
  await again.getByRole('radio', { name: 'System' }).check()
  await second.page.emulateMedia({ colorScheme: 'dark' })
  await expectTheme(second.page, 'dark')
})
