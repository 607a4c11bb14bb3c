/**
 * The Map view beyond a local directory: over a REST catalog whose server reads the rows,
 * over a REST catalog on an object store whose server serves metadata only (the app reads
 * the vectors at the table's s3:// location), and over a directory catalog on an object
 * store. Each map keeps its clusters apart; over REST, a lasso around one cluster filters
 * the grid to its rows and the profile follows that filter. On the object store, an IVF
 * index's partitions are read from its files there and shown on request, also over a REST
 * catalog that vends the credentials.
 */
import { join } from 'node:path'
import { connectNamespace, Index } from '@lancedb/lancedb'
import { makeClusteredTable } from '../test-kit/clustered-vectors'
import { startTestS3 } from '../test-kit/s3-server'
import { startCatalogServer } from '../server/server'
import { expect, test } from './fixtures/test'
import { clusterCheck, colourPixels, lassoCircle, screenPoints } from './pages/embedding-map-page'

const CLUSTERS = 3
const ROWS = 600

async function makeCatalog(root: string, storageOptions: Readonly<Record<string, string>> = {}): Promise<void> {
  const storage = Object.fromEntries(Object.entries(storageOptions).map(([k, v]) => [`storage.${k}`, v]))
  const db = await connectNamespace('dir', { root, ...storage })
  ;(await makeClusteredTable(db, 'clusters', { rows: ROWS, clusters: CLUSTERS, dimension: 16 }, storageOptions)).close()
  db.close()
}

const storageFlags = (options: Readonly<Record<string, string>>): string[] => Object.entries(options).flatMap(([k, v]) => ['--storage', `${k}=${v}`])

const CATALOGS = [
  { name: 'a REST catalog whose server reads the rows', store: false, rest: true },
  { name: 'a REST catalog on an object store, read at the location', store: true, rest: true },
  { name: 'a directory catalog on an object store', store: true, rest: false }
] as const

for (const catalog of CATALOGS) {
  test(`maps a vector column of ${catalog.name}, its clusters apart`, async ({ workDir, openApp, closeAfter }) => {
    test.setTimeout(180_000)
    let args: string[]
    if (catalog.store) {
      const s3 = closeAfter(await startTestS3())
      const root = `s3://${s3.bucket}/catalogs/map`
      await makeCatalog(root, s3.storageOptions)
      if (catalog.rest) {
        const server = closeAfter(await startCatalogServer({ root, storageOptions: s3.storageOptions, dataRoutes: false }))
        args = ['--rest', server.url]
      } else args = ['--dir', root, ...storageFlags(s3.storageOptions)]
    } else {
      const root = join(workDir, 'catalog')
      await makeCatalog(root)
      const server = closeAfter(await startCatalogServer({ root }))
      args = ['--rest', server.url]
    }
    const app = await openApp(args)
    const page = app.page
    await page.setViewportSize({ width: 1280, height: 800 })
    await app.table('clusters').click()
    await page.getByRole('button', { name: 'Map', exact: true }).click()
    await expect(page.getByRole('status', { name: 'Map status' })).toHaveText(`${ROWS} points · UMAP · version 1`, { timeout: 150_000 })
    const points = await screenPoints(page)
    expect(points).toHaveLength(ROWS)
    const { centres, misplaced } = clusterCheck(points, CLUSTERS, (row) => row % CLUSTERS)
    expect(misplaced).toEqual([])
    if (catalog.store) return

    // A lasso around cluster c0 filters the grid to its rows, and the profile follows.
    const c0 = points.filter((_, i) => i % CLUSTERS === 0)
    const [cx, cy] = centres[0]!
    const radius = Math.max(...c0.map(([x, y]) => Math.hypot(x - cx, y - cy))) + 6
    expect(points.filter(([x, y], i) => i % CLUSTERS !== 0 && Math.hypot(x - cx, y - cy) <= radius + 2)).toHaveLength(0)
    await lassoCircle(page, [cx, cy], radius)
    const selection = page.getByLabel('Selection')
    await expect(selection).toContainText(`${ROWS / CLUSTERS} points selected`)
    await selection.getByRole('button', { name: 'Filter the grid to these rows' }).click()
    await expect(page.getByRole('status', { name: 'Matching rows' })).toHaveText(`${ROWS / CLUSTERS} matching rows`)
    await page.getByRole('tab', { name: 'Profile' }).click()
    // The profile of every row first, as the view opens; then the grid's rows.
    const profileStatus = page.getByRole('status').filter({ hasText: /rows \(exact\)/ })
    await expect(profileStatus).toContainText(`All ${ROWS} rows (exact)`)
    await page.getByRole('button', { name: 'Profile these rows' }).click()
    await expect(profileStatus).toContainText(`All ${ROWS / CLUSTERS} matching rows (exact)`)
    await expect(page.getByRole('article', { name: 'Profile of cluster' }).getByText('1 distinct')).toBeVisible()
  })
}

/** The partitions' colour, --map-partition. */
const CYAN = [0x00, 0xd5, 0xe0] as const

// Over a directory catalog with the profile's own keys, and over a REST catalog that serves
// metadata only and vends its credentials (the app holds none of its own).
for (const via of ['dir', 'rest'] as const) {
  test(`shows the partitions of an IVF index on an object store, read from its files there (${via})`, async ({ openApp, closeAfter }, testInfo) => {
    test.setTimeout(180_000)
    const s3 = closeAfter(await startTestS3())
    const root = `s3://${s3.bucket}/catalogs/partitions`
    const db = await connectNamespace('dir', { root, ...Object.fromEntries(Object.entries(s3.storageOptions).map(([k, v]) => [`storage.${k}`, v])) })
    const table = await makeClusteredTable(db, 'clusters', { rows: ROWS, clusters: CLUSTERS, dimension: 16 }, s3.storageOptions)
    await table.createIndex('vector', { config: Index.ivfFlat({ numPartitions: CLUSTERS }) })
    table.close()
    db.close()
    let args = ['--dir', root, ...storageFlags(s3.storageOptions)]
    if (via === 'rest') args = ['--rest', closeAfter(await startCatalogServer({ root, storageOptions: s3.storageOptions, dataRoutes: false })).url]
    const app = await openApp(args)
    const page = app.page
    await page.setViewportSize({ width: 1280, height: 800 })
    await app.table('clusters').click()
    await page.getByRole('button', { name: 'Map', exact: true }).click()
    await expect(page.getByRole('status', { name: 'Map status' })).toHaveText(`${ROWS} points · UMAP · version 2`, { timeout: 150_000 })
    const toggle = page.getByRole('button', { name: 'Show index partitions' })
    await expect(toggle).toBeEnabled()
    await toggle.click()
    await expect(toggle).toHaveAttribute('aria-pressed', 'true')
    await expect(page.getByLabel('Index partitions')).toHaveText(
      new RegExp(`^The cyan dots ringed are the ${CLUSTERS} partitions of index “vector_idx” \\(l2 distance\\)`)
    )
    await page.mouse.move(0, 0)
    await expect.poll(async () => (await colourPixels(page, CYAN)).length).toBeGreaterThan(10)
    await page.screenshot({ path: testInfo.outputPath(`embedding-map-partitions-s3-${via}.png`) })
  })
}
