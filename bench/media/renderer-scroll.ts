/**
 * The page's side of a table of media: the real UI, served by a browser-mode host, in
 * Chromium through Playwright (1280 x 800), scrolled as a user scrolls. The table is opened
 * from the catalog tree; without media, its byte columns are hidden with the grid's Columns
 * chooser, as a user hides them. Then Page Down, with a short look at each screen, for a
 * number of screens or down to a row, and a jump to the last row and back to the first
 * (Ctrl+End and Ctrl+Home, the grid's keys for them). The page's renderer process (found
 * through the browser's CDP session, `SystemInfo.getProcessInfo`) has its resident memory
 * read from /proc every SAMPLE_MS meanwhile; at the end its peak (VmHWM), its RSS, the
 * page's JS heap in use (`Performance.getMetrics`), the host's peak RSS, and the pictures
 * drawn in the grid's cells on the last screen.
 */
import { readFile } from 'node:fs/promises'
import { chromium, type Browser, type CDPSession, type Locator, type Page } from '@playwright/test'
import { chromiumPath, E2E_VIEWPORT } from '../../e2e/fixtures/launch'
import { memoryOf } from '../remote/host-client'

/** How often the renderer's RSS is read while scrolling. */
const SAMPLE_MS = 250
/** Chromium's flags as the e2e tests pass them, less --disable-gpu (so it draws as it does by default) and --disable-sync. */
const FLAGS = ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--no-first-run']
/** How long the page spins to show which renderer is its own, in ms. */
const BUSY_MS = 400
/** The longest wait for a screen to be drawn after a jump, or for its thumbnails. */
const DRAWN_TIMEOUT_MS = 60_000

/** What the page's scripts use of the DOM (this file compiles against Node's types). No named helpers in them: tsx would wrap those in a `__name` the page lacks. */
interface PageElement {
  getBoundingClientRect(): { readonly top: number; readonly bottom: number }
  querySelectorAll(selector: string): Iterable<PageElement>
  /** An <img>'s: loaded, and its decoded width. */
  readonly complete?: boolean
  readonly naturalWidth?: number
}
interface PageGlobals {
  readonly document: { querySelector(selector: string): PageElement | null }
}

/** What to scroll and how. */
export interface ScrollPlan {
  /** The host's address (with its token) and its process. */
  readonly url: string
  readonly hostPid: number
  readonly table: string
  readonly rows: number
  /** The byte columns, hidden with the Columns chooser when `withMedia` is false. */
  readonly byteColumns: readonly string[]
  readonly withMedia: boolean
  /** Page Down this many times, or (when `untilRow` is given) until the active row is at least `untilRow` (1-based). */
  readonly screens: number
  readonly untilRow?: number
  /** How long each screen is looked at, in ms. */
  readonly lookMs: number
}

/** What scrolling cost, memory in MiB. */
export interface ScrollMemory {
  readonly withMedia: boolean
  /** The renderer's RSS once the app had loaded, before the table was opened. */
  readonly rendererBefore: number
  /** The renderer's peak resident memory (VmHWM) at the end. */
  readonly rendererPeak: number
  /** The highest of its RSS samples while scrolling. */
  readonly rendererSampledPeak: number
  /** Its RSS at the end. */
  readonly rendererEnd: number
  /**
   * Its own memory (RssAnon + RssShmem: RSS less the pages of mapped files, such as
   * Chromium's own code and fonts): once the app had loaded, the highest read while
   * scrolling, and at the end.
   */
  readonly ownBefore: number
  readonly ownPeak: number
  readonly ownEnd: number
  /** The page's JS heap in use at the end. */
  readonly heapUsed: number
  /** The host's peak resident memory (VmHWM) at the end. */
  readonly hostPeak: number
  /** Page Down presses, and the row (1-based) they reached. */
  readonly screens: number
  readonly rowReached: number
  /** The Page Down pass, and the jump to the end and back, in seconds. */
  readonly scrollSeconds: number
  readonly jumpSeconds: number
  /** Rows on the last screen, those of them with a picture drawn in a cell, and how long the pictures took to show there (ms). */
  readonly rowsOnScreen: number
  readonly picturesOnScreen: number
  readonly picturesWaitMs: number
  /** Renderer processes the browser had, the browser's version, and the page's errors if any. */
  readonly renderers: number
  readonly browserVersion: string
  readonly problems: readonly string[]
}

