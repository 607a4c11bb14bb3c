/**
 * Byte cells in the grid, on a real directory catalog of real media (test-kit/media-table.ts):
 * pictures and a PDF's first page show thumbnails made in main (read back as pixels: the dark
 * top-left square is there), audio a play button, other types a badge, hostile pictures a
 * placeholder that says what is wrong, and every cell's hover title names its type and size;
 * a Lance blob column's pictures and audio too, and a legacy blob column's reason.
 */
import { join } from 'node:path'
import type { Locator } from '@playwright/test'
import { expect, test } from './fixtures/test'
import { TablesPage } from './pages/tables-page'
import { imagePixel, mediaCell, naturalSize, openMediaGrid } from './fixtures/media-grid'
import { BLOB_TABLE, buildMediaCatalog, LEGACY_BLOB_TABLE } from '../test-kit/media-table'
import { PDF_FILL, PDF_SQUARE } from '../test-kit/pdf-files'
import { pageCalls } from '../test-kit/page-calls'
import { electronBinary } from './fixtures/launch'

test('the media table shows thumbnails, badges, a play button and placeholders for hostile pictures', async ({ workDir, openApp }, testInfo) => {
  const root = join(workDir, 'catalog')
  await buildMediaCatalog(root)
  const app = await openApp(['--dir', root])
  const calls = pageCalls(app.page)
  const tables = await openMediaGrid(app)

  // The PNG's thumbnail: 64 x 40 (the 320 x 200 picture within 64 pixels), drawn, not blank,
  // dark at the top left (the picture's dark square) and light at the bottom right.
  const png = mediaCell(tables, 'png')
  const thumb = png.locator('img')
  expect(await naturalSize(thumb)).toEqual([64, 40])
  const [r, g, b] = await imagePixel(thumb, 3, 3)
  expect(Math.max(r ?? 255, g ?? 255, b ?? 255)).toBeLessThan(50)
  const [r2, g2, b2] = await imagePixel(thumb, 60, 37)
  expect(r2).toBeGreaterThan(180)
  expect(g2).toBeGreaterThan(150)
  expect(b2).toBeGreaterThan(120)
  // Shown within the row, keeping its proportions.
  const box = await thumb.boundingBox()
  const cellBox = await png.boundingBox()
  expect(box && cellBox && box.height <= cellBox.height && box.width <= cellBox.width).toBe(true)
  expect(box ? box.width / box.height : 0).toBeCloseTo(64 / 40, 1)
  await expect(png.locator('[title]').first()).toHaveAttribute('title', /^PNG · 320 × 200 · \d+(\.\d)? KiB$/)
  await expect(mediaCell(tables, 'jpeg').locator('img')).toBeVisible()

  // The PDF shows its first page (drawn in main's PDF worker): 64 x 32 for a 200 x 100 pt page,
  // the page's dark square at the top left and its fill colour elsewhere; its title in points.
  const pdf = mediaCell(tables, 'pdf').locator('img')
  await expect(pdf).toBeVisible()
  expect(await naturalSize(pdf)).toEqual([64, 32])
  const near = (rgb: readonly number[], expected: readonly number[]): boolean => rgb.every((value, i) => Math.abs(value - (expected[i] ?? 0)) <= 12)
  expect(near(await imagePixel(pdf, 3, 3), PDF_SQUARE)).toBe(true)
  expect(near(await imagePixel(pdf, 60, 28), PDF_FILL)).toBe(true)
  expect(near(await imagePixel(pdf, 40, 4), PDF_FILL)).toBe(true)
  await expect(pdf).toHaveAttribute('title', /^PDF · 200 × 100 pt · \d+ bytes$/)
  await app.page.screenshot({ path: testInfo.outputPath('media-grid.png') })

  // Audio plays from its cell; video and SVG are badges; unknown bytes their first bytes.
  await expect(mediaCell(tables, 'wav').getByRole('button', { name: 'Play WAV' })).toBeVisible()
  await expect(mediaCell(tables, 'wav').locator('[title]').first()).toHaveAttribute('title', /^WAV · 7\.9 KiB$/)
  // It plays from the cell (its bytes read whole from main), and stops when pressed again.
  await mediaCell(tables, 'wav').getByRole('button', { name: 'Play WAV' }).click()
  await expect(mediaCell(tables, 'wav').getByRole('button', { name: 'Pause WAV' })).toHaveAttribute('aria-pressed', 'true')
  await mediaCell(tables, 'wav').getByRole('button', { name: 'Pause WAV' }).click()
  await expect(mediaCell(tables, 'wav').getByRole('button', { name: 'Play WAV' })).toHaveAttribute('aria-pressed', 'false')
  for (const [row, label] of [
    ['mp4', 'MP4'],
    ['svg', 'SVG']
  ] as const) {
    await expect(mediaCell(tables, row).getByTestId('media-badge')).toContainText(label)
    await expect(mediaCell(tables, row).locator('img')).toHaveCount(0)
  }
  await expect(mediaCell(tables, 'unknown')).toContainText('0xdeadbeef0102030405060708090a0b0c…')
  await expect(mediaCell(tables, 'unknown')).toContainText('(18 bytes)')
  await expect(mediaCell(tables, 'null')).toHaveText('null')

  // Hostile pictures: a placeholder each, the problem in the hover title, nothing decoded.
  for (const [row, problem] of [
    ['huge-png', /100,000 x 100,000 pixels/],
    ['truncated-jpeg', /could not be decoded/],
    ['fake-png', /could not be decoded|are not/]
  ] as const) {
    const cell = mediaCell(tables, row)
    await expect(cell.getByTestId('media-problem')).toBeVisible()
    await expect(cell.getByTestId('media-problem')).toHaveAttribute('title', problem)
    await expect(cell.locator('img')).toHaveCount(0)
  }
  // The cells came from media:cells (browser mode's calls are visible; the desktop app's go over IPC).
  if (electronBinary() === undefined) expect(calls.channels()).toContain('media:cells')
})

test('a Lance blob column shows its pictures and audio; a legacy blob column says why it shows none', async ({ workDir, openApp }, testInfo) => {
  const root = join(workDir, 'catalog')
  await buildMediaCatalog(root)
  const app = await openApp(['--dir', root])
  const tables = new TablesPage(app.page)
  const clip = (row: number): Locator => tables.gridRow(row).getByRole('gridcell').nth(1)

  // blob v2 (`lancedb.blob()`): the bytes are read through LanceDB's blob files.
  await app.table(BLOB_TABLE).click()
  await expect(app.page.getByRole('status', { name: 'Matching rows' })).toHaveText('3 rows')
  const picture = clip(1).locator('img')
  await expect(picture).toBeVisible()
  expect(await naturalSize(picture)).toEqual([64, 40])
  expect(Math.max(...(await imagePixel(picture, 3, 3)))).toBeLessThan(50)
  await expect(clip(1).locator('[title]').first()).toHaveAttribute('title', /^PNG · 320 × 200 · /)
  await expect(clip(2).getByRole('button', { name: 'Play WAV' })).toBeVisible()
  await expect(clip(3)).toHaveText('null')
  await app.page.screenshot({ path: testInfo.outputPath('blob-column.png') })

  // The legacy blob encoding (`lance-encoding:blob`): its size, and the reason on hover.
  await app.table(LEGACY_BLOB_TABLE).click()
  await expect(app.page.getByRole('status', { name: 'Matching rows' })).toHaveText('3 rows')
  await expect(clip(1).getByTestId('media-problem')).toHaveAttribute('title', /blob column hold where its bytes are/)
  await expect(clip(1).locator('img')).toHaveCount(0)
})
