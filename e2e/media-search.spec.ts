/**
 * Pictures in a search's rows, on a real directory catalog of pictures with a vector column
 * (test-kit/picture-search-table.ts, row i's vector (i, 0)): "Find similar" from the last
 * row's menu finds the rows nearest it, in reverse order, and their byte cells show the
 * thumbnails main made of them (read back as pixels), the hostile pictures' reasons; a
 * result's picture opens in the viewer, a hostile one's reason instead; the gallery shows the
 * results as tiles, and its viewer opens them; clearing the search brings the table's
 * gallery back, and the toolbar's "Find similar" on a focused tile lands in the gallery.
 */
import { join } from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { expect, test } from './fixtures/test'
import { imagePixel, naturalSize } from './fixtures/media-grid'
import { TablesPage } from './pages/tables-page'
import { electronBinary } from './fixtures/launch'
import { pageCalls } from '../test-kit/page-calls'
import { buildPictureSearchCatalog, PICTURE_SEARCH_ROWS, PICTURE_SEARCH_TABLE } from '../test-kit/picture-search-table'

/** The search's rows, nearest to the last row's vector first. */
const FOUND = [...PICTURE_SEARCH_ROWS].reverse()

function searchStatus(page: Page): Locator {
  return page.getByRole('status', { name: 'Search results' })
}

/** The `media` cell of a grid row of the search (columns: _distance, id, kind, media, vector). */
function searchMediaCell(tables: TablesPage, row: number): Locator {
  return tables.gridRow(row).getByRole('gridcell').nth(3)
}

/** Whether the pixel at (x, y) of a picture is the dark square of test-kit's pictures. */
async function dark(image: Locator, x: number, y: number): Promise<boolean> {
  return Math.max(...(await imagePixel(image, x, y))) < 60
}

