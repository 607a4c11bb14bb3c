/**
 * The reported crash: a new REST draft, "Test connection", then Escape (or Cancel) turned
 * the window white (`destroy_ is not a function`: the report's scroll effect handed
 * React a Promise as its cleanup). The editor must close, no page error may occur
 * (the fixture fails the test on one), and the app must stay usable.
 */
import { join } from 'node:path'
import { closedPort } from '../test-kit/test-http-server'
import { expect, test } from './fixtures/test'
import { expectAppUsable } from './pages/app-health'
import { ProfilesPage } from './pages/profiles-page'
import { buildNestedCatalog } from '../test-kit/lancedb-catalog'

for (const way of ['Escape', 'Cancel'] as const) {
  test(`a REST draft closes with ${way} after "Test connection", and the app stays usable`, async ({ workDir, openApp }) => {
    const root = join(workDir, 'catalog')
    await buildNestedCatalog(root, { tables: { events: 3 } })
    const app = await openApp(['--dir', root])
    const profiles = new ProfilesPage(app.page)
    await expect(app.table('events')).toBeVisible()

    const editor = await profiles.startNew('Draft', 'REST', `http://127.0.0.1:${await closedPort()}`)
    await editor.getByRole('button', { name: 'Test connection' }).click()
    await expect(profiles.testResult()).toContainText('Connection test failed')

    if (way === 'Escape') await app.page.keyboard.press('Escape')
    else await editor.getByRole('button', { name: 'Cancel' }).click()
    // The draft holds what was typed, so the editor asks before throwing it away.
    await app.page.getByRole('dialog', { name: 'Discard the connection you started?' }).getByRole('button', { name: 'Discard' }).click()

    await expect(editor).toHaveCount(0)
    // Focus goes back to the button that opened the editor.
    await expect(profiles.panel.getByRole('button', { name: 'New connection' })).toBeFocused()
    await expectAppUsable(app, 'events')
  })
}
