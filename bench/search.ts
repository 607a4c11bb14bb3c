/**
 * "Find similar" at scale: a LanceDB table of 1,000,000 rows (an int32 `id` and a
 * `vector` of 32 float32s, seeded random values) in a temp directory catalog, searched
 * for the 10 nearest rows to one row's vector (L2), first without an index, then with an
 * IVF_PQ index (256 partitions, 4 sub-vectors, LanceDB's default nprobes).
 *
 * The app's path is timed through the browser-mode host (`out/main/web-host.js` in its
 * own process): the `search:rows` call over the call socket the page uses, its handler, the dir namespace (on the
 * table the connection keeps open), the Arrow IPC page back on the wire and its decoding
 * here, as the renderer decodes it. "Find similar" as a user runs it on a row on screen
 * is that call with the vector from the page the grid shows (read again only when the
 * vector column is hidden), timed as its own line. LanceDB's SDK runs the same query in this process on a table
 * opened once. The three take turns within each round (so load from elsewhere touches all
 * alike); each figure is the median (and 90th percentile) of 31 runs after 3 warm-up
 * rounds, and the ratio is app / SDK (medians).
 *
 * Why 32 floats: on 2 cores, 1M x 32 builds and indexes in about a minute or two; 128
 * would take several times longer with the same conclusions.
 *
 * Run: npm run bench:search   (builds first)
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { connectNamespace, Index, type Table as LanceTable } from '@lancedb/lancedb'
import { tableFromIPC } from 'apache-arrow'
import { startWebHost, stopProcess } from '../e2e/fixtures/launch'
import type { RowsPage } from '../src/shared/contract/tables'
import { lanceArrow as arrow } from '../src/catalog/lance-arrow'
import { hostCaller } from './remote/host-client'

const ROWS = 1_000_000
const DIMENSION = 32
const WRITE_ROWS = 100_000
const K = 10
const WARMUP = 3
const RUNS = 31
const TABLE = 'vectors'
/** The rows whose neighbours are searched for, spread over the table (one per run, cycling). */
const PROBES = [17, 123_456, 500_000, 777_777, 999_990]

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'lcb-bench-search-'))
  const root = join(dir, 'catalog')
  let started = performance.now()
  const db = await connectNamespace('dir', { root })
  const table = await buildTable(db)
  console.log(`table: ${ROWS.toLocaleString('en')} rows x vector(${DIMENSION}) float32, built in ${seconds(started)}`)
  const { child, url } = await startWebHost(['--data-dir', join(dir, 'data'), '--dir', root])
  try {
    const call = hostCaller(url)
    const connections = (await call('connections:list', {})) as { id: string }[]
    const connectionId = connections[0]?.id ?? ''
    const ref = { namespace: [], name: TABLE }
    const vectors = new Map<number, number[]>()
    for (const id of PROBES) vectors.set(id, await vectorOf(table, id))

    // "Find similar" on a row on screen is this same call: the grid's page holds the row's
    // vector (every column is shown by default), so the data tab sends the search alone.
    // It is timed as its own line, in the same rounds.
    const appSearch = async (id: number): Promise<number> => {
      const query = { kind: 'vector', column: 'vector', vector: vectors.get(id), distanceType: 'l2', k: K }
      const page = (await call('search:rows', { connectionId, table: ref, query })) as RowsPage
      return firstId(tableFromIPC(page.arrow))
    }
    const sdkSearch = async (id: number): Promise<number> => {
      const result = await table
        .vectorSearch(vectors.get(id) ?? [])
        .column('vector')
        .distanceType('l2')
        .limit(K)
        .toArrow()
      return firstId(result)
    }

    const report = async (label: string): Promise<void> => {
      const [sdk, app, find] = (await measure([sdkSearch, appSearch, appSearch])) as [Measured, Measured, Measured]
      console.log(`${label}:`)
      console.log(`  LanceDB SDK (same query, table open):    ${summary(sdk)}`)
      console.log(`  app search:rows via browser-mode host:   ${summary(app)}   ratio app/SDK ${(median(app.times) / median(sdk.times)).toFixed(2)}`)
      console.log(`  app Find similar (row on screen):        ${summary(find)}   ratio app/SDK ${(median(find.times) / median(sdk.times)).toFixed(2)}`)
      console.log(`  the row itself came first: SDK ${sdk.selfFirst}/${RUNS}, app ${app.selfFirst}/${RUNS}, Find similar ${find.selfFirst}/${RUNS}`)
    }

    await report(`without an index (flat search, k = ${K})`)
    started = performance.now()
    await table.createIndex('vector', { config: Index.ivfPq({ numPartitions: 256, numSubVectors: 4, distanceType: 'l2' }) })
    console.log(`IVF_PQ index (256 partitions, 4 sub-vectors) built in ${seconds(started)}`)
    await report(`with the IVF_PQ index (k = ${K}, default nprobes)`)
  } finally {
    table.close()
    db.close()
    await stopProcess(child)
    await rm(dir, { recursive: true, force: true })
  }
}

