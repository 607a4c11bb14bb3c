/**
 * Find in catalog at scale: the reference server (a child process) over a LanceDB
 * catalog of leaf namespaces on three levels x tables x columns, behind a proxy adding a
 * delay to every request, indexed by the app's FindService as the app does it. Prints
 * the time to the first result, to a named table being findable, to the full table
 * index and to the full column index; the requests used by kind; peak memory; and query
 * times on the full index.
 *
 * Run: npm run bench:find [-- --quick] [--namespaces 1000] [--tables 10] [--columns 20] [--delay 15]
 * (`--namespaces` counts leaf namespaces and is rounded to a cube; the catalog is built
 * once into the temp folder and reused.)
 */
import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ConnectionRegistry } from '../src/main/connections/connection-registry'
import { FindService } from '../src/main/find/find-service'
import { benchCatalog, leafPaths, tableName } from './find-catalog'
import { startDelayProxy } from './remote/delay-proxy'
import { syntheticIndex, timeQueries } from './find-synthetic'

function flag(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`)
  const value = at >= 0 ? Number(process.argv[at + 1]) : NaN
  return Number.isFinite(value) && value >= 0 ? value : fallback
}

const quick = process.argv.includes('--quick')
const fanout = Math.max(1, Math.round(Math.cbrt(flag('namespaces', quick ? 27 : 1000))))
const tables = flag('tables', quick ? 5 : 10)
const columns = Math.max(2, flag('columns', 20))
const delayMs = flag('delay', 15)
const leaves = fanout ** 3
const totalTables = leaves * tables
const gc = (globalThis as { gc?: () => void }).gc

function ms(value: number): string {
  return `${value.toFixed(0)} ms`
}

function mib(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`
}

async function startServer(root: string): Promise<{ url: string; stop: () => void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli.ts', '--root', root, '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] })
  const url = await new Promise<string>((resolve, reject) => {
    let text = ''
    child.stdout.on('data', (chunk: Buffer) => {
      text += chunk.toString()
      const match = /listening on (http:\/\/\S+)/.exec(text)
      if (match?.[1]) resolve(match[1])
    })
    child.on('exit', (code) => reject(new Error(`The catalog server exited (${String(code)}).`)))
  })
  return { url, stop: () => child.kill() }
}

/** The catalog operation a request is, for the request counts. */
function catalogOperation(method: string, path: string): string {
  if (path === '/v1/table') return 'ListAllTables'
  if (path.endsWith('/table/list')) return 'ListTables'
  if (path.endsWith('/list')) return 'ListNamespaces'
  if (path.endsWith('/describe')) return 'DescribeTable'
  return `${method} other`
}

