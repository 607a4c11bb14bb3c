import {
  Binary,
  Bool,
  DateDay,
  Dictionary,
  Field,
  FixedSizeList,
  Float32,
  Float64,
  Int32,
  Int64,
  Struct,
  TimeUnit,
  Timestamp,
  Utf8,
  vectorFromArray
} from 'apache-arrow'
import { describe, expect, it } from 'vitest'
import { cellAt } from './cell-format'
import { filterForCell } from './filter-literal'
import type { DataType } from 'apache-arrow'

/** The filter for the first value of a column of `type` holding `values`. */
function filterOf(column: string, type: DataType, values: readonly unknown[]) {
  const vector = vectorFromArray(values as unknown[], type)
  return filterForCell(column, type, vector.get(0), cellAt(vector, 0))
}

describe('filterForCell', () => {
  it('quotes strings, doubling their quotes, and the column in backticks', () => {
    expect(filterOf('kind', new Utf8(), ["it's"])).toEqual({ filter: "`kind` = 'it''s'" })
    expect(filterOf('odd `name`', new Utf8(), ['x'])).toEqual({ filter: "`odd ``name``` = 'x'" })
  })

  it('leaves numbers and booleans bare, int64 exactly', () => {
    expect(filterOf('id', new Int32(), [7])).toEqual({ filter: '`id` = 7' })
    expect(filterOf('big', new Int64(), [9007199254740993n])).toEqual({ filter: '`big` = 9007199254740993' })
    expect(filterOf('score', new Float32(), [0.1])).toEqual({ filter: '`score` = 0.1' })
    expect(filterOf('x', new Float64(), [-2.5])).toEqual({ filter: '`x` = -2.5' })
    expect(filterOf('ok', new Bool(), [false])).toEqual({ filter: '`ok` = false' })
  })

  it('writes dates and timestamps as typed literals, a zoned one with its offset', () => {
    expect(filterOf('day', new DateDay(), [new Date(Date.UTC(2024, 0, 2))])).toEqual({ filter: "`day` = DATE '2024-01-02'" })
    const at = new Timestamp(TimeUnit.MILLISECOND, null)
    expect(filterOf('at', at, [Date.UTC(2023, 10, 14, 22, 13, 20, 123)])).toEqual({ filter: "`at` = TIMESTAMP '2023-11-14T22:13:20.123'" })
    const zoned = new Timestamp(TimeUnit.MILLISECOND, 'Europe/Berlin')
    expect(filterOf('at', zoned, [Date.UTC(2023, 10, 14, 22, 13, 20, 123)])).toEqual({
      filter: "`at` = arrow_cast('2023-11-14T23:13:20.123+01:00', 'Timestamp(Millisecond, Some(\"UTC\"))')"
    })
  })

  it('looks through a dictionary to its values', () => {
    expect(filterOf('tag', new Dictionary(new Utf8(), new Int32()), ['red'])).toEqual({ filter: "`tag` = 'red'" })
  })

  it('filters a null with IS NULL', () => {
    expect(filterOf('kind', new Utf8(), [null])).toEqual({ filter: '`kind` IS NULL' })
    expect(filterOf('vec', new FixedSizeList(2, new Field('item', new Float32())), [null])).toEqual({ filter: '`vec` IS NULL' })
  })

  it('refuses, with a reason, values SQL cannot compare', () => {
    expect(filterOf('vec', new FixedSizeList(2, new Field('item', new Float32())), [[1, 2]])).toEqual({ reason: 'lists and vectors cannot be compared' })
    expect(filterOf('s', new Struct([new Field('a', new Int32())]), [{ a: 1 }])).toEqual({ reason: 'structs and maps cannot be compared' })
    expect(filterOf('b', new Binary(), [new Uint8Array([1])])).toEqual({ reason: 'bytes cannot be compared' })
    expect(filterOf('x', new Float64(), [NaN])).toEqual({ reason: 'NaN equals no value in SQL' })
  })
})
