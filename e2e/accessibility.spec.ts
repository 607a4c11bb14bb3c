/**
 * axe-core on every main screen in the light and the dark theme: no serious or critical
 * violation (contrast included, which is where a theme usually fails).
 */
import AxeBuilder from '@axe-core/playwright'
import { expect, test } from './fixtures/test'
import { THEMES, openScreens, walkScreens } from './pages/screens'

for (const theme of THEMES) {
  test(`main screens have no serious accessibility violations (${theme})`, async ({ workDir, openApp }) => {
    // Eight screens, each launched into and scanned: three times the usual time limit.
    test.slow()
    const { app, root } = await openScreens(workDir, openApp, theme)
    await walkScreens(app, root, async (screen) => {
      const results = await new AxeBuilder({ page: app.page }).analyze()
      const serious = results.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => ({ screen, rule: violation.id, help: violation.help, targets: violation.nodes.map((node) => node.target.join(' ')).slice(0, 5) }))
      expect(serious, `${screen} (${theme})`).toEqual([])
    })
  })
}