/** Opens the table in a fresh Chromium on the host at `plan.url`, scrolls it as `plan` says, and measures. */
export async function scrollInBrowser(plan: ScrollPlan): Promise<ScrollMemory> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: FLAGS })
  try {
    const page = await (await browser.newContext({ viewport: E2E_VIEWPORT })).newPage()
    const problems: string[] = []
    page.on('pageerror', (error) => problems.push(error.message))
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text())
    })
    await page.goto(plan.url)
    const { pid, renderers } = await rendererOf(browser, page)
    const start = await statusOf(pid)
    const rendererBefore = start.rss
    const sampler = rssSampler(pid)
    try {
      const grid = await openGrid(page, plan)
      const scrollBegun = performance.now()
      let screens = 0
      let rowReached = await activeRow(page)
      while (plan.untilRow === undefined ? screens < plan.screens : rowReached < plan.untilRow && rowReached < plan.rows) {
        await page.keyboard.press('PageDown')
        await page.waitForTimeout(plan.lookMs)
        screens++
        rowReached = await activeRow(page)
      }
      const scrollSeconds = (performance.now() - scrollBegun) / 1000
      const jumpBegun = performance.now()
      await page.keyboard.press('Control+End')
      await screenDrawn(grid, plan.rows)
      await page.waitForTimeout(plan.lookMs)
      await page.keyboard.press('Control+Home')
      await screenDrawn(grid, 1)
      await page.waitForTimeout(plan.lookMs)
      const jumpSeconds = (performance.now() - jumpBegun) / 1000
      const shown = await picturesShown(page, plan.withMedia)
      const cdp = await page.context().newCDPSession(page)
      const heapUsed = await jsHeapUsed(cdp)
      const renderer = await statusOf(pid)
      const host = await memoryOf(plan.hostPid)
      return {
        withMedia: plan.withMedia,
        rendererBefore,
        rendererPeak: renderer.peak,
        rendererSampledPeak: Math.max(sampler.peak().rss, renderer.rss),
        rendererEnd: renderer.rss,
        ownBefore: start.own,
        ownPeak: Math.max(sampler.peak().own, renderer.own),
        ownEnd: renderer.own,
        heapUsed,
        hostPeak: host?.peak ?? NaN,
        screens,
        rowReached,
        scrollSeconds,
        jumpSeconds,
        ...shown,
        renderers,
        browserVersion: browser.version(),
        problems
      }
    } finally {
      sampler.stop()
    }
  } finally {
    await browser.close()
  }
}

/**
 * The renderer process of the page (its pid is the system's: Chromium runs without its
 * sandbox's PID namespace here). The browser has others: its own UI's (`--top-chrome-webui`,
 * which also runs while the page is busy, so it is left out by name) and a spare kept
 * ready. The page's is the one whose CPU time grows most while the page runs a busy loop.
 */
async function rendererOf(browser: Browser, page: Page): Promise<{ pid: number; renderers: number }> {
  const session = await browser.newBrowserCDPSession()
  try {
    const renderers = async (): Promise<Map<number, number>> => {
      const { processInfo } = (await session.send('SystemInfo.getProcessInfo')) as { processInfo: { type: string; id: number; cpuTime: number }[] }
      return new Map(processInfo.filter((p) => p.type === 'renderer').map((p) => [p.id, p.cpuTime]))
    }
    const before = await renderers()
    await page.evaluate((ms) => {
      const until = performance.now() + ms
      while (performance.now() < until);
    }, BUSY_MS)
    const after = await renderers()
    const pages: { pid: number; grew: number }[] = []
    for (const [pid, cpu] of after) {
      const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')
      if (cmdline.includes('--type=renderer') && !cmdline.includes('--top-chrome-webui')) pages.push({ pid, grew: cpu - (before.get(pid) ?? 0) })
    }
    const busy = pages.sort((a, b) => b.grew - a.grew)[0]
    if (!busy || busy.grew < BUSY_MS / 4000) throw new Error(`No renderer ran the page's busy loop: ${JSON.stringify(pages)}.`)
    return { pid: busy.pid, renderers: after.size }
  } finally {
    await session.detach()
  }
}

/** What /proc/<pid>/status says of a process's memory, in MiB (NaN where it says nothing). */
interface Status {
  readonly rss: number
  readonly peak: number
  /** RssAnon + RssShmem. */
  readonly own: number
}

async function statusOf(pid: number): Promise<Status> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '')
  const field = (name: string): number => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN) / 1024
  return { rss: field('VmRSS'), peak: field('VmHWM'), own: field('RssAnon') + field('RssShmem') }
}

/** Reads `pid`'s RSS and own memory every SAMPLE_MS until stopped; keeps the highest of each. */
function rssSampler(pid: number): { peak(): { rss: number; own: number }; stop(): void } {
  const peak = { rss: 0, own: 0 }
  const timer = setInterval(() => {
    void statusOf(pid).then((status) => {
      if (status.rss > peak.rss) peak.rss = status.rss
      if (status.own > peak.own) peak.own = status.own
    })
  }, SAMPLE_MS)
  return { peak: () => ({ ...peak }), stop: () => clearInterval(timer) }
}

