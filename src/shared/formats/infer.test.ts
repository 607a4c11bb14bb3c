import { describe, expect, it } from 'vitest'
import { inferSchema, inferType } from './infer'
import { textReader } from './row-source'

describe('inferSchema', () => {
  it('types CSV columns as the narrowest type every value fits, nullable', () => {
    const reader = textReader('csv', 'id,name,score,ok,day,at\n1,alpha,0.5,true,2024-01-02,2024-01-02T03:04:05Z\n2,,2,false,2024-02-03,2024-02-03 10:00\n')
    const rows = reader.read(100)
    expect(inferSchema(rows, reader.columns, true)).toEqual([
      { name: 'id', type: { kind: 'scalar', type: 'int64' }, nullable: true },
      { name: 'name', type: { kind: 'scalar', type: 'string' }, nullable: true },
      { name: 'score', type: { kind: 'scalar', type: 'float64' }, nullable: true },
      { name: 'ok', type: { kind: 'scalar', type: 'boolean' }, nullable: true },
      { name: 'day', type: { kind: 'scalar', type: 'date' }, nullable: true },
      // One value states a zone, so the column is in UTC (the preview says the other is read as UTC).
      { name: 'at', type: { kind: 'scalar', type: 'timestamp', unit: 'us', zone: 'UTC' }, nullable: true }
    ])
  })

  it('types timestamps zone-less when no value states a zone, in nanoseconds when a value needs them, and times of day', () => {
    const reader = textReader(
      'csv',
      'local,fine,clock\n2024-03-01T12:34:56.123456,2024-03-01T12:34:56.123456789Z,12:34:56.5\n2024-03-01 00:00,2024-03-01T00:00:00Z,00:00\n'
    )
    expect(inferSchema(reader.read(100), reader.columns, true).map((field) => field.type)).toEqual([
      { kind: 'scalar', type: 'timestamp', unit: 'us' },
      { kind: 'scalar', type: 'timestamp', unit: 'ns', zone: 'UTC' },
      { kind: 'scalar', type: 'time', unit: 'us' }
    ])
  })

  it('types timestamps written with an offset as UTC, as an export writes a zoned column', () => {
    const reader = textReader('csv', 'berlin\n2024-03-01T13:34:56.000001+01:00\n2024-07-03T11:46:40.000000+02:00\n')
    expect(inferSchema(reader.read(100), reader.columns, true).map((field) => field.type)).toEqual([
      { kind: 'scalar', type: 'timestamp', unit: 'us', zone: 'UTC' }
    ])
  })

  it('types JSON arrays of equal-length numbers as vectors, other arrays as lists, objects as structs', () => {
    const reader = textReader('json', '[{"v": [1, 2.5, 3], "tags": ["a"], "m": {"k": 1, "s": "x"}}, {"v": [4, 5, 6], "tags": [], "m": {"k": 2}}]')
    const rows = reader.read(100)
    expect(inferSchema(rows, reader.columns, false)).toEqual([
      { name: 'v', type: { kind: 'vector', dimension: 3 }, nullable: true },
      { name: 'tags', type: { kind: 'list', item: { kind: 'scalar', type: 'string' } }, nullable: true },
      {
        name: 'm',
        type: {
          kind: 'struct',
          fields: [
            { name: 'k', type: { kind: 'scalar', type: 'int64' }, nullable: true },
            { name: 's', type: { kind: 'scalar', type: 'string' }, nullable: true }
          ]
        },
        nullable: true
      }
    ])
  })

  it('falls back to string for mixed or missing values and to lists for ragged number arrays', () => {
    expect(inferType([1, 'a'], false)).toEqual({ kind: 'scalar', type: 'string' })
    expect(inferType([null, undefined], false)).toEqual({ kind: 'scalar', type: 'string' })
    expect(inferType([[1, 2], [3]], false)).toEqual({ kind: 'list', item: { kind: 'scalar', type: 'int64' } })
    expect(inferType(['[1,2]', '[3,4]'], true)).toEqual({ kind: 'vector', dimension: 2 })
    expect(inferType([1, 2.5], false)).toEqual({ kind: 'scalar', type: 'float64' })
  })
})

describe('lists of structs', () => {
  it('types a JSON array of objects as a list of structs', () => {
    expect(
      inferType(
        [
          [
            { b: 1, c: 'x' },
            { b: 2, c: null }
          ],
          []
        ],
        false
      )
    ).toEqual({
      kind: 'list',
      item: {
        kind: 'struct',
        fields: [
          { name: 'b', type: { kind: 'scalar', type: 'int64' }, nullable: true },
          { name: 'c', type: { kind: 'scalar', type: 'string' }, nullable: true }
        ]
      }
    })
  })
})
