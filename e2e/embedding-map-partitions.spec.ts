/**
 * The Map view's index partitions: a table without a vector index offers no partitions
 * and says why; a clustered table with an IVF_PQ index shows its partitions, on request,
 * as cyan dots on the map, read from its pixels, among the clusters' points.
 */
import { join } from 'node:path'
import { connectNamespace, Index } from '@lancedb/lancedb'
import { expect, test } from './fixtures/test'
import { makeClusteredTable } from '../test-kit/clustered-vectors'
import { centreOf, colourPixels, screenPoints } from './pages/embedding-map-page'

const CLUSTERS = 5
/** The partitions' colour, --map-partition. */
const CYAN = [0x00, 0xd5, 0xe0] as const

test('shows an IVF index’s partitions among the clusters, and says why a table without one has none', async ({ workDir, openApp }, testInfo) => {
  test.setTimeout(240_000)
  const root = join(workDir, 'catalog')
  const db = await connectNamespace('dir', { root })
  const indexed = await makeClusteredTable(db, 'indexed', { rows: 1_000, clusters: CLUSTERS, dimension: 16 })
  await indexed.createIndex('vector', { config: Index.ivfPq({ numPartitions: CLUSTERS, numSubVectors: 4 }) })
  indexed.close()
  ;(await makeClusteredTable(db, 'plain', { rows: 200, clusters: 2, dimension: 8 })).close()
  db.close()
  const app = await openApp(['--dir', root])
  const page = app.page
  await page.setViewportSize({ width: 1280, height: 800 })
  const status = page.getByRole('status', { name: 'Map status' })
  const toggle = page.getByRole('button', { name: 'Show index partitions' })

  // No index: the toggle is off, and says why.
  await app.table('plain').click()
  await page.getByRole('button', { name: 'Map', exact: true }).click()
  await expect(status).toHaveText('200 points · UMAP · version 1', { timeout: 120_000 })
  await expect(toggle).toBeDisabled()
  await expect(toggle).toHaveAccessibleDescription(/has no index at this version, so there are no partitions to show/)

  // The IVF_PQ index's five partitions, once asked for.
  await app.table('indexed').click()
  await page.getByRole('button', { name: 'Map', exact: true }).click()
  await expect(status).toHaveText('1,000 points · UMAP · version 2', { timeout: 120_000 })
  expect(await colourPixels(page, CYAN)).toEqual([])
  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByLabel('Index partitions')).toHaveText(
    /^The cyan dots ringed are the 5 partitions of index “vector_idx” \(l2 distance\): UMAP places no new vector/
  )
  await page.mouse.move(0, 0)
  await expect.poll(async () => (await colourPixels(page, CYAN)).length).toBeGreaterThan(20)
  await page.screenshot({ path: testInfo.outputPath('embedding-map-partitions.png') })

  // The markers lie among the clusters: k-means may leave a centroid between two clusters,
  // but most sit on one, so most clusters have a marker within their points' reach.
  const cyan = await colourPixels(page, CYAN)
  const points = await screenPoints(page)
  const clusters = Array.from({ length: CLUSTERS }, (_, c) => {
    const own = points.filter((_, i) => i % CLUSTERS === c)
    const [cx, cy] = centreOf(own)
    return { cx, cy, reach: Math.max(...own.map(([x, y]) => Math.hypot(x - cx, y - cy))) + 8 }
  })
  const marked = clusters.filter(({ cx, cy, reach }) => cyan.some(([x, y]) => Math.hypot(x - cx, y - cy) <= reach))
  expect(marked.length).toBeGreaterThanOrEqual(3)

  // Off again: no marker is left.
  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-pressed', 'false')
  await expect.poll(async () => (await colourPixels(page, CYAN)).length).toBe(0)
})
