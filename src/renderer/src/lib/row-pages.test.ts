import { tableFromArrays, tableFromIPC, tableToIPC, type Table } from 'apache-arrow'
import { describe, expect, it } from 'vitest'
import { pageOfRow, pagesAhead, pagesFor, readRowRange, type RowsChunk } from './row-pages'

describe('pagesFor', () => {
  it('holds the pages the visible rows fall in', () => {
    expect(pagesFor(0, 20, 2500, 100)).toEqual([0])
    expect(pagesFor(120, 180, 2500, 100, 10)).toEqual([1])
  })

  it('adds the neighbouring page when the view nears a page edge', () => {
    expect(pagesFor(60, 80, 2500, 100)).toEqual([0, 1])
    expect(pagesFor(130, 150, 2500, 100)).toEqual([0, 1, 2])
  })

  it('stops at the last page of the table and holds nothing for an empty one', () => {
    expect(pagesFor(2480, 2499, 2500, 100)).toEqual([24])
    expect(pagesFor(0, 10, 0, 100)).toEqual([])
  })

  it('asks only for what is in view while the row count is unknown', () => {
    expect(pagesFor(0, 20, null, 100)).toEqual([0])
  })

  it('holds a bounded number of pages wherever the view is', () => {
    for (const first of [0, 999_950, 500_000, 123_456]) expect(pagesFor(first, first + 40, 1_000_000, 100).length).toBeLessThanOrEqual(3)
  })
})

describe('pagesAhead', () => {
  it('reads the page past the held ones in the direction of scrolling', () => {
    expect(pagesAhead([3, 4], 1, 0, 24)).toEqual([5])
    expect(pagesAhead([3, 4], -1, 0, 24)).toEqual([2])
    expect(pagesAhead([0], 1, 0, 24, 2)).toEqual([1, 2])
  })

  it('stays within the pages the view can reach', () => {
    expect(pagesAhead([23, 24], 1, 0, 24)).toEqual([])
    expect(pagesAhead([0, 1], -1, 0, 24)).toEqual([])
    expect(pagesAhead([10_000], 1, 10_000, 10_001, 3)).toEqual([10_001])
    expect(pagesAhead([10_000], -1, 10_000, 10_001)).toEqual([])
  })

  it('reads nothing ahead while no page is held', () => {
    expect(pagesAhead([], 1, 0, 24)).toEqual([])
  })
})

describe('pageOfRow', () => {
  it('finds the page and the index within it', () => {
    expect(pageOfRow(0, 100)).toEqual({ page: 0, index: 0 })
    expect(pageOfRow(2499, 100)).toEqual({ page: 24, index: 99 })
  })
})

describe('readRowRange', () => {
  /** 300 rows whose `text` grows with the id, so a byte budget fits fewer rows further on. */
  const all = tableFromArrays({ id: Int32Array.from({ length: 300 }, (_, i) => i), text: Array.from({ length: 300 }, (_, i) => 'x'.repeat(i * 10)) })

  /** Answers like main does: Arrow IPC bytes of at most `budget` text bytes, at least one row, marked when cut short. */
  function cappedReader(budget: number) {
    const calls: Array<[number, number]> = []
    const read = async (offset: number, limit: number): Promise<RowsChunk> => {
      calls.push([offset, limit])
      const end = Math.min(all.numRows, offset + limit)
      let take = 0
      let bytes = 0
      while (offset + take < end && (take === 0 || bytes + (offset + take) * 10 <= budget)) bytes += (offset + take++) * 10
      const rows = tableFromIPC(tableToIPC(all.slice(offset, offset + take), 'stream'))
      return { rows, truncated: offset + take < end }
    }
    return { read, calls }
  }

  const idsOf = (table: Table): number[] => Array.from(table.getChild('id')?.toArray() ?? [], Number)

  it('fills a page from several short answers, each read from where the last ended', async () => {
    const { read, calls } = cappedReader(20_000)
    const page = await readRowRange(read, 100, 100)
    expect(idsOf(page)).toEqual(Array.from({ length: 100 }, (_, i) => 100 + i))
    expect(calls.length).toBeGreaterThan(2)
    // Each read starts exactly where the rows so far end, and asks only for what is missing.
    for (const [offset, limit] of calls) expect(offset + limit).toBe(200)
    expect(calls.map(([offset]) => offset)).toEqual([...new Set(calls.map(([offset]) => offset))].sort((a, b) => a - b))
  })

  it('takes a whole answer in one read, and a short last page of the table as it is', async () => {
    const whole = cappedReader(10_000_000)
    expect(idsOf(await readRowRange(whole.read, 0, 100))).toHaveLength(100)
    expect(whole.calls).toHaveLength(1)
    const last = cappedReader(10_000_000)
    expect(idsOf(await readRowRange(last.read, 250, 100))).toEqual(Array.from({ length: 50 }, (_, i) => 250 + i))
    expect(last.calls).toHaveLength(1)
  })

  it('moves on one row at a time when single rows are over the budget', async () => {
    const { read, calls } = cappedReader(1)
    expect(idsOf(await readRowRange(read, 290, 10))).toEqual(Array.from({ length: 10 }, (_, i) => 290 + i))
    expect(calls).toHaveLength(10)
  })

  it('fails clearly on an answer cut short without rows, instead of asking forever', async () => {
    const empty = tableFromIPC(tableToIPC(all.slice(0, 0), 'stream'))
    await expect(readRowRange(async () => ({ rows: empty, truncated: true }), 0, 100)).rejects.toThrow(/cut short without any rows/)
  })
})
