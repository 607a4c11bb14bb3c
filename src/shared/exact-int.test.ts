import { describe, expect, it } from 'vitest'
import { versionNumber } from './contract/versions'
import { compareExact, exactInt, formatExactInt, isExactInt } from './exact-int'

describe('exact integers', () => {
  it('writes and groups values past 2^53 with every digit', () => {
    expect(exactInt(2n ** 53n + 1n)).toBe('9007199254740993')
    expect(exactInt(42)).toBe('42')
    expect(formatExactInt('9007199254740993')).toBe('9,007,199,254,740,993')
    expect(compareExact('9007199254740993', '9007199254740992')).toBe(1)
    expect(() => exactInt(1.5)).toThrow(/not a whole number/)
    expect(() => exactInt(-1)).toThrow(/negative/)
    expect(['0', '12', '012', '-1', '1e3', ''].map(isExactInt)).toEqual([true, true, false, false, false, false])
  })

  it('takes versions in requests as decimal digits up to 2^64 - 1', () => {
    expect(versionNumber.parse('9007199254740993')).toBe('9007199254740993')
    expect(versionNumber.safeParse('18446744073709551615').success).toBe(true)
    expect(['0', '01', '18446744073709551616', 3].map((v) => versionNumber.safeParse(v).success)).toEqual([false, false, false, false])
  })
})
