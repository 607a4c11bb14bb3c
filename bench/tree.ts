/**
 * Tree at scale, measured in a real Chromium against browser mode: one REST namespace
 * (`big`) with 100,000 children from an in-memory listing server (each child holds a few
 * namespaces of its own, so nodes can be expanded at three depths). Each scenario starts
 * a fresh app, expands `big` (and any other nodes it names) and then walks to the last
 * child, by holding End or with the mouse wheel. Per scenario it prints the time from the
 * expand to the first rows, the time to reach the last child, the longest main-thread
 * task from the expand to the end, the peak number of drawn tree items and the JS heap
 * after a garbage collection.
 *
 * Run: npm run bench:tree [-- SCENARIO...]   (builds first; needs Chromium, see README)
 * Scenarios: baseline, one-expanded, ten-expanded, filter, wheel (all by default).
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type Browser, type Page } from '@playwright/test'
import { chromiumPath, startWebHost, stopProcess } from '../e2e/fixtures/launch'
import { startListingServer, type ListingServer } from '../test-kit/listing-server'
import { installProbe, markExpand, readProbe, viewportState } from './tree-page-probe'

const CHILDREN = 100_000
const NESTED = 5
/** Interval of a held key's repeats: 30 per second. */
const KEY_REPEAT_MS = 33
/** A scenario that has not reached the end by then is reported as such. */
const GIVE_UP_MS = 150_000

interface Scenario {
  readonly id: string
  readonly title: string
  readonly pageSize: number
  /** Paths expanded after `big`, in this order (all near the top). */
  readonly expand: readonly (readonly string[])[]
  readonly filter?: string
  readonly scroll: 'end' | 'wheel'
}

const child = (server: ListingServer, i: number): string => server.childName(i)

function scenarios(server: ListingServer): Scenario[] {
  const first = child(server, 0)
  const second = child(server, 1)
  const third = child(server, 2)
  return [
    { id: 'baseline', title: 'pages of 1,000, nothing else expanded, End held', pageSize: 1000, expand: [], scroll: 'end' },
    { id: 'one-expanded', title: 'pages of 100, one child expanded near the top, End held', pageSize: 100, expand: [['big', second]], scroll: 'end' },
    {
      id: 'ten-expanded',
      title: 'pages of 100, ten nodes expanded at three depths, End held',
      pageSize: 100,
      expand: [
        ['big', first],
        ['big', second],
        ['big', third],
        ...[first, second, third].flatMap((name) => [
          ['big', name, 'n_0'],
          ['big', name, 'n_3']
        ])
      ],
      scroll: 'end'
    },
    {
      id: 'filter',
      title: 'pages of 100, one child expanded, filter "9" active, End held',
      pageSize: 100,
      expand: [['big', second]],
      filter: '9',
      scroll: 'end'
    },
    {
      id: 'wheel',
      title: 'pages of 100, one child expanded, mouse wheel (one page of rows per notch)',
      pageSize: 100,
      expand: [['big', second]],
      scroll: 'wheel'
    }
  ]
}

const rowSelector = (path: readonly string[]): string => `[role="treeitem"][data-key=${JSON.stringify(`n:${JSON.stringify(path)}`)}]`

/** Index of the highest child drawn so far, for progress when the end is not reached. */
function highestChild(names: readonly string[]): number {
  let best = -1
  for (const name of names) {
    const match = /^child_(\d+)$/.exec(name)
    if (match) best = Math.max(best, Number(match[1]))
  }
  return best
}

interface Outcome {
  readonly firstRowsMs: number
  readonly reached: boolean
  readonly walkMs: number
  readonly steps: number
  readonly stalls: number
  readonly highest: number
}

async function walkWithEnd(page: Page, lastName: string): Promise<Omit<Outcome, 'firstRowsMs'>> {
  const started = Date.now()
  let steps = 0
  let highest = -1
  while (Date.now() - started < GIVE_UP_MS) {
    // A held key repeats at the OS's rate (about 30 per second at the fastest common
    // settings), not as fast as a test driver can send key events: an unpaced flood of
    // keydowns keeps the page's input queue full and starves its network callbacks, a
    // load no person can make.
    const pressedAt = Date.now()
    await page.keyboard.down('End')
    steps++
    const rest = KEY_REPEAT_MS - (Date.now() - pressedAt)
    if (rest > 0) await page.waitForTimeout(rest)
    if (steps % 10 === 0) {
      const state = await viewportState(page)
      highest = Math.max(highest, highestChild(state.names))
      if (state.names.includes(lastName)) {
        await page.keyboard.up('End')
        return { reached: true, walkMs: Date.now() - started, steps, stalls: 0, highest }
      }
    }
  }
  await page.keyboard.up('End')
  return { reached: false, walkMs: Date.now() - started, steps, stalls: 0, highest }
}

