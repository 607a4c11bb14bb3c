import { describe, expect, it } from 'vitest'
import { pageOfRow, pagesFor } from './row-pages'

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

describe('pageOfRow', () => {
  it('finds the page and the index within it', () => {
    expect(pageOfRow(0, 100)).toEqual({ page: 0, index: 0 })
    expect(pageOfRow(2499, 100)).toEqual({ page: 24, index: 99 })
  })
})
