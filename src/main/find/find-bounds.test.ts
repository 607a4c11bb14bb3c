/**
 * Find in catalog against hostile catalogs, through FindService as the app runs it: names
 * of a megabyte never reach the index nor an answer, a describe of 100,000 fields is
 * indexed in part while queries keep answering, the index holds no more bytes of names
 * than its bound, and a query's answer stays under its byte bound however long the
 * names it returns.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { makeTempDir, removeDir } from '../../../test-kit/lancedb-catalog'
import { ConnectionRegistry } from '../connections/connection-registry'
import { CatalogIndex } from './catalog-index'
import { DEFAULT_CRAWL_BUDGET, MAX_NOTES, QUERY_MAX_ANSWER_BYTES, type CrawlBudget } from './find-budget'
import { FindService } from './find-service'
import { parseQuery, queryIndex } from './index-query'
import { startHostileCatalog, type HostileShape } from '../../../test-kit/hostile-catalog'

const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

/** A FindService over a hostile catalog of `shape`, with `budget`. */
async function serviceFor(shape: HostileShape, budget: Partial<CrawlBudget> = {}) {
  const catalog = await startHostileCatalog(shape)
  const dataDir = await makeTempDir('find-bounds')
  const registry = new ConnectionRegistry()
  const { id } = registry.add({ name: 'hostile', type: 'rest', properties: { uri: catalog.url } })
  const find = new FindService(registry, dataDir, { requestTimeoutMs: 10_000, budget })
  cleanups.push(async () => {
    await find.close()
    await registry.closeAll()
    await catalog.close()
    await removeDir(dataDir)
  })
  return { find, id, catalog }
}

/** Polls until the walk ends, timing a query each round: none may take 2 s. */
async function untilIdle(find: FindService, id: string, query: string): Promise<number> {
  let slowest = 0
  for (;;) {
    const started = performance.now()
    const answer = await find.query(id, query)
    slowest = Math.max(slowest, performance.now() - started)
    if (answer.status.state === 'idle') return slowest
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

describe('Find against hostile catalogs', () => {
  it('skips names of 1 MiB: not in the index, not in an answer, and says so', async () => {
    const { find, id } = await serviceFor({ seed: 11, rootNamespaces: 5, longNames: 2, rootTables: 3 })
    await find.start(id)
    await untilIdle(find, id, 'long')
    const answer = await find.query(id, 'long')
    expect(answer.hits.filter((hit) => hit.name.length > DEFAULT_CRAWL_BUDGET.nameChars)).toEqual([])
    expect(JSON.stringify(answer).length).toBeLessThan(QUERY_MAX_ANSWER_BYTES)
    expect((await find.query(id, 't1')).hits[0]).toMatchObject({ kind: 'table', name: 't1' })
    expect(answer.status.notes.join('\n')).toMatch(/names longer than 1,024 characters were skipped/)
    expect(answer.status).toMatchObject({ state: 'idle', complete: true, cancelled: false })
  }, 20_000)

  it('indexes the first columns of describes of 100,000 fields, and queries answer within 2 s meanwhile', async () => {
    const { find, id } = await serviceFor({ seed: 12, rootTables: 6, fields: 100_000 })
    await find.start(id)
    const slowest = await untilIdle(find, id, 'field_9')
    expect(slowest).toBeLessThan(2_000)
    const started = performance.now()
    const answer = await find.query(id, 'field_9')
    expect(performance.now() - started).toBeLessThan(2_000)
    expect(answer.status.columnsFound).toBeLessThanOrEqual(6 * DEFAULT_CRAWL_BUDGET.fieldsPerTable)
    expect(answer.status.notes).toContain('Columns of 6 tables with more than 1,000 columns were indexed in part.')
  }, 30_000)

  it('stops at the bound on bytes of names the index holds, with a note', async () => {
    const { find, id } = await serviceFor({ seed: 13, rootNamespaces: 400, longNames: 400, longChars: 1_000 }, { indexBytes: 200_000 })
    await find.start(id)
    const slowest = await untilIdle(find, id, 'long')
    expect(slowest).toBeLessThan(2_000)
    const status = await find.status(id)
    expect(status.notes.join('\n')).toMatch(/did not fit in Find's index/)
    expect(status).toMatchObject({ state: 'idle', complete: true })
  }, 20_000)

  it('keeps the note of a bound however many listings fail after it', async () => {
    const { find, id } = await serviceFor({ seed: 14, rootNamespaces: 300, childrenFail: true }, { namespaces: 120 })
    await find.start(id)
    await untilIdle(find, id, 'ns')
    const { notes } = await find.status(id)
    expect(notes.filter((note) => note.includes('is broken')).length).toBeGreaterThan(0)
    expect(notes).toContain('Stopped after 120 namespaces: the catalog has more than Find indexes.')
    expect(notes.length).toBeLessThanOrEqual(2 * MAX_NOTES)
  }, 20_000)
})

describe('CatalogIndex bytes', () => {
  it('refuses what passes its bound and counts bytes back as entries go', () => {
    const index = new CatalogIndex(10_000)
    index.addNamespace(['sales'])
    const added: number[] = []
    for (let i = 0; i < 100; i++) if (index.addTable(['sales'], `orders_${i}`)) added.push(i)
    expect(added.length).toBeGreaterThan(0)
    expect(added.length).toBeLessThan(100)
    expect(index.overflow).toBe(100 - added.length)
    expect(index.bytes).toBeLessThanOrEqual(10_000)
    index.setColumns(['sales'], 'orders_0', [{ name: 'id', type: 'int64', nullable: false }])
    index.renameTable(['sales'], 'orders_0', 'orders_zero')
    index.removeNamespace(['sales'])
    expect(index.bytes).toBe(0)
  })
})

describe('queryIndex', () => {
  it('answers at most its byte bound of names, however long the names that match', () => {
    const index = new CatalogIndex()
    const deep = Array.from({ length: 30 }, (_, i) => `level_${i}_`.padEnd(1_000, 'n'))
    for (let i = 0; i < 50; i++) index.addTable(deep, `match_${i}_`.padEnd(1_000, 't'))
    const { hits, truncated } = queryIndex(index, parseQuery('match'), 500)
    expect(hits.length).toBeGreaterThan(0)
    expect(JSON.stringify(hits).length).toBeLessThanOrEqual(QUERY_MAX_ANSWER_BYTES)
    expect(truncated).toBe(true)
  })
})
