import { DataType, tableFromIPC, tableToIPC, type Table } from 'apache-arrow'
import { describe, expect, it } from 'vitest'
import { arrowReader, passthroughStream, readArrowTable, specsFromArrow } from './arrow-rows'
import { RowError, buildArrowStream } from './build-table'
import { inferSchema } from './infer'
import { textReader } from './row-source'
import { scalar, type FieldSpec } from './schema-spec'

const field = (name: string, type: FieldSpec['type'], nullable = true): FieldSpec => ({ name, type, nullable })

async function buildFromText(format: 'csv' | 'json' | 'ndjson', text: string, fields?: FieldSpec[]): Promise<Table> {
  const sample = textReader(format, text)
  const schema = fields ?? inferSchema(sample.read(1000), sample.columns, sample.textual)
  return tableFromIPC(await buildArrowStream(textReader(format, text), schema))
}

describe('buildArrowStream', () => {
  it('builds typed columns from CSV, keeping nulls apart from empty strings', async () => {
    const table = await buildFromText('csv', 'id,name,score\n1,alpha,0.5\n2,"",1.25\n3,,2\n')
    expect(table.schema.fields.map((f) => `${f.name}:${String(f.type)}:${f.nullable}`)).toEqual(['id:Int64:true', 'name:Utf8:true', 'score:Float64:true'])
    expect(table.toArray().map((row) => row.toJSON())).toEqual([
      { id: 1n, name: 'alpha', score: 0.5 },
      { id: 2n, name: '', score: 1.25 },
      { id: 3n, name: null, score: 2 }
    ])
  })

  it('builds vectors, lists, structs, dates and timestamps from JSON', async () => {
    const fields = [
      field('v', { kind: 'vector', dimension: 2 }),
      field('tags', { kind: 'list', item: scalar('string') }),
      field('m', { kind: 'struct', fields: [field('k', scalar('int32'))] }),
      field('day', scalar('date')),
      field('at', scalar('timestamp', { zone: 'UTC' }))
    ]
    const table = await buildFromText(
      'json',
      '[{"v": [1, 2], "tags": ["a", null], "m": {"k": 7}, "day": "2024-01-02", "at": "2024-01-02T03:04:05.678"}]',
      fields
    )
    const type = table.schema.fields.map((f) => f.type)
    expect(DataType.isFixedSizeList(type[0] as DataType)).toBe(true)
    expect(String(type[4])).toBe('Timestamp<MICROSECOND, UTC>')
    const row = table.get(0)?.toJSON() as Record<string, { toArray?: () => unknown; toJSON?: () => unknown }>
    expect(Array.from(row['v']?.toArray?.() as Float32Array)).toEqual([1, 2])
    expect(row['tags']?.toArray?.()).toEqual(['a', null])
    expect(row['m']?.toJSON?.()).toEqual({ k: 7 })
    expect(row['day']).toBe(Date.UTC(2024, 0, 2))
    expect(row['at']).toBe(Date.UTC(2024, 0, 2, 3, 4, 5, 678))
  })

  it('points a value that does not fit at its line and field', async () => {
    const text = 'id,score\n1,0.5\n2,abc\n'
    await expect(buildFromText('csv', text, [field('id', scalar('int64')), field('score', scalar('float64'))])).rejects.toThrow(
      new RowError(3, 'score', 'line', '"abc" is not a number (float64)')
    )
    await expect(buildFromText('ndjson', '{"v": [1]}\n{"v": null}', [field('v', { kind: 'vector', dimension: 2 }, false)])).rejects.toThrow(
      'Line 1, field "v": [1] has 1 values; the vector needs 2.'
    )
    await expect(buildFromText('ndjson', '{"v": [1, 2]}\n{"v": null}', [field('v', { kind: 'vector', dimension: 2 }, false)])).rejects.toThrow(
      'Line 2, field "v": the value is missing, but the field is not nullable.'
    )
  })

  it('never compiles code at run time, which the Content-Security-Policy of the app forbids', async () => {
    const original = globalThis.Function
    const refuse = (): never => {
      throw new Error('new Function was called')
    }
    globalThis.Function = new Proxy(original, { construct: refuse, apply: refuse })
    try {
      const fields = [
        field('id', scalar('int64')),
        field('v', { kind: 'vector', dimension: 2 }),
        field('m', { kind: 'struct', fields: [field('k', scalar('string'))] })
      ]
      const table = await buildFromText('ndjson', '{"id": 1, "v": [1, 2], "m": {"k": "a"}}\n{"id": null, "v": null, "m": null}', fields)
      expect(table.numRows).toBe(2)
    } finally {
      globalThis.Function = original
    }
  })

  it('builds an empty table from a schema alone', async () => {
    const fields = [field('id', scalar('int64'), false), field('embedding', { kind: 'vector', dimension: 8 })]
    const table = tableFromIPC(await buildArrowStream(textReader('ndjson', ''), fields))
    expect(table.numRows).toBe(0)
    expect(table.schema.fields.map((f) => `${f.name}:${String(f.type)}:${f.nullable}`)).toEqual(['id:Int64:false', 'embedding:FixedSizeList[8]<Float32>:true'])
  })

  it('reports progress per chunk and stops when cancelled', async () => {
    const text = 'n\n' + Array.from({ length: 50 }, (_, i) => String(i)).join('\n')
    const seen: number[] = []
    const stream = await buildArrowStream(textReader('csv', text), [field('n', scalar('int32'))], { chunkRows: 20, onProgress: (_f, rows) => seen.push(rows) })
    expect(seen).toEqual([20, 40, 50])
    expect(tableFromIPC(stream).numRows).toBe(50)

    const controller = new AbortController()
    const cancelled = buildArrowStream(textReader('csv', text), [field('n', scalar('int32'))], {
      chunkRows: 20,
      signal: controller.signal,
      onProgress: () => controller.abort()
    })
    await expect(cancelled).rejects.toMatchObject({ name: 'AbortError' })
  })
})

describe('Arrow import', () => {
  it('maps an Arrow file schema, reads its rows, and passes it through unchanged when the schema is kept', async () => {
    const source = await buildFromText('json', '[{"id": 1, "v": [1, 2], "m": {"k": "x"}}, {"id": 2, "v": [3, 4], "m": null}]')
    const file = tableToIPC(source, 'file')
    const table = readArrowTable(file)
    const specs = specsFromArrow(table)
    expect(specs.map((s) => s.type.kind)).toEqual(['scalar', 'vector', 'struct'])
    expect(passthroughStream(table, specs)).not.toBeNull()
    const edited = specs.map((s) => (s.name === 'id' ? { ...s, type: scalar('string') } : s))
    expect(passthroughStream(table, edited)).toBeNull()

    const rebuilt = tableFromIPC(await buildArrowStream(arrowReader(table), edited))
    expect(rebuilt.getChild('id')?.toArray()).toEqual(['1', '2'])
    expect(rebuilt.get(1)?.toJSON()['m']).toBeNull()
  })

  it('refuses bytes that are not Arrow', () => {
    expect(() => readArrowTable(new TextEncoder().encode('id,name\n1,a'))).toThrow(/not readable Arrow|no Arrow schema/)
  })
})
