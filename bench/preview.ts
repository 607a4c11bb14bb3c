/**
 * Data preview at scale, measured in a real Chromium against browser mode: a LanceDB
 * table of 1,000,000 sample rows (int64, string with nulls, float64, vector(8), list,
 * struct) in a temp directory catalog. Prints the time from clicking the table (with the
 * Data tab open) to its first rows drawn, the time from Ctrl+End to the last row drawn,
 * the peak number of rendered rows, and the peak JS heap (CDP Runtime.getHeapUsage,
 * sampled throughout, including a wheel sweep through many pages).
 *
 * Run: npm run bench:preview   (builds first; needs Chromium, see README)
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { connectNamespace } from '@lancedb/lancedb'
import { chromium, type CDPSession } from '@playwright/test'
import { chromiumPath, startWebHost, stopProcess } from '../e2e/fixtures/launch'
import { sampleTableIpc } from '../test-kit/lancedb-catalog'
import { tableForLance } from '../src/catalog/arrow-schema'

const ROWS = 1_000_000
const BATCH = 100_000

/** The few browser globals the page-side instrument uses (this file compiles against Node's types). */
interface PageGlobals {
  __bench?: Stats
  document: {
    querySelector(selector: string): { textContent: string | null } | null
    querySelectorAll(selector: string): { length: number }
    addEventListener(type: string, listener: (event: { key: string; ctrlKey: boolean; target: unknown }) => void, capture: boolean): void
  }
  MutationObserver: new (callback: () => void) => { observe(target: unknown, options: { childList: boolean; subtree: boolean; characterData: boolean }): void }
}

interface Stats {
  clickAt: number
  firstRowsAt: number
  endKeyAt: number
  lastRowAt: number
  peakRows: number
}

/** Installed before the app loads: records clicks, the End key and when the rows appear. */
function instrument(total: number): void {
  const w = globalThis as unknown as PageGlobals
  const document = w.document
  const stats: Stats = { clickAt: 0, firstRowsAt: 0, endKeyAt: 0, lastRowAt: 0, peakRows: 0 }
  w.__bench = stats
  // No named inner functions here: tsx would wrap them in a helper the page does not have.
  const cell = '[aria-label="Rows of big"] [aria-rowindex="ROW"] [role="gridcell"]'
  // The click on the big table's tree row, taken when the page sees it (not when the driver sends it).
  document.addEventListener(
    'mousedown',
    (event) => {
      const target = event.target as unknown as { closest(selector: string): unknown }
      if (stats.clickAt === 0 && target.closest('[role="treeitem"][aria-label="big, table"]')) stats.clickAt = performance.now()
    },
    true
  )
  document.addEventListener(
    'keydown',
    (event) => {
      if (event.key === 'End' && event.ctrlKey && stats.endKeyAt === 0) stats.endKeyAt = performance.now()
    },
    true
  )
  new w.MutationObserver(() => {
    stats.peakRows = Math.max(stats.peakRows, document.querySelectorAll('[role="grid"] [role="row"]').length)
    if (stats.clickAt > 0 && stats.firstRowsAt === 0 && document.querySelector(cell.replace('ROW', '2'))?.textContent === '0') {
      stats.firstRowsAt = performance.now()
    }
    if (stats.endKeyAt > 0 && stats.lastRowAt === 0 && document.querySelector(cell.replace('ROW', String(total + 1)))?.textContent === String(total - 1)) {
      stats.lastRowAt = performance.now()
    }
  }).observe(document, { childList: true, subtree: true, characterData: true })
}

async function buildCatalog(root: string): Promise<void> {
  const db = await connectNamespace('dir', { root })
  // LanceDB takes only Arrow objects of its own copy, which tableForLance makes.
  const small = await db.createTable('small', tableForLance(sampleTableIpc(10)), [])
  small.close()
  const big = await db.createEmptyTable('big', tableForLance(sampleTableIpc(0)).schema, [])
  for (let first = 0; first < ROWS; first += BATCH) await big.add(tableForLance(sampleTableIpc(Math.min(BATCH, ROWS - first), first)))
  big.close()
  db.close()
}

/** Samples the JS heap every few milliseconds until stopped; keeps the peak. */
function heapSampler(cdp: CDPSession): { stop(): Promise<number> } {
  let peak = 0
  let running = true
  const loop = (async () => {
    while (running) {
      const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number }
      peak = Math.max(peak, usedSize)
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
  })().catch((error: unknown) => {
    // The page went away (the run failed elsewhere); that failure is the one to report.
    running = false
    return error
  })
  return {
    async stop() {
      running = false
      await loop
      return peak
    }
  }
}

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'lcb-bench-preview-'))
  const root = join(dir, 'catalog')
  const buildStart = Date.now()
  await buildCatalog(root)
  const buildMs = Date.now() - buildStart
  const { child, url } = await startWebHost(['--data-dir', join(dir, 'data'), '--dir', root])
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run']
  })
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } })
    await page.addInitScript(instrument, ROWS)
    await page.goto(url)
    const cdp = await page.context().newCDPSession(page)
    const sampler = heapSampler(cdp)
    const bench = (): Promise<Stats> => page.evaluate(() => ({ ...(globalThis as unknown as { __bench: Stats }).__bench }))

    // Open the small table first (its grid shows under its details), so the app is warm when the big one opens.
    await page.getByRole('treeitem', { name: 'small, table', exact: true }).click()
    await page.getByRole('grid', { name: 'Rows of small' }).waitFor()
    await page.getByRole('treeitem', { name: 'big, table', exact: true }).click()
    const grid = page.getByRole('grid', { name: 'Rows of big' })
    await grid
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: '1', exact: true }) })
      .getByRole('gridcell')
      .first()
      .waitFor()
    await page.waitForFunction(() => (globalThis as unknown as { __bench: Stats }).__bench.firstRowsAt > 0)

    await grid.focus()
    await page.keyboard.press('Control+End')
    await page.waitForFunction(() => (globalThis as unknown as { __bench: Stats }).__bench.lastRowAt > 0, undefined, { timeout: 60_000 })
    const reached = await bench()

    // A wheel sweep back through many pages: memory should stay bounded by the pages near the viewport.
    await grid.hover()
    for (let i = 0; i < 60; i++) await page.mouse.wheel(0, -20_000)
    await page.waitForTimeout(500)
    const peakHeap = await sampler.stop()
    await cdp.send('HeapProfiler.collectGarbage')
    const { usedSize: settledHeap } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number }
    const stats = await bench()

    const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`
    console.log(`Data preview: ${ROWS.toLocaleString('en-US')} rows (built in ${(buildMs / 1000).toFixed(1)} s), Chromium ${browser.version()}, browser mode`)
    console.log(`  click table -> first rows drawn:  ${(reached.firstRowsAt - reached.clickAt).toFixed(1)} ms (goal: under 300 ms)`)
    console.log(`  Ctrl+End -> last row drawn:       ${(reached.lastRowAt - reached.endKeyAt).toFixed(1)} ms`)
    console.log(`  peak rendered rows:               ${stats.peakRows}`)
    console.log(`  peak JS heap (sampled):           ${mb(peakHeap)}`)
    console.log(`  JS heap after sweep + GC:         ${mb(settledHeap)}`)
  } finally {
    await browser.close()
    await stopProcess(child)
    await rm(dir, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
