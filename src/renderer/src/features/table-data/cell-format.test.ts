import {
  Field,
  FixedSizeList,
  Float32,
  Float64,
  Int32,
  Int64,
  List,
  Struct,
  Timestamp,
  TimeUnit,
  Utf8,
  DateDay,
  Binary,
  makeData,
  makeVector,
  vectorFromArray
} from 'apache-arrow'
import { describe, expect, it } from 'vitest'
import { cellAt, float32Text, summary, timestampIso, type CellView } from './cell-format'

const at = (values: unknown[], type: ConstructorParameters<typeof Field>[1], index = 0): CellView => cellAt(vectorFromArray(values, type), index)

describe('cellAt', () => {
  it('shows numbers as numbers, int64 exactly and float32 without float64 noise', () => {
    expect(at([2n ** 62n + 1n], new Int64())).toEqual({ kind: 'number', text: '4611686018427387905' })
    expect(at([0.1], new Float32())).toEqual({ kind: 'number', text: '0.1' })
    expect(at([0.1], new Float64())).toEqual({ kind: 'number', text: '0.1' })
    expect(at([-7], new Int32())).toEqual({ kind: 'number', text: '-7' })
  })

  it('keeps null and the empty string apart', () => {
    expect(at([null, ''], new Utf8(), 0)).toEqual({ kind: 'null' })
    expect(at([null, ''], new Utf8(), 1)).toEqual({ kind: 'empty' })
    expect(summary({ kind: 'empty' })).toBe('""')
  })

  it('writes dates and timestamps in ISO form, keeping microseconds', () => {
    const micros = 1_704_164_645_678_901n
    const data = makeData({ type: new Timestamp(TimeUnit.MICROSECOND, 'UTC'), length: 1, nullCount: 0, data: new BigInt64Array([micros]) })
    expect(cellAt(makeVector(data), 0)).toEqual({ kind: 'text', text: '2024-01-02T03:04:05.678901Z' })
    expect(at([new Date(Date.UTC(2024, 4, 31))], new DateDay())).toEqual({ kind: 'text', text: '2024-05-31' })
    expect(timestampIso(-1n, TimeUnit.SECOND, null)).toBe('1969-12-31T23:59:59')
    expect(timestampIso(1_500n, TimeUnit.MILLISECOND, 'UTC')).toBe('1970-01-01T00:00:01.500Z')
  })

  it('abbreviates vectors with their dimension and gives the full value on demand', () => {
    const view = at([[0.5, 1, 1.5, 2, 2.5]], new FixedSizeList(5, new Field('item', new Float32(), true)))
    expect(view.kind).toBe('vector')
    if (view.kind !== 'vector') return
    expect(view.text).toBe('[0.5, 1, 1.5, …]')
    expect(view.dimension).toBe(5)
    expect(view.items()).toEqual(['0.5', '1', '1.5', '2', '2.5'])
  })

  it('summarises lists and structs and lists their members when expanded', () => {
    const list = at([['a', null, 'c', 'd']], new List(new Field('item', new Utf8(), true)))
    expect(list.kind === 'nested' && list.text).toBe('[a, null, c, … 4 in all]')
    expect(list.kind === 'nested' && list.entries().map((e) => `${e.label}=${summary(e.view)}`)).toEqual(['0=a', '1=null', '2=c', '3=d'])

    const struct = at([{ source: 'even', rank: 3 }], new Struct([new Field('source', new Utf8(), true), new Field('rank', new Int32(), true)]))
    expect(struct.kind === 'nested' && struct.text).toBe('{source: even, rank: 3}')
    expect(struct.kind === 'nested' && struct.entries()[1]).toEqual({ label: 'rank', view: { kind: 'number', text: '3' } })
    expect(at([[]], new List(new Field('item', new Utf8(), true)))).toMatchObject({ kind: 'nested', text: '[]' })
  })

  it('shows bytes as abbreviated hex', () => {
    expect(at([new Uint8Array([1, 171])], new Binary())).toEqual({ kind: 'text', text: '0x01ab (2 bytes)' })
  })
})

describe('float32Text', () => {
  it('finds the shortest text that reads back as the same float32', () => {
    expect(float32Text(Math.fround(0.3))).toBe('0.3')
    expect(float32Text(Math.fround(1 / 3))).toBe('0.33333334')
    expect(float32Text(4)).toBe('4')
  })
})
