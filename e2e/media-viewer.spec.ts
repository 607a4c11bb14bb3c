/**
 * The value viewer on the media table: Enter or a double-click opens a cell's whole value;
 * the picture at full size with its pixel size, the WAV playable, a PDF's first page drawn
 * by main (read back as pixels), the scripted SVG only as
 * text (its script never runs), unknown bytes as hex, a hostile picture as a placeholder;
 * ArrowDown moves to the next row, and Escape closes it with focus back on the cell.
 */
import { join } from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { expect, test } from './fixtures/test'
import { imagePixel, mediaCell, naturalSize, openMediaGrid, rowNumber, svgRan, type AudioElement } from './fixtures/media-grid'
import { buildMediaCatalog } from '../test-kit/media-table'
import { PDF_FILL, PDF_SQUARE } from '../test-kit/pdf-files'
import { buildNestedCatalog } from '../test-kit/lancedb-catalog'
import { TablesPage } from './pages/tables-page'

/** The viewer, titled by column and row. */
function viewer(page: Page, column: string, row: number): Locator {
  return page.getByRole('dialog', { name: `${column} · row ${row}` })
}

test('Enter opens the picture at full size, ArrowDown walks to audio, a PDF page and the SVG shown as text, Escape returns to the cell', async ({
  workDir,
  openApp
}, testInfo) => {
  const root = join(workDir, 'catalog')
  await buildMediaCatalog(root)
  const app = await openApp(['--dir', root])
  const { page } = app
  const tables = await openMediaGrid(app)

  // From the keyboard: to the first row's media cell, then Enter.
  await tables.grid.focus()
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('Enter')
  const png = viewer(page, 'media', 1)
  await expect(png).toBeVisible()
  const image = png.getByTestId('viewer-image')
  await expect(image).toBeVisible()
  expect(await naturalSize(image)).toEqual([320, 200])
  await expect(png.getByTestId('image-facts')).toHaveText(/^PNG · 320 × 200 · /)
  // The whole picture: dark at the top left, the gradient's light corner at the bottom right.
  expect(Math.max(...(await imagePixel(image, 10, 10)))).toBeLessThan(40)
  expect(Math.min(...(await imagePixel(image, 318, 198)).slice(0, 2))).toBeGreaterThan(200)
  // Zoom: 100% shows it at its pixel size; + makes it larger.
  await png.getByRole('button', { name: '100%' }).click()
  await expect.poll(async () => (await image.boundingBox())?.width).toBeCloseTo(320, 0)
  await png.getByRole('button', { name: 'Zoom in' }).click()
  await expect.poll(async () => (await image.boundingBox())?.width).toBeCloseTo(400, 0)
  await png.getByRole('button', { name: 'Fit' }).click()

  // ArrowDown: the JPEG of row 2, then the WAV of row 3, which plays.
  await page.keyboard.press('ArrowDown')
  await expect(viewer(page, 'media', 2).getByTestId('image-facts')).toHaveText(/^JPEG · 320 × 200 · /)
  await page.keyboard.press('ArrowDown')
  const wav = viewer(page, 'media', 3)
  const audio = wav.getByTestId('viewer-audio')
  await expect(audio).toBeVisible()
  await expect.poll(() => audio.evaluate((element) => (element as unknown as AudioElement).duration)).toBeGreaterThan(0)
  expect(
    await audio.evaluate(async (element) => {
      const player = element as unknown as AudioElement
      await player.play()
      return !player.paused
    })
  ).toBe(true)
  await audio.evaluate((element) => (element as unknown as AudioElement).pause())

  // Rows 4 and 5 (MP4, PDF), then the scripted SVG: text only, never a document.
  await page.keyboard.press('ArrowDown')
  // The MP4 has boxes but no frames: the player says it cannot play it, and offers Save.
  await expect(viewer(page, 'media', 4).getByRole('alert')).toContainText('This browser cannot play this MP4 video')
  await page.keyboard.press('ArrowDown')
  // The PDF's first page, drawn in main's PDF worker at 1024 pixels: its dark square at the top left, its fill elsewhere.
  const pdf = viewer(page, 'media', 5)
  const pdfPage = pdf.getByTestId('viewer-pdf-page')
  await expect(pdfPage).toBeVisible()
  expect(await naturalSize(pdfPage)).toEqual([1024, 512])
  const near = (rgb: readonly number[], expected: readonly number[]): boolean => rgb.every((value, i) => Math.abs(value - (expected[i] ?? 0)) <= 12)
  expect(near(await imagePixel(pdfPage, 20, 20), PDF_SQUARE)).toBe(true)
  expect(near(await imagePixel(pdfPage, 1000, 500), PDF_FILL)).toBe(true)
  await expect(pdf.getByTestId('pdf-facts')).toHaveText(/^PDF · 200 × 100 pt · /)
  await expect(pdf.getByRole('note')).toHaveText('Shown: its only page, as a picture. Save the file (below) to read the whole document in a PDF reader.')
  // Fitted to the dialog, not wider than it.
  const frame = await pdf.getByLabel('First page', { exact: true }).boundingBox()
  const shown = await pdfPage.boundingBox()
  expect(shown && frame && shown.width <= frame.width && shown.width > 200).toBe(true)
  await expect(pdf.getByRole('button', { name: 'Save bytes as file' })).toBeEnabled()
  // At the two common laptop sizes the dialog holds the page without scrolling, and the page is in the window.
  for (const size of [
    { width: 1280, height: 800 },
    { width: 1440, height: 900 }
  ]) {
    await page.setViewportSize(size)
    await expect.poll(() => pdf.evaluate((box) => box.scrollHeight - box.clientHeight)).toBeLessThanOrEqual(0)
    const box = await pdfPage.boundingBox()
    expect(box && box.y >= 0 && box.y + box.height <= size.height && box.x + box.width <= size.width).toBe(true)
    await page.screenshot({ path: testInfo.outputPath(`viewer-pdf-${size.width}.png`) })
  }
  await page.keyboard.press('ArrowDown')
  const svg = viewer(page, 'media', rowNumber('svg'))
  await expect(svg).toContainText('SVG (shown as text; not rendered, since it may carry script)')
  await expect(svg.getByTestId('document-text')).toContainText('<svg xmlns="http://www.w3.org/2000/svg" onload="window.__svgRan = true">')
  await expect(svg.locator('img, iframe, object, embed, svg[onload]')).toHaveCount(0)
  expect(await svgRan(page)).toBeUndefined()

  // Escape closes; the grid has focus again and its active cell is the SVG row's media cell.
  await page.keyboard.press('Escape')
  await expect(svg).toHaveCount(0)
  await expect(tables.grid).toBeFocused()
  const activeId = await tables.grid.getAttribute('aria-activedescendant')
  expect(activeId).toBe(await mediaCell(tables, 'svg').getAttribute('id'))
  expect(await svgRan(page)).toBeUndefined()
})

