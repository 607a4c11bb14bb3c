/**
 * VP9 and AV1 video cells show their first frame, as H.264 and VP8 do
 * (media-video-frames.spec.ts): Chromium's own VP9 and AV1 keyframes of a known picture
 * (test-kit/encoded-frames.ts) in an MP4 (sample entries vp09 with vpcC, av01 with av1C) and
 * in a WebM (V_VP9, V_AV1 with its av1C as CodecPrivate). Main finds each keyframe and says
 * its codec, the page decodes it with WebCodecs: read back as pixels in the grid, as the
 * value viewer's poster and in the gallery. The videos live in a table of their own, so the
 * shared media table's row counts stay as the other specs know them.
 */
import { join } from 'node:path'
import { connectNamespace } from '@lancedb/lancedb'
import type { Locator } from '@playwright/test'
import { expect, test } from './fixtures/test'
import { canvasPixel, posterPixel } from './fixtures/media-grid'
import { TablesPage } from './pages/tables-page'
import { lanceArrow } from '../src/catalog/lance-arrow'
import { ENCODED_FRAMES, FRAME_COLOUR, FRAME_DARK } from '../test-kit/encoded-frames'
import { av1C, mp4Video, vpcC, webmVideo } from '../test-kit/video-files'

const TABLE = 'codecs'
const vp9 = ENCODED_FRAMES['vp09.00.10.08']
const av1 = ENCODED_FRAMES['av01.0.04M.08']

/**
 * The AV1 keyframe without the temporal delimiter OBU (0x12 0x00: type 2 with a size field,
 * size 0) the encoder put first: the AV1 bindings of ISO media and Matroska both leave
 * temporal delimiters out of samples and blocks, so a muxed file's keyframe starts at its
 * sequence header.
 */
function av1Sample(): Uint8Array {
  const frame = av1.frame
  if (frame[0] !== 0x12 || frame[1] !== 0x00) throw new Error('The encoded AV1 frame no longer starts with a temporal delimiter.')
  return frame.subarray(2)
}

/** Each row's name, the container its title starts with, and its bytes. */
const ROWS = [
  { kind: 'vp9-mp4', label: 'MP4', bytes: () => mp4Video({ entry: 'vp09', config: { type: 'vpcC', payload: vpcC() }, frames: [vp9.frame] }) },
  { kind: 'av1-mp4', label: 'MP4', bytes: () => mp4Video({ entry: 'av01', config: { type: 'av1C', payload: av1C() }, frames: [av1Sample()] }) },
  { kind: 'vp9-webm', label: 'WebM', bytes: () => webmVideo({ codecId: 'V_VP9', frames: [{ data: vp9.frame, key: true }] }) },
  {
    kind: 'av1-webm',
    label: 'WebM',
    bytes: () => webmVideo({ codecId: 'V_AV1', codecPrivate: av1C(), frames: [{ data: av1Sample(), key: true }] })
  }
] as const

/** A directory catalog at `root` holding TABLE: `id`, `kind` naming the row, `media` the video's bytes. */
async function buildCodecCatalog(root: string): Promise<void> {
  const { Int32, LargeBinary, Table, Utf8, vectorFromArray } = lanceArrow
  const db = await connectNamespace('dir', { root })
  try {
    const table = new Table({
      id: vectorFromArray(
        ROWS.map((_, i) => i),
        new Int32()
      ),
      kind: vectorFromArray(
        ROWS.map((row) => row.kind),
        new Utf8()
      ),
      media: vectorFromArray(
        ROWS.map((row) => row.bytes()),
        new LargeBinary()
      )
    })
    ;(await db.createTable(TABLE, table, [])).close()
  } finally {
    db.close()
  }
}

/**
 * Whether `rgb` is within `tolerance` of `expected` on every channel: lossy codecs move
 * colours a little. Close enough to see VP9's range: its keyframe says full range, and
 * Chromium's VP9 decoder takes the range from the decoder config (limited when it names
 * none), so without the range main reads from the frame the picture comes out stretched,
 * about (245, 110, 24) and (5, 5, 5), where H.264 and AV1 give (228, 110, 29) and (20, 20, 20).
 */
function near(rgb: readonly number[], expected: readonly number[], tolerance = 10): boolean {
  return expected.every((value, i) => Math.abs((rgb[i] ?? -999) - value) <= tolerance)
}

/** The `media` cell of row `i` (0-based; the third column: id, kind, media). */
function mediaCell(tables: TablesPage, i: number): Locator {
  return tables
    .gridRow(i + 1)
    .getByRole('gridcell')
    .nth(2)
}

