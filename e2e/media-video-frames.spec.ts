/**
 * Video cells show their first frame: main finds the first keyframe in the container (an
 * H.264 MP4 and a VP8 WebM of one frame Chromium's encoder made of a known colour,
 * test-kit/encoded-frames.ts) and the page decodes it with WebCodecs onto a canvas, read back
 * here as pixels, in the grid and in the gallery, and as the value viewer's poster. WebMs whose keyframe is noise and a
 * frameless MP4 keep the video badge with the reason in its title, and no page error.
 */
import { join } from 'node:path'
import { expect, test } from './fixtures/test'
import { canvasPixel, mediaCell, openMediaGrid, posterPixel, rowNumber } from './fixtures/media-grid'
import { FRAME_COLOUR, FRAME_DARK } from '../test-kit/encoded-frames'
import { buildMediaCatalog, MEDIA_ROWS } from '../test-kit/media-table'

/** Whether `rgb` is within `tolerance` of `expected` on every channel (lossy codecs move colours a little). */
function near(rgb: readonly number[], expected: readonly number[], tolerance = 24): boolean {
  return expected.every((value, i) => Math.abs((rgb[i] ?? -999) - value) <= tolerance)
}

test('video cells draw their first frame in the grid and the gallery; a noise frame keeps the badge', async ({ workDir, openApp }, testInfo) => {
  const root = join(workDir, 'catalog')
  await buildMediaCatalog(root)
  const app = await openApp(['--dir', root])
  const { page } = app
  const tables = await openMediaGrid(app)

  // The 96 x 64 frame within 64 pixels: 64 x 43, its dark 32-pixel square now about 21 pixels at the top left.
  for (const row of ['h264-mp4', 'vp8-webm'] as const) {
    const thumb = mediaCell(tables, row).getByTestId('video-thumb')
    await expect(thumb).toBeVisible()
    await expect(thumb).toHaveAttribute('title', new RegExp(`^${row === 'h264-mp4' ? 'MP4' : 'WebM'} · 96 × 64 · `))
    await expect.poll(async () => near((await canvasPixel(thumb, 50, 32)).rgb, FRAME_COLOUR), { message: `${row}: the frame's colour` }).toBe(true)
    const drawn = await canvasPixel(thumb, 6, 6)
    expect(drawn.size).toEqual([64, 43])
    expect(near(drawn.rgb, FRAME_DARK, 30)).toBe(true)
    // Fitted to the row.
    const box = await thumb.boundingBox()
    const cellBox = await mediaCell(tables, row).boundingBox()
    expect(box && cellBox && box.height <= cellBox.height).toBe(true)
  }

  // Noise where the keyframe should be: refused by decode() (not a keyframe), or failing in the
  // decoder (behind a real keyframe's header). Either way the cell keeps its badge and says why.
  await tables.grid.hover()
  await page.mouse.wheel(0, 2000)
  for (const [row, reason] of [
    ['noise-webm', /could not be decoded \(.*key frame/],
    ['broken-vp8-webm', /could not be decoded \(Decoding error/]
  ] as const) {
    const noise = mediaCell(tables, row)
    await expect(noise.getByTestId('media-badge')).toContainText('WebM')
    await expect(noise.getByTestId('media-badge')).toHaveAttribute('title', reason)
    await expect(noise.getByTestId('video-thumb')).toHaveCount(0)
  }
  // The frameless MP4: no frame found, the reason on hover.
  await expect(mediaCell(tables, 'mp4').getByTestId('media-badge')).toHaveAttribute('title', /no video track/)
  await page.screenshot({ path: testInfo.outputPath('video-frames-grid.png') })

  // The value viewer: the player shows the first frame, at its size, as its poster until it plays.
  for (const row of ['h264-mp4', 'vp8-webm'] as const) {
    await mediaCell(tables, row).dblclick()
    const dialog = page.getByRole('dialog', { name: `media · row ${rowNumber(row)}` })
    const player = dialog.getByTestId('viewer-video')
    await expect(player).toHaveAttribute('poster', /^blob:/)
    const poster = await posterPixel(player, 80, 50)
    expect(poster.size).toEqual([96, 64])
    expect(near(poster.rgb, FRAME_COLOUR)).toBe(true)
    expect(near((await posterPixel(player, 8, 8)).rgb, FRAME_DARK, 30)).toBe(true)
    if (row === 'h264-mp4') await page.screenshot({ path: testInfo.outputPath('video-frames-viewer.png') })
    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)
  }

  // The gallery: the same frames at tile size (96 x 64, smaller than a tile, drawn as they are).
  await page.getByRole('button', { name: 'Gallery' }).click()
  const tiles = page.getByRole('grid', { name: 'Gallery of media' }).getByRole('button')
  await expect(tiles).toHaveCount(MEDIA_ROWS.length)
  for (const row of ['h264-mp4', 'vp8-webm'] as const) {
    const thumb = tiles.nth(MEDIA_ROWS.indexOf(row)).getByTestId('video-thumb')
    await thumb.scrollIntoViewIfNeeded()
    await expect.poll(async () => near((await canvasPixel(thumb, 80, 50)).rgb, FRAME_COLOUR)).toBe(true)
    expect((await canvasPixel(thumb, 0, 0)).size).toEqual([96, 64])
  }
  for (const row of ['noise-webm', 'broken-vp8-webm'] as const) {
    const noiseTile = tiles.nth(MEDIA_ROWS.indexOf(row))
    await expect(noiseTile.getByTestId('video-thumb')).toHaveCount(0)
    await expect(noiseTile.locator('[title]').last()).toHaveAttribute('title', /could not be decoded/)
  }
  await page.screenshot({ path: testInfo.outputPath('video-frames-gallery.png') })
})
