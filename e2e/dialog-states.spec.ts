/**
 * Every dialog, every state that applies, both ways of closing it. For each row of the
 * matrix (pages/dialog-matrix.ts) the test opens the dialog, brings it into the state (pristine, edited,
 * invalid input, request running, request failed, request succeeded), closes it with
 * Escape or with its Cancel/Close button (or sees it close itself after a success),
 * and checks that the dialog is gone, focus is back on what opened it, no region failed
 * and no page error occurred (the fixture fails the test on one). A "running" request
 * is held at a loopback proxy in front of the catalog server and let go after the
 * dialog closed, so its late answer lands on an unmounted dialog too. One app per dialog.
 */
import type { Locator } from '@playwright/test'
import { expect, test } from './fixtures/test'
import { expectAppUsable } from './pages/app-health'
import { DIALOGS, saveProfiles, type DialogDriver, type DialogName, type DialogState, type Opened } from './pages/dialog-drivers'
import { MATRIX, NEEDS_PROFILES, openDialogWorld, type Way } from './pages/dialog-matrix'
import { startCatalogServer } from '../server/server'
import { startGateProxy } from './fixtures/gate-proxy'
import { TablesPage } from './pages/tables-page'
import { discardIfAsked } from './pages/discard-question'
import { buildNestedCatalog } from '../test-kit/lancedb-catalog'
import { join } from 'node:path'

const isOpened = (value: Locator | Opened): value is Opened => 'release' in value

for (const [name, states] of Object.entries(MATRIX) as [DialogName, Partial<Record<DialogState, readonly Way[]>>][]) {
  test(`dialog states: ${name}`, async ({ workDir, openApp }) => {
    const { world, close } = await openDialogWorld(workDir, openApp)
    try {
      const { app } = world
      await expect(app.table('events')).toBeVisible()
      if (NEEDS_PROFILES.has(name)) await saveProfiles(world)
      const driver: DialogDriver = DIALOGS[name]

      for (const [state, ways] of Object.entries(states) as [DialogState, readonly Way[]][]) {
        const step = driver.states[state]
        if (!step) throw new Error(`The matrix lists ${name} / ${state}, but its driver has no such state.`)
        for (const way of ways) {
          await test.step(`${name}: ${state}, closed by ${way}`, async () => {
            const opened = await driver.open(world, state)
            const opener = isOpened(opened) ? opened.opener : opened
            const dialog = app.page.getByRole('dialog', { name: driver.title })
            await expect(dialog).toBeVisible()
            const release = (await step(world, dialog)) ?? (isOpened(opened) ? opened.release : undefined)

            if (way === 'Escape') await app.page.keyboard.press('Escape')
            else if (way === 'button') await dialog.getByRole('button', { name: driver.closeButton, exact: true }).click()
            // A state holding what was entered asks first; closing means discarding it.
            if (way !== 'itself') await discardIfAsked(app.page)
            await expect(dialog).toHaveCount(0)
            if (way === 'itself') await expect(app.page.locator('body')).not.toBeFocused()
            else await expect(driver.focusAfter?.(world) ?? opener).toBeFocused()

            // The held request answers now, into a dialog that is gone.
            release?.()
            await expect(app.page.getByRole('alert').filter({ hasText: 'stopped working' })).toHaveCount(0)
            await expect(app.table('events')).toBeVisible()
          })
        }
      }
      await expectAppUsable(app, 'events')
    } finally {
      await close()
    }
  })
}

test('a late answer to a closed dialog does not close or steal focus from the dialog opened since', async ({ workDir, openApp }) => {
  const root = join(workDir, 'served')
  await buildNestedCatalog(root, { tables: { events: 1 }, namespaces: { analytics: {} } })
  const server = await startCatalogServer({ root })
  const proxy = await startGateProxy(server.url)
  try {
    const app = await openApp(['--rest', proxy.url])
    const tables = new TablesPage(app.page)
    const dialog = app.page.getByRole('dialog', { name: 'Create namespace' })
    await app.expand('analytics')
    await expect(app.tree.getByText('Empty')).toBeVisible()

    await tables.treeAction(app.namespace('analytics'), 'Create namespace…')
    await dialog.getByLabel('Namespace name').fill('late')
    const gate = proxy.hold((method, path) => method === 'POST' && path.includes('/create'))
    await dialog.getByRole('button', { name: 'Create', exact: true }).click()
    await gate.held
    await app.page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)

    // A second dialog is open when the first one's answer arrives.
    await tables.treeAction(app.namespace('analytics'), 'Create namespace…')
    const name = dialog.getByLabel('Namespace name')
    await expect(name).toBeFocused()
    gate.release()
    await expect(app.namespace('late')).toBeVisible()
    await name.fill('second')
    await expect(name).toBeFocused()
    await dialog.getByRole('button', { name: 'Create', exact: true }).click()
    await expect(dialog).toHaveCount(0)
    await expect(app.namespace('second')).toBeVisible()
  } finally {
    await proxy.close()
    await server.close()
  }
})
