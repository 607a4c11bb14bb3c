import { describe, expect, it } from 'vitest'
import { Bool, Field, Float32, Int32, Int64, List, makeData, makeVector, TimestampNanosecond, Utf8, vectorFromArray, type DataType } from 'apache-arrow'
import { parseEditText } from '@shared/edit-values'
import { sameValue, valueProblem } from '../table-edits/cell-text'
import { cellTextAt } from './edit-text'

/** The cell's text parses back to exactly the stored value. */
function roundTrips(type: DataType, vector: ReturnType<typeof makeVector>, index: number, stored: unknown): string | null {
  const text = cellTextAt(vector, index)
  const parsed = parseEditText(new Field('c', type, true), text)
  expect(parsed).toEqual({ ok: true, value: stored })
  return text
}

describe('cell text', () => {
  it('writes int64 past 2^53 exactly and reads it back', () => {
    const big = 2n ** 53n + 1n
    const vector = makeVector(new BigInt64Array([big, -(2n ** 63n)]))
    expect(roundTrips(new Int64(), vector, 0, big)).toBe('9007199254740993')
    expect(roundTrips(new Int64(), vector, 1, -(2n ** 63n))).toBe('-9223372036854775808')
  })

  it('keeps a timestamp’s nanoseconds', () => {
    const ns = 1_717_158_600_123_456_789n
    const vector = makeVector(makeData({ type: new TimestampNanosecond(), data: new BigInt64Array([ns]) }))
    const text = roundTrips(new TimestampNanosecond(), vector, 0, ns)
    expect(text).toContain('123456789')
  })

  it('writes strings whole, unicode included, and null apart from empty', () => {
    const long = 'ü€😀'.repeat(600)
    const vector = vectorFromArray([long, '', null], new Utf8())
    expect(cellTextAt(vector, 0)).toBe(long)
    expect(cellTextAt(vector, 1)).toBe('')
    expect(cellTextAt(vector, 2)).toBeNull()
  })

  it('writes lists as JSON that reads back', () => {
    const type = new List(new Field('item', new Int32(), true))
    const vector = vectorFromArray([[1, 2, null]], type)
    expect(roundTrips(type, vector, 0, [1, 2, null])).toBe('[1,2,null]')
  })

  it('compares values, not spellings', () => {
    const float = new Field('f', new Float32(), true)
    expect(sameValue(float, '1.5', '1.50')).toBe(true)
    expect(sameValue(float, '1.5', '1.6')).toBe(false)
    expect(sameValue(new Field('b', new Bool(), true), 'true', 'TRUE')).toBe(true)
    expect(sameValue(new Field('s', new Utf8(), true), 'a', 'a ')).toBe(false)
    expect(sameValue(new Field('s', new Utf8(), true), '', null)).toBe(false)
  })

  it('gives the parser’s message for a bad value', () => {
    expect(valueProblem(new Field('n', new Int32(), false), '3000000000')).toMatch(/out of range for int32/)
    expect(valueProblem(new Field('n', new Int32(), false), null)).toMatch(/null is not allowed in column n/)
    expect(valueProblem(new Field('n', new Int32(), false), '12')).toBeNull()
  })
})
