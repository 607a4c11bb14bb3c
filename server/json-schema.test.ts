/**
 * Arrow schema -> JsonArrowSchema, including schemas LanceDB hands back from its own
 * (CommonJS) copy of apache-arrow.
 */
import { createRequire } from 'node:module'
import {
  Binary,
  Bool,
  DateDay,
  DateMillisecond,
  Decimal,
  Dictionary,
  Field,
  FixedSizeBinary,
  Float16,
  Int16,
  Int32,
  LargeList,
  LargeUtf8,
  Map_,
  Null,
  Schema,
  Struct,
  TimeMicrosecond,
  TimestampMicrosecond,
  Uint8,
  Utf8
} from 'apache-arrow'
import { describe, expect, it } from 'vitest'
import { sampleSchema } from '../test-kit/lancedb-catalog'
import { toJsonArrowSchema } from './json-schema'

describe('toJsonArrowSchema', () => {
  it('names flat types the way Lance does', () => {
    const schema = new Schema([
      new Field('n', new Null(), true),
      new Field('b', new Bool(), false),
      new Field('u8', new Uint8(), true),
      new Field('i16', new Int16(), true),
      new Field('f16', new Float16(), true),
      new Field('s', new LargeUtf8(), true),
      new Field('bin', new Binary(), true),
      new Field('fsb', new FixedSizeBinary(16), true),
      new Field('dec', new Decimal(2, 10, 128), true),
      new Field('day', new DateDay(), true),
      new Field('ms', new DateMillisecond(), true),
      new Field('t', new TimeMicrosecond(), true),
      new Field('ts', new TimestampMicrosecond('UTC'), true),
      new Field('cat', new Dictionary(new Utf8(), new Int32()), true)
    ])
    expect(toJsonArrowSchema(schema).fields.map((f) => f.type)).toEqual([
      { type: 'null' },
      { type: 'bool' },
      { type: 'uint8' },
      { type: 'int16' },
      { type: 'halffloat' },
      { type: 'large_string' },
      { type: 'binary' },
      { type: 'fixed_size_binary', length: 16 },
      { type: 'decimal:128:10:2' },
      { type: 'date32:day' },
      { type: 'date64:ms' },
      { type: 'time64:us' },
      { type: 'timestamp:us:UTC' },
      { type: 'dict:string:int32:false' }
    ])
    expect(toJsonArrowSchema(schema).fields[1]).toEqual({ name: 'b', nullable: false, type: { type: 'bool' } })
  })

  it('nests children for lists, vectors, structs and maps, and keeps metadata', () => {
    const entries = new Struct([new Field('key', new Utf8(), false), new Field('value', new Int32(), true)])
    const schema = new Schema(
      [...sampleSchema().fields, new Field('attrs', new Map_(new Field('entries', entries, false)), true)],
      new Map([['owner', 'tests']])
    )
    const json = toJsonArrowSchema(schema)
    expect(json.metadata).toEqual({ owner: 'tests' })
    const byName = Object.fromEntries(json.fields.map((f) => [f.name, f]))
    expect(byName['name']?.metadata).toEqual({ description: 'Display name; may be missing' })
    expect(byName['vector']?.type).toEqual({
      type: 'fixed_size_list',
      length: 8,
      fields: [{ name: 'item', nullable: true, type: { type: 'float' } }]
    })
    expect(byName['tags']?.type).toEqual({ type: 'list', fields: [{ name: 'item', nullable: true, type: { type: 'string' } }] })
    const big = toJsonArrowSchema(new Schema([new Field('ids', new LargeList(new Field('item', new Int32(), true)), true)]))
    expect(big.fields[0]?.type).toEqual({ type: 'large_list', fields: [{ name: 'item', nullable: true, type: { type: 'int32' } }] })
    expect(byName['meta']?.type.fields?.map((f) => [f.name, f.type.type])).toEqual([
      ['source', 'string'],
      ['rank', 'int32']
    ])
    expect(byName['attrs']?.type).toMatchObject({
      type: 'map',
      fields: [{ name: 'entries', type: { type: 'struct', fields: [{ name: 'key' }, { name: 'value' }] } }]
    })
  })

  it('converts schemas built by a second copy of apache-arrow', () => {
    const other = createRequire(import.meta.url)('apache-arrow') as typeof import('apache-arrow')
    const schema = new other.Schema([new other.Field('id', new other.Int64(), false), new other.Field('v', new other.Float32(), true)])
    expect(toJsonArrowSchema(schema as unknown as Schema).fields).toEqual([
      { name: 'id', nullable: false, type: { type: 'int64' } },
      { name: 'v', nullable: true, type: { type: 'float' } }
    ])
  })
})
