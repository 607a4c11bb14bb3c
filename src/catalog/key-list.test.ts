/**
 * Key lists: only whole numbers and quoted texts are taken, and the parts sent over a
 * catalog's routes each pass the filter bounds the routes hold every filter to.
 */
import { describe, expect, it } from 'vitest'
import { filterProblem } from '../shared/input-bounds'
import { CatalogError } from '../shared/errors'
import { keyListFilter, keyListParts } from './key-list'

describe('key lists', () => {
  it('names rows by whole numbers and quoted texts only', () => {
    expect(keyListFilter({ column: 'i`d', literals: ['-3', '9007199254740993'] })).toBe('`i``d` IN (-3,9007199254740993)')
    expect(keyListFilter({ column: 'name', literals: ["'it''s'", "''"] })).toBe("`name` IN ('it''s','')")
    for (const odd of ['1 OR 1=1', "'a' OR 'b'", '1.5', "'open"]) {
      expect(() => keyListFilter({ column: 'id', literals: [odd] })).toThrow(CatalogError)
    }
  })

  it('splits a long list into parts that each pass a filter’s length and depth bounds', () => {
    const literals = Array.from({ length: 20_000 }, (_, i) => String(i % 2 === 0 ? -i : i * 1_000_000_007))
    const whole = { column: 'id', literals }
    expect(filterProblem(keyListFilter(whole))).not.toBeNull()
    const parts = keyListParts(whole)
    expect(parts.flatMap((part) => part.literals)).toEqual(literals)
    for (const part of parts) expect(filterProblem(keyListFilter(part))).toBeNull()
    // Negative numbers count against the depth bound well before the length bound.
    expect(parts.length).toBeGreaterThan(40)
  })
})
