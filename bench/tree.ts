/**
 * Tree at scale, measured in a real Chromium against browser mode: one REST namespace
 * with 100,000 children (an in-memory listing server). Prints the time from expand to
 * the first rows drawn (and how long after the first page arrived), the time to reach
 * the last child with the End key, the longest main-thread task while scrolling, the
 * peak number of rendered rows, and the JS heap after reaching the end.
 *
 * Run: npm run bench:tree   (builds first; needs Chromium, see README)
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from '@playwright/test'
import { chromiumPath, startWebHost, stopProcess } from '../e2e/fixtures/launch'
import { startListingServer } from '../e2e/support/listing-server'

const CHILDREN = 100_000
const PAGE_SIZE = '1000'

/** The few browser globals the page-side instrument uses (this file compiles against Node's types). */
interface PageGlobals {
  __bench?: unknown
  document: { querySelector(selector: string): unknown; querySelectorAll(selector: string): { length: number } }
  MutationObserver: new (callback: () => void) => { observe(target: unknown, options: { childList: boolean; subtree: boolean }): void }
}

/** Installed in the page before the app loads: records page arrivals, rows and long tasks. */
function instrument(): void {
  const w = globalThis as unknown as PageGlobals
  const document = w.document
  const stats = { expandAt: 0, firstPageAt: 0, firstRowsAt: 0, peakRows: 0, longestTask: 0, tasks: 0 }
  w.__bench = stats
  // The first namespace listing after the expand is the big node's first page.
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as unknown as { name: string; startTime: number; responseEnd: number }[]) {
      if (stats.expandAt > 0 && stats.firstPageAt === 0 && entry.name.includes('namespaces:list') && entry.startTime >= stats.expandAt) {
        stats.firstPageAt = entry.responseEnd
      }
    }
  }).observe({ type: 'resource' as never })
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      stats.tasks++
      stats.longestTask = Math.max(stats.longestTask, entry.duration)
    }
  }).observe({ type: 'longtask' as never, buffered: true })
  new w.MutationObserver(() => {
    const rows = document.querySelectorAll('[role="treeitem"]')
    stats.peakRows = Math.max(stats.peakRows, rows.length)
    if (stats.firstRowsAt === 0 && document.querySelector('[aria-label="child_00000"]')) stats.firstRowsAt = performance.now()
  }).observe(document, { childList: true, subtree: true })
}

interface Stats {
  expandAt: number
  firstPageAt: number
  firstRowsAt: number
  peakRows: number
  longestTask: number
  tasks: number
}

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'lcb-bench-tree-'))
  const server = await startListingServer({ children: CHILDREN })
  const { child, url } = await startWebHost(['--data-dir', join(dir, 'data'), '--rest', server.url])
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--enable-precise-memory-info']
  })
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
    await page.addInitScript(instrument)
    await page.goto(url)
    await page.getByLabel('Page size').selectOption(PAGE_SIZE)
    const big = page.getByRole('treeitem', { name: 'big', exact: true })
    await big.waitFor()

    const expandAt = await page.evaluate(() => {
      const stats = (globalThis as unknown as { __bench: Stats }).__bench
      stats.expandAt = performance.now()
      return stats.expandAt
    })
    await big.click()
    await page.getByRole('treeitem', { name: server.childName(0), exact: true }).waitFor()
    const early = (await page.evaluate(() => ({ ...(globalThis as unknown as { __bench: Stats }).__bench }))) as Stats

    // Long tasks of start-up and the first page do not count as scrolling.
    await page.evaluate(() => {
      const stats = (globalThis as unknown as { __bench: Stats }).__bench
      stats.longestTask = 0
      stats.tasks = 0
    })
    const last = page.getByRole('treeitem', { name: server.childName(CHILDREN - 1), exact: true })
    const scrollStart = Date.now()
    let presses = 0
    while (!(await last.isVisible())) {
      await page.keyboard.press('End')
      presses++
    }
    const reachEndMs = Date.now() - scrollStart
    for (let i = 0; i < 10; i++) await page.mouse.wheel(0, -4000)

    const cdp = await page.context().newCDPSession(page)
    await cdp.send('HeapProfiler.collectGarbage')
    const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number }
    const stats = (await page.evaluate(() => ({ ...(globalThis as unknown as { __bench: Stats }).__bench }))) as Stats

    const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`
    console.log(`Tree at scale: ${CHILDREN.toLocaleString('en-US')} children, pages of ${PAGE_SIZE}, Chromium ${browser.version()}`)
    console.log(`  expand -> first rows drawn:         ${(early.firstRowsAt - expandAt).toFixed(1)} ms`)
    console.log(`  first page arrived -> rows drawn:   ${(early.firstRowsAt - early.firstPageAt).toFixed(1)} ms (response end to rows in the DOM; goal: within one frame, 16.7 ms)`)
    console.log(`  time to reach the last child (End): ${reachEndMs} ms over ${presses} key presses`)
    console.log(`  longest main-thread task scrolling: ${stats.longestTask.toFixed(1)} ms across ${stats.tasks} long tasks (goal: none over 50 ms)`)
    console.log(`  peak rendered rows:                 ${stats.peakRows} (goal: <= 200)`)
    console.log(`  JS heap after reaching the end:     ${mb(heap.usedSize)}`)
  } finally {
    await browser.close()
    await stopProcess(child)
    await server.close()
    await rm(dir, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
