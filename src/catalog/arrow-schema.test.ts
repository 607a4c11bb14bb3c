import { createRequire } from 'node:module'
import * as arrow from 'apache-arrow'
import { describe, expect, it } from 'vitest'
import { describeField, describeFields } from './arrow-schema'

const { Field } = arrow
const item = (type: arrow.DataType): arrow.Field => new Field('item', type, true)

describe('describeFields', () => {
  it('names flat types the way people read them', () => {
    const cases: [arrow.DataType, string][] = [
      [new arrow.Int8(), 'int8'],
      [new arrow.Int16(), 'int16'],
      [new arrow.Int32(), 'int32'],
      [new arrow.Int64(), 'int64'],
      [new arrow.Uint8(), 'uint8'],
      [new arrow.Uint64(), 'uint64'],
      [new arrow.Float16(), 'float16'],
      [new arrow.Float32(), 'float32'],
      [new arrow.Float64(), 'float64'],
      [new arrow.Utf8(), 'utf8'],
      [new arrow.LargeUtf8(), 'large_utf8'],
      [new arrow.Binary(), 'binary'],
      [new arrow.LargeBinary(), 'large_binary'],
      [new arrow.FixedSizeBinary(16), 'fixed_size_binary[16]'],
      [new arrow.Bool(), 'bool'],
      [new arrow.Null(), 'null'],
      [new arrow.DateDay(), 'date32'],
      [new arrow.DateMillisecond(), 'date64'],
      [new arrow.TimeMillisecond(), 'time32[ms]'],
      [new arrow.TimeNanosecond(), 'time64[ns]'],
      [new arrow.TimestampMicrosecond(), 'timestamp[us]'],
      [new arrow.TimestampMillisecond('UTC'), 'timestamp[ms, UTC]'],
      [new arrow.TimestampNanosecond('Europe/Paris'), 'timestamp[ns, Europe/Paris]'],
      [new arrow.DurationSecond(), 'duration[s]'],
      [new arrow.Decimal(2, 10, 128), 'decimal128(10, 2)'],
      [new arrow.Dictionary(new arrow.Utf8(), new arrow.Int32()), 'dictionary<utf8, int32>']
    ]
    for (const [type, name] of cases) {
      expect(describeField(new Field('c', type, true)).type, String(type)).toBe(name)
    }
  })

  it('keeps nullability and field metadata, and omits empty metadata', () => {
    const schema = new arrow.Schema([new Field('id', new arrow.Int64(), false), new Field('name', new arrow.Utf8(), true, new Map([['description', 'who']]))])
    expect(describeFields(schema)).toEqual([
      { name: 'id', type: 'int64', nullable: false },
      { name: 'name', type: 'utf8', nullable: true, metadata: { description: 'who' } }
    ])
  })

  it('describes vectors with their element type and dimension', () => {
    const field = new Field('embedding', new arrow.FixedSizeList(128, item(new arrow.Float32())), true)
    expect(describeField(field)).toEqual({ name: 'embedding', type: 'vector<float32>[128]', nullable: true, dimension: 128 })
    const binary = describeField(new Field('bits', new arrow.FixedSizeList(32, item(new arrow.Uint8())), false))
    expect(binary).toMatchObject({ type: 'vector<uint8>[32]', dimension: 32, nullable: false })
  })

  it('shows a fixed-size list of non-numbers as a list, with its item', () => {
    const field = new Field('pair', new arrow.FixedSizeList(2, item(new arrow.Utf8())), true)
    expect(describeField(field)).toEqual({
      name: 'pair',
      type: 'fixed_size_list<utf8>[2]',
      nullable: true,
      dimension: 2,
      children: [{ name: 'item', type: 'utf8', nullable: true }]
    })
  })

  it('gives struct members and list items as children, nested to any depth', () => {
    const point = new arrow.Struct([new Field('x', new arrow.Float64(), false), new Field('y', new arrow.Float64(), false)])
    const field = new Field('shapes', new arrow.List(new Field('item', point, true)), true)
    expect(describeField(field)).toEqual({
      name: 'shapes',
      type: 'list<struct>',
      nullable: true,
      children: [
        {
          name: 'item',
          type: 'struct',
          nullable: true,
          children: [
            { name: 'x', type: 'float64', nullable: false },
            { name: 'y', type: 'float64', nullable: false }
          ]
        }
      ]
    })
  })

  it('names a large list by its item type and gives the item as its child', () => {
    const field = new Field('ids', new arrow.LargeList(new Field('item', new arrow.Int32(), true)), true)
    expect(describeField(field)).toEqual({
      name: 'ids',
      type: 'large_list<int32>',
      nullable: true,
      children: [{ name: 'item', type: 'int32', nullable: true }]
    })
  })

  it('names maps by key and value type', () => {
    const entries = new Field('entries', new arrow.Struct([new Field('key', new arrow.Utf8(), false), new Field('value', new arrow.Int32(), true)]), false)
    expect(describeField(new Field('counts', new arrow.Map_(entries), true)).type).toBe('map<utf8, int32>')
  })

  it('converts schemas built from the CommonJS copy of apache-arrow that LanceDB uses', () => {
    const cjs = createRequire(import.meta.url)('apache-arrow') as typeof arrow
    expect(cjs.Schema).not.toBe(arrow.Schema) // the situation this guards against
    const schema = new cjs.Schema([
      new cjs.Field('id', new cjs.Int64(), false),
      new cjs.Field('vector', new cjs.FixedSizeList(8, new cjs.Field('item', new cjs.Float32(), true)), true),
      new cjs.Field('meta', new cjs.Struct([new cjs.Field('source', new cjs.Utf8(), true)]), true)
    ])
    expect(describeFields(schema as unknown as arrow.Schema)).toEqual([
      { name: 'id', type: 'int64', nullable: false },
      { name: 'vector', type: 'vector<float32>[8]', nullable: true, dimension: 8 },
      { name: 'meta', type: 'struct', nullable: true, children: [{ name: 'source', type: 'utf8', nullable: true }] }
    ])
  })
})
