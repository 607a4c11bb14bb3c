/**
 * The walk against hostile catalogs (real HTTP servers on 127.0.0.1 talking to the app's
 * REST client), held to its budgets: endless pagination of namespaces, a million
 * namespaces, namespaces nested past the depth bound. Each walk finishes with a note and
 * asks the catalog no more often than its request budget allows.
 */
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { afterEach, describe, expect, it } from 'vitest'
import type { FieldInfo } from '../../shared/catalog-types'
import type { NamespacePath } from '../../shared/namespace-path'
import { openRestCatalog } from '../../catalog/rest/rest-namespace'
import { crawlCatalog, type CrawlSink } from './crawl'
import { DEFAULT_CRAWL_BUDGET, type CrawlBudget } from './find-budget'
import { startHostileCatalog, type HostileCatalog, type HostileShape } from '../../../test-kit/hostile-catalog'

const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

/** Walks a hostile catalog of `shape` within `budget`; what the sink heard and the server counted. */
async function walk(shape: HostileShape, budget: Partial<CrawlBudget>, pageLimit?: number) {
  const catalog: HostileCatalog = await startHostileCatalog(shape)
  const controller = new AbortController()
  const client = openRestCatalog({ uri: catalog.url })
  cleanups.push(() => catalog.close())
  cleanups.push(() => client.close())
  // A walk that never ends (the failure these tests catch) is stopped when the test gives up.
  cleanups.push(() => controller.abort())
  const namespaces = new Set<string>()
  // The paths as an index keeps them: their strings as the walk handed them over.
  const paths: NamespacePath[] = []
  const tables: string[] = []
  const notes: string[] = []
  let fields = 0
  const sink: CrawlSink = {
    namespaceFound: (path: NamespacePath) => {
      namespaces.add(path.join('$'))
      paths.push(path)
    },
    namespaceVisited: () => undefined,
    tableFound: (namespace: NamespacePath, name: string) => tables.push([...namespace, name].join('$')) > 0,
    columnsFound: (_namespace: NamespacePath, _name: string, found: readonly FieldInfo[]) => void (fields = Math.max(fields, found.length)),
    note: (message) => notes.push(message),
    source: () => undefined
  }
  await crawlCatalog(client, sink, { signal: controller.signal, delimiter: '$', budget, ...(pageLimit ? { pageLimit } : {}) })
  return { namespaces, paths, tables, notes, fields, counts: catalog.counts }
}