async function main(): Promise<void> {
  console.log(
    `bench:find: ${leaves} leaf namespaces (${fanout + fanout ** 2 + leaves} in all, three levels) x ${tables} tables x ${columns} columns = ${totalTables} tables, ${totalTables * columns} columns; ${delayMs} ms added per request`
  )
  const buildStart = performance.now()
  const { root, reused } = await benchCatalog({ fanout, tables, columns }, (line) => console.log(line))
  console.log(
    reused
      ? `catalog reused from an earlier run (${root}; delete it to build it again)`
      : `catalog built in ${ms(performance.now() - buildStart)} and kept for the next run (${root})`
  )
  const server = await startServer(root)
  const proxy = await startDelayProxy(Number(new URL(server.url).port), delayMs, catalogOperation)
  const dataDir = await mkdtemp(join(tmpdir(), 'lcb-bench-find-data-'))
  const registry = new ConnectionRegistry()
  const { id } = registry.add({ name: 'bench', type: 'rest', properties: { uri: proxy.url } })
  const find = new FindService(registry, dataDir)
  const lastLeaf = leafPaths(fanout).length - 1
  const named = tableName(lastLeaf, tables - 1)
  try {
    gc?.()
    const heapBefore = process.memoryUsage().heapUsed
    let peakRss = process.memoryUsage().rss
    let peakHeap = 0
    const t0 = performance.now()
    await find.start(id)
    let firstResult: number | null = null
    let namedFound: number | null = null
    let allTables: number | null = null
    let lastProgress = 0
    for (let round = 0; ; round++) {
      await new Promise((resolve) => setTimeout(resolve, 10))
      const status = await find.status(id)
      const memory = process.memoryUsage()
      peakRss = Math.max(peakRss, memory.rss)
      peakHeap = Math.max(peakHeap, memory.heapUsed - heapBefore)
      const now = performance.now() - t0
      if (firstResult === null && status.tablesFound > 0) firstResult = now
      if (namedFound === null && round % 5 === 0 && (await find.query(id, named, 1)).hits.some((hit) => hit.kind === 'table')) namedFound = now
      if (allTables === null && status.tablesFound >= totalTables) allTables = now
      if (now - lastProgress >= 10_000) {
        lastProgress = now
        console.log(
          `  at ${(now / 1000).toFixed(0)} s: ${status.namespacesVisited} namespaces visited, ${status.tablesFound} tables, ${status.tablesDescribed} described`
        )
      }
      if (status.state === 'idle') {
        namedFound ??= now
        allTables ??= now
        const allColumns = now
        console.log(
          `source: ${status.source}; tables ${status.tablesFound}, described ${status.tablesDescribed}, columns ${status.columnsFound}; notes ${status.notes.length}`
        )
        for (const note of status.notes.slice(0, 3)) console.log(`  note: ${note}`)
        console.log(`time to first result:        ${ms(firstResult ?? now)}`)
        console.log(`time to "${named}" findable: ${ms(namedFound)}`)
        console.log(`time to full table index:    ${ms(allTables)}`)
        console.log(`time to full column index:   ${ms(allColumns)}`)
        break
      }
    }
    const counts = proxy.counts()
    const requests = Object.entries(counts.byMethod).sort((a, b) => b[1] - a[1])
    console.log(`requests: ${counts.total} (${requests.map(([kind, n]) => `${kind} ${n}`).join(', ')})`)
    gc?.()
    const heapAfter = process.memoryUsage().heapUsed
    console.log(
      `memory: index held on the heap ${gc ? mib(heapAfter - heapBefore) : 'n/a (run with --expose-gc)'}; peak heap growth ${mib(peakHeap)}; peak RSS of the app process ${mib(peakRss)}`
    )

    const queries = [named, 'events_05', 'attr_7', 'type:vector dim:768', 'evnt0026', 'kind:namespace project_1']
    // Runs a query 15 times, each after `before` (not timed), and prints its median and maximum.
    const timeQuery = async (label: string, query: string, before?: () => Promise<void>): Promise<void> => {
      const times: number[] = []
      let hits = 0
      for (let i = 0; i < 15; i++) {
        await before?.()
        const start = performance.now()
        const result = await find.query(id, query)
        times.push(performance.now() - start)
        hits = result.hits.length
      }
      times.sort((a, b) => a - b)
      console.log(
        `${label} ${JSON.stringify(query).padEnd(34 - label.length)} median ${(times[7] ?? 0).toFixed(1)} ms, max ${(times[times.length - 1] ?? 0).toFixed(1)} ms (${hits} hits)`
      )
    }
    for (const query of queries) await timeQuery('query', query)
    // Each of these follows a change as the app makes one (a table renamed, then back), after which the index is queried at once.
    const namespace = leafPaths(fanout)[lastLeaf] ?? []
    let renames = 0
    const renameOnce = async (): Promise<void> => {
      const [from, to] = renames++ % 2 === 0 ? [named, `${named}_renamed`] : [`${named}_renamed`, named]
      await find.tableRenamed(id, { namespace, name: from }, to)
    }
    for (const query of queries) await timeQuery('after a change', query, renameOnce)
    if (fanout < 10) {
      // The issue's full size, names put straight into an index (no catalog to build).
      const full = syntheticIndex(10, 10, 20)
      const counts = full.index.counts()
      console.log(
        `full-size index in memory (${counts.tables} tables, ${counts.columns} columns): heap ${full.heapBytes === null ? 'n/a' : mib(full.heapBytes)}`
      )
      for (const row of timeQueries(full.index, ['events_0999_9', 'events_05', 'attr_7', 'type:vector dim:768', 'evnt0026', 'kind:namespace project_1'])) {
        console.log(`  query ${JSON.stringify(row.query).padEnd(28)} median ${row.median.toFixed(1)} ms, max ${row.max.toFixed(1)} ms (${row.hits} hits)`)
      }
    }
  } finally {
    await find.close()
    await registry.closeAll()
    await proxy.close()
    server.stop()
    await rm(dataDir, { recursive: true, force: true })
  }
}

await main()
