import * as arrow from 'apache-arrow'
import { tableFromIPC, tableToIPC } from 'apache-arrow'
import { describe, expect, it } from 'vitest'
import { cellAt, decimalText, float32Text, MAX_TEXT, summary, timestampIso, type CellView } from './cell-format'

const at = (values: unknown[], type: ConstructorParameters<typeof arrow.Field>[1], index = 0): CellView => cellAt(arrow.vectorFromArray(values, type), index)

describe('cellAt', () => {
  it('shows numbers as numbers, int64 exactly and float32 without float64 noise', () => {
    expect(at([2n ** 62n + 1n], new arrow.Int64())).toEqual({ kind: 'number', text: '4611686018427387905' })
    expect(at([0.1], new arrow.Float32())).toEqual({ kind: 'number', text: '0.1' })
    expect(at([0.1], new arrow.Float64())).toEqual({ kind: 'number', text: '0.1' })
    expect(at([-7], new arrow.Int32())).toEqual({ kind: 'number', text: '-7' })
  })

  it('keeps null and the empty string apart', () => {
    expect(at([null, ''], new arrow.Utf8(), 0)).toEqual({ kind: 'null' })
    expect(at([null, ''], new arrow.Utf8(), 1)).toEqual({ kind: 'empty' })
    expect(summary({ kind: 'empty' })).toBe('""')
  })

  it('writes dates and timestamps in ISO form, keeping microseconds', () => {
    const micros = 1_704_164_645_678_901n
    const data = arrow.makeData({ type: new arrow.Timestamp(arrow.TimeUnit.MICROSECOND, 'UTC'), length: 1, nullCount: 0, data: new BigInt64Array([micros]) })
    expect(cellAt(arrow.makeVector(data), 0)).toEqual({ kind: 'text', text: '2024-01-02T03:04:05.678901Z' })
    expect(at([new Date(Date.UTC(2024, 4, 31))], new arrow.DateDay())).toEqual({ kind: 'text', text: '2024-05-31' })
    expect(timestampIso(-1n, arrow.TimeUnit.SECOND, null)).toBe('1969-12-31T23:59:59')
    expect(timestampIso(1_500n, arrow.TimeUnit.MILLISECOND, 'UTC')).toBe('1970-01-01T00:00:01.500Z')
  })

  it('abbreviates vectors with their dimension and gives the full value on demand', () => {
    const view = at([[0.5, 1, 1.5, 2, 2.5]], new arrow.FixedSizeList(5, new arrow.Field('item', new arrow.Float32(), true)))
    expect(view.kind).toBe('vector')
    if (view.kind !== 'vector') return
    expect(view.text).toBe('[0.5, 1, 1.5, …]')
    expect(view.dimension).toBe(5)
    expect(view.items()).toEqual(['0.5', '1', '1.5', '2', '2.5'])
  })

  it('summarises lists and structs and lists their members when expanded', () => {
    const list = at([['a', null, 'c', 'd']], new arrow.List(new arrow.Field('item', new arrow.Utf8(), true)))
    expect(list.kind === 'nested' && list.text).toBe('[a, null, c, … 4 in all]')
    expect(list.kind === 'nested' && list.entries().map((e) => `${e.label}=${summary(e.view)}`)).toEqual(['0=a', '1=null', '2=c', '3=d'])

    const struct = at(
      [{ source: 'even', rank: 3 }],
      new arrow.Struct([new arrow.Field('source', new arrow.Utf8(), true), new arrow.Field('rank', new arrow.Int32(), true)])
    )
    expect(struct.kind === 'nested' && struct.text).toBe('{source: even, rank: 3}')
    expect(struct.kind === 'nested' && struct.entries()[1]).toEqual({ label: 'rank', view: { kind: 'number', text: '3' } })
    expect(at([[]], new arrow.List(new arrow.Field('item', new arrow.Utf8(), true)))).toMatchObject({ kind: 'nested', text: '[]' })
  })

  it('shows bytes as abbreviated hex', () => {
    expect(at([new Uint8Array([1, 171])], new arrow.Binary())).toEqual({ kind: 'text', text: '0x01ab (2 bytes)' })
  })
})

describe('float32Text', () => {
  it('finds the shortest text that reads back as the same float32', () => {
    expect(float32Text(Math.fround(0.3))).toBe('0.3')
    expect(float32Text(Math.fround(1 / 3))).toBe('0.33333334')
    expect(float32Text(4)).toBe('4')
  })
})

/** A one-value vector of `type` over raw storage `data` (for types `vectorFromArray` cannot build). */
const raw = (type: arrow.DataType, data: ArrayLike<number> | ArrayLike<bigint>, length = 1): CellView =>
  cellAt(arrow.makeVector(arrow.makeData({ type, length, nullCount: 0, data } as Parameters<typeof arrow.makeData>[0])), 0)

