/**
 * Screenshots of the main screens in both themes, compared with the baselines in
 * e2e/screenshots.spec.ts-snapshots/. The app bundles Inter (and falls back to DejaVu,
 * which .ci/run installs), so text renders the same on every machine; scrollbars are
 * visible, as users see them. After an intended change of look, regenerate the baselines
 * (and review them); delete the old pictures first, since a small change falls under the
 * comparison's tolerance and would leave the old pixels in place:
 *   rm e2e/screenshots.spec.ts-snapshots/*.png && npm run test:screenshots -- --update-snapshots
 */
import { expect, test } from './fixtures/test'
import { SCREEN_SIZE, THEMES, openScreens, volatileParts, walkScreens } from './pages/screens'

for (const theme of THEMES) {
  test(`main screens look as recorded (${theme})`, async ({ workDir, openApp }) => {
    // Eight screens in one walk: three times the usual time limit.
    test.slow()
    const { app, root } = await openScreens(workDir, openApp, theme)
    await walkScreens(app, root, async (screen) => {
      // Nothing still loading: a grid or button busy, or a row count being counted.
      await expect(app.page.locator('[aria-busy="true"]')).toHaveCount(0)
      await expect(app.page.getByLabel('Status bar')).not.toContainText('counting…')
      // The pointer rests off every control, so no hover look or tooltip is recorded.
      await app.page.mouse.move(SCREEN_SIZE.width - 1, SCREEN_SIZE.height - 1)
      await expect(app.page).toHaveScreenshot(`${screen}-${theme}.png`, {
        animations: 'disabled',
        caret: 'hide',
        mask: volatileParts(app.page),
        // Anti-aliasing may differ a little between machines; a restyled button (about
        // 2,000 of the 1,024,000 pixels) or a moved layout changes more than 0.15%.
        maxDiffPixelRatio: 0.0015
      })
    })
  })
}
