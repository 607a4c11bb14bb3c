import { describe, expect, it } from 'vitest'
import { parseWhole, stepWhole, wholeProblem, wholeRule } from './whole-number'

const K = { min: 1, max: 1000 }
const OPTIONAL = { min: 1, max: 100_000, optional: true }

describe('parseWhole', () => {
  it('reads whole numbers within the bounds, separators and spaces aside', () => {
    expect(parseWhole('1', K)).toBe(1)
    expect(parseWhole(' 1000 ', K)).toBe(1000)
    expect(parseWhole('1,000', K)).toBe(1000)
    expect(parseWhole('1_000', K)).toBe(1000)
    expect(parseWhole('+7', K)).toBe(7)
  })

  it('refuses what is not a whole number the field takes', () => {
    for (const text of ['0', '1001', '-1', '2.5', '1e3', 'abc', '12a', '0x10', '.']) expect(parseWhole(text, K), text).toBeUndefined()
    expect(parseWhole('99999999999999999999', { min: 0, max: Number.MAX_SAFE_INTEGER })).toBeUndefined()
  })

  it('reads empty text as no value only where that is allowed', () => {
    expect(parseWhole('', K)).toBeUndefined()
    expect(parseWhole('  ', OPTIONAL)).toBeNull()
  })
})

describe('wholeRule and wholeProblem', () => {
  it('say the range once, with the optional default', () => {
    expect(wholeRule({ min: 1, max: 1_000_000 })).toBe('A whole number from 1 to 1,000,000.')
    expect(wholeRule(OPTIONAL)).toBe('A whole number from 1 to 100,000, or empty for the default.')
    expect(wholeProblem('0', K)).toBe('A whole number from 1 to 1,000.')
    expect(wholeProblem('10', K)).toBeUndefined()
  })
})

describe('stepWhole', () => {
  it('moves by the step and stays within the bounds', () => {
    expect(stepWhole('5', 1, K)).toBe('6')
    expect(stepWhole('5', -10, K)).toBe('1')
    expect(stepWhole('999', 10, K)).toBe('1000')
    expect(stepWhole('1,000', 1, K)).toBe('1000')
  })

  it('starts from a bound when the text holds no number', () => {
    expect(stepWhole('', 1, K)).toBe('1')
    expect(stepWhole('abc', -1, K)).toBe('1000')
  })

  it('brings a value outside the bounds back in', () => {
    expect(stepWhole('5000', -1, K)).toBe('1000')
    expect(stepWhole('0', 1, K)).toBe('1')
  })
})
