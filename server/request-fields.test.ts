/**
 * Reading modes as LanceDB's clients send them, including what they send beyond the spec.
 */
import { describe, expect, it } from 'vitest'
import { createModeOf, dropBehaviorOf, rowLimitOf } from './request-fields'

describe('request fields', () => {
  it('reads a drop behavior sent JSON-encoded twice, as LanceDB 0.39 sends it', () => {
    expect(dropBehaviorOf('"Cascade"')).toBe('cascade')
    expect(dropBehaviorOf('"Restrict"')).toBe('restrict')
    expect(dropBehaviorOf('Cascade')).toBe('cascade')
    expect(createModeOf('"exist_ok"', 'mode')).toBe('exist_ok')
    expect(() => dropBehaviorOf('"Cascade')).toThrow(/"restrict" or "cascade"/)
  })

  it('reads a row limit beyond 2^53 (LanceDB sends 2^63 - 1 for no limit) as every row', () => {
    expect(rowLimitOf(JSON.parse('{"k":9223372036854775807}') as Record<string, unknown>, 'k')).toBe(Number.POSITIVE_INFINITY)
    expect(rowLimitOf({ k: 25 }, 'k')).toBe(25)
    expect(rowLimitOf({}, 'k')).toBeUndefined()
    expect(() => rowLimitOf({ k: -1 }, 'k')).toThrow(/at least 0/)
    expect(() => rowLimitOf({ k: 1.5 }, 'k')).toThrow(/whole number/)
  })
})
