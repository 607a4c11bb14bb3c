/**
 * Large reads through browser mode: a LanceDB table of 100,000 rows of about 4.6 KB (460 MB
 * of rows) in a temp directory catalog, served by `out/main/web-host.js` in its own process.
 * Issues `tables:readRows` at the contract's largest limit as the page does, over the
 * host's call socket (once, then page after page through the whole table, then several at
 * once) and prints time, Arrow bytes, rows per page and the host's peak RSS (Linux
 * VmHWM), then shows the host answers the next call.
 *
 * Run: npm run bench:reads   (builds first)
 */
import { readFile, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startWebHost, stopProcess } from '../e2e/fixtures/launch'
import { tablesContract, type RowsPage } from '../src/shared/contract/tables'
import { createWideTable } from '../test-kit/wide-table'
import { hostCaller } from './remote/host-client'

const ROWS = 100_000
const ROW_BYTES = 4_600
const CONCURRENT = 8
const LIMIT = tablesContract['tables:readRows'].request.shape.limit.maxValue ?? 100_000

interface Answer {
  readonly ms: number
  readonly value: unknown
}

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'lcb-bench-reads-'))
  const root = join(dir, 'catalog')
  let started = performance.now()
  await createWideTable(root, 'wide', ROWS, ROW_BYTES)
  console.log(`table: ${ROWS.toLocaleString('en')} rows x ${ROW_BYTES.toLocaleString('en')} B built in ${seconds(started)}`)

  const { child, url } = await startWebHost(['--data-dir', join(dir, 'data'), '--dir', root])
  try {
    const host = hostCaller(url)
    const call = async (channel: string, request: unknown): Promise<Answer> => {
      const begun = performance.now()
      const value = await host(channel, request)
      return { ms: performance.now() - begun, value }
    }
    const connections = (await call('connections:list', {})).value as { id: string }[]
    const connectionId = connections[0]?.id ?? ''
    const table = { namespace: [], name: 'wide' }
    const read = (offset: number): Promise<Answer> => call('tables:readRows', { connectionId, table, offset, limit: LIMIT })
    const pageOf = (answer: Answer): RowsPage => answer.value as RowsPage
    const bytesOf = (answer: Answer): number => pageOf(answer).arrow.byteLength

    const first = await read(0)
    const page = pageOf(first)
    console.log(
      `one read, limit ${LIMIT.toLocaleString('en')}: ${ms(first.ms)}, ${mib(bytesOf(first))} of Arrow, ${page.rowCount.toLocaleString('en')} rows, truncated ${page.truncated}`
    )

    started = performance.now()
    let offset = 0
    let bytes = 0
    const rowsPerPage: number[] = []
    for (;;) {
      const answer = await read(offset)
      const next = pageOf(answer)
      bytes += bytesOf(answer)
      rowsPerPage.push(next.rowCount)
      offset += next.rowCount
      if (!next.truncated) break
    }
    console.log(
      `whole table, page after page: ${rowsPerPage.length} pages, ${offset.toLocaleString('en')} rows, ${mib(bytes)} in ${seconds(started)}; ` +
        `rows per page min ${Math.min(...rowsPerPage)}, max ${Math.max(...rowsPerPage)}`
    )

    started = performance.now()
    const together = await Promise.all(Array.from({ length: CONCURRENT }, (_, i) => read(Math.floor((i * ROWS) / CONCURRENT))))
    const pages = together.map(pageOf)
    console.log(
      `${CONCURRENT} reads at once, limit ${LIMIT.toLocaleString('en')}: all answered in ${seconds(started)}, ` +
        `slowest ${ms(Math.max(...together.map((a) => a.ms)))}, ${mib(together.reduce((sum, a) => sum + bytesOf(a), 0))} in total, ` +
        `rows per page ${pages.map((p) => p.rowCount).join(', ')}`
    )

    const after = await call('connections:list', {})
    console.log(`next call (connections:list): answered in ${ms(after.ms)}`)
    const status = await readFile(`/proc/${child.pid}/status`, 'utf8').catch(() => '')
    const peak = /VmHWM:\s+(\d+) kB/.exec(status)?.[1]
    const now = /VmRSS:\s+(\d+) kB/.exec(status)?.[1]
    console.log(peak ? `host RSS: peak ${mib(Number(peak) * 1024)}, now ${mib(Number(now) * 1024)}` : 'host RSS: not available (needs Linux /proc)')
  } finally {
    await stopProcess(child)
    await rm(dir, { recursive: true, force: true })
  }
}

function ms(value: number): string {
  return `${Math.round(value).toLocaleString('en')} ms`
}

function seconds(since: number): string {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`
}

function mib(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
