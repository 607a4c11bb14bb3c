import { Field, FixedSizeList, Float32, Int32, List, Map_, Schema, Struct, TimeUnit, Timestamp, Utf8, Decimal } from 'apache-arrow'
import { describe, expect, it } from 'vitest'
import { describeFields } from '../arrow-schema'
import { fieldsFromJsonSchema } from './json-schema'

const field = (name: string, type: object, nullable = true) => ({ name, nullable, type })

describe('JSON Arrow schema to display fields', () => {
  it('names primitive types the app-wide way', () => {
    const names = [
      'int8',
      'int16',
      'int32',
      'int64',
      'uint8',
      'uint64',
      'float16',
      'float32',
      'float64',
      'utf8',
      'large_utf8',
      'binary',
      'bool',
      'date32',
      'date64'
    ]
    const fields = fieldsFromJsonSchema({ fields: names.map((type) => field(type, { type })) })
    expect(fields?.map((f) => f.type)).toEqual(names)
  })

  it("reads Lance's own type names the same as the Arrow names", () => {
    const lance = [
      'halffloat',
      'float',
      'double',
      'string',
      'large_string',
      'date32:day',
      'date64:ms',
      'timestamp:us:UTC',
      'timestamp:ns:-',
      'time64:us',
      'duration:ms',
      'decimal:128:10:2',
      'dict:string:int32:false'
    ]
    const fields = fieldsFromJsonSchema({ fields: lance.map((type) => field(type, { type })) })
    expect(fields?.map((f) => f.type)).toEqual([
      'float16',
      'float32',
      'float64',
      'utf8',
      'large_utf8',
      'date32',
      'date64',
      'timestamp[us, UTC]',
      'timestamp[ns]',
      'time64[us]',
      'duration[ms]',
      'decimal128(10, 2)',
      'dictionary<utf8, int32>'
    ])
  })

  it('describes vectors, lists, structs, maps, decimals and timestamps', () => {
    const item = field('item', { type: 'float32' })
    const schema = {
      fields: [
        field('embedding', { type: 'fixed_size_list', length: 768, fields: [item] }, false),
        field('tags', { type: 'list', fields: [field('item', { type: 'utf8' })] }),
        field('ids', { type: 'large_list', fields: [field('item', { type: 'int32' })] }),
        field('point', { type: 'struct', fields: [field('x', { type: 'float64' }), field('y', { type: 'float64' })] }),
        field('attrs', {
          type: 'map',
          fields: [field('entries', { type: 'struct', fields: [field('key', { type: 'utf8' }, false), field('value', { type: 'int32' })] }, false)]
        }),
        field('price', { type: 'decimal128', length: 10002 }),
        field('at', { type: 'timestamp' }),
        field('flag', { type: 'BOOLEAN' })
      ]
    }
    const fields = fieldsFromJsonSchema(schema)
    expect(fields?.[0]).toEqual({ name: 'embedding', type: 'vector<float32>[768]', nullable: false, dimension: 768 })
    expect(fields?.slice(1).map((f) => f.type)).toEqual([
      'list<utf8>',
      'large_list<int32>',
      'struct',
      'map<utf8, int32>',
      'decimal128(10, 2)',
      'timestamp[us]',
      'bool'
    ])
    expect(fields?.[2]?.children?.map((c) => c.name)).toEqual(['item'])
    expect(fields?.[3]?.children?.map((c) => c.name)).toEqual(['x', 'y'])
  })

  it('names the same columns exactly as the Arrow schema converter does', () => {
    const arrow = new Schema([
      new Field('id', new Int32(), false),
      new Field('v', new FixedSizeList(3, new Field('item', new Float32(), true)), true),
      new Field('ts', new Timestamp(TimeUnit.MICROSECOND), true),
      new Field('d', new Decimal(2, 10, 128), true),
      new Field('s', new Struct([new Field('names', new List(new Field('item', new Utf8(), true)), true)]), true),
      new Field(
        'm',
        new Map_(
          new Field('entries', new Struct<{ key: Utf8; value: Int32 }>([new Field('key', new Utf8(), false), new Field('value', new Int32(), true)]), false)
        ),
        true
      )
    ])
    const json = {
      fields: [
        field('id', { type: 'int32' }, false),
        field('v', { type: 'fixed_size_list', length: 3, fields: [field('item', { type: 'float32' })] }),
        field('ts', { type: 'timestamp' }),
        field('d', { type: 'decimal128', length: 10002 }),
        field('s', { type: 'struct', fields: [field('names', { type: 'list', fields: [field('item', { type: 'utf8' })] })] }),
        field('m', {
          type: 'map',
          fields: [field('entries', { type: 'struct', fields: [field('key', { type: 'utf8' }, false), field('value', { type: 'int32' })] }, false)]
        })
      ]
    }
    expect(fieldsFromJsonSchema(json)).toEqual(describeFields(arrow))
  })

  it('keeps columns of types Arrow JS cannot build, named as the server named them', () => {
    const fields = fieldsFromJsonSchema({
      fields: [field('big', { type: 'list_view', fields: [field('item', { type: 'int64' })] }), field('u', { type: 'union' })]
    })
    expect(fields?.map((f) => f.type)).toEqual(['list_view<int64>', 'union'])
  })

  it('returns null for something that is not a schema', () => {
    expect(fieldsFromJsonSchema(undefined)).toBeNull()
    expect(fieldsFromJsonSchema({ columns: [] })).toBeNull()
  })
})
