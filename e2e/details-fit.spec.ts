/**
 * The details pane shows what a user looks at in full at the two common laptop sizes: the
 * facts of Overview, and every field of a 15-column table in the Schema view, with no
 * scrolling inside the pane (scrollbars are visible in these runs, so a pane a few pixels
 * too small shows the bars a user would see), and the rows' toolbar and first rows below.
 */
import { join } from 'node:path'
import { connectNamespace } from '@lancedb/lancedb'
import type { Locator } from '@playwright/test'
import { expect, test } from './fixtures/test'

const SIZES = [
  { width: 1280, height: 800 },
  { width: 1440, height: 900 }
] as const

const TABLE = 'fifteen'
const COLUMNS = Array.from({ length: 15 }, (_, i) => `column_${String(i + 1).padStart(2, '0')}`)

/** A dir catalog with one table of 15 int32-ish columns and a few rows. */
async function buildCatalog(root: string): Promise<void> {
  const db = await connectNamespace('dir', { root })
  try {
    const rows = Array.from({ length: 3 }, (_, row) => Object.fromEntries(COLUMNS.map((name, i) => [name, row * 100 + i])))
    ;(await db.createTable(TABLE, rows)).close()
  } finally {
    db.close()
  }
}

/** How far the element's scroll container (the nearest ancestor that scrolls) scrolls down. */
async function hiddenBelow(inside: Locator): Promise<number> {
  return inside.evaluate((element) => {
    for (let box = element.parentElement; box; box = box.parentElement) {
      const overflowY = element.ownerDocument.defaultView?.getComputedStyle(box).overflowY
      if (overflowY === 'auto' || overflowY === 'scroll') return box.scrollHeight - box.clientHeight
    }
    return 0
  })
}

for (const size of SIZES) {
  test(`details show the facts and all 15 fields without scrolling at ${size.width}x${size.height}`, async ({ workDir, openApp }) => {
    const root = join(workDir, 'catalog')
    await buildCatalog(root)
    const app = await openApp(['--dir', root])
    await app.page.setViewportSize(size)
    await app.table(TABLE).click()

    const facts = app.page.getByLabel('Row count')
    await expect(facts).toHaveText('3')
    await expect.poll(() => hiddenBelow(facts), { message: 'the Overview facts scroll' }).toBe(0)

    const schema = await app.schema()
    for (const name of COLUMNS) await expect(await app.schemaRow(name), `${name} in view`).toBeInViewport({ ratio: 1 })
    await expect.poll(() => hiddenBelow(schema), { message: 'the schema scrolls' }).toBe(0)
    // The rows stay in view under the schema: the grid's toolbar and two whole rows.
    await expect(app.page.getByRole('button', { name: /^Columns/ })).toBeInViewport({ ratio: 1 })
    // The second row's first value (the rows are wider than the pane, so not the whole row).
    await expect(app.page.getByRole('grid').first().getByRole('gridcell', { name: '100', exact: true }), 'the second row in view').toBeInViewport({ ratio: 1 })
  })
}
