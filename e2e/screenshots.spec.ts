/**
 * Screenshots of the main screens in both themes, compared with the baselines in
 * e2e/screenshots.spec.ts-snapshots/. The app draws with Inter / DejaVu fonts that
 * .ci/run installs, so text renders the same on every machine. After an intended change
 * of look, regenerate the baselines (and review them) with
 *   npx playwright test e2e/screenshots.spec.ts --update-snapshots
 */
import { expect, test } from './fixtures/test'
import { SCREEN_SIZE, THEMES, buildScreensCatalog, volatileParts, walkScreens } from './pages/screens'

for (const theme of THEMES) {
  test(`main screens look as recorded (${theme})`, async ({ workDir, openApp }) => {
    const root = await buildScreensCatalog(workDir)
    const app = await openApp(['--dir', root])
    await app.page.setViewportSize(SCREEN_SIZE)
    await app.page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' })
    await expect(app.page.locator('html')).toHaveAttribute('data-theme', theme)
    await walkScreens(app, root, async (screen) => {
      // The pointer rests off every control, so no hover look or tooltip is recorded.
      await app.page.mouse.move(SCREEN_SIZE.width - 1, SCREEN_SIZE.height - 1)
      await expect(app.page).toHaveScreenshot(`${screen}-${theme}.png`, {
        animations: 'disabled',
        caret: 'hide',
        mask: volatileParts(app.page),
        // Anti-aliasing differs slightly between GPUs and Chromium builds; a changed
        // layout or colour moves far more than 1% of the pixels.
        maxDiffPixelRatio: 0.01
      })
    })
  })
}
