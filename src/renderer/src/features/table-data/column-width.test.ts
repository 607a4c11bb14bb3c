import { describe, expect, it } from 'vitest'
import { columnWidth } from './column-width'

describe('columnWidth', () => {
  it('keeps the type-based width for short headers', () => {
    expect(columnWidth('id', 'int64')).toBe(120)
    expect(columnWidth('ok', 'bool')).toBe(80)
  })

  it('widens a column so a long name and its type fit', () => {
    // "population int64" is cut in a 120 px number column.
    expect(columnWidth('population', 'int64')).toBeGreaterThanOrEqual(130)
    expect(columnWidth('a_rather_long_column_name', 'utf8')).toBeGreaterThan(200)
  })

  it('stops growing at a limit; the header tooltip names the rest', () => {
    expect(columnWidth('x'.repeat(200), 'utf8')).toBe(360)
  })
})
