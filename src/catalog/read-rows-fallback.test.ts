import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { connectNamespace } from '@lancedb/lancedb'
import { tableFromIPC } from 'apache-arrow'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { mulberry32 } from '../../test-kit/prng'
import { startCatalogServer, type RunningCatalogServer } from '../../server/server'
import { startFailingProxy, type FailingProxy } from '../../test-kit/failing-proxy'
import { forwardRequest } from '../../test-kit/forward-request'
import { makeTempDir, removeDir } from '../../test-kit/lancedb-catalog'
import { buildOddTypesCatalog, NULL_TYPED_COLUMN, ODD_NAME_COLUMN, ODD_TYPES_TABLE, oddTypesTable } from '../../test-kit/odd-types-table'
import { unreadableColumnsOf } from '../shared/unreadable-columns'
import type { NamespaceClient } from './namespace-client'
import { openRestNamespace } from './rest/rest-namespace'
import { READ_FALLBACK_MAX_REQUESTS, readRowsSkippingUnreadable } from './read-rows-fallback'

// LanceDB 0.39 with Arrow JS 21 scans every type it stores, so the failing column comes
// from a REST server that fails any query including it, as servers do when they cannot
// decode one column.
const UNREADABLE = NULL_TYPED_COLUMN

describe('readRowsSkippingUnreadable over REST, when the server fails every query including one column', () => {
  let dir: string
  let server: RunningCatalogServer
  let proxy: FailingProxy
  let client: NamespaceClient
  const table = { namespace: ['odd'], name: ODD_TYPES_TABLE }

  beforeEach(async () => {
    dir = await makeTempDir('lcb-read-fallback')
    await buildOddTypesCatalog(join(dir, 'catalog'))
    server = await startCatalogServer({ root: join(dir, 'catalog') })
    proxy = await startFailingProxy(server.url, { unreadableColumn: { table: ODD_TYPES_TABLE, column: UNREADABLE } })
    client = openRestNamespace({ uri: proxy.url }, { maxRetries: 0 })
  })

  afterEach(async () => {
    await client.close()
    await proxy.close()
    await server.close()
    await removeDir(dir)
  })

  it('the plain read fails (the reason for the fallback)', async () => {
    await expect(client.table(table).readRows({ offset: 0, limit: 10 })).rejects.toMatchObject({ code: 'server_error' })
  })

  it('reads every other column and names the unreadable one', async () => {
    const rows = tableFromIPC((await readRowsSkippingUnreadable(client, table, { offset: 0, limit: 10 })).arrow)
    expect(rows.numRows).toBe(3)
    expect(rows.getChild(UNREADABLE)).toBeNull()
    expect(rows.getChild(ODD_NAME_COLUMN)?.get(0)).toBe('ünïcode ✓')
    expect(rows.schema.fields.length).toBe(oddTypesTable().schema.fields.length - 1)
    const unreadable = unreadableColumnsOf(rows.schema.metadata)
    expect(unreadable.map((u) => u.name)).toEqual([UNREADABLE])
    expect(unreadable[0]?.message).toContain(`Unsupported data type for column "${UNREADABLE}"`)
  })

  it('leaves the byte columns out of what it reads instead, where the read asks so', async () => {
    const rows = tableFromIPC((await readRowsSkippingUnreadable(client, table, { offset: 0, limit: 10, leaveOutBytes: true })).arrow)
    expect(rows.numRows).toBe(3)
    expect([rows.getChild('bytes'), rows.getChild('big_bytes'), rows.getChild(UNREADABLE)]).toEqual([null, null, null])
    expect(rows.getChild(ODD_NAME_COLUMN)?.get(0)).toBe('ünïcode ✓')
    expect(unreadableColumnsOf(rows.schema.metadata).map((u) => u.name)).toEqual([UNREADABLE])
  })

  it('keeps the original error when the columns asked for all fail', async () => {
    const read = readRowsSkippingUnreadable(client, table, { offset: 0, limit: 10, columns: [UNREADABLE] })
    await expect(read).rejects.toMatchObject({ code: 'server_error' })
  })

  it('does not probe on errors that are not about columns', async () => {
    await expect(readRowsSkippingUnreadable(client, { namespace: ['odd'], name: 'missing' }, { offset: 0, limit: 1 })).rejects.toMatchObject({
      code: 'table_not_found'
    })
  })
})

/** How a hostile catalog answers a query on the wide table. */
type HostileShape =
  | { readonly kind: 'same' } // every query fails with one error
  | { readonly kind: 'varying' } // every query fails, each with a new message
  | { readonly kind: 'columns'; readonly bad: readonly string[] } // any query naming (or not naming, so all) a bad column fails

