/**
 * The Map view as a test drives it: each point's position on the page (from the drawing's
 * own positions), the clusters' centres, whether every point lies nearest its own
 * cluster's centre, a Shift-drag lasso around one cluster, and the drawing's dark and
 * query-coloured pixels.
 */
import type { Page } from '@playwright/test'
import sharp from 'sharp'

type Point = readonly [number, number]

/** Each point's position on the page (CSS pixels), in row order. */
export async function screenPoints(page: Page): Promise<Point[]> {
  const canvas = page.getByRole('img', { name: /^Map of the vectors/ })
  const box = await canvas.boundingBox()
  if (!box) throw new Error('The map is not on screen.')
  const inCanvas: [number, number][] = await canvas.evaluate((element) =>
    (element as unknown as { mapScreenPositions: () => [number, number][] }).mapScreenPositions()
  )
  return inCanvas.map(([x, y]) => [box.x + x, box.y + y])
}

/** The mean position of `points`. */
export function centreOf(points: readonly Point[]): [number, number] {
  return [points.reduce((s, p) => s + p[0], 0) / points.length, points.reduce((s, p) => s + p[1], 0) / points.length]
}

/** The centre of each of `clusters` clusters, and the points lying nearer another cluster's centre than their own. */
export function clusterCheck(
  points: readonly Point[],
  clusters: number,
  clusterOf: (row: number) => number
): { centres: [number, number][]; misplaced: number[] } {
  const centres = Array.from({ length: clusters }, (_, c) => centreOf(points.filter((_, i) => clusterOf(i) === c)))
  const misplaced: number[] = []
  points.forEach(([x, y], i) => {
    const distances = centres.map(([cx, cy]) => Math.hypot(x - cx, y - cy))
    if (distances.indexOf(Math.min(...distances)) !== clusterOf(i)) misplaced.push(i)
  })
  return { centres, misplaced }
}

/** Draws a lasso (Shift and drag) on a circle around `centre` of `radius` CSS pixels. */
export async function lassoCircle(page: Page, [cx, cy]: Point, radius: number): Promise<void> {
  await page.keyboard.down('Shift')
  await page.mouse.move(cx + radius, cy)
  await page.mouse.down()
  for (let step = 1; step <= 36; step++) {
    const angle = (step / 36) * 2 * Math.PI
    await page.mouse.move(cx + radius * Math.cos(angle), cy + radius * Math.sin(angle), { steps: 2 })
  }
  await page.mouse.up()
  await page.keyboard.up('Shift')
}

/** The page positions of the map's pixels that `keep` keeps, read from a screenshot of its canvas. */
async function pixelsWhere(page: Page, keep: (r: number, g: number, b: number) => boolean): Promise<Point[]> {
  const box = await page.getByRole('img', { name: /^Map of the vectors/ }).boundingBox()
  if (!box) throw new Error('The map is not on screen.')
  const { data, info } = await sharp(await page.screenshot({ clip: box }))
    .raw()
    .toBuffer({ resolveWithObject: true })
  const found: Point[] = []
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      const at = (y * info.width + x) * info.channels
      if (keep(data[at]!, data[at + 1]!, data[at + 2]!)) found.push([box.x + (x * box.width) / info.width, box.y + (y * box.height) / info.height])
    }
  }
  return found
}

/**
 * The page positions of the map's dark pixels (each channel under 80): only outlines are
 * drawn dark, the palette's colours are all lighter, and the faint points lighter still.
 */
export function darkPixels(page: Page): Promise<Point[]> {
  return pixelsWhere(page, (r, g, b) => r < 80 && g < 80 && b < 80)
}

/** The page positions of the map's pixels within 40 of colour `rgb`. */
export function colourPixels(page: Page, [red, green, blue]: readonly [number, number, number]): Promise<Point[]> {
  return pixelsWhere(page, (r, g, b) => Math.hypot(r - red, g - green, b - blue) < 40)
}

/** The page positions of the map's pixels near the query point's magenta (#d6008f), which no palette colour comes near. */
export function queryPixels(page: Page): Promise<Point[]> {
  return colourPixels(page, [0xd6, 0x00, 0x8f])
}
