import { Field, makeData, RecordBatch, Schema, Struct, Table, tableFromIPC, tableToIPC, Utf8 } from 'apache-arrow'
import { describe, expect, it } from 'vitest'
import { arrowBomb, BOMB_ROWS } from '../../test-kit/hostile-files'
import { sampleTable } from '../../test-kit/lancedb-catalog'
import { arrowTableProblem } from '../shared/arrow-bounds'

const budget = { maxRows: 1_000_000 }

describe('arrowTableProblem', () => {
  it('passes real tables of every sample column type, empty ones included', () => {
    for (const rows of [0, 1, 257]) expect(arrowTableProblem(tableFromIPC(tableToIPC(sampleTable(rows), 'stream')), budget)).toBeNull()
  })

  it('refuses the 296-byte stream declaring 2^31-1 rows, by the budget and by its bytes', () => {
    const bomb = arrowBomb()
    expect(bomb.length).toBe(296)
    const table = tableFromIPC(bomb)
    expect(table.numRows).toBe(BOMB_ROWS)
    expect(arrowTableProblem(table, budget)).toMatch(/declares 2,147,483,647 rows; at most 1,000,000/)
    expect(arrowTableProblem(table, { maxRows: BOMB_ROWS })).toMatch(/damaged or crafted: a column declares 2,147,483,647 values that its bytes do not hold/)
  })

  it('refuses strings whose offsets point past their bytes', () => {
    const type = new Utf8()
    const field = new Field('s', type, true)
    const schema = new Schema([field])
    const column = makeData({ type, length: 2, nullCount: 0, valueOffsets: new Int32Array([0, 1, 1_000_000]), data: new Uint8Array(2) })
    const batch = new RecordBatch(schema, makeData({ type: new Struct([field]), length: 2, nullCount: 0, children: [column] }))
    expect(arrowTableProblem(new Table([batch]), budget)).toMatch(/do not hold/)
  })
})