/** Clicks the table in the catalog tree, waits for its row count and first screen, hides the byte columns when asked, and focuses the grid. */
async function openGrid(page: Page, plan: ScrollPlan): Promise<Locator> {
  await page
    .getByRole('tree', { name: 'Catalog' })
    .getByRole('treeitem', { name: `${plan.table}, table`, exact: true })
    .click()
  await page
    .getByRole('status', { name: 'Matching rows' })
    .filter({ hasText: `${plan.rows.toLocaleString('en-US')} rows` })
    .waitFor()
  const grid = page.getByRole('grid', { name: `Rows of ${plan.table}` })
  await screenDrawn(grid, 1)
  if (plan.withMedia) {
    await grid.getByRole('gridcell').locator('img').first().waitFor({ timeout: DRAWN_TIMEOUT_MS })
  } else {
    const chooser = page.getByRole('button', { name: /^Columns \(/ })
    const all = Number(/of (\d+)\)/.exec((await chooser.textContent()) ?? '')?.[1])
    await chooser.click()
    const panel = page.getByRole('group', { name: 'Visible columns' })
    for (const column of plan.byteColumns) await panel.getByRole('checkbox', { name: column, exact: true }).uncheck()
    await chooser.filter({ hasText: `Columns (${all - plan.byteColumns.length} of ${all})` }).waitFor()
    await page.keyboard.press('Escape')
    await panel.waitFor({ state: 'detached' })
    await screenDrawn(grid, 1)
  }
  await grid.focus()
  return grid
}

/** Waits until row `row` (1-based) is drawn and no row on screen still shows a loading mark. */
async function screenDrawn(grid: Locator, row: number): Promise<void> {
  await grid
    .getByRole('row')
    .filter({ has: grid.page().getByRole('rowheader', { name: row.toLocaleString('en-US'), exact: true }) })
    .waitFor({ timeout: DRAWN_TIMEOUT_MS })
  await grid.page().waitForFunction(
    () => {
      const scroller = (globalThis as unknown as PageGlobals).document.querySelector('[role="grid"]')
      if (!scroller) return false
      const box = scroller.getBoundingClientRect()
      return [...scroller.querySelectorAll('[aria-label="Loading"]')].every((mark) => {
        const at = mark.getBoundingClientRect()
        return at.bottom <= box.top || at.top >= box.bottom
      })
    },
    undefined,
    { timeout: DRAWN_TIMEOUT_MS, polling: 100 }
  )
}

/** The active row (1-based) as the grid names it in aria-activedescendant; 1 before any move. */
async function activeRow(page: Page): Promise<number> {
  const id = await page.getByRole('grid').getAttribute('aria-activedescendant')
  const index = /-r(\d+)-c\d+$/.exec(id ?? '')?.[1]
  return index === undefined ? 1 : Number(index) + 1
}

/**
 * The data rows on the grid's screen and how many of them have a picture drawn (a decoded
 * <img> in a cell); with media, waits for every row's picture first (up to DRAWN_TIMEOUT_MS).
 */
async function picturesShown(page: Page, withMedia: boolean): Promise<{ rowsOnScreen: number; picturesOnScreen: number; picturesWaitMs: number }> {
  const count = (): Promise<{ rows: number; pictures: number }> =>
    page.evaluate(() => {
      const scroller = (globalThis as unknown as PageGlobals).document.querySelector('[role="grid"]')
      if (!scroller) return { rows: 0, pictures: 0 }
      const box = scroller.getBoundingClientRect()
      const onScreen = [...scroller.querySelectorAll('[role="row"][data-index]')].filter((row) => {
        const at = row.getBoundingClientRect()
        return at.bottom > box.top && at.top < box.bottom
      })
      const pictures = onScreen.filter((row) =>
        [...row.querySelectorAll('[role="gridcell"] img')].some((img) => img.complete === true && (img.naturalWidth ?? 0) > 0)
      )
      return { rows: onScreen.length, pictures: pictures.length }
    })
  const begun = performance.now()
  let seen = await count()
  while (withMedia && seen.pictures < seen.rows && performance.now() - begun < DRAWN_TIMEOUT_MS) {
    await page.waitForTimeout(100)
    seen = await count()
  }
  return { rowsOnScreen: seen.rows, picturesOnScreen: seen.pictures, picturesWaitMs: performance.now() - begun }
}

/** The page's JS heap in use, in MiB. */
async function jsHeapUsed(cdp: CDPSession): Promise<number> {
  await cdp.send('Performance.enable')
  const { metrics } = await cdp.send('Performance.getMetrics')
  return (metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? NaN) / (1024 * 1024)
}
