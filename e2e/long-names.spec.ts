/**
 * A long table name stays inside the window: the table's heading ends in an ellipsis (its
 * Identifier row shows the name whole), and the content pane gets no horizontal scroll.
 * The table is made by LanceDB.
 */
import { join } from 'node:path'
import * as lancedb from '@lancedb/lancedb'
import { expect, test } from './fixtures/test'

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
