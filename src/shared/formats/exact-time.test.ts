import { describe, expect, it } from 'vitest'
import { parseDateText, parseTimeOfDayText, parseTimestampText, timestampCount, TimeCount } from './exact-time'

const count = (text: string, unit: 's' | 'ms' | 'us' | 'ns', zone: string | null = null): bigint => timestampCount(parseTimestampText(text)!, unit, zone)

describe('exact time text', () => {
  it('reads timestamps at each unit, before 1970 too, with offsets as instants', () => {
    expect(count('2024-03-01T12:34:56Z', 's')).toBe(1709296496n)
    expect(count('2024-03-01T12:34:56.123Z', 'ms')).toBe(1709296496123n)
    expect(count('1969-12-31T23:59:59.999999Z', 'us')).toBe(-1n)
    expect(count('1970-01-01T01:00:00.000000001+01:00', 'ns')).toBe(1n)
    expect(count('2024-03-01', 'us')).toBe(1709251200000000n)
    expect(count('2000-02-29 00:00:00.5', 'ms')).toBe(951782400500n)
  })

  it('reads a zone-less time in a named zone at that zone’s offset on that day', () => {
    expect(count('2024-03-31T01:59:59Z', 's')).toBe(count('2024-03-31T02:59:59', 's', 'Europe/Berlin'))
    expect(count('2024-03-31T01:00:00Z', 's')).toBe(count('2024-03-31T03:00:00', 's', 'Europe/Berlin'))
    expect(count('2024-01-01T12:00:00-05:00', 's')).toBe(count('2024-01-01T12:00:00', 's', '-05:00'))
  })

  it('refuses dates and times that do not exist, and digits the unit cannot hold', () => {
    expect(() => parseTimestampText('2023-02-29T00:00:00Z')).toThrow('day 29 does not exist in 2023-02')
    expect(() => parseTimestampText('2024-01-01T24:00:00Z')).toThrow('is not a time of day')
    expect(() => count('2024-01-01T00:00:00.1234Z', 'ms')).toThrow('choose the unit us')
    expect(() => count('2024-01-01T00:00:00.1234567891Z', 'ns')).toThrow('the finest unit, ns, holds 9')
    expect(count('2024-01-01T00:00:00.123000000Z', 'ms')).toBe(1704067200123n)
    expect(() => count('2300-01-01T00:00:00Z', 'ns')).toThrow('outside the range')
    expect(parseTimestampText('yesterday')).toBeNull()
    expect(() => parseDateText('2024-13-01')).toThrow('month 13 does not exist')
  })

  it('reads times of day and converts stored counts between units without losing a digit', () => {
    expect(parseTimeOfDayText('23:59:59.999999999', 'ns')).toBe(86_399_999_999_999n)
    expect(parseTimeOfDayText('01:02', 's')).toBe(3720n)
    expect(new TimeCount(1500n, 'ms').in('us')).toBe(1_500_000n)
    expect(() => new TimeCount(1500n, 'ms').in('s')).toThrow('choose the unit ms')
    expect(new TimeCount(-1n, 'ns').toJSON()).toBe('1969-12-31T23:59:59.999999999Z')
  })
})