describe('cellAt on unusual Arrow types', () => {
  it("applies a decimal's scale: decimal128(10, 2) holding 28 reads 0.28", () => {
    expect(raw(new arrow.Decimal(2, 10, 128), new Uint32Array([28, 0, 0, 0]))).toEqual({ kind: 'number', text: '0.28' })
    // -1234567 as 128-bit two's complement.
    const minus = new Uint32Array([-1234567 >>> 0, 0xffffffff, 0xffffffff, 0xffffffff])
    expect(raw(new arrow.Decimal(2, 10, 128), minus)).toEqual({ kind: 'number', text: '-12345.67' })
    expect(raw(new arrow.Decimal(0, 10, 128), new Uint32Array([7, 0, 0, 0]))).toEqual({ kind: 'number', text: '7' })
  })

  it('reads decimal256 from all eight words', () => {
    const words = new Uint32Array(8)
    words[0] = 0
    words[1] = 1 // 2^32
    expect(raw(new arrow.Decimal(3, 40, 256), words)).toEqual({ kind: 'number', text: '4294967.296' })
    expect(decimalText(new Uint32Array([5, 0]), 4)).toBe('0.0005')
    expect(decimalText(new Uint32Array([5, 0]), -2)).toBe('500')
  })

  it('shows a zoned timestamp in its zone with the offset, not in UTC with Z', () => {
    const micros = 1_704_164_645_678_901n // 2024-01-02T03:04:05.678901Z
    expect(raw(new arrow.Timestamp(arrow.TimeUnit.MICROSECOND, 'Europe/Berlin'), new BigInt64Array([micros]))).toEqual({
      kind: 'text',
      text: '2024-01-02T04:04:05.678901+01:00'
    })
    // Summer time in Berlin is two hours ahead.
    expect(timestampIso(1_720_000_000n, arrow.TimeUnit.SECOND, 'Europe/Berlin')).toBe('2024-07-03T11:46:40+02:00')
    expect(timestampIso(0n, arrow.TimeUnit.SECOND, 'America/New_York')).toBe('1969-12-31T19:00:00-05:00')
    expect(timestampIso(0n, arrow.TimeUnit.SECOND, '+05:30')).toBe('1970-01-01T05:30:00+05:30')
    expect(timestampIso(0n, arrow.TimeUnit.SECOND, 'Not/AZone')).toBe('1970-01-01T00:00:00Z (UTC; unknown zone Not/AZone)')
    expect(timestampIso(2n ** 62n, arrow.TimeUnit.SECOND, null)).toContain('out of range')
  })

  it('shows dictionary strings, float16 and large strings and bytes', () => {
    expect(at(['b', 'a', 'b'], new arrow.Dictionary(new arrow.Utf8(), new arrow.Int32()), 2)).toEqual({ kind: 'text', text: 'b' })
    expect(at([1.5], new arrow.Float16())).toEqual({ kind: 'number', text: '1.5' })
    expect(at(['large'], new arrow.LargeUtf8())).toEqual({ kind: 'text', text: 'large' })
    expect(at([new Uint8Array([255])], new arrow.LargeBinary())).toEqual({ kind: 'text', text: '0xff (1 bytes)' })
    expect(raw(new arrow.FixedSizeBinary(3), new Uint8Array([1, 2, 3]))).toEqual({ kind: 'text', text: '0x010203 (3 bytes)' })
  })

  it('shows float16 vectors as numbers, not their stored 16-bit words', () => {
    const view = at([[0.5, 2]], new arrow.FixedSizeList(2, new arrow.Field('item', new arrow.Float16(), true)))
    expect(view).toMatchObject({ kind: 'vector', text: '[0.5, 2]' })
  })

  it('writes date32, date64, times of day and durations', () => {
    expect(at([new Date(Date.UTC(2024, 1, 29))], new arrow.DateMillisecond())).toEqual({ kind: 'text', text: '2024-02-29' })
    expect(raw(new arrow.DateMillisecond(), new BigInt64Array([86_400_000n + 1_500n]))).toEqual({ kind: 'text', text: '1970-01-02T00:00:01.500' })
    expect(raw(new arrow.Time(arrow.TimeUnit.MICROSECOND, 64), new BigInt64Array([3_723_000_004n]))).toEqual({ kind: 'text', text: '01:02:03.000004' })
    expect(raw(new arrow.Time(arrow.TimeUnit.MILLISECOND, 32), new Int32Array([45_296_789]))).toEqual({ kind: 'text', text: '12:34:56.789' })
    expect(raw(new arrow.Time(arrow.TimeUnit.SECOND, 32), new Int32Array([90_000]))).toEqual({ kind: 'text', text: '90000 s (not a time of day)' })
    expect(raw(new arrow.Duration(arrow.TimeUnit.MILLISECOND), new BigInt64Array([90_061_001n]))).toEqual({ kind: 'number', text: '1d 01:01:01.001' })
    expect(raw(new arrow.Duration(arrow.TimeUnit.SECOND), new BigInt64Array([-61n]))).toEqual({ kind: 'number', text: '-00:01:01' })
  })

  it('writes intervals of every unit, read back from an Arrow IPC stream as the grid gets them', () => {
    // LanceDB refuses to store intervals, so no catalog serves them; the stream stands in.
    const column = (unit: arrow.IntervalUnit, words: Int32Array, length: number) =>
      arrow.makeVector(arrow.makeData({ type: new arrow.Interval(unit), length, nullCount: 0, data: words }))
    const stream = tableToIPC(
      new arrow.Table({
        year_month: column(arrow.IntervalUnit.YEAR_MONTH, new Int32Array([14, -1]), 2),
        day_time: column(arrow.IntervalUnit.DAY_TIME, new Int32Array([3, 5000, 0, -1]), 2),
        // months, days, then the 64-bit nanoseconds as low and high word: 2^32 + 5 ns, and -1 ns.
        month_day_nano: column(arrow.IntervalUnit.MONTH_DAY_NANO, new Int32Array([1, 2, 5, 1, 0, 0, -1, -1]), 2)
      }),
      'stream'
    )
    const table = tableFromIPC(stream)
    const cells = (name: string) => [0, 1].map((i) => cellAt(table.getChild(name)!, i))
    expect(cells('year_month')).toEqual([
      { kind: 'text', text: '1 year 2 months' },
      { kind: 'text', text: '0 years -1 month' }
    ])
    expect(cells('day_time')).toEqual([
      { kind: 'text', text: '3 days 5000 ms' },
      { kind: 'text', text: '0 days -1 ms' }
    ])
    expect(cells('month_day_nano')).toEqual([
      { kind: 'text', text: '1 month 2 days 4294967301 ns' },
      { kind: 'text', text: '0 months 0 days -1 ns' }
    ])
  })

  it('shows a large list like a list', () => {
    const type = new arrow.LargeList(new arrow.Field('item', new arrow.Int32(), true))
    const table = tableFromIPC(tableToIPC(new arrow.Table({ ids: arrow.vectorFromArray([[1, 2, 3], [], null], type) }), 'stream'))
    const ids = table.getChild('ids')!
    expect(cellAt(ids, 0)).toMatchObject({ kind: 'nested', text: '[1, 2, 3]' })
    expect(cellAt(ids, 1)).toMatchObject({ kind: 'nested', text: '[]' })
    expect(cellAt(ids, 2)).toEqual({ kind: 'null' })
  })

  it('summarises a struct of a list of structs and a map', () => {
    const inner = new arrow.Struct([new arrow.Field('b', new arrow.Int32(), true), new arrow.Field('c', new arrow.Utf8(), true)])
    const outer = new arrow.Struct([new arrow.Field('a', new arrow.List(new arrow.Field('item', inner, true)), true)])
    const view = at(
      [
        {
          a: [
            { b: 1, c: 'x' },
            { b: 2, c: null }
          ]
        }
      ],
      outer
    )
    expect(view).toMatchObject({ kind: 'nested', text: '{a: [{b: 1, c: x}, {b: 2, c: null}]}' })
    const entries = new arrow.Struct<{ key: arrow.Utf8; value: arrow.Int32 }>([
      new arrow.Field('key', new arrow.Utf8(), false),
      new arrow.Field('value', new arrow.Int32(), true)
    ])
    const map = at(
      [
        new Map([
          ['k', 1],
          ['j', 2]
        ])
      ],
      new arrow.Map_(new arrow.Field('entries', entries, false))
    )
    expect(map).toMatchObject({ kind: 'nested', text: '{k: 1, j: 2}' })
  })

  it('shows null-only columns as null and cuts a 10,000-character value', () => {
    expect(at([null, null], new arrow.Null(), 1)).toEqual({ kind: 'null' })
    expect(at([null], new arrow.Utf8())).toEqual({ kind: 'null' })
    const view = at(['x'.repeat(10_000)], new arrow.Utf8())
    expect(view.kind === 'text' && view.text.length).toBeLessThan(MAX_TEXT + 40)
    expect(view.kind === 'text' && view.text.endsWith('… (10,000 characters)')).toBe(true)
  })
})