test('VP9 and AV1 video cells, in MP4 and WebM, draw their first frame in the grid, the viewer and the gallery', async ({ workDir, openApp }, testInfo) => {
  const root = join(workDir, 'catalog')
  await buildCodecCatalog(root)
  const app = await openApp(['--dir', root])
  const { page } = app

  // The codecs must be there: a Chromium built without one fails here, naming it, rather than showing badges below.
  const supported = await page.evaluate(
    async (codecs) => {
      const decoder = (globalThis as unknown as { VideoDecoder?: { isConfigSupported(config: object): Promise<{ supported?: boolean }> } }).VideoDecoder
      if (!decoder) return 'no VideoDecoder'
      const answers = await Promise.all(
        codecs.map(async (codec) => [codec, (await decoder.isConfigSupported({ codec, codedWidth: 96, codedHeight: 64 })).supported])
      )
      return Object.fromEntries(answers) as unknown
    },
    [vp9.codec, av1.codec]
  )
  expect(supported).toEqual({ [vp9.codec]: true, [av1.codec]: true })

  await app.table(TABLE).click()
  const tables = new TablesPage(page)
  await expect(page.getByRole('status', { name: 'Matching rows' })).toHaveText(`${ROWS.length} rows`)

  // The 96 x 64 frame within 64 pixels: 64 x 43, its dark 32-pixel square now about 21 pixels at the top left.
  for (const [i, row] of ROWS.entries()) {
    const thumb = mediaCell(tables, i).getByTestId('video-thumb')
    await expect(thumb, `${row.kind}: a drawn frame, not the badge`).toBeVisible()
    await expect(thumb).toHaveAttribute('title', new RegExp(`^${row.label} · 96 × 64 · `))
    await expect.poll(async () => near((await canvasPixel(thumb, 50, 32)).rgb, FRAME_COLOUR), { message: `${row.kind}: the frame's colour` }).toBe(true)
    const drawn = await canvasPixel(thumb, 6, 6)
    expect(drawn.size, `${row.kind}: the thumbnail's size`).toEqual([64, 43])
    expect(near(drawn.rgb, FRAME_DARK), `${row.kind}: the dark square, got ${drawn.rgb.join(', ')}`).toBe(true)
    const box = await thumb.boundingBox()
    const cellBox = await mediaCell(tables, i).boundingBox()
    expect(box && cellBox && box.height <= cellBox.height, `${row.kind}: fitted to the row`).toBe(true)
  }
  await page.screenshot({ path: testInfo.outputPath('video-codecs-grid.png') })

  // The value viewer: the player's poster is the first frame at its size.
  for (const [i, row] of ROWS.entries()) {
    await mediaCell(tables, i).dblclick()
    const dialog = page.getByRole('dialog', { name: `media · row ${i + 1}` })
    const player = dialog.getByTestId('viewer-video')
    await expect(player).toHaveAttribute('poster', /^blob:/)
    const poster = await posterPixel(player, 80, 50)
    expect(poster.size, `${row.kind}: the poster's size`).toEqual([96, 64])
    expect(near(poster.rgb, FRAME_COLOUR), `${row.kind}: the poster's colour, got ${poster.rgb.join(', ')}`).toBe(true)
    const dark = await posterPixel(player, 8, 8)
    expect(near(dark.rgb, FRAME_DARK), `${row.kind}: the poster's dark square, got ${dark.rgb.join(', ')}`).toBe(true)
    await page.screenshot({ path: testInfo.outputPath(`video-codecs-viewer-${row.kind}.png`) })
    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)
  }

  // The gallery: the same frames at tile size (96 x 64, smaller than a tile, drawn as they are).
  await page.getByRole('button', { name: 'Gallery' }).click()
  const tiles = page.getByRole('grid', { name: 'Gallery of media' }).getByRole('button')
  await expect(tiles).toHaveCount(ROWS.length)
  for (const [i, row] of ROWS.entries()) {
    const thumb = tiles.nth(i).getByTestId('video-thumb')
    await thumb.scrollIntoViewIfNeeded()
    await expect.poll(async () => near((await canvasPixel(thumb, 80, 50)).rgb, FRAME_COLOUR), { message: `${row.kind}: the tile's colour` }).toBe(true)
    expect((await canvasPixel(thumb, 0, 0)).size, `${row.kind}: the tile's picture size`).toEqual([96, 64])
  }
  await page.screenshot({ path: testInfo.outputPath('video-codecs-gallery.png') })
})
