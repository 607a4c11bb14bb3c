import { describe, expect, it } from 'vitest'
import { decimalFromWords, decimalText, decimalWords, unscaledDecimal } from './decimal-text'

describe('decimal text', () => {
  it('reads text at a scale exactly, exponents and signs included', () => {
    expect(unscaledDecimal('0.28', 10, 2)).toBe(28n)
    expect(unscaledDecimal('-12345.6', 10, 2)).toBe(-1234560n)
    expect(unscaledDecimal('1.5e-7', 20, 8)).toBe(15n)
    expect(unscaledDecimal('12E3', 10, 0)).toBe(12000n)
    expect(unscaledDecimal('.5', 5, 1)).toBe(5n)
    expect(unscaledDecimal('12345678901234567890123456789.123456789', 38, 9)).toBe(12345678901234567890123456789123456789n)
    expect(unscaledDecimal('1.500', 5, 1)).toBe(15n)
  })

  it('refuses digits the scale or the precision cannot hold, and text that is not a number', () => {
    expect(() => unscaledDecimal('1.005', 10, 2)).toThrow('more digits after the point than the scale (2) holds')
    expect(() => unscaledDecimal('1000', 5, 2)).toThrow('more digits than the precision (5) holds')
    expect(() => unscaledDecimal('abc', 5, 2)).toThrow('is not a decimal number')
    expect(() => unscaledDecimal('.', 5, 2)).toThrow('is not a decimal number')
  })

  it('writes unscaled values at their scale and round-trips Arrow words of 128 and 256 bits', () => {
    expect(decimalText(28n, 2)).toBe('0.28')
    expect(decimalText(-5n, 2)).toBe('-0.05')
    expect(decimalText(100n, 0)).toBe('100')
    const values = [0n, -1n, 2n ** 100n, -(10n ** 75n)]
    const words = decimalWords(values, 256)
    expect(values.map((_, i) => decimalFromWords(words, i, 256))).toEqual(values)
    expect(decimalFromWords(decimalWords([-1234567n], 128), 0, 128)).toBe(-1234567n)
  })
})