describe('crawlCatalog against hostile catalogs', () => {
  it('stops endless pagination of namespaces (new names on every page) with a note, within its request budget', async () => {
    const budget = { requests: 400, namespaces: 300, pagesPerListing: 50 }
    const seen = await walk({ seed: 1, rootNamespaces: 'endless' }, budget)
    expect(seen.counts.total).toBeLessThanOrEqual(budget.requests)
    expect(seen.namespaces.size).toBeLessThanOrEqual(budget.namespaces)
    expect(seen.notes.join('\n')).toMatch(/Stopped after 300 namespaces: the catalog has more than Find indexes/)
  }, 20_000)

  it('stops endless pagination that names the same namespaces on every page, at the default budgets', async () => {
    const seen = await walk({ seed: 2, rootNamespaces: 'endless', repeatNames: true }, {})
    // One listing of the root's pages, then each distinct namespace listed once for namespaces and once for tables.
    expect(seen.counts.namespaces).toBeLessThanOrEqual(DEFAULT_CRAWL_BUDGET.pagesPerListing + seen.namespaces.size)
    expect(seen.counts.total).toBeLessThanOrEqual(DEFAULT_CRAWL_BUDGET.requests)
    expect(seen.notes.join('\n')).toMatch(/Listing the namespaces in the root namespace stopped after 2,000 pages/)
  }, 30_000)

  it('walks at most the namespace budget of a catalog of 1,000,000 namespaces, in requests too', async () => {
    const budget = { requests: 5_000, namespaces: 1_000 }
    const seen = await walk({ seed: 3, rootNamespaces: 1_000_000 }, budget)
    expect(seen.namespaces.size).toBeLessThanOrEqual(budget.namespaces)
    // Each namespace is listed for its namespaces and its tables: about two requests per namespace indexed.
    expect(seen.counts.total).toBeLessThanOrEqual(2 * budget.namespaces + 20)
    expect(seen.notes.join('\n')).toMatch(/Stopped after 1,000 namespaces/)
  }, 20_000)

  it('stops at the request budget with a note', async () => {
    const budget = { requests: 120 }
    const seen = await walk({ seed: 4, rootNamespaces: 1_000_000 }, budget)
    expect(seen.counts.total).toBeLessThanOrEqual(budget.requests)
    expect(seen.notes.join('\n')).toMatch(/Stopped after 120 requests to the catalog/)
  }, 20_000)

  it('stops at its wall time with a note', async () => {
    const seen = await walk({ seed: 7, rootNamespaces: 'endless' }, { wallMs: 300, requests: 1e9, namespaces: 1e9, pagesPerListing: 1e9 })
    expect(seen.notes.join('\n')).toMatch(/Stopped after 1 second: Find lists a catalog for at most that long/)
  }, 20_000)

  it('walks namespaces no deeper than the depth bound and counts what it left', async () => {
    const seen = await walk({ seed: 8, nested: 12 }, { namespaceDepth: 5 })
    expect(Math.max(...[...seen.namespaces].map((path) => path.split('$').length))).toBe(5)
    expect(seen.notes).toContain('1 namespace deeper than 5 levels was not searched.')
  }, 20_000)

  it('ends a listing whose page token is over the bound, with a note', async () => {
    const seen = await walk({ seed: 9, rootNamespaces: 50_000, tokenChars: 600 }, { pageTokenChars: 512 })
    expect(seen.counts.namespaces).toBeLessThanOrEqual(1 + seen.namespaces.size)
    expect(seen.notes.join('\n')).toMatch(/Listing the namespaces in the root namespace stopped: the catalog's page token is longer than 512 characters/)
  }, 20_000)

  it('keeps no listing page alive through the names it keeps', async () => {
    setFlagsFromString('--expose-gc')
    const gc = runInNewContext('gc') as () => void
    // Large strings read from a buffer live outside the heap, as external strings.
    const used = (): number => process.memoryUsage().heapUsed + process.memoryUsage().external
    gc()
    const before = used()
    // 20 pages of one name each, every page padded to 2 MiB: 40 MiB if each name kept its page.
    const seen = await walk({ seed: 10, rootNamespaces: 20, longNames: 1, longChars: 40, padChars: 2 * 1024 * 1024 }, {}, 1)
    // Twice, a turn apart: buffers' memory outside the heap is let go after their objects are collected.
    gc()
    await new Promise((resolve) => setTimeout(resolve, 50))
    gc()
    const held = used() - before
    expect(seen.paths.length).toBe(20)
    expect(held).toBeLessThan(16 * 1024 * 1024)
  }, 20_000)

  it('skips names over the length bound, keeps the rest, and says how many', async () => {
    const seen = await walk({ seed: 5, rootNamespaces: 20, longNames: 3, longChars: 5_000, rootTables: 4 }, { nameChars: 1_024 })
    expect([...seen.namespaces].every((name) => name.length <= 1_024)).toBe(true)
    expect(seen.tables.sort()).toEqual(['t0', 't1', 't2', 't3'])
    expect(seen.notes.join('\n')).toMatch(/\d+ names longer than 1,024 characters were skipped/)
  }, 20_000)

  it('indexes the first columns of a table past the fields bound and counts the table', async () => {
    const seen = await walk({ seed: 6, rootTables: 3, fields: 5_000 }, { fieldsPerTable: 100 })
    expect(seen.fields).toBe(100)
    expect(seen.notes).toContain('Columns of 3 tables with more than 100 columns were indexed in part.')
  }, 20_000)
})
