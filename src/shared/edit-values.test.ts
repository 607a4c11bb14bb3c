import { describe, expect, it } from 'vitest'
import * as arrow from 'apache-arrow'
import { MAX_EDIT_TEXT, parseEditText, uneditableReason, type EditParse } from './edit-values'

const field = (type: arrow.DataType, nullable = true, name = 'c'): arrow.Field => new arrow.Field(name, type, nullable)
const parse = (type: arrow.DataType, text: string | null, nullable = true): EditParse => parseEditText(field(type, nullable), text)
const value = (type: arrow.DataType, text: string | null): unknown => {
  const result = parse(type, text)
  if (!result.ok) throw new Error(result.message)
  return result.value
}
const message = (type: arrow.DataType, text: string | null, nullable = true): string => {
  const result = parse(type, text, nullable)
  if (result.ok) throw new Error(`expected a refusal, got ${String(result.value)}`)
  return result.message
}

describe('parseEditText', () => {
  it('reads int64 and uint64 exactly through BigInt, at both ends of their range', () => {
    expect(value(new arrow.Int64(), '9223372036854775807')).toBe(2n ** 63n - 1n)
    expect(value(new arrow.Int64(), '-9223372036854775808')).toBe(-(2n ** 63n))
    expect(value(new arrow.Int64(), '9007199254740993')).toBe(9007199254740993n)
    expect(value(new arrow.Uint64(), '18446744073709551615')).toBe(2n ** 64n - 1n)
    expect(message(new arrow.Int64(), '9223372036854775808')).toBe(
      '9223372036854775808 is out of range for int64 (-9223372036854775808 to 9223372036854775807) (column c)'
    )
    expect(message(new arrow.Uint64(), '-1')).toContain('out of range for uint64')
  })

  it('checks narrow integers by width and sign, and refuses fractions', () => {
    expect(value(new arrow.Int8(), '-128')).toBe(-128)
    expect(message(new arrow.Int8(), '128')).toContain('out of range for int8 (-128 to 127)')
    expect(message(new arrow.Uint8(), '256')).toContain('out of range for uint8 (0 to 255)')
    expect(value(new arrow.Int16(), ' 42 ')).toBe(42)
    expect(message(new arrow.Int32(), '3.14')).toBe('"3.14" is not a whole number (int32) (column c)')
    expect(message(new arrow.Int32(), '')).toContain('is not a whole number')
  })

  it('reads floats, with NaN and infinities spelled out and overflow refused', () => {
    expect(value(new arrow.Float64(), '0.1')).toBe(0.1)
    expect(value(new arrow.Float64(), '-2.5e-3')).toBe(-0.0025)
    expect(value(new arrow.Float64(), 'NaN')).toBeNaN()
    expect(value(new arrow.Float32(), '-Infinity')).toBe(-Infinity)
    expect(value(new arrow.Float32(), '0.1')).toBe(Math.fround(0.1))
    expect(message(new arrow.Float32(), '1e400')).toContain('1e400 is out of range for float32')
    expect(message(new arrow.Float32(), '1e39')).toContain('out of range for float32')
    expect(message(new arrow.Float64(), '1e400')).toContain('out of range for float64')
    expect(message(new arrow.Float16(), '70000')).toContain('out of range for float16')
    expect(message(new arrow.Float64(), 'nan')).toContain('is not a number (float64; write NaN, Infinity or -Infinity for those)')
  })

  it('reads decimals digit for digit and checks precision and scale', () => {
    expect(value(new arrow.Decimal(2, 10, 128), '12345678.90')).toBe(1234567890n)
    expect(value(new arrow.Decimal(9, 38, 128), '-12345678901234567890.123456789')).toBe(-12345678901234567890123456789n)
    expect(message(new arrow.Decimal(2, 10, 128), '1.234')).toContain('more digits after the point than the scale (2) holds of decimal(10, 2)')
    expect(message(new arrow.Decimal(2, 4, 128), '123.45')).toContain('more digits than the precision (4) holds')
  })

  it('reads booleans and strings, keeping an empty string apart from null', () => {
    expect(value(new arrow.Bool(), 'TRUE')).toBe(true)
    expect(value(new arrow.Bool(), 'false')).toBe(false)
    expect(message(new arrow.Bool(), 'yes')).toContain('is not true or false')
    expect(value(new arrow.Utf8(), '')).toBe('')
    expect(value(new arrow.Utf8(), null)).toBeNull()
    expect(value(new arrow.Utf8(), 'null')).toBe('null')
    expect(value(new arrow.LargeUtf8(), ' Zoë 🦀 中文 \u0301')).toBe(' Zoë 🦀 中文 \u0301')
  })

  it('refuses null in a non-nullable column, naming it', () => {
    expect(parseEditText(field(new arrow.Int32(), false, 'id'), null)).toEqual({ ok: false, message: 'null is not allowed in column id' })
  })

  it('reads dates and timestamps at their unit, exactly in nanoseconds, in the column zone', () => {
    expect(value(new arrow.DateDay(), '2024-05-31')).toBe(19874)
    expect(value(new arrow.DateMillisecond(), '2024-05-31')).toBe(19874 * 86_400_000)
    expect(message(new arrow.DateDay(), '2024-02-30')).toContain('day 30 does not exist')
    expect(value(new arrow.Timestamp(arrow.TimeUnit.NANOSECOND), '2024-05-31T12:30:00.123456789')).toBe(1717158600123456789n)
    expect(value(new arrow.Timestamp(arrow.TimeUnit.NANOSECOND, 'UTC'), '2024-05-31T12:30:00.123456789Z')).toBe(1717158600123456789n)
    expect(value(new arrow.Timestamp(arrow.TimeUnit.MICROSECOND, 'Europe/Amsterdam'), '2024-05-31T14:30:00')).toBe(1717158600000000n)
    expect(value(new arrow.Timestamp(arrow.TimeUnit.MICROSECOND, 'Europe/Amsterdam'), '2024-05-31T14:30:00+02:00')).toBe(1717158600000000n)
    expect(value(new arrow.Timestamp(arrow.TimeUnit.SECOND), '1969-12-31T23:59:59')).toBe(-1n)
    expect(message(new arrow.Timestamp(arrow.TimeUnit.MILLISECOND), '2024-05-31T12:30:00.1234')).toContain('choose the unit us')
    expect(message(new arrow.Timestamp(arrow.TimeUnit.MICROSECOND), 'yesterday')).toContain('is not a timestamp (write it like 2024-05-31T12:30:00.123456)')
  })

  it('reads times and durations in their unit', () => {
    expect(value(new arrow.Time(arrow.TimeUnit.MILLISECOND, 32), '12:30:00.250')).toBe(45_000_250)
    expect(value(new arrow.Time(arrow.TimeUnit.NANOSECOND, 64), '00:00:00.000000001')).toBe(1n)
    expect(value(new arrow.Duration(arrow.TimeUnit.MICROSECOND), '-1d 02:00:00.5')).toBe(-93_600_500_000n)
    expect(value(new arrow.Duration(arrow.TimeUnit.SECOND), '90')).toBe(90n)
    expect(message(new arrow.Duration(arrow.TimeUnit.SECOND), '1:99:00')).toContain('minutes and seconds go up to 59')
  })

  it('reads vectors, lists and structs as JSON, checking each member', () => {
    const vector = new arrow.FixedSizeList(3, new arrow.Field('item', new arrow.Float32(), true))
    expect(value(vector, '[1, 0.5, -2]')).toEqual([1, 0.5, -2])
    expect(message(vector, '[1, 2]')).toContain('the list has 2 values; this column holds exactly 3')
    const ids = new arrow.List(new arrow.Field('item', new arrow.Int64(), true))
    expect(value(ids, '[9223372036854775807, null]')).toEqual([2n ** 63n - 1n, null])
    const struct = new arrow.Struct([
      new arrow.Field('name', new arrow.Utf8(), false),
      new arrow.Field('at', new arrow.Timestamp(arrow.TimeUnit.NANOSECOND), true)
    ])
    expect(value(struct, '{"name": "a", "at": "1970-01-01T00:00:00.000000001"}')).toEqual({ name: 'a', at: 1n })
    expect(value(struct, '{"name": "a"}')).toEqual({ name: 'a', at: null })
    expect(message(struct, '{"at": null}')).toContain('member "name" is null, which is not allowed there')
    expect(message(struct, '{"name": 5}')).toContain('member "name": 5 is a number; text is written in quotes')
    expect(message(struct, '{"name": "a", "extra": 1}')).toContain('a member "extra" that the struct does not')
    expect(message(ids, '[1, 2')).toContain('is not JSON')
    expect(message(ids, '[1.5]')).toContain('item 1: "1.5" is not a whole number (int64)')
  })

  it('refuses deep nesting, oversized text and types it cannot edit', () => {
    let type: arrow.DataType = new arrow.Int32()
    for (let i = 0; i < 40; i++) type = new arrow.List(new arrow.Field('item', type, true))
    expect(message(type, `${'['.repeat(40)}1${']'.repeat(40)}`)).toContain('nested deeper than 32 levels')
    expect(message(new arrow.Utf8(), 'x'.repeat(MAX_EDIT_TEXT + 1))).toContain('at most 1,000,000 characters')
    expect(uneditableReason(new arrow.Binary())).toBe('bytes cannot be typed in a cell')
    expect(message(new arrow.Binary(), 'AAAA')).toContain('bytes cannot be typed in a cell')
    expect(uneditableReason(new arrow.Int64())).toBeNull()
  })
})
