/**
 * What `media:cells` asks of a REST catalog, counted at the reference server: with the
 * latest version the page knows (`latest`), a block of cells costs its query requests and no
 * describe, even once the describe the connection keeps is forgotten (which, without it,
 * costs a describe request per block); and once a block is answered, the rows after it are
 * read ahead, so asking for them next makes no request at all.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectNamespace } from '@lancedb/lancedb'
import { dispatch } from '../ipc/dispatch'
import { lanceArrow } from '../../catalog/lance-arrow'
import { startAppOverCatalog, type CatalogApp } from '../../../test-kit/app-over-catalog'
import { pictureBytes } from '../../../test-kit/media-table'
import type { MediaCell } from '../../shared/contract/media'
import type { TableDescription } from '../../shared/catalog-types'
import { AHEAD_ROWS } from './media-cells'

const TABLE = 'photos'
const ROWS = 100
const BLOCK = 20

let app: CatalogApp
/** The server's log lines since the last `take`. */
let lines: string[] = []

async function buildPhotos(root: string): Promise<void> {
  const { Int32, LargeBinary, Table, vectorFromArray } = lanceArrow
  const jpeg = await pictureBytes('jpeg', 48, 32)
  const db = await connectNamespace('dir', { root })
  try {
    const ids = Array.from({ length: ROWS }, (_, i) => i)
    const table = new Table({
      id: vectorFromArray(ids, new Int32()),
      photo: vectorFromArray(
        ids.map(() => jpeg),
        new LargeBinary()
      )
    })
    ;(await db.createTable(TABLE, table, [])).close()
  } finally {
    db.close()
  }
}

beforeAll(async () => {
  app = await startAppOverCatalog('media-cells-requests', buildPhotos, { server: { log: (line) => lines.push(line) } })
})

afterAll(async () => {
  await app?.close()
})

/** The requests the server saw since the last call, by kind. */
function take(): { describe: number; query: number; other: number } {
  const seen = lines
  lines = []
  return {
    describe: seen.filter((line) => /\/describe[? ]/.test(line)).length,
    query: seen.filter((line) => /\/query[? ]/.test(line)).length,
    other: seen.filter((line) => !/\/(describe|query)[? ]/.test(line)).length
  }
}

/** Waits until the server has seen no request for a while: the read-ahead has finished. */
async function quiet(): Promise<void> {
  let seen = -1
  for (let tries = 0; tries < 100 && seen !== lines.length; tries++) {
    seen = lines.length
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

async function cells(offset: number, extra: Record<string, unknown> = {}): Promise<MediaCell[][]> {
  const table = { namespace: [], name: TABLE }
  const result = await dispatch(app.core.handlers, 'media:cells', {
    connectionId: app.connectionId,
    table,
    offset,
    limit: BLOCK,
    columns: ['photo'],
    size: 'row',
    ...extra
  })
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`)
  return result.value as MediaCell[][]
}

describe('media:cells over a REST catalog', () => {
  it('asks for no describe with the version the page knows, and answers the next rows from what it read ahead', async () => {
    const describeResult = await dispatch(app.core.handlers, 'tables:describe', { connectionId: app.connectionId, table: { namespace: [], name: TABLE } })
    if (!describeResult.ok) throw new Error(describeResult.error.message)
    const latest = (describeResult.value as TableDescription).version as string
    // The user's Refresh forgets the describe the connection keeps (as do TABLE_FRESHNESS_MS and any change).
    const refreshed = await dispatch(app.core.handlers, 'tables:refresh', {})
    if (!refreshed.ok) throw new Error(refreshed.error.message)
    await quiet()
    take()

    const first = await cells(0, { latest })
    expect(first).toHaveLength(BLOCK)
    expect(first.every(([cell]) => cell?.label === 'JPEG' && cell.thumb !== null)).toBe(true)
    expect(take().describe).toBe(0)

    // The rows after the block are read while nothing is asked: queries, and still no describe.
    await quiet()
    const ahead = take()
    expect(ahead.describe).toBe(0)
    expect(ahead.query).toBeGreaterThan(0)

    // Asking for them now costs no request.
    for (let offset = BLOCK; offset < BLOCK + AHEAD_ROWS; offset += BLOCK) {
      expect(await cells(offset, { latest })).toHaveLength(BLOCK)
      expect(take()).toEqual({ describe: 0, query: 0, other: 0 })
    }
  })

  it('refuses a latest version that is not a version number', async () => {
    await expect(cells(0, { latest: 'newest' })).rejects.toThrow(/^invalid_request: .*version/i)
  })
})
