/**
 * Remote tables against LanceDB's SDK, on a slow object store: s3rver on 127.0.0.1 behind
 * a proxy that adds a fixed delay to every request and counts them (as a same-region
 * object store would cost), holding tables of `--rows` rows (int32 `id`, `text`, a vector
 * of 32 float32s).
 *
 * The app runs each workload through the browser-mode host (`out/main/web-host.js`, its
 * own process) with the renderer's calls and defaults; LanceDB's SDK runs it in this
 * process with the table opened once. They take turns in each round; figures are medians
 * of `--rounds` rounds after one warm-up round.
 *   1. browse: open a table, count, read ten pages of 100 rows, one filtered page
 *      (each round a table neither has opened before);
 *   2. vector search k = 10 on a table without and one with an IVF_PQ index, and Find
 *      similar on a row on screen;
 *   3. browse through the reference REST server with data routes, and through a
 *      metadata-only REST catalog (the app and the SDK read at the table's location).
 * Then the app opens `--tables` small local tables one after another and the host's RSS
 * is printed before and after.
 *
 * Run: npm run bench:remote [-- --delay-ms 15 --rounds 5 --rows 50000 --tables 500 | --quick]
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { connectNamespace, type Connection } from '@lancedb/lancedb'
import { startWebHost, stopProcess } from '../e2e/fixtures/launch'
import { startCatalogServer } from '../server/server'
import { copySmallTables, indexVectors, INDEX_PARTITIONS, INDEX_SUB_VECTORS, writeTables } from './remote/bench-tables'
import { connectionFor, hostCaller } from './remote/host-client'
import { formatManyTables, openManyTables } from './remote/many-tables'
import { startSlowStore, storageFlags, storageProperties } from './remote/slow-store'
import { formatResults, takeTurns, type Contender, type Counters, type ResultRow } from './remote/turns'
import { appBrowse, appFindSimilar, appSearch, sdkBrowse, sdkSearch, vectorOf, type AppTarget } from './remote/workloads'

const { values: flags } = parseArgs({
  options: {
    'delay-ms': { type: 'string', default: '15' },
    rounds: { type: 'string' },
    rows: { type: 'string' },
    tables: { type: 'string' },
    quick: { type: 'boolean', default: false }
  }
})
const quick = flags.quick
const DELAY_MS = whole('delay-ms', flags['delay-ms'], 0)
const ROUNDS = whole('rounds', flags.rounds ?? (quick ? '2' : '5'), 1)
const ROWS = whole('rows', flags.rows ?? (quick ? '10000' : '50000'), 1000)
const MANY_TABLES = whole('tables', flags.tables ?? (quick ? '50' : '500'), 1)
const FLAT_TABLE = 'vectors_flat'
const INDEXED_TABLE = 'vectors_ivf_pq'

async function main(): Promise<void> {
  const work = await mkdtemp(join(tmpdir(), 'lcb-bench-remote-'))
  const store = await startSlowStore(DELAY_MS)
  const root = `s3://${store.bucket}/catalog`
  const browseTables = Array.from({ length: ROUNDS + 1 }, (_, round) => `browse_${round}`)
  let catalogRequests = 0
  const counters: Counters = () => ({ store: store.proxy.counts().total, catalog: catalogRequests })
  const closers: (() => Promise<void> | void)[] = [() => store.close(), () => rm(work, { recursive: true, force: true })]
  try {
    let started = performance.now()
    await writeTables(root, store.direct, [...browseTables, FLAT_TABLE, INDEXED_TABLE], ROWS)
    // Built before either side opens the table, so both search with it from the start.
    await indexVectors(root, store.direct, INDEXED_TABLE)
    await copySmallTables(join(work, 'small'), MANY_TABLES)
    console.log(
      `setup: ${browseTables.length + 2} tables of ${ROWS.toLocaleString('en')} rows on s3rver (one with an IVF_PQ index, ${INDEX_PARTITIONS} partitions, ` +
        `${INDEX_SUB_VECTORS} sub-vectors), ${MANY_TABLES} small local tables, in ${seconds(started)}`
    )

    const servers = await Promise.all(
      [true, false].map((dataRoutes) => startCatalogServer({ root, storageOptions: store.slow, dataRoutes, log: () => void catalogRequests++ }))
    )
    const [dataServer, metadataServer] = servers as [(typeof servers)[0], (typeof servers)[0]]
    closers.unshift(
      () => dataServer.close(),
      () => metadataServer.close()
    )
    const host = await startWebHost([
      '--data-dir',
      join(work, 'data'),
      '--dir',
      root,
      ...storageFlags(store.slow),
      '--rest',
      dataServer.url,
      '--rest',
      metadataServer.url,
      '--dir',
      join(work, 'small')
    ])
    closers.unshift(() => stopProcess(host.child))
    const call = hostCaller(host.url)
    const app = async (target: string): Promise<AppTarget> => ({ call, connectionId: await connectionFor(call, target) })
    const [appDir, appData, appMetadata] = await Promise.all([app(root), app(dataServer.url), app(metadataServer.url)])
    const sdkDir = await connectNamespace('dir', { root, ...storageProperties(store.slow) })
    const sdkData = await connectNamespace('rest', { uri: dataServer.url })
    const sdkMetadata = await connectNamespace('rest', { uri: metadataServer.url })
    closers.unshift(() => [sdkDir, sdkData, sdkMetadata].forEach((db) => db.close()))

    const browse = (target: AppTarget, db: Connection): Contender[] => [
      { run: (round) => appBrowse(target, browseTables[round] ?? '') },
      { run: (round) => sdkBrowse(db, browseTables[round] ?? '', store.slow) }
    ]
    started = performance.now()
    const browsed = await takeTurns([...browse(appDir, sdkDir), ...browse(appData, sdkData), ...browse(appMetadata, sdkMetadata)], ROUNDS, counters)
    console.log(`workloads 1 and 3 (browse) ran in ${seconds(started)}`)
    const rows: ResultRow[] = [
      { workload: '1 browse: dir catalog on S3', app: browsed[0] ?? [], sdk: browsed[1] ?? [] },
      { workload: '3 browse: REST with data routes', app: browsed[2] ?? [], sdk: browsed[3] ?? [] },
      { workload: '3 browse: REST metadata-only', app: browsed[4] ?? [], sdk: browsed[5] ?? [] }
    ]

    started = performance.now()
    rows.push(...(await searchRows(appDir, sdkDir, store.slow, counters, FLAT_TABLE, 'no index')))
    rows.push(...(await searchRows(appDir, sdkDir, store.slow, counters, INDEXED_TABLE, 'IVF_PQ')))
    console.log(`workload 2 (search) ran in ${seconds(started)}`)

    const many = await openManyTables(call, await connectionFor(call, join(work, 'small')), host.child.pid ?? 0, MANY_TABLES)

    console.log('')
    console.log(`${store.proxy.delayMs} ms per object-store request; medians of ${ROUNDS} rounds after 1 warm-up; req = requests (store + REST) per workload`)
    console.log(formatResults(rows))
    console.log('')
    console.log(formatManyTables(many))
  } finally {
    for (const close of closers) await close()
  }
}

/** Workload 2 on table `name`: search and Find similar by the app, search by the SDK (table opened once). */
async function searchRows(
  app: AppTarget,
  db: Connection,
  storage: Record<string, string>,
  counters: Counters,
  name: string,
  label: string
): Promise<ResultRow[]> {
  const table = await db.openTable(name, [], { storageOptions: { ...storage } })
  try {
    const probes = [17, 0.25, 0.5, 0.75, 0.999].map((at) => (at < 1 ? Math.floor(at * ROWS) : at))
    const vectors = await Promise.all(probes.map((id) => vectorOf(table, id)))
    const probe = (round: number): number => round % probes.length
    const [sdk, search, similar] = await takeTurns(
      [
        { run: (round) => sdkSearch(table, vectors[probe(round)] ?? []) },
        { run: (round) => appSearch(app, name, vectors[probe(round)] ?? []) },
        { run: (round) => appFindSimilar(app, name, vectors[probe(round)] ?? []) }
      ],
      ROUNDS,
      counters
    )
    return [
      { workload: `2 search k=10, ${label}`, app: search ?? [], sdk: sdk ?? [] },
      { workload: `2 Find similar, ${label}`, app: similar ?? [], sdk: sdk ?? [] }
    ]
  } finally {
    table.close()
  }
}

function whole(name: string, text: string, least: number): number {
  const value = Number(text)
  if (!Number.isInteger(value) || value < least) throw new RangeError(`--${name} takes a whole number of at least ${least}, not "${text}".`)
  return value
}

function seconds(since: number): string {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
