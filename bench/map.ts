/**
 * Embedding maps at scale: LanceDB tables of 100,000 and 1,000,000 vectors of 128 floats
 * in 20 clusters, in a temp directory catalog. For each, in a real Chromium against
 * browser mode: the time from the Map button to the first picture and to the finished
 * UMAP layout, the frame time while dragging the map (requestAnimationFrame intervals in
 * the page), the renderer's peak JS heap (CDP, sampled) and the host's peak resident
 * memory (VmHWM). In this process, side by side: reading the map's rows through the table
 * handle against LanceDB's SDK reading the same windows (the read is the part of a map
 * that touches the table; the layout is the worker's arithmetic). A screenshot of each
 * finished map is left in the temp folder. Then, on the smallest table given an IVF_PQ
 * index: reading the index's partitions (centroids) from its files, as the map's "Show
 * index partitions" does, against LanceDB's SDK answering `indexStats` for the same index
 * (the SDK's one call about an index, which gives no centroids), alternating, medians;
 * and the same on a table of 20,000 vectors on S3 (s3rver behind a proxy adding
 * S3_DELAY_MS to every request, as a store's round trip does), with the requests each made.
 *
 * Run: npm run bench:map   (builds first; needs Chromium, see README)
 * MAP_BENCH_SIZES=100000 limits the sizes.
 */
