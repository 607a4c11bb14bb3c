/**
 * The Map view of a vector column: a table of five clusters is drawn with the clusters
 * apart (read from the positions the drawing exposes), coloured by its cluster column; a
 * lasso around one cluster filters the grid to exactly its rows, which the map then
 * highlights, as it does Find similar's neighbours (outlined on the picture, read from its
 * pixels); the map opened again comes from main's kept map; hovering a point names its
 * row, the map moves with a drag and a click on a point opens its row; a table with NaN,
 * zero and constant vectors still opens, saying how many rows were set apart; a long map
 * stops on Cancel; and the hover card of a table with pictures shows the row's picture.
 */
import { join } from 'node:path'
import { connectNamespace } from '@lancedb/lancedb'
import { expect, test } from './fixtures/test'
import { clusteredBatch, makeClusteredTable } from '../test-kit/clustered-vectors'
import { pictureBytes } from '../test-kit/media-table'
import { lanceArrow } from '../src/catalog/lance-arrow'
import { centreOf, clusterCheck, colourPixels, darkPixels, lassoCircle, queryPixels, screenPoints } from './pages/embedding-map-page'

const CLUSTERS = 5
const ROWS = 2_000

async function makeCatalog(root: string): Promise<void> {
  const db = await connectNamespace('dir', { root })
  ;(await makeClusteredTable(db, 'clusters', { rows: ROWS, clusters: CLUSTERS, dimension: 32 })).close()
  ;(await makeClusteredTable(db, 'odd', { rows: 200, clusters: 3, dimension: 8, unplaced: 5 })).close()
  ;(await makeClusteredTable(db, 'large', { rows: 10_000, clusters: 10, dimension: 64 })).close()
  db.close()
}