test('a double-click opens unknown bytes as hex, a hostile picture as a placeholder, and text as text', async ({ workDir, openApp }) => {
  const root = join(workDir, 'catalog')
  await buildMediaCatalog(root)
  const app = await openApp(['--dir', root])
  const { page } = app
  const tables = await openMediaGrid(app)

  await mediaCell(tables, 'unknown').dblclick()
  const unknown = viewer(page, 'media', rowNumber('unknown'))
  await expect(unknown.getByTestId('hex-view')).toHaveText(
    '00000000  de ad be ef 01 02 03 04  05 06 07 08 09 0a 0b 0c  ................\n00000010  0d 0e' + ' '.repeat(43) + '..'
  )
  await unknown.getByRole('button', { name: 'Close' }).click()
  await expect(unknown).toHaveCount(0)
  await expect(tables.grid).toBeFocused()

  await mediaCell(tables, 'huge-png').dblclick()
  const huge = viewer(page, 'media', rowNumber('huge-png'))
  await expect(huge.getByRole('note')).toContainText('100,000 x 100,000 pixels')
  await expect(huge.locator('img')).toHaveCount(0)
  await page.keyboard.press('Escape')

  await tables.gridRow(rowNumber('svg')).getByRole('gridcell').nth(1).dblclick()
  const kind = viewer(page, 'kind', rowNumber('svg'))
  await expect(kind.getByLabel('Value')).toHaveText('svg')
  await page.keyboard.press('Escape')
  await expect(kind).toHaveCount(0)
})

test('the viewer shows a vector as a sparkline with its figures and a struct as a tree', async ({ workDir, openApp }) => {
  const root = join(workDir, 'catalog')
  await buildNestedCatalog(root, { namespaces: { data: { tables: { small: 5 } } } })
  const app = await openApp(['--dir', root])
  const { page } = app
  await app.expand('data')
  await app.table('small').click()
  const tables = new TablesPage(page)
  await expect(tables.gridRow(1).getByRole('gridcell').nth(3)).toContainText('×8')

  // The first row's vector [0, 0.1, …, 0.7]: figures, sparkline and the numbers to copy.
  await tables.gridRow(1).getByRole('gridcell').nth(3).dblclick()
  const vector = page.getByRole('dialog', { name: /· row 1$/ })
  const figures = vector.getByRole('definition')
  await expect(figures).toHaveText(['8', '1.18322', '0', '0.7', '0'])
  await expect(vector.getByRole('img', { name: 'Sparkline of 8 values' })).toBeVisible()
  await expect(vector.getByRole('textbox', { name: 'Numbers' })).toHaveValue('[0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7]')
  // ArrowDown: the next row's vector.
  await page.keyboard.press('ArrowDown')
  await expect(page.getByRole('dialog', { name: /· row 2$/ }).getByRole('img', { name: 'Sparkline of 8 values' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(tables.grid).toBeFocused()

  // The struct as a tree of its members.
  await tables.gridRow(1).getByRole('gridcell').nth(5).dblclick()
  const struct = page.getByRole('dialog', { name: /· row 1$/ })
  await expect(struct.getByRole('tree', { name: 'Members' })).toContainText('source: even')
  await page.keyboard.press('Escape')
})
