/**
 * The gallery of a byte column, on a real directory catalog of real media
 * (test-kit/media-table.ts): a tile per row with a tile-sized thumbnail made in main (read
 * back as pixels; a PDF's of its first page), placeholders that say what is wrong with hostile pictures, the grid's
 * filter, keyboard moves between tiles, the value viewer opened from a tile and walking the
 * rows, and the way back to the grid. Screenshots at 1280x800 and 1440x900.
 */
import { join } from 'node:path'
import { expect, test } from './fixtures/test'
import { imagePixel, naturalSize, openMediaGrid } from './fixtures/media-grid'
import { buildMediaCatalog, MEDIA_ROWS } from '../test-kit/media-table'
import { PDF_FILL } from '../test-kit/pdf-files'

test('a byte column as a gallery: thumbnails, placeholders, filter, keys and the viewer', async ({ workDir, openApp }, testInfo) => {
  const root = join(workDir, 'catalog')
  await buildMediaCatalog(root)
  const app = await openApp(['--dir', root])
  const { page } = app
  await openMediaGrid(app)

  await page.getByRole('button', { name: 'Gallery' }).click()
  const gallery = page.getByRole('grid', { name: 'Gallery of media' })
  await expect(gallery).toBeVisible()
  const tiles = gallery.getByRole('button')
  await expect(tiles).toHaveCount(MEDIA_ROWS.length)

  // The PNG's tile: the 320 x 200 picture within 256 pixels, dark at the top left.
  const png = tiles.nth(0)
  await expect(png).toHaveAccessibleName(/^Row 1: PNG · 320 × 200 · /)
  const thumb = png.locator('img')
  expect(await naturalSize(thumb)).toEqual([256, 160])
  const [r, g, b] = await imagePixel(thumb, 10, 10)
  expect(Math.max(r ?? 255, g ?? 255, b ?? 255)).toBeLessThan(50)
  expect((await imagePixel(thumb, 250, 155))[0]).toBeGreaterThan(180)
  // The PDF's tile: its 200 x 100 pt first page within 256 pixels, dark at the top left.
  const pdf = tiles.nth(MEDIA_ROWS.indexOf('pdf'))
  await expect(pdf).toHaveAccessibleName(/^Row \d+: PDF · 200 × 100 pt · /)
  const page1 = pdf.locator('img')
  expect(await naturalSize(page1)).toEqual([256, 128])
  expect(Math.max(...(await imagePixel(page1, 10, 10)))).toBeLessThan(50)
  const fill = await imagePixel(page1, 250, 120)
  expect(fill.map((value, i) => Math.abs(value - (PDF_FILL[i] ?? 0)) <= 12)).toEqual([true, true, true])
  await pdf.scrollIntoViewIfNeeded()
  await page.screenshot({ path: testInfo.outputPath('gallery-pdf.png') })
  // Hostile pictures: no picture, the reason in the title.
  const huge = tiles.nth(MEDIA_ROWS.indexOf('huge-png'))
  await expect(huge.locator('img')).toHaveCount(0)
  await expect(huge).toHaveAttribute('title', /100,000 x 100,000 pixels/)
  await expect(tiles.nth(MEDIA_ROWS.indexOf('wav'))).toContainText('WAV')

  await page.screenshot({ path: testInfo.outputPath('gallery-1280.png') })
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.screenshot({ path: testInfo.outputPath('gallery-1440.png') })

  // The keys move between tiles; Enter opens the row's value, the viewer's arrows walk the rows.
  await png.focus()
  await page.keyboard.press('ArrowRight')
  await expect(tiles.nth(1)).toBeFocused()
  await page.keyboard.press('Enter')
  const viewer = page.getByRole('dialog', { name: 'media · row 2' })
  await expect(viewer).toBeVisible()
  await expect(viewer).toContainText('JPEG · 320 × 200')
  await page.keyboard.press('ArrowDown')
  await expect(page.getByRole('dialog', { name: 'media · row 3' })).toContainText('WAV')
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(tiles.nth(2)).toBeFocused()
  await page.keyboard.press('End')
  await expect(tiles.nth(MEDIA_ROWS.length - 1)).toBeFocused()

  // The grid's filter narrows the gallery too.
  await page.getByPlaceholder(/SQL filter/).fill("kind = 'wav'")
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(gallery.getByRole('button')).toHaveCount(1)
  await expect(gallery.getByRole('button').first()).toHaveAccessibleName(/^Row 1: WAV/)

  // And back to the grid.
  await page.getByRole('button', { name: 'Gallery' }).click()
  await expect(gallery).toHaveCount(0)
  await expect(page.getByRole('grid').first()).toBeVisible()
})
