/**
 * Text the grid shows on one line says when it is cut: a long value ends in an ellipsis,
 * line breaks get a visible mark instead of turning into spaces, and the whole value is in
 * the cell's tooltip. The table is made by LanceDB.
 */
import { join } from 'node:path'
import * as lancedb from '@lancedb/lancedb'
import { expect, test } from './fixtures/test'
import { TablesPage } from './pages/tables-page'

const MULTI_LINE = 'first line\nsecond line\r\nthird line'
const LONG = `${'long '.repeat(40)}end`

test('cut and multi-line text is marked, and shown whole on hover', async ({ workDir, openApp }) => {
  const root = join(workDir, 'catalog')
  const db = await lancedb.connect(root)
  await db.createTable('notes', [
    { id: 1, body: MULTI_LINE },
    { id: 2, body: LONG },
    { id: 3, body: 'short' }
  ])
  const app = await openApp(['--dir', root])
  const tables = new TablesPage(app.page)
  await app.table('notes').click()

  const multi = tables.gridRow(1).getByRole('gridcell').nth(1)
  // The cell's text is the value itself; the marks are drawn, one per line break.
  await expect(multi).toHaveText(MULTI_LINE)
  const marks = await multi.evaluate((cell) => {
    const view = cell.ownerDocument.defaultView
    return [...cell.querySelectorAll('span')].map((span) => view?.getComputedStyle(span, '::before').content).filter((content) => content === '"↵"')
  })
  expect(marks).toHaveLength(2)
  await expect(multi.locator('[title]')).toHaveAttribute('title', MULTI_LINE)

  const long = tables.gridRow(2).getByRole('gridcell').nth(1)
  await expect(long.locator('[title]')).toHaveAttribute('title', LONG)
  // Cut at the column's edge with an ellipsis: the text is wider than the cell shows.
  const cut = await long.evaluate((cell) => ({
    overflow: cell.ownerDocument.defaultView?.getComputedStyle(cell).textOverflow,
    wider: cell.scrollWidth > cell.clientWidth
  }))
  expect(cut).toEqual({ overflow: 'ellipsis', wider: true })

  await expect(tables.gridRow(3).getByRole('gridcell').nth(1).locator('[title]')).toHaveCount(0)
})
