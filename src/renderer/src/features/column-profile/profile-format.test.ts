/** How the profile's values read: exact integers, floats, decimals, timestamps and dates. */
import { describe, expect, it } from 'vitest'
import { temporalText } from '@shared/temporal-format'
import { axisText, countText, floatText, meanText, percentText, valueText, wideValues } from './profile-format'

describe('profile values as text', () => {
  it('keeps every digit of int64 values and groups them', () => {
    expect(valueText({ domain: 'int' }, '9223372036854775807')).toBe('9,223,372,036,854,775,807')
    expect(valueText({ domain: 'int' }, '-9223372036854775807')).toBe('-9,223,372,036,854,775,807')
    expect(valueText({ domain: 'int' }, null)).toBe('—')
  })

  it('writes floats to six significant digits, and tiny or huge ones in exponent form', () => {
    expect(floatText(0.288466123)).toBe('0.288466')
    expect(floatText(1234567.89)).toBe('1,234,570')
    expect(floatText(1e-9)).toBe('1.0000e-9')
    expect(floatText(0.00000168313)).toBe('1.6831e-6')
    expect(floatText(2.5e20)).toBe('2.5000e+20')
    expect(valueText({ domain: 'float' }, '0.1')).toBe('0.1')
  })

  it('writes decimals as main wrote them', () => {
    expect(valueText({ domain: 'decimal' }, '-250.05')).toBe('-250.05')
  })

  it('writes timestamps in their unit with every digit, dates as days', () => {
    expect(temporalText('1704067200000000123', 'ns')).toBe('2024-01-01T00:00:00.000000123')
    expect(temporalText('-1', 'ms')).toBe('1969-12-31T23:59:59.999')
    expect(valueText({ domain: 'timestamp', unit: 'us' }, '1704067200000000')).toBe('2024-01-01 00:00:00')
    expect(valueText({ domain: 'date', unit: 'day' }, '19723')).toBe('2024-01-01')
    expect(meanText({ domain: 'timestamp', unit: 's' }, 1704067200.4)).toBe('2024-01-01 00:00:00')
    expect(meanText({ domain: 'timestamp', unit: 's' }, 3600, true)).toBe('1 h')
    expect(meanText({ domain: 'timestamp', unit: 'ms' }, 9_128_970_000, true)).toBe('105.7 days')
    expect(meanText({ domain: 'timestamp', unit: 'ns' }, 41_000_000, true)).toBe('41 ms')
  })

  it('shortens axis ends: dates, times of one day, long integers', () => {
    const year = { domain: 'timestamp' as const, unit: 'ms', min: '1704067229296', max: '1735689559844' }
    expect(axisText(year, year.min)).toBe('2024-01-01')
    const day = { domain: 'timestamp' as const, unit: 's', min: '1704067200', max: '1704110400' }
    expect(axisText(day, day.max)).toBe('12:00:00')
    const big = { domain: 'int' as const, min: '0', max: '1152922504609846976' }
    expect(axisText(big, big.max)).toBe('1.153e+18')
    expect(axisText(big, big.min)).toBe('0')
  })

  it('asks for wide cells where values are long', () => {
    expect(wideValues({ domain: 'timestamp', unit: 'ms', min: '1704067200000', max: '1735689599844' })).toBe(true)
    expect(wideValues({ domain: 'int', min: '0', max: '999' })).toBe(false)
  })

  it('writes counts and shares', () => {
    expect(countText(48_210_334)).toBe('48,210,334')
    expect(percentText(10)).toBe('10.0%')
    expect(percentText(0.01)).toBe('<0.1%')
    expect(percentText(0)).toBe('0.0%')
  })
})