test('draws clusters apart, colours them, lassoes one into the grid, and reopens from the kept map', async ({ workDir, openApp }, testInfo) => {
  test.setTimeout(240_000)
  const root = join(workDir, 'catalog')
  await makeCatalog(root)
  const app = await openApp(['--dir', root])
  const page = app.page
  await page.setViewportSize({ width: 1280, height: 800 })

  await app.table('clusters').click()
  await page.getByRole('button', { name: 'Map', exact: true }).click()
  const status = page.getByRole('status', { name: 'Map status' })
  await expect(status).toHaveText(/^2,000 points · UMAP · version 1$/, { timeout: 120_000 })

  // Every point lies nearer its own cluster's centre than any other cluster's (row i is in cluster i % 5).
  const points = await screenPoints(page)
  expect(points).toHaveLength(ROWS)
  const clusterOf = (i: number): number => i % CLUSTERS
  const { centres, misplaced } = clusterCheck(points, CLUSTERS, clusterOf)
  expect(misplaced).toEqual([])

  // Colour by the cluster column: the legend names each cluster with its rows.
  await page.getByRole('combobox', { name: 'Colour by' }).selectOption('cluster')
  const legend = page.getByRole('complementary', { name: 'Legend' })
  for (let c = 0; c < CLUSTERS; c++) await expect(legend.getByRole('button', { name: new RegExp(`^c${c} 400$`) })).toBeVisible()
  await page.screenshot({ path: testInfo.outputPath('embedding-map.png') })
  // Nothing is highlighted yet: no point is outlined, and there is no query point.
  expect(await darkPixels(page)).toEqual([])
  expect(await queryPixels(page)).toEqual([])

  // Hovering a point names its row (id 7 or a neighbour of its own cluster, c2).
  await page.mouse.move(...points[7]!)
  await expect(page.getByRole('tooltip')).toContainText(/^id: \d+ · cluster: c2$/)

  // Lasso cluster c0 (Shift and drag around it): a circle that holds its points and no other's.
  const c0 = points.filter((_, i) => clusterOf(i) === 0)
  const [cx, cy] = centres[0]!
  const radius = Math.max(...c0.map(([x, y]) => Math.hypot(x - cx, y - cy))) + 6
  const intruders = points.filter(([x, y], i) => clusterOf(i) !== 0 && Math.hypot(x - cx, y - cy) <= radius + 2)
  expect(intruders).toHaveLength(0)
  await lassoCircle(page, [cx, cy], radius)
  const selection = page.getByLabel('Selection')
  await expect(selection).toContainText('400 points selected')
  await selection.getByRole('button', { name: 'Filter the grid to these rows' }).click()

  // The grid shows exactly cluster c0's rows: ids 0, 5, 10, ...
  await expect(page.getByRole('status', { name: 'Matching rows' })).toHaveText('400 matching rows')
  const filter = await page.getByLabel('Filter (SQL where clause)').inputValue()
  const ids = /^`id` IN \((.*)\)$/.exec(filter)?.[1]?.split(', ').map(Number) ?? []
  expect(ids.sort((a, b) => a - b)).toEqual(Array.from({ length: 400 }, (_, i) => i * CLUSTERS))

  // The map again: main's kept map answers at once, and the grid's filter stands out on it.
  await page.getByRole('button', { name: 'Map', exact: true }).click()
  await expect(status).toHaveText('2,000 points · UMAP · version 1 · kept map')
  await expect(page.getByLabel('Highlighted rows')).toHaveText('400 of 2,000 points match the grid’s filter and stand out.')

  // Find similar (from the grid's first row, id 0) keeps the map, its ten neighbours highlighted.
  await page.getByRole('button', { name: 'Find similar', exact: true }).click()
  await expect(page.getByLabel('Highlighted rows')).toHaveText('10 of 2,000 points are the search’s results and stand out.')
  // They stand out on the picture too, over their dense cluster: outlined, where row 0's cluster lies.
  await page.mouse.move(0, 0)
  await page.screenshot({ path: testInfo.outputPath('embedding-map-similar.png') })
  const outlined = await darkPixels(page)
  expect(outlined.length).toBeGreaterThan(50)
  // (The lines above the map moved it down since the lasso: its cluster is found again.)
  const shown = (await screenPoints(page)).filter((_, i) => clusterOf(i) === 0)
  const [sx, sy] = centreOf(shown)
  const reach = Math.max(...shown.map(([x, y]) => Math.hypot(x - sx, y - sy))) + 6
  expect(outlined.filter(([x, y]) => Math.hypot(x - sx, y - sy) > reach)).toEqual([])
  // The query (row 0's vector) is marked by magenta rings at row 0, in that cluster.
  await expect(page.getByLabel('Query point')).toHaveText(/^The magenta rings mark the search’s query/)
  const rings = await queryPixels(page)
  expect(rings.length).toBeGreaterThan(20)
  const [qx, qy] = centreOf(rings)
  const row0 = (await screenPoints(page))[0]!
  expect(Math.hypot(qx - row0[0], qy - row0[1])).toBeLessThan(3)

  // Dragging the map moves every point with it; once still, it is drawn there, and a click on a point opens its row.
  const before = await screenPoints(page)
  const canvas = (await page.getByRole('img', { name: /^Map of the vectors/ }).boundingBox())!
  await page.mouse.move(canvas.x + 20, canvas.y + 20)
  await page.mouse.down()
  await page.mouse.move(canvas.x + 120, canvas.y + 70, { steps: 8 })
  await page.mouse.up()
  await expect(page.getByRole('img', { name: /^Map of the vectors/ })).toHaveCSS('transform', 'none')
  const after = await screenPoints(page)
  // Nearly the drag's 100 x 50 pixels: deck.gl's pan starts some pixels into the drag.
  const [dx, dy] = [after[0]![0] - before[0]![0], after[0]![1] - before[0]![1]]
  expect(dx).toBeGreaterThan(80)
  expect(dx).toBeLessThan(101)
  expect(dy).toBeGreaterThan(40)
  expect(dy).toBeLessThan(51)
  await page.screenshot({ path: testInfo.outputPath('embedding-map-moved.png') })
  await page.mouse.click(...after[12]!)
  const filterBox = page.getByLabel('Filter (SQL where clause)')
  await expect(filterBox).toHaveValue(/^`id` IN \(\d+\)$/)
  const opened = /^`id` IN \((\d+)\)$/.exec(await filterBox.inputValue())
  expect(Number(opened?.[1]) % CLUSTERS).toBe(2)
})