const FIELDS = Array.from({ length: 50 }, (_, i) => `f${i}`)
const WIDE = 'wide50'

/** Shapes drawn from `seed`: a new seed (or a longer list) is a new case. */
function hostileShapes(seed: number, count: number): HostileShape[] {
  const rng = mulberry32(seed)
  const shapes: HostileShape[] = [{ kind: 'same' }, { kind: 'varying' }]
  while (shapes.length < count) {
    const bad = new Set<string>()
    const size = 1 + rng.int(4)
    while (bad.size < size) bad.add(rng.pick(FIELDS))
    shapes.push({ kind: 'columns', bad: [...bad] })
  }
  return shapes
}

describe(`readRowsSkippingUnreadable against a hostile query route on a table of ${FIELDS.length} fields`, () => {
  let dir: string
  let server: RunningCatalogServer
  let hostile: Server
  let shape: HostileShape = { kind: 'same' }
  let counted = { query: 0, other: 0 }

  beforeAll(async () => {
    dir = await makeTempDir('lcb-read-fallback-hostile')
    const db = await connectNamespace('dir', { root: join(dir, 'catalog') })
    try {
      const rows = [1, 2, 3].map((value) => Object.fromEntries(FIELDS.map((name) => [name, value])))
      const table = await db.createTable(WIDE, rows, [])
      table.close()
    } finally {
      db.close()
    }
    server = await startCatalogServer({ root: join(dir, 'catalog') })
    const upstream = new URL(server.url)
    let serial = 0
    hostile = createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (chunk: Buffer) => chunks.push(chunk))
      req.on('end', () => {
        const body = Buffer.concat(chunks)
        const isQuery = /^\/v1\/table\/[^/]+\/query/.test(req.url ?? '')
        if (isQuery) counted.query++
        else counted.other++
        const columns = isQuery ? queryColumns(body) : null
        const failure = isQuery ? failureFor(shape, columns, ++serial) : null
        if (failure !== null) return void res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: failure, code: 18 }))
        forwardRequest(upstream, req, res, body)
      })
    })
    await new Promise<void>((resolve) => hostile.listen(0, '127.0.0.1', resolve))
  })

  afterAll(async () => {
    hostile?.closeAllConnections()
    await new Promise((resolve) => hostile?.close(resolve))
    await server.close()
    await removeDir(dir)
  })

  it.each(hostileShapes(20_261_127, 12).map((s) => [JSON.stringify(s), s] as const))(
    `makes at most ${READ_FALLBACK_MAX_REQUESTS} requests for one read (%s)`,
    async (_, next) => {
      shape = next
      counted = { query: 0, other: 0 }
      const { port } = hostile.address() as AddressInfo
      const client = openRestNamespace({ uri: `http://127.0.0.1:${port}` })
      try {
        const outcome = await readRowsSkippingUnreadable(client, { namespace: [], name: WIDE }, { offset: 0, limit: 10 }).then(
          (page) => unreadableColumnsOf(tableFromIPC(page.arrow).schema.metadata).map((u) => u.name),
          (error: unknown) => (error as { code?: string }).code
        )
        expect(counted.query + counted.other, JSON.stringify(counted)).toBeLessThanOrEqual(READ_FALLBACK_MAX_REQUESTS)
        // One or two bad columns are found within the budget; a route that fails everything gets its error.
        if (next.kind === 'columns' && next.bad.length <= 2) expect(outcome).toEqual(FIELDS.filter((name) => next.bad.includes(name)))
        if (next.kind !== 'columns') expect(outcome).toBe('server_error')
      } finally {
        await client.close()
      }
    }
  )
})

/** The columns a query body names; null for all. */
function queryColumns(body: Buffer): readonly string[] | null {
  try {
    const names = (JSON.parse(body.toString('utf8')) as { columns?: { column_names?: unknown } }).columns?.column_names
    return Array.isArray(names) && names.length > 0 ? names.filter((n): n is string => typeof n === 'string') : null
  } catch {
    return null
  }
}

/** The error text a hostile route answers a query with, or null to let it through. */
function failureFor(shape: HostileShape, columns: readonly string[] | null, serial: number): string | null {
  switch (shape.kind) {
    case 'same':
      return 'query failed'
    case 'varying':
      return `query ${serial} failed`
    case 'columns': {
      const bad = shape.bad.find((name) => columns === null || columns.includes(name))
      return bad === undefined ? null : `Unsupported data type for column "${bad}"`
    }
  }
}