test("a search's pictures: thumbnails in its rows, the viewer, and its gallery", async ({ workDir, openApp }, testInfo) => {
  const root = join(workDir, 'catalog')
  await buildPictureSearchCatalog(root)
  const app = await openApp(['--dir', root])
  const { page } = app
  const calls = pageCalls(page)
  await app.table(PICTURE_SEARCH_TABLE).click()
  const tables = new TablesPage(page)
  await expect(page.getByRole('status', { name: 'Matching rows' })).toHaveText(`${PICTURE_SEARCH_ROWS.length} rows`)
  await expect(page.getByRole('toolbar', { name: 'Search' }).getByRole('button', { name: 'Find similar' })).toBeVisible()

  // Find similar from the last row's menu: the rows nearest it, itself first.
  const last = PICTURE_SEARCH_ROWS.length
  await tables.gridRow(last).click({ button: 'right' })
  await page
    .getByRole('menu', { name: `Actions for row ${last}` })
    .getByRole('menuitem', { name: 'Find similar' })
    .click()
  await expect(searchStatus(page)).toContainText(`Search results: ${last} nearest rows to id ${last - 1}`)
  await expect(tables.grid).toHaveAttribute('aria-rowcount', String(last + 1))
  await expect(tables.gridRow(1).getByRole('gridcell').nth(2)).toHaveText('square-png')

  // Each result's thumbnail, made by main at a row's size: the square, the JPEG upright, the PNG wide.
  const sizes: Readonly<Record<string, readonly number[]>> = { 'square-png': [64, 64], jpeg: [40, 64], png: [64, 40] }
  for (const [kind, size] of Object.entries(sizes)) {
    const thumb = searchMediaCell(tables, FOUND.indexOf(kind as never) + 1).locator('img')
    await expect(thumb).toBeVisible()
    expect(await naturalSize(thumb)).toEqual(size)
    expect(await dark(thumb, 2, 2)).toBe(true)
    expect(await dark(thumb, (size[0] ?? 0) - 3, (size[1] ?? 0) - 3)).toBe(false)
  }
  // The rows were asked for on their own, and their thumbnails after them (browser mode's calls can be watched).
  if (electronBinary() === undefined) {
    const sent = calls.channels()
    expect(sent.indexOf('search:media')).toBeGreaterThan(sent.indexOf('search:rows'))
    expect(sent.indexOf('search:rows')).toBeGreaterThanOrEqual(0)
  }
  // The hostile pictures: no picture, main's reason in the title.
  const huge = searchMediaCell(tables, FOUND.indexOf('huge-png') + 1)
  await expect(huge.getByTestId('media-problem')).toHaveAttribute('title', /100,000 x 100,000 pixels/)
  await expect(huge.locator('img')).toHaveCount(0)
  await expect(searchMediaCell(tables, FOUND.indexOf('fake-png') + 1).getByTestId('media-problem')).toHaveAttribute('title', /could not be decoded|are not/)
  await page.screenshot({ path: testInfo.outputPath('search-rows.png') })

  // A result's picture in the viewer, whole; the hostile one's reason instead of a picture.
  const jpegRow = FOUND.indexOf('jpeg') + 1
  await searchMediaCell(tables, jpegRow).dblclick()
  const viewer = page.getByRole('dialog', { name: `media · row ${jpegRow}` })
  const image = viewer.getByTestId('viewer-image')
  await expect(image).toBeVisible()
  expect(await naturalSize(image)).toEqual([200, 320])
  await expect(viewer.getByTestId('image-facts')).toHaveText(/^JPEG · 200 × 320 · /)
  expect(await dark(image, 10, 10)).toBe(true)
  await page.screenshot({ path: testInfo.outputPath('search-viewer.png') })
  await page.keyboard.press('ArrowUp')
  const hugeViewer = page.getByRole('dialog', { name: `media · row ${FOUND.indexOf('huge-png') + 1}` })
  await expect(hugeViewer.getByRole('note')).toContainText('100,000 x 100,000 pixels')
  await expect(hugeViewer.getByTestId('viewer-image')).toHaveCount(0)
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)

  // The gallery of the search: its results as tiles, with a tile's thumbnails.
  await page.getByRole('button', { name: 'Gallery' }).click()
  const gallery = page.getByRole('grid', { name: 'Gallery of media' })
  const tiles = gallery.getByRole('button')
  await expect(tiles).toHaveCount(last)
  await expect(tiles.nth(0)).toHaveAccessibleName(/^Row 1: PNG · 160 × 160 · /)
  await expect(tiles.nth(FOUND.indexOf('png'))).toHaveAccessibleName(/^Row \d: PNG · 320 × 200 · /)
  const pngTile = tiles.nth(FOUND.indexOf('png')).locator('img')
  await expect(pngTile).toBeVisible()
  expect(await naturalSize(pngTile)).toEqual([256, 160])
  expect(await dark(pngTile, 10, 10)).toBe(true)
  expect(await dark(pngTile, 250, 155)).toBe(false)
  await expect(tiles.nth(FOUND.indexOf('huge-png'))).toHaveAttribute('title', /100,000 x 100,000 pixels/)
  await page.screenshot({ path: testInfo.outputPath('search-gallery.png') })
  // Arrow keys between tiles; Enter opens the result's value.
  await tiles.nth(0).focus()
  await page.keyboard.press('ArrowRight')
  await expect(tiles.nth(1)).toBeFocused()
  await page.keyboard.press('End')
  await expect(tiles.nth(last - 1)).toBeFocused()
  await page.keyboard.press('Enter')
  const tileViewer = page.getByRole('dialog', { name: `media · row ${last}` })
  await expect(tileViewer.getByTestId('image-facts')).toHaveText(/^PNG · 320 × 200 · /)
  expect(await naturalSize(tileViewer.getByTestId('viewer-image'))).toEqual([320, 200])
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)

  // Clearing the search: the table's own gallery, in the table's order.
  await page.getByRole('button', { name: 'Clear search' }).click()
  await expect(searchStatus(page)).toHaveCount(0)
  await expect(tiles).toHaveCount(last)
  await expect(tiles.nth(0)).toHaveAccessibleName(/^Row 1: PNG · 320 × 200 · /)
  await expect(tiles.nth(last - 1)).toHaveAccessibleName(new RegExp(`^Row ${last}: PNG · 160 × 160 · `))
  expect(await naturalSize(tiles.nth(0).locator('img'))).toEqual([256, 160])
  await page.screenshot({ path: testInfo.outputPath('table-gallery.png') })

  // The toolbar's Find similar on the focused tile: its results land in the gallery.
  await tiles.nth(0).focus()
  await page.keyboard.press('End')
  await expect(tiles.nth(last - 1)).toBeFocused()
  await page.getByRole('toolbar', { name: 'Search' }).getByRole('button', { name: 'Find similar' }).click()
  // Named by its id, as from the grid: the row's vector is read with the id the table shows.
  await expect(searchStatus(page)).toContainText(`nearest rows to id ${last - 1} in`)
  await expect(tiles.nth(0)).toHaveAccessibleName(/^Row 1: PNG · 160 × 160 · /)
  await expect(tiles.nth(last - 1)).toHaveAccessibleName(/^Row \d: PNG · 320 × 200 · /)
  await expect(tiles.nth(last - 1).locator('img')).toBeVisible()
})