test('opens a map of vectors that hold NaN, zeros or one repeated value, saying how many were set apart', async ({ workDir, openApp }) => {
  test.setTimeout(180_000)
  const root = join(workDir, 'catalog')
  await makeCatalog(root)
  const app = await openApp(['--dir', root])
  const page = app.page
  await app.table('odd').click()
  await page.getByRole('button', { name: 'Map', exact: true }).click()
  await expect(page.getByRole('status', { name: 'Map status' })).toHaveText('215 points · UMAP · version 1', { timeout: 120_000 })
  await expect(
    page.getByText('Set apart below the map, as their vectors cannot be placed: 5 holding NaN or infinite values, 5 all zeros, 5 one repeated value.')
  ).toBeVisible()
  const legend = page.getByRole('complementary', { name: 'Legend' })
  await expect(legend.getByRole('button', { name: /^NaN or infinite values 5$/ })).toBeVisible()
  // Every point is drawn somewhere on the canvas.
  const points = await screenPoints(page)
  expect(points.filter(([x, y]) => !Number.isFinite(x) || !Number.isFinite(y))).toHaveLength(0)

  // Coloured by density: the clusters' crowded middles bright (viridis' last step, #fde725), the set-apart rows grey.
  expect(await colourPixels(page, [0xfd, 0xe7, 0x25])).toEqual([])
  await page.getByRole('combobox', { name: 'Colour by' }).selectOption('Density (points nearby)')
  await expect(page.getByLabel('Density')).toContainText('64 × 64 grid')
  await expect(legend.getByRole('button', { name: /^Set apart 15$/ })).toBeVisible()
  await expect.poll(async () => (await colourPixels(page, [0xfd, 0xe7, 0x25])).length).toBeGreaterThan(0)

  // A larger table's map stops on Cancel, and says so.
  await app.table('large').click()
  await page.getByRole('button', { name: 'Map', exact: true }).click()
  const status = page.getByRole('status', { name: 'Map status' })
  await expect(status).toContainText(/Reading rows|neighbours|Refining/, { timeout: 60_000 })
  await page.getByRole('button', { name: 'Cancel', exact: true }).click()
  await expect(status).toHaveText('The map was cancelled.')
  await expect(page.getByRole('button', { name: 'Compute again' })).toBeVisible()
})

test("shows the hovered row's picture in the hover card, where the table has one", async ({ workDir, openApp }) => {
  test.setTimeout(180_000)
  const root = join(workDir, 'catalog')
  // 120 rows in 3 clusters, each with a PNG in a binary column.
  const { LargeBinary, Table } = lanceArrow
  const clustered = clusteredBatch({ rows: 120, clusters: 3, dimension: 8 }, 0, 120)
  const picture = await pictureBytes('png', 120, 80)
  const columns = Object.fromEntries(clustered.schema.fields.map((field) => [field.name, clustered.getChild(field.name)!]))
  const photos = new Table({
    ...columns,
    photo: lanceArrow.vectorFromArray(
      Array.from({ length: 120 }, () => picture),
      new LargeBinary()
    )
  })
  const db = await connectNamespace('dir', { root })
  ;(await db.createTable('photos', photos)).close()
  db.close()
  const app = await openApp(['--dir', root])
  const page = app.page
  await app.table('photos').click()
  await page.getByRole('button', { name: 'Map', exact: true }).click()
  await expect(page.getByRole('status', { name: 'Map status' })).toHaveText('120 points · UMAP · version 1', { timeout: 120_000 })
  const points = await screenPoints(page)
  await page.mouse.move(...points[4]!)
  const card = page.getByRole('tooltip')
  await expect(card).toContainText(/^id: \d+/)
  // The picture decoded: a thumbnail of the 120 x 80 PNG, at most 64 pixels on its longer side.
  const thumb = card.getByRole('img', { name: 'photo of this row' })
  await expect(thumb).toBeVisible()
  const size = await thumb.evaluate((img) => {
    const picture = img as unknown as { naturalWidth: number; naturalHeight: number }
    return [picture.naturalWidth, picture.naturalHeight]
  })
  expect(size).toEqual([64, 43])
})
