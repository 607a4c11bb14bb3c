/**
 * Reads are bounded by bytes as well as rows, the same for the dir client (a real LanceDB
 * table in a temp dir) and the REST client (the reference server over that table, and a
 * loopback server that answers in the batch shapes real servers use).
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Field, Int32, RecordBatch, Schema, Struct, Table, Utf8, makeData, tableFromIPC, tableToIPC } from 'apache-arrow'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startCatalogServer, type RunningCatalogServer } from '../../server/server'
import { READ_PAGE_MAX_BYTES, type RowsPage } from '../shared/contract/tables'
import { openDirNamespace } from './dir/dir-namespace'
import type { NamespaceClient, ReadRowsRequest } from './namespace-client'
import { openRestNamespace } from './rest/rest-namespace'
import { useTestServers } from '../../test-kit/test-http-server'
import { createWideTable } from '../../test-kit/wide-table'

const ROWS = 10_000
const ROW_BYTES = 4_600
const wide = { namespace: [], name: 'wide' }

function idsOf(page: RowsPage): number[] {
  return Array.from(tableFromIPC(page.arrow).getChild('id')?.toArray() ?? [], Number)
}

/** Reads every row page after page, each from where the last one ended. */
async function readAll(client: NamespaceClient, request: Omit<ReadRowsRequest, 'offset'>): Promise<{ ids: number[]; pages: RowsPage[] }> {
  const ids: number[] = []
  const pages: RowsPage[] = []
  for (;;) {
    const page = await client.table(wide).readRows({ ...request, offset: ids.length })
    pages.push(page)
    ids.push(...idsOf(page))
    if (!page.truncated) return { ids, pages }
  }
}

function range(from: number, count: number): number[] {
  return Array.from({ length: count }, (_, i) => from + i)
}

let root: string
let server: RunningCatalogServer
const clients: NamespaceClient[] = []

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'lcb-read-cap-'))
  await createWideTable(root, 'wide', ROWS, ROW_BYTES)
  server = await startCatalogServer({ root })
})

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()))
  await server?.close()
  await rm(root, { recursive: true, force: true })
})

describe.each([
  ['dir', async () => openDirNamespace(root)],
  ['rest', async () => openRestNamespace({ uri: server.url }, { maxRetries: 0 })]
] as const)('the %s client', (_kind, open) => {
  let client: NamespaceClient
  beforeAll(async () => {
    client = await open()
    clients.push(client)
  })

  it('answers a read of every row with one page under the byte cap, and says it stopped short', async () => {
    const page = await client.table(wide).readRows({ offset: 0, limit: 100_000 })
    expect(page.arrow.length).toBeLessThanOrEqual(READ_PAGE_MAX_BYTES)
    // 46 MB of rows do not fit: the page stops near the cap, marked as cut short.
    expect(page.truncated).toBe(true)
    expect(page.rowCount).toBeGreaterThan(READ_PAGE_MAX_BYTES / ROW_BYTES / 2)
    expect(idsOf(page)).toEqual(range(0, page.rowCount))
  })

  it('pages through every row from where each page ended: no gap, no row twice', async () => {
    const { ids, pages } = await readAll(client, { limit: 100_000 })
    expect(ids).toEqual(range(0, ROWS))
    expect(pages.length).toBeGreaterThan(2)
    for (const page of pages) expect(page.arrow.length).toBeLessThanOrEqual(READ_PAGE_MAX_BYTES)
    expect(pages.map((p) => p.truncated)).toEqual([...pages.slice(1).map(() => true), false])
  })

  it('keeps a page that fits whole, and stops at the limit without calling it cut short', async () => {
    const page = await client.table(wide).readRows({ offset: 9_990, limit: 100_000 })
    expect([page.rowCount, page.truncated]).toEqual([10, false])
    const limited = await client.table(wide).readRows({ offset: 20, limit: 5 })
    expect([idsOf(limited), limited.truncated]).toEqual([range(20, 5), false])
  })
})

