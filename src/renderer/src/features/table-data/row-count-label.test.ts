import { describe, expect, it } from 'vitest'
import { rowCountLabel } from './row-count-label'

describe('rowCountLabel', () => {
  it('counts a table without a filter, and rows matching a filter, with the right plural', () => {
    expect(rowCountLabel(2500, '', false)).toBe('2,500 rows')
    expect(rowCountLabel(1, '', false)).toBe('1 row')
    expect(rowCountLabel(66, 'score > 100', false)).toBe('66 matching rows')
    expect(rowCountLabel(1, 'id = 4', false)).toBe('1 matching row')
  })

  it('says whose rows the grid keeps when the newest filter failed', () => {
    expect(rowCountLabel(66, 'score > 100', true)).toBe('66 rows for the last filter that worked')
    expect(rowCountLabel(30, '', true)).toBe('30 rows, not filtered')
  })
})
