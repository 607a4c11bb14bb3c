/** Reading a LanceDB query in long batches, against the SDK's own short ones. */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { connectNamespace, type Table } from '@lancedb/lancedb'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { lanceArrow as arrow } from '../lance-arrow'
import { queryBatches } from './query-batches'

const ROWS = 5_000
let dir: string
let table: Table

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lcb-query-batches-'))
  const db = await connectNamespace('dir', { root: dir })
  const ids = Array.from({ length: ROWS }, (_, i) => i)
  table = await db.createTable('t', new arrow.Table({ id: arrow.vectorFromArray(ids, new arrow.Int32()) }))
  db.close()
})

afterAll(async () => {
  table.close()
  await rm(dir, { recursive: true, force: true })
})

async function lengths(batches: AsyncIterable<{ readonly numRows: number; getChild(name: string): { toArray(): ArrayLike<number> } | null }>) {
  const out: number[] = []
  const ids: number[] = []
  for await (const batch of batches) {
    out.push(batch.numRows)
    ids.push(...Array.from(batch.getChild('id')!.toArray()))
  }
  return { out, ids }
}

describe('query batches', () => {
  it('yields LanceDB 0.39 batches of at most 1,024 rows when a query is iterated as it is, or no length is asked', async () => {
    // What queryBatches works around: if this fails, the SDK changed and the workaround may go.
    const { out } = await lengths(table.query())
    expect(Math.max(...out)).toBeLessThanOrEqual(1_024)
    expect(out.reduce((a, b) => a + b, 0)).toBe(ROWS)
    expect(Math.max(...(await lengths(queryBatches(table.query(), undefined))).out)).toBeLessThanOrEqual(1_024)
  })

  it('reads the same rows in batches as long as asked for', async () => {
    const { out, ids } = await lengths(queryBatches(table.query().offset(0).limit(ROWS), ROWS))
    expect(Math.max(...out)).toBeGreaterThan(1_024)
    expect(ids).toEqual(Array.from({ length: ROWS }, (_, i) => i))
    const short = await lengths(queryBatches(table.query().offset(100).limit(250), 100))
    expect(Math.max(...short.out)).toBeLessThanOrEqual(100)
    expect(short.ids).toEqual(Array.from({ length: 250 }, (_, i) => 100 + i))
  })
})