/** Seeded random vectors, written 100,000 rows at a time. */
async function buildTable(db: Awaited<ReturnType<typeof connectNamespace>>): Promise<LanceTable> {
  const item = new arrow.Field('item', new arrow.Float32(), true)
  const schema = new arrow.Schema([new arrow.Field('id', new arrow.Int32(), false), new arrow.Field('vector', new arrow.FixedSizeList(DIMENSION, item), false)])
  const table = await db.createEmptyTable(TABLE, schema, [])
  let seed = 42
  const random = (): number => {
    // mulberry32: fast, seeded, good enough for benchmark data.
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  for (let start = 0; start < ROWS; start += WRITE_ROWS) {
    const count = Math.min(WRITE_ROWS, ROWS - start)
    const ids = arrow.makeData({ type: new arrow.Int32(), length: count, nullCount: 0, data: Int32Array.from({ length: count }, (_, i) => start + i) })
    const values = arrow.makeData({
      type: new arrow.Float32(),
      length: count * DIMENSION,
      nullCount: 0,
      data: Float32Array.from({ length: count * DIMENSION }, () => random() * 2 - 1)
    })
    const vectors = arrow.makeData({ type: new arrow.FixedSizeList(DIMENSION, item), length: count, nullCount: 0, child: values })
    const struct = arrow.makeData({ type: new arrow.Struct(schema.fields), length: count, nullCount: 0, children: [ids, vectors] })
    await table.add(new arrow.Table([new arrow.RecordBatch(schema, struct)]))
  }
  return table
}

async function vectorOf(table: LanceTable, id: number): Promise<number[]> {
  const rows = await table.query().where(`id = ${id}`).select(['vector']).limit(1).toArray()
  const cell = (rows[0] as { vector?: { toArray(): Float32Array } } | undefined)?.vector
  if (!cell) throw new Error(`row ${id} has no vector`)
  return Array.from(cell.toArray(), Number)
}

function firstId(rows: { getChild(name: string): { get(index: number): unknown } | null }): number {
  return Number(rows.getChild('id')?.get(0))
}

interface Measured {
  readonly times: number[]
  readonly selfFirst: number
}

/**
 * Runs each search on the probe rows, taking turns within every round so a change in the
 * machine's load touches all of them alike: warm-up rounds, then timed ones. Counts the
 * runs whose first row is the probe itself.
 */
async function measure(searches: readonly ((id: number) => Promise<number>)[]): Promise<Measured[]> {
  for (let i = 0; i < WARMUP; i++) for (const search of searches) await search(PROBES[i % PROBES.length] as number)
  const results = searches.map(() => ({ times: [] as number[], selfFirst: 0 }))
  for (let i = 0; i < RUNS; i++) {
    const id = PROBES[i % PROBES.length] as number
    for (const [s, search] of searches.entries()) {
      const result = results[s] as { times: number[]; selfFirst: number }
      const begun = performance.now()
      const first = await search(id)
      result.times.push(performance.now() - begun)
      if (first === id) result.selfFirst++
    }
  }
  return results
}

function median(times: readonly number[]): number {
  return percentile(times, 0.5)
}

function percentile(times: readonly number[], p: number): number {
  const sorted = [...times].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0
}

function summary({ times }: Measured): string {
  return `median ${ms(median(times))}, p90 ${ms(percentile(times, 0.9))}`
}

function ms(value: number): string {
  return `${value.toFixed(1).padStart(7)} ms`
}

function seconds(since: number): string {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
