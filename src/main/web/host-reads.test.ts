/**
 * Large reads through the real browser-mode host on 127.0.0.1, over a real LanceDB table of
 * 100,000 rows of 4.6 KB (460 MB of rows): a read at the contract's largest limit answers one
 * bounded page as raw bytes, many at once do too, and the host answers the next call.
 */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { tableFromIPC } from 'apache-arrow'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { READ_PAGE_MAX_BYTES, tablesContract, type RowsPage } from '../../shared/contract/tables'
import { decodeWire, encodeWire, WIRE_CONTENT_TYPE } from '../../shared/wire'
import { setUpApp, type AppCore } from '../app-setup'
import { dirSpec } from '../connections/connection-spec'
import { createWideTable } from '../../../test-kit/wide-table'
import { sampleTableIpc } from '../../../test-kit/lancedb-catalog'
import { startWebHost, TOKEN_HEADER, type WebHost } from './host'

const ROWS = 100_000
const ROW_BYTES = 4_600
const LARGEST_LIMIT = tablesContract['tables:readRows'].request.shape.limit.maxValue ?? 0

interface Reply {
  readonly status: number
  readonly contentType: string
  readonly body: Buffer
}

let dir: string
let core: AppCore
let host: WebHost
let connectionId: string

/** A raw call to the host, the body taken as bytes. */
function call(path: string, init: { method?: string; headers?: Record<string, string>; body?: Uint8Array | string } = {}): Promise<Reply> {
  const { port } = new URL(host.origin)
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: init.method ?? 'GET', headers: { host: `127.0.0.1:${port}`, ...init.headers } }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, contentType: String(res.headers['content-type'] ?? ''), body: Buffer.concat(chunks) }))
    })
    req.on('error', reject)
    req.end(init.body)
  })
}

/** An RPC as the renderer sends it: a wire message with the token. */
async function rpc(channel: string, value: unknown): Promise<{ reply: Reply; result: { ok: boolean; value?: unknown; error?: { code: string } } }> {
  const message = encodeWire(value)
  const reply = await call(`/rpc/${channel}`, {
    method: 'POST',
    headers: { 'content-type': message.contentType, [TOKEN_HEADER]: host.token },
    body: Buffer.concat(message.parts)
  })
  return { reply, result: decodeWire(reply.contentType, reply.body) as { ok: boolean; value?: unknown } }
}

const wide = { namespace: [], name: 'wide' }
const readRows = (offset: number) => rpc('tables:readRows', { connectionId, table: wide, offset, limit: LARGEST_LIMIT })

function idsOf(page: RowsPage): number[] {
  return Array.from(tableFromIPC(page.arrow).getChild('id')?.toArray() ?? [], Number)
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lcb-host-reads-'))
  const rendererDir = join(dir, 'renderer')
  await mkdir(rendererDir)
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>app</title>')
  const root = join(dir, 'catalog')
  await createWideTable(root, 'wide', ROWS, ROW_BYTES)
  core = await setUpApp({ port: 0, dataDir: undefined, connections: [dirSpec(root, 'Wide')] }, join(dir, 'data'), {
    info: { host: 'browser', version: 'test' }
  })
  host = await startWebHost({ handlers: core.handlers, rendererDir })
  const listed = await rpc('connections:list', {})
  connectionId = (listed.result.value as { id: string }[])[0]?.id ?? ''
}, 180_000)

afterAll(async () => {
  await host?.close()
  await core?.close()
  await rm(dir, { recursive: true, force: true })
})

describe('large reads through the browser-mode host', () => {
  it('answers a read at the largest limit with one bounded page of raw bytes, then answers the next call', async () => {
    expect(LARGEST_LIMIT).toBe(100_000)
    const { reply, result } = await readRows(0)
    expect(reply.status).toBe(200)
    // Bytes as bytes: a binary frame barely larger than the Arrow page, not base64 text.
    expect(reply.contentType).toBe(WIRE_CONTENT_TYPE)
    expect(reply.body.length).toBeLessThanOrEqual(READ_PAGE_MAX_BYTES + 1_024)
    expect(result.ok).toBe(true)
    const page = result.value as RowsPage
    expect(page.truncated).toBe(true)
    expect(reply.body.length - page.arrow.length).toBeLessThan(1_024)
    expect(idsOf(page)).toEqual(Array.from({ length: page.rowCount }, (_, i) => i))

    // The host is still there, and the next page starts where this one ended.
    const listed = await rpc('connections:list', {})
    expect(listed.result.ok).toBe(true)
    const next = (await readRows(page.rowCount)).result.value as RowsPage
    expect(idsOf(next)[0]).toBe(page.rowCount)
  })

  it('answers several reads at the largest limit sent at once, and then the next call', async () => {
    const offsets = [0, 20_000, 40_000, 60_000, 80_000, 99_000]
    const answers = await Promise.all(offsets.map((offset) => readRows(offset)))
    answers.forEach(({ reply, result }, i) => {
      expect(reply.status).toBe(200)
      expect(reply.body.length).toBeLessThanOrEqual(READ_PAGE_MAX_BYTES + 1_024)
      const page = result.value as RowsPage
      expect(idsOf(page)[0]).toBe(offsets[i])
    })
    expect((answers.at(-1)?.result.value as RowsPage).truncated).toBe(false) // the last 1,000 rows fit
    expect((await rpc('connections:list', {})).result.ok).toBe(true)
  })

  it('takes a table import as raw bytes in a binary frame', async () => {
    const data = sampleTableIpc(5)
    const created = await rpc('tables:create', { connectionId, table: { namespace: [], name: 'imported' }, mode: 'create', data })
    expect(created.result).toEqual({ ok: true, value: null })
    const counted = await rpc('tables:count', { connectionId, table: { namespace: [], name: 'imported' } })
    expect(counted.result).toEqual({ ok: true, value: '5' })
  })

  it.each(['/%E0%A4%A', '/rpc/%E0%A4%A', '/%'])('answers a malformed percent-escape (%s) with 400, not 500', async (path) => {
    const post = path.startsWith('/rpc/')
    const reply = await call(path, post ? { method: 'POST', headers: { [TOKEN_HEADER]: host.token }, body: '{}' } : {})
    expect(reply.status).toBe(400)
    expect(reply.body.toString()).toMatch(/malformed percent-escape/)
    expect((await rpc('connections:list', {})).result.ok).toBe(true)
  })
})
