import { describe, expect, it } from 'vitest'
import { DateDay, TimestampMicrosecond, TimestampMillisecond, TimestampNanosecond } from 'apache-arrow'
import { csvText } from './csv-text'
import { jsonConverter } from './plain-values'

/** A value as a CSV field holds it. */
const csv = (type: Parameters<typeof jsonConverter>[0], value: unknown): string | null => csvText(jsonConverter(type)(value))

describe('timestamps in exports', () => {
  it('writes a zone-less timestamp without a zone, as the grid shows it', () => {
    expect(csv(new TimestampMicrosecond(), 1_709_296_496_000_001n)).toBe('2024-03-01T12:34:56.000001')
    expect(csv(new TimestampNanosecond(), -1n)).toBe('1969-12-31T23:59:59.999999999')
  })

  it('writes a zoned timestamp in its zone with its offset, UTC as Z', () => {
    expect(csv(new TimestampMicrosecond('UTC'), 1_709_296_496_000_001n)).toBe('2024-03-01T12:34:56.000001Z')
    expect(csv(new TimestampMicrosecond('Europe/Berlin'), 1_709_296_496_000_001n)).toBe('2024-03-01T13:34:56.000001+01:00')
    expect(csv(new TimestampMillisecond('+05:30'), 0n)).toBe('1970-01-01T05:30:00.000+05:30')
  })

  it('writes an unknown zone in UTC, a value no Date holds as its stored integer, and dates as days', () => {
    expect(csv(new TimestampMicrosecond('Nowhere/Else'), 0n)).toBe('1970-01-01T00:00:00.000000Z')
    expect(csv(new TimestampNanosecond(), 9_223_372_036_854_775_807n)).toBe('2262-04-11T23:47:16.854775807')
    expect(csv(new TimestampMicrosecond(), 9_223_372_036_854_775_807n)).toBe('9223372036854775807')
    expect(csv(new DateDay(), 86_400_000)).toBe('1970-01-02')
    expect(csv(new TimestampMicrosecond(), null)).toBeNull()
  })
})