describe('the dir client', () => {
  it('holds at least one row per page, even when one row is over the cap', async () => {
    const client = await openDirNamespace(root)
    clients.push(client)
    const page = await client.table(wide).readRows({ offset: 7, limit: 3, maxBytes: 1_000 })
    expect([idsOf(page), page.truncated]).toEqual([[7], true])
    const small = await client.table(wide).readRows({ offset: 0, limit: 50, maxBytes: 3 * ROW_BYTES + 2_000 })
    expect(small.arrow.length).toBeLessThanOrEqual(3 * ROW_BYTES + 2_000)
    expect(small.truncated).toBe(true)
    expect(idsOf(small)).toEqual(range(0, small.rowCount))
    expect(small.rowCount).toBeGreaterThanOrEqual(1)
  })
})

describe('the REST client against servers that answer in large batches', () => {
  const { serve, track } = useTestServers()
  const schema = new Schema([new Field('id', new Int32(), false), new Field('payload', new Utf8(), false)])

  /** `count` rows from `offset` as Arrow batches of `perBatch` rows, 1 KB of payload each. */
  function rows(offset: number, count: number, perBatch: number): Table {
    const batches: RecordBatch[] = []
    for (let start = 0; start < count; start += perBatch) {
      const n = Math.min(perBatch, count - start)
      const id = makeData({ type: new Int32(), length: n, nullCount: 0, data: Int32Array.from({ length: n }, (_, i) => offset + start + i) })
      const valueOffsets = Int32Array.from({ length: n + 1 }, (_, i) => i * 1_000)
      const payload = makeData({ type: new Utf8(), length: n, nullCount: 0, valueOffsets, data: new Uint8Array(n * 1_000).fill(0x61) })
      batches.push(new RecordBatch(schema, makeData({ type: new Struct(schema.fields), length: n, nullCount: 0, children: [id, payload] })))
    }
    return new Table(schema, batches)
  }

  /** A server of `total` rows that honours k and offset, answering in the given framing and batch size. */
  async function rowServer(total: number, perBatch: number, framing: 'stream' | 'file' = 'stream') {
    return serve((req, res) => {
      const body = JSON.parse(req.body.toString()) as { k: number; offset: number }
      const count = Math.max(0, Math.min(body.k, total - body.offset))
      res.writeHead(200, { 'content-type': `application/vnd.apache.arrow.${framing}` })
      res.end(tableToIPC(rows(body.offset, count, perBatch), framing))
    })
  }

  const kOf = (body: Buffer): number => (JSON.parse(body.toString()) as { k: number }).k

  it('stops reading a long answer at the cap and keeps only whole batches', async () => {
    const { url, requests } = await rowServer(40_000, 500)
    const client = track(openRestNamespace({ uri: url }))
    const page = await client.table(wide).readRows({ offset: 0, limit: 40_000 })
    expect(page.arrow.length).toBeLessThanOrEqual(READ_PAGE_MAX_BYTES)
    expect(page.truncated).toBe(true)
    expect(page.rowCount % 500).toBe(0)
    expect(idsOf(page)).toEqual(range(0, page.rowCount))
    expect(requests).toHaveLength(1)
  })

  it.each(['stream', 'file'] as const)('asks again for fewer rows when an answer in %s framing cannot be cut to the cap', async (framing) => {
    // One batch of 2,000 rows (about 2 MB) against a 256 KB cap.
    const { url, requests } = await rowServer(5_000, 2_000, framing)
    const client = track(openRestNamespace({ uri: url }))
    const page = await client.table(wide).readRows({ offset: 100, limit: 2_000, maxBytes: 256 * 1024 })
    expect(page.arrow.length).toBeLessThanOrEqual(256 * 1024)
    expect(page.truncated).toBe(true)
    expect(page.rowCount).toBeGreaterThan(100)
    expect(idsOf(page)).toEqual(range(100, page.rowCount))
    const asked = requests.map((r) => kOf(r.body))
    expect(asked[0]).toBe(2_000)
    expect(asked.at(-1)).toBe(page.rowCount)
  })

  it('answers the last rows of a table whole, not cut short', async () => {
    const { url } = await rowServer(5_000, 2_000)
    const client = track(openRestNamespace({ uri: url }))
    const page = await client.table(wide).readRows({ offset: 4_950, limit: 2_000, maxBytes: 256 * 1024 })
    expect([page.rowCount, page.truncated]).toEqual([50, false])
  })
})
