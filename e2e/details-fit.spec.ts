/**
 * The details pane shows what a user looks at in full at the two common laptop sizes: the
 * facts of Overview, and every field of a 15-column table in the Schema view, with no
 * scrolling inside the pane (scrollbars are visible in these runs, so a pane a few pixels
 * too small shows the bars a user would see), and the rows' toolbar and first rows below.
 */
import { join } from 'node:path'
import { connectNamespace } from '@lancedb/lancedb'
import type { Locator, Page } from '@playwright/test'
import { expect, test } from './fixtures/test'

const SIZES = [
  { width: 1280, height: 800 },
  { width: 1440, height: 900 }
] as const

const TABLE = 'fifteen'
const COLUMNS = Array.from({ length: 15 }, (_, i) => `column_${String(i + 1).padStart(2, '0')}`)

/** A dir catalog with one table of 15 int32-ish columns and a few rows, and others of 2 to 14. */
async function buildCatalog(root: string): Promise<void> {
  const db = await connectNamespace('dir', { root })
  try {
    const rows = (columns: readonly string[]): Record<string, number>[] =>
      Array.from({ length: 3 }, (_, row) => Object.fromEntries(columns.map((name, i) => [name, row * 100 + i])))
    ;(await db.createTable(TABLE, rows(COLUMNS))).close()
    for (const count of [2, 14]) (await db.createTable(`columns_${count}`, rows(COLUMNS.slice(0, count)))).close()
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

/** The details pane's height, to the fraction of a pixel (the pane before the separator). */
function paneHeight(page: Page): Promise<number> {
  const separator = page.getByRole('separator', { name: 'Resize table details' })
  return separator.evaluate((element) => element.previousElementSibling?.getBoundingClientRect().height ?? 0)
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

test('the Schema view of a table gets the same height whatever was shown before it', async ({ workDir, openApp }) => {
  const root = join(workDir, 'catalog')
  await buildCatalog(root)
  const app = await openApp(['--dir', root])
  await app.page.setViewportSize(SIZES[0])
  const settled = async (): Promise<number> => {
    await expect(await app.schemaRow('column_02')).toBeVisible()
    let last = -1
    await expect
      .poll(async () => {
        const now = await paneHeight(app.page)
        const same = now === last
        last = now
        return same
      })
      .toBe(true)
    return last
  }

  const afterTable = async (name: string): Promise<void> => {
    await app.table(name).click()
    await app.schema()
    await settled()
    await app.table(TABLE).click()
  }

  // Straight to the schema, then the same schema after every other view and table.
  await app.table(TABLE).click()
  await app.schema()
  const first = await settled()
  const routes: Record<string, () => Promise<void>> = {
    'after Overview': async () => void (await app.detailsTab('Overview').click()),
    'after Indexes (not fitted)': async () => void (await app.detailsTab('Indexes').click()),
    'after a table of 14 columns': () => afterTable('columns_14'),
    'after a table of 2 columns': () => afterTable('columns_2')
  }
  for (const [route, go] of Object.entries(routes)) {
    await go()
    await app.schema()
    expect(await settled(), route).toBe(first)
  }
})

test('the Schema view keeps fitting while the window is resized by a few pixels', async ({ workDir, openApp }) => {
  const root = join(workDir, 'catalog')
  await buildCatalog(root)
  const app = await openApp(['--dir', root])
  await app.page.setViewportSize(SIZES[0])
  await app.table('columns_2').click()
  const schema = await app.schema()
  await expect(await app.schemaRow('column_02')).toBeVisible()
  await expect.poll(() => hiddenBelow(schema)).toBe(0)
  const fitted = await paneHeight(app.page)
  // A window made a little shorter or taller (with room for the grid's minimum): the pane
  // keeps the height its content needs, so the schema neither scrolls nor gains a gap.
  for (const height of [796, 792, 788, 804, 812]) {
    await app.page.setViewportSize({ width: SIZES[0].width, height })
    await expect.poll(() => paneHeight(app.page), { message: `the pane's height at ${height} px` }).toBeCloseTo(fitted, 1)
    expect(await hiddenBelow(schema), `the schema scrolls at ${height} px`).toBe(0)
  }
})
