/**
 * The README's screenshots (docs/*.png): the start screen and the data grid in the light
 * and the dark theme, taken on the same catalog and walk as the screenshot tests.
 * Run with `npm run screenshots` (not part of the test suite).
 */
import { resolve } from 'node:path'
import { test } from './fixtures/test'
import { SCREEN_SIZE, THEMES, openScreens, walkScreens, type ScreenName } from './pages/screens'

const DOCS = resolve(import.meta.dirname, '..', 'docs')
const WANTED: readonly ScreenName[] = ['tree', 'grid']

for (const theme of THEMES) {
  test(`README screenshots (${theme})`, async ({ workDir, openApp }) => {
    const { app, root } = await openScreens(workDir, openApp, theme)
    await walkScreens(app, root, async (screen) => {
      if (!WANTED.includes(screen)) return
      await app.page.mouse.move(SCREEN_SIZE.width - 1, SCREEN_SIZE.height - 1)
      // "start" in the README is the catalog as opened, with its namespaces expanded.
      const name = screen === 'tree' ? 'start' : screen
      await app.page.screenshot({ path: resolve(DOCS, `${name}-${theme}.png`), animations: 'disabled', caret: 'hide' })
    })
  })
}
