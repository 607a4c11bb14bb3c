/**
 * Long names stay inside the window: a table's heading ends in an ellipsis (its Identifier
 * row shows the name whole) and the content pane gets no horizontal scroll; a connection's
 * name is cut in the list with its actions button in view, and shown whole on hover. The
 * table is made by LanceDB.
 */
import { join } from 'node:path'
import * as lancedb from '@lancedb/lancedb'
import { expect, test } from './fixtures/test'
import { ProfilesPage } from './pages/profiles-page'

const NAME = `long_${'name_that_keeps_going_'.repeat(6)}end`

for (const size of [
  { width: 1280, height: 800 },
  { width: 1440, height: 900 }
]) {
  test(`a long table name fits the pane at ${size.width}x${size.height}`, async ({ workDir, openApp }) => {
    const root = join(workDir, 'catalog')
    const db = await lancedb.connect(root)
    await db.createTable(NAME, [{ id: 1 }])
    const app = await openApp(['--dir', root])
    await app.page.setViewportSize(size)
    await app.table(NAME).click()

    const heading = app.page.getByRole('heading', { name: NAME, level: 2 })
    await expect(heading).toBeVisible()
    await expect(heading).toHaveAttribute('title', NAME)
    const pane = app.page.getByRole('main')
    const [headingBox, paneBox] = [await heading.boundingBox(), await pane.boundingBox()]
    expect(headingBox && paneBox && headingBox.x + headingBox.width <= paneBox.x + paneBox.width).toBe(true)
    expect(await pane.evaluate((main) => main.scrollWidth - main.clientWidth)).toBe(0)
    await expect(app.page.getByText(NAME, { exact: true }).first()).toBeVisible()
  })
}

test('a long connection name is cut in the list, its actions button in view and the whole name on hover', async ({ workDir, openApp }) => {
  const root = join(workDir, 'catalog')
  const db = await lancedb.connect(root)
  await db.createTable('t', [{ id: 1 }])
  const app = await openApp(['--dir', root])
  await app.page.setViewportSize({ width: 1280, height: 800 })
  const profiles = new ProfilesPage(app.page)
  const name = 'Réference server — long name with spaces and ünïcode for testing truncation'
  const editor = await profiles.startNew(name, 'Directory', root)
  await editor.getByRole('button', { name: 'Save' }).click()
  await expect(profiles.profile(name)).toBeVisible()
  await profiles.act(name, 'Duplicate')
  await expect(profiles.profile(`${name} (copy)`)).toBeVisible()

  const list = app.page.getByRole('navigation', { name: 'Connections' })
  expect(await list.evaluate((nav) => nav.scrollWidth - nav.clientWidth)).toBe(0)
  const [button, listBox] = [await profiles.menuButton(name).boundingBox(), await list.boundingBox()]
  expect(button && listBox && button.x + button.width <= listBox.x + listBox.width).toBe(true)
  // The copy differs from the original on hover, where the cut list cannot show it.
  await expect(profiles.profile(`${name} (copy)`).getByRole('button', { name: `${name} (copy)`, exact: true })).toHaveAttribute(
    'title',
    new RegExp(`^${name} \\(copy\\)\\n`)
  )
})
