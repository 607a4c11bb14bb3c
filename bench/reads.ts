/**
 * Large reads through browser mode: a LanceDB table of 100,000 rows of about 4.6 KB (460 MB
 * of rows) in a temp directory catalog, served by `out/main/web-host.js` in its own process.
 * Issues `tables:readRows` at the contract's largest limit (once, then page after page
 * through the whole table, then several at once) and prints time, bytes on the wire, rows
 * per page and the host's peak RSS (Linux VmHWM), then shows the host answers the next call.
 *
 * Run: npm run bench:reads   (builds first)
 */
import { readFile, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startWebHost, stopProcess } from '../e2e/fixtures/launch'
import { tablesContract, type RowsPage } from '../src/shared/contract/tables'
import { decodeWire, encodeWire } from '../src/shared/wire'
import { createWideTable } from '../e2e/support/wide-table'

const ROWS = 100_000
const ROW_BYTES = 4_600
const CONCURRENT = 8
const LIMIT = tablesContract['tables:readRows'].request.shape.limit.maxValue ?? 100_000

interface Answer {
  readonly ms: number
  readonly bytes: number
  readonly result: { ok: boolean; value?: unknown; error?: { message: string } }
}

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'lcb-bench-reads-'))
  const root = join(dir, 'catalog')
  let started = performance.now()
  await createWideTable(root, 'wide', ROWS, ROW_BYTES)
  console.log(`table: ${ROWS.toLocaleString('en')} rows x ${ROW_BYTES.toLocaleString('en')} B built in ${seconds(started)}`)

  const { child, url } = await startWebHost(['--data-dir', join(dir, 'data'), '--dir', root])
  try {
    const { origin, searchParams } = new URL(url)
    const token = searchParams.get('token') ?? ''
    const call = async (channel: string, request: unknown): Promise<Answer> => {
      const message = encodeWire(request)
      const begun = performance.now()
      const response = await fetch(`${origin}/rpc/${channel}`, {
        method: 'POST',
        headers: { 'content-type': message.contentType, 'x-catalog-token': token },
        body: Buffer.concat(message.parts)
      })
      const body = new Uint8Array(await response.arrayBuffer())
      const result = decodeWire(response.headers.get('content-type') ?? '', body) as Answer['result']
      return { ms: performance.now() - begun, bytes: body.length, result }
    }
    const connections = (await call('connections:list', {})).result.value as { id: string }[]
    const connectionId = connections[0]?.id ?? ''
    const table = { namespace: [], name: 'wide' }
    const read = (offset: number): Promise<Answer> => call('tables:readRows', { connectionId, table, offset, limit: LIMIT })
    const pageOf = (answer: Answer): RowsPage => {
      if (!answer.result.ok) throw new Error(`read failed: ${answer.result.error?.message ?? 'unknown error'}`)
      return answer.result.value as RowsPage
    }

    const first = await read(0)
    const page = pageOf(first)
    console.log(
      `one read, limit ${LIMIT.toLocaleString('en')}: ${ms(first.ms)}, ${mib(first.bytes)} on the wire, ${page.rowCount.toLocaleString('en')} rows, truncated ${page.truncated}`
    )

    started = performance.now()
    let offset = 0
    let bytes = 0
    const rowsPerPage: number[] = []
    for (;;) {
      const answer = await read(offset)
      const next = pageOf(answer)
      bytes += answer.bytes
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
        `slowest ${ms(Math.max(...together.map((a) => a.ms)))}, ${mib(together.reduce((sum, a) => sum + a.bytes, 0))} in total, ` +
        `rows per page ${pages.map((p) => p.rowCount).join(', ')}`
    )

    const after = await call('connections:list', {})
    console.log(`next call (connections:list): ${after.result.ok ? 'answered' : 'FAILED'} in ${ms(after.ms)}`)
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
