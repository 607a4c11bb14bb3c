/**
 * The page side of `bench:tree`: an init script that records long tasks, the peak number
 * of drawn tree items and when the first rows appeared, plus typed readers for it.
 */
import type { Page } from '@playwright/test'

/** What the probe has recorded so far. */
export interface ProbeStats {
  expandAt: number
  firstRowsAt: number
  peakRows: number
  longestTask: number
  tasks: number
}

/** The few browser globals the probe uses (this file compiles against Node's types). */
interface PageGlobals {
  __bench?: ProbeStats
  document: {
    querySelector(selector: string): unknown
    querySelectorAll(selector: string): { length: number }
  }
  MutationObserver: new (callback: () => void) => { observe(target: unknown, options: { childList: boolean; subtree: boolean }): void }
}

/** Installed in the page before the app loads (serialized by Playwright: no closures). */
export function installProbe(firstChild: string): void {
  const w = globalThis as unknown as PageGlobals
  const document = w.document
  const stats = { expandAt: 0, firstRowsAt: 0, peakRows: 0, longestTask: 0, tasks: 0 }
  w.__bench = stats
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      // Only tasks after the expand count: start-up is not what this measures.
      if (stats.expandAt === 0 || entry.startTime < stats.expandAt) continue
      stats.tasks++
      stats.longestTask = Math.max(stats.longestTask, entry.duration)
    }
  }).observe({ type: 'longtask' as never, buffered: true })
  new w.MutationObserver(() => {
    const rows = document.querySelectorAll('[role="treeitem"]')
    stats.peakRows = Math.max(stats.peakRows, rows.length)
    if (stats.expandAt > 0 && stats.firstRowsAt === 0 && document.querySelector(`[aria-label="${firstChild}"]`)) {
      stats.firstRowsAt = performance.now()
    }
  }).observe(document, { childList: true, subtree: true })
}

/** Marks the moment of the expand; returns it (page clock). */
export function markExpand(page: Page): Promise<number> {
  return page.evaluate(() => {
    const stats = (globalThis as unknown as { __bench: ProbeStats }).__bench
    stats.expandAt = performance.now()
    return stats.expandAt
  })
}

/** A copy of the probe's figures. */
export function readProbe(page: Page): Promise<ProbeStats> {
  return page.evaluate(() => ({ ...(globalThis as unknown as { __bench: ProbeStats }).__bench }))
}

/** The drawn rows' names inside the scroll box's viewport, and whether a "Loading…" row shows there. */
export function viewportState(page: Page): Promise<{ loadingShown: boolean; names: string[] }> {
  // No named helpers inside: tsx would wrap them in a `__name` call the page does not have.
  return page.evaluate(() => {
    interface El {
      getBoundingClientRect(): { top: number; bottom: number }
      getAttribute(name: string): string | null
      textContent: string | null
    }
    const doc = (globalThis as unknown as { document: { querySelector(s: string): El | null; querySelectorAll(s: string): Iterable<El> } }).document
    // Selected as the e2e tests do: the stylesheet's class names are scoped (CSS modules).
    const scroller = doc.querySelector('[data-testid="tree-scroll"]')
    const result = { loadingShown: false, names: [] as string[] }
    if (!scroller) return result
    const view = scroller.getBoundingClientRect()
    for (const el of doc.querySelectorAll('[role="tree"] > [role="treeitem"], [role="tree"] > [role="none"]')) {
      const box = el.getBoundingClientRect()
      if (box.bottom <= view.top || box.top >= view.bottom) continue
      const name = el.getAttribute('aria-label')
      if (name !== null) result.names.push(name)
      else if ((el.textContent ?? '').includes('Loading')) result.loadingShown = true
    }
    return result
  })
}