async function walkWithWheel(page: Page, lastName: string): Promise<Omit<Outcome, 'firstRowsMs'>> {
  await page.getByTestId('tree-scroll').hover()
  const started = Date.now()
  let steps = 0
  let stalls = 0
  let highest = -1
  while (Date.now() - started < GIVE_UP_MS) {
    await page.mouse.wheel(0, 26 * 100)
    steps++
    const state = await viewportState(page)
    // A "Loading…" row in view means the scroll outran the pages.
    if (state.loadingShown) stalls++
    highest = Math.max(highest, highestChild(state.names))
    if (state.names.includes(lastName)) return { reached: true, walkMs: Date.now() - started, steps, stalls, highest }
  }
  return { reached: false, walkMs: Date.now() - started, steps, stalls, highest }
}

async function run(browser: Browser, server: ListingServer, scenario: Scenario): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'lcb-bench-tree-'))
  const { child: host, url } = await startWebHost(['--data-dir', join(dir, 'data'), '--rest', server.url])
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  try {
    const page = await context.newPage()
    await page.addInitScript(installProbe, server.childName(0))
    await page.goto(url)
    await page.getByLabel('Page size').selectOption(String(scenario.pageSize))
    const big = page.locator(rowSelector(['big']))
    await big.waitFor()

    const expandAt = await markExpand(page)
    await big.click()
    await page.getByRole('treeitem', { name: server.childName(0), exact: true }).waitFor()
    const firstRowsMs = (await readProbe(page)).firstRowsAt - expandAt
    for (const path of scenario.expand) {
      const row = page.locator(rowSelector(path))
      await row.click()
      await page.locator(`${rowSelector(path)}[aria-expanded="true"]`).waitFor()
    }
    if (scenario.filter !== undefined) {
      await page.getByLabel('Filter loaded names').fill(scenario.filter)
      // Tab moves from the filter (past "Load the rest") to the tree's one focusable row.
      for (let i = 0; i < 4 && !(await page.locator('[role="treeitem"]:focus').count()); i++) {
        await page.keyboard.press('Tab')
      }
    }
    const lastName = server.childName(CHILDREN - 1)
    const walk = scenario.scroll === 'end' ? await walkWithEnd(page, lastName) : await walkWithWheel(page, lastName)

    const cdp = await context.newCDPSession(page)
    await cdp.send('HeapProfiler.collectGarbage')
    const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number }
    const stats = await readProbe(page)
    report(scenario, { firstRowsMs, ...walk }, stats.longestTask, stats.tasks, stats.peakRows, heap.usedSize)
  } finally {
    await context.close()
    await stopProcess(host)
    await rm(dir, { recursive: true, force: true })
  }
}

function report(scenario: Scenario, outcome: Outcome, longestTask: number, tasks: number, peakRows: number, heapBytes: number): void {
  const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`
  const how = scenario.scroll === 'end' ? 'End key-downs' : 'wheel notches'
  const reach = outcome.reached
    ? `${(outcome.walkMs / 1000).toFixed(1)} s over ${outcome.steps} ${how} (goal: under 10 s)`
    : `NOT reached in ${GIVE_UP_MS / 1000} s (got to ${outcome.highest >= 0 ? `child ${outcome.highest.toLocaleString('en-US')}` : 'no child'}, ${outcome.steps} ${how})`
  console.log(`\n[${scenario.id}] ${scenario.title}`)
  console.log(`  expand -> first rows drawn:        ${outcome.firstRowsMs.toFixed(1)} ms`)
  console.log(`  time to reach the last child:      ${reach}`)
  if (scenario.scroll === 'wheel') console.log(`  notches that showed "Loading…":     ${outcome.stalls} of ${outcome.steps}`)
  console.log(`  longest main-thread task:          ${longestTask.toFixed(1)} ms, ${tasks} tasks over 50 ms, expand to end (goal: none over 50 ms)`)
  console.log(`  peak rendered tree items:          ${peakRows} (goal: <= 200)`)
  console.log(`  JS heap after GC at the end:       ${mb(heapBytes)} (goal: under 60 MB)`)
}

async function main(): Promise<void> {
  const server = await startListingServer({ children: CHILDREN, nested: NESTED })
  const chosen = process.argv.slice(2)
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--enable-precise-memory-info']
  })
  try {
    const all = scenarios(server)
    const unknown = chosen.filter((id) => !all.some((s) => s.id === id))
    if (unknown.length > 0) throw new Error(`Unknown scenario ${unknown.join(', ')}; choose from ${all.map((s) => s.id).join(', ')}`)
    const load = loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')
    console.log(
      `Tree at scale: ${CHILDREN.toLocaleString('en-US')} children, Chromium ${browser.version()}, ${availableParallelism()} cores, load average ${load}`
    )
    for (const scenario of all) if (chosen.length === 0 || chosen.includes(scenario.id)) await run(browser, server, scenario)
  } finally {
    await browser.close()
    await server.close()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