import { readFile, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { connectNamespace, Index } from '@lancedb/lancedb'
import { chromium, type CDPSession, type Page } from '@playwright/test'
import { chromiumPath, startWebHost, stopProcess } from '../e2e/fixtures/launch'
import { makeClusteredTable } from '../test-kit/clustered-vectors'
import { openDirNamespace } from '../src/catalog/dir/dir-namespace'
import { sampleWindows } from '../src/main/profile/table-sample'
import { readTablePartitions } from '../src/main/vector-index/index-partitions'
import { MAP_MAX_POINTS } from '../src/shared/embedding-map-points'
import { startSlowStore, storageProperties } from './remote/slow-store'

const SIZES = (process.env['MAP_BENCH_SIZES'] ?? '100000,1000000').split(',').map(Number)
const DIMENSION = 128
const CLUSTERS = 20
/** The wait the stand-in object store's proxy adds to every request. */
const S3_DELAY_MS = 20

/** Samples the JS heap every few milliseconds until stopped; keeps the peak. */
function heapSampler(cdp: CDPSession): { stop(): Promise<number> } {
  let peak = 0
  let running = true
  const loop = (async () => {
    while (running) {
      const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number }
      peak = Math.max(peak, usedSize)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  })().catch(() => (running = false))
  return {
    async stop() {
      running = false
      await loop
      return peak
    }
  }
}

/** The peak resident memory of process `pid` (Linux's VmHWM), in bytes. */
async function peakRss(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024
}

/**
 * Drags the map around for a while, measuring the intervals between animation frames; then
 * the longest interval in the second after the drag, when the map draws its points again
 * at their new place.
 */
async function panFrames(page: Page): Promise<{ median: number; p95: number; frames: number; settle: number }> {
  const canvas = page.getByRole('img', { name: /^Map of the vectors/ })
  const box = (await canvas.boundingBox())!
  const cx = box.x + box.width / 2
  const cy = box.y + box.height / 2
  // A string, so no bundler helper is wrapped around the page's function.
  await page.evaluate(`(() => {
    window.__frames = []
    window.__framesOn = true
    let last = performance.now()
    const tick = (t) => { window.__frames.push(t - last); last = t; if (window.__framesOn) requestAnimationFrame(tick) }
    requestAnimationFrame(tick)
  })()`)
  await page.mouse.move(cx, cy)
  await page.mouse.down()
  for (let i = 0; i < 120; i++) {
    const angle = (i / 30) * Math.PI
    await page.mouse.move(cx + Math.cos(angle) * 120, cy + Math.sin(angle) * 80)
  }
  await page.mouse.up()
  const frames = (await page.evaluate('(() => { const frames = window.__frames.slice(2); window.__frames = []; return frames })()')) as number[]
  await page.waitForTimeout(1_000)
  const after = (await page.evaluate('(() => { window.__framesOn = false; return window.__frames })()')) as number[]
  const sorted = [...frames].sort((a, b) => a - b)
  return {
    median: sorted[Math.floor(sorted.length / 2)] ?? 0,
    p95: sorted[Math.floor(sorted.length * 0.95)] ?? 0,
    frames: frames.length,
    settle: Math.max(0, ...after)
  }
}

/** Our read of the map's rows (through the table handle) against the SDK's read of the same windows. */
async function readSideBySide(root: string, name: string, total: number): Promise<{ ours: number; sdk: number; rows: number }> {
  const windows = total > MAP_MAX_POINTS ? sampleWindows(total, MAP_MAX_POINTS) : [{ offset: 0, limit: total }]
  const client = await openDirNamespace(root)
  const handle = client.table({ namespace: [], name })
  const db = await connectNamespace('dir', { root })
  const table = await db.openTable(name)
  let rows = 0
  const oursStart = performance.now()
  for (const w of windows) {
    for (let got = 0; got < w.limit;) {
      const page = await handle.readRows({ offset: w.offset + got, limit: Math.min(16_384, w.limit - got), columns: ['vector', 'id'] })
      if (page.rowCount === 0) break
      got += page.rowCount
      rows += page.rowCount
    }
  }
  const ours = performance.now() - oursStart
  const sdkStart = performance.now()
  for (const w of windows) await table.query().select(['vector', 'id']).offset(w.offset).limit(w.limit).toArrow()
  const sdk = performance.now() - sdkStart
  table.close()
  db.close()
  await client.close()
  return { ours, sdk, rows }
}

/** Partitions of the IVF_PQ index built on `name`, read as the map reads them, against the SDK's indexStats: medians of ROUNDS. */
async function partitionsSideBySide(root: string, name: string): Promise<void> {
  const ROUNDS = 7
  const db = await connectNamespace('dir', { root })
  const table = await db.openTable(name)
  const built = performance.now()
  await table.createIndex('vector', { config: Index.ivfPq({ numPartitions: 256, numSubVectors: 16 }) })
  console.log(`IVF_PQ index of 256 partitions on ${name} built in ${((performance.now() - built) / 1000).toFixed(1)} s`)
  const client = await openDirNamespace(root)
  const handle = client.table({ namespace: [], name })
  const version = await handle.version()
  const ours: number[] = []
  const sdk: number[] = []
  let count = 0
  for (let round = 0; round < ROUNDS; round++) {
    let at = performance.now()
    const read = await readTablePartitions(handle, version, 'vector', DIMENSION)
    ours.push(performance.now() - at)
    if (!read.ok) throw new Error(read.reason)
    count = read.count
    at = performance.now()
    await table.indexStats('vector_idx')
    sdk.push(performance.now() - at)
  }
  console.log(
    `  partitions read (${count} centroids of ${DIMENSION}): ${median(ours).toFixed(1)} ms; LanceDB SDK indexStats ${median(sdk).toFixed(1)} ms (ratio ${(median(ours) / median(sdk)).toFixed(2)}), medians of ${ROUNDS}`
  )
  table.close()
  db.close()
  await client.close()
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

/** The same on S3: partitions read through the S3 reader against the SDK's indexStats, with the requests each makes. */
async function partitionsOnS3(): Promise<void> {
  const ROUNDS = 7
  const ROWS = 20_000
  const store = await startSlowStore(S3_DELAY_MS)
  try {
    const root = `s3://${store.bucket}/map`
    const setup = await connectNamespace('dir', { root, ...storageProperties(store.direct) })
    const built = await makeClusteredTable(setup, 'vectors_s3', { rows: ROWS, clusters: CLUSTERS, dimension: DIMENSION }, store.direct)
    await built.createIndex('vector', { config: Index.ivfPq({ numPartitions: 256, numSubVectors: 16 }) })
    built.close()
    setup.close()
    const db = await connectNamespace('dir', { root, ...storageProperties(store.slow) })
    const table = await db.openTable('vectors_s3', [], { storageOptions: { ...store.slow } })
    const client = await openDirNamespace(root, store.slow)
    const handle = client.table({ namespace: [], name: 'vectors_s3' })
    const version = await handle.version()
    // Both opened: what follows is the reads themselves.
    await table.indexStats('vector_idx')
    const ours: number[] = []
    const sdk: number[] = []
    const requests = { ours: 0, sdk: 0 }
    let count = 0
    for (let round = 0; round < ROUNDS; round++) {
      let before = store.proxy.counts().total
      let at = performance.now()
      const read = await readTablePartitions(handle, version, 'vector', DIMENSION)
      ours.push(performance.now() - at)
      requests.ours = store.proxy.counts().total - before
      if (!read.ok) throw new Error(read.reason)
      count = read.count
      before = store.proxy.counts().total
      at = performance.now()
      await table.indexStats('vector_idx')
      sdk.push(performance.now() - at)
      requests.sdk = store.proxy.counts().total - before
    }
    console.log(
      `  on S3 (${ROWS.toLocaleString('en-US')} vectors, s3rver + ${S3_DELAY_MS} ms a request): partitions read (${count} centroids) ${median(ours).toFixed(1)} ms in ${requests.ours} requests; ` +
        `LanceDB SDK indexStats ${median(sdk).toFixed(1)} ms in ${requests.sdk} requests (ratio ${(median(ours) / median(sdk)).toFixed(2)}), medians of ${ROUNDS}`
    )
    table.close()
    db.close()
    await client.close()
  } finally {
    await store.close()
  }
}

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'lcb-bench-map-'))
  const root = join(dir, 'catalog')
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run']
  })
  try {
    const db = await connectNamespace('dir', { root })
    for (const size of SIZES) {
      const started = Date.now()
      ;(await makeClusteredTable(db, `vectors_${size}`, { rows: size, clusters: CLUSTERS, dimension: DIMENSION })).close()
      console.log(
        `Built vectors_${size} (${size.toLocaleString('en-US')} x ${DIMENSION} float32, ${CLUSTERS} clusters) in ${((Date.now() - started) / 1000).toFixed(1)} s`
      )
    }
    db.close()
    console.log(`Chromium ${browser.version()}, browser mode, WebGL2 without a GPU (SwiftShader); map bound ${MAP_MAX_POINTS.toLocaleString('en-US')} points`)
    for (const size of SIZES) {
      const name = `vectors_${size}`
      // A fresh host per size, so its peak memory is this size's.
      const { child, url } = await startWebHost(['--data-dir', join(dir, `data-${size}`), '--dir', root])
      try {
        const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
        await page.goto(url)
        const cdp = await page.context().newCDPSession(page)
        const sampler = heapSampler(cdp)
        await page.getByRole('treeitem', { name: `${name}, table`, exact: true }).click()
        const mapButton = page.getByRole('button', { name: 'Map', exact: true })
        await mapButton.waitFor()
        const status = page.getByRole('status', { name: 'Map status' })
        const start = performance.now()
        await mapButton.click()
        await page.getByRole('img', { name: /^Map of the vectors/ }).waitFor({ timeout: 120_000 })
        const first = performance.now() - start
        const firstRows = /Reading rows: ([\d,]+) of/.exec((await status.textContent()) ?? '')?.[1] ?? null
        // Every point on the principal components: the status has moved past reading.
        await status.filter({ hasText: /First picture \(principal components\)|Refining the UMAP|· UMAP · version/ }).waitFor({ timeout: 600_000 })
        const everyPoint = performance.now() - start
        await status.filter({ hasText: /· UMAP · version/ }).waitFor({ timeout: 600_000 })
        const done = performance.now() - start
        const placed =
          (await page
            .getByLabel('How the points were placed')
            .textContent({ timeout: 2_000 })
            .catch(() => null)) ?? 'UMAP fitted on every point'
        const shot = join(tmpdir(), `lcb-bench-map-${size}.png`)
        await page.screenshot({ path: shot })
        const pan = await panFrames(page)
        const heap = await sampler.stop()
        const host = await peakRss(child.pid!)
        const read = await readSideBySide(root, name, size)
        const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(0)} MB`
        console.log(`${size.toLocaleString('en-US')} vectors (${(await status.textContent()) ?? ''})`)
        console.log(`  ${placed} (screenshot ${shot})`)
        console.log(
          `  Map button -> first picture:      ${(first / 1000).toFixed(2)} s (goal: under 2 s at 100,000)${firstRows ? `, of the ${firstRows} rows read by then` : ''}`
        )
        console.log(`  Map button -> every point drawn:  ${(everyPoint / 1000).toFixed(2)} s (principal components of all the map's rows)`)
        console.log(`  Map button -> finished UMAP:      ${(done / 1000).toFixed(1)} s (goal: within a minute at 100,000)`)
        console.log(
          `  frame time while panning:         median ${pan.median.toFixed(1)} ms, p95 ${pan.p95.toFixed(1)} ms over ${pan.frames} frames (60 fps is 16.7 ms)`
        )
        console.log(`  longest frame after the drag:     ${pan.settle.toFixed(0)} ms (the points drawn again at their new place)`)
        console.log(`  renderer peak JS heap (sampled):  ${mb(heap)}`)
        console.log(`  host peak resident memory:        ${mb(host)}`)
        console.log(
          `  read ${read.rows.toLocaleString('en-US')} rows: handle ${read.ours.toFixed(0)} ms, LanceDB SDK ${read.sdk.toFixed(0)} ms (ratio ${(read.ours / read.sdk).toFixed(2)})`
        )
        await page.close()
      } finally {
        await stopProcess(child)
      }
    }
    // After the maps, so their figures stay those of a table without an index.
    if (SIZES[0] !== undefined) await partitionsSideBySide(root, `vectors_${SIZES[0]}`)
    await partitionsOnS3()
  } finally {
    await browser.close()
    await rm(dir, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
