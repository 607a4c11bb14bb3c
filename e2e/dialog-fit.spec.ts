/**
 * Every dialog in every state fits its content at the two common laptop sizes: the
 * dialog's box (its scroll container) never scrolls, either way, where the content has
 * room. Scrollbars are visible in these runs (the launcher keeps them), so a box a few
 * pixels too small shows the bars a user would see. States in which a dialog closes
 * itself are left out: there is nothing left to measure. The dialogs of a table (export,
 * indexes, search, schema), the shortcuts sheet and the fully unfolded connection editor
 * run on a LanceDB-made table in a directory catalog.
 */
import { join } from 'node:path'
import { connect } from '@lancedb/lancedb'
import type { Locator } from '@playwright/test'
import { expect, test } from './fixtures/test'
import { DIALOGS, saveProfiles, type DialogDriver, type DialogName, type DialogState, type Opened } from './pages/dialog-drivers'
import { MATRIX, NEEDS_PROFILES, openDialogWorld, type Way } from './pages/dialog-matrix'
import { TABLE_DIALOGS, openArticles } from './pages/table-dialog-fit'
import { makeLanceNativeTable } from '../test-kit/lance-native-table'
import { discardIfAsked } from './pages/discard-question'

const SIZES = [
  { width: 1280, height: 800 },
  { width: 1440, height: 900 }
] as const

const isOpened = (value: Locator | Opened): value is Opened => 'release' in value

/** How far the dialog's box scrolls, in pixels, each way (0 when its content fits). */
async function overflow(dialog: Locator): Promise<{ down: number; across: number }> {
  return dialog.evaluate((box) => ({ down: box.scrollHeight - box.clientHeight, across: box.scrollWidth - box.clientWidth }))
}

for (const [name, states] of Object.entries(MATRIX) as [DialogName, Partial<Record<DialogState, readonly Way[]>>][]) {
  test(`dialog fits its content: ${name}`, async ({ workDir, openApp }) => {
    test.slow()
    const { world, close } = await openDialogWorld(workDir, openApp)
    try {
      const { app } = world
      await expect(app.table('events')).toBeVisible()
      if (NEEDS_PROFILES.has(name)) await saveProfiles(world)
      const driver: DialogDriver = DIALOGS[name]
      for (const [state, ways] of Object.entries(states) as [DialogState, readonly Way[]][]) {
        if (ways.includes('itself')) continue
        // Held requests go after both sizes: a held drop removes its table once let go.
        const releases: (() => void)[] = []
        for (const size of SIZES) {
          await test.step(`${name}: ${state} at ${size.width}x${size.height}`, async () => {
            await app.page.setViewportSize(size)
            const opened = await driver.open(world, state)
            const dialog = app.page.getByRole('dialog', { name: driver.title })
            await expect(dialog).toBeVisible()
            const release = (await driver.states[state]?.(world, dialog)) ?? (isOpened(opened) ? opened.release : undefined)
            if (release) releases.push(release)
            expect(await overflow(dialog), `${name} (${state}) at ${size.width}x${size.height} scrolls`).toEqual({ down: 0, across: 0 })
            await app.page.keyboard.press('Escape')
            await discardIfAsked(app.page)
            await expect(dialog).toHaveCount(0)
          })
        }
        for (const release of releases) release()
      }
    } finally {
      await close()
    }
  })
}

for (const [name, cases] of Object.entries(TABLE_DIALOGS)) {
  test(`dialog fits its content: ${name}`, async ({ workDir, openApp }) => {
    test.slow()
    const root = join(workDir, 'catalog')
    const db = await connect(root)
    ;(await makeLanceNativeTable(db)).close()
    db.close()
    const app = await openApp(['--dir', root])
    await openArticles(app)
    for (const fit of cases) {
      for (const size of SIZES) {
        await test.step(`${name}: ${fit.name} at ${size.width}x${size.height}`, async () => {
          await app.page.setViewportSize(size)
          const dialog = await fit.open(app)
          await expect(dialog).toBeVisible()
          const { down, across } = await overflow(dialog)
          expect({ down: fit.tall ? 0 : down, across }, `${name} (${fit.name}) at ${size.width}x${size.height} scrolls`).toEqual({ down: 0, across: 0 })
          await app.page.keyboard.press('Escape')
          await discardIfAsked(app.page)
          await expect(app.page.getByRole('dialog', { name: fit.title })).toHaveCount(0)
        })
      }
    }
  })
}
