/**
 * Imports keep every digit: timestamps, times, durations, 64-bit integers and decimals
 * from CSV, JSON and NDJSON reach the Arrow stream the app sends as the exact integers of
 * the column's unit (e2e/tables-create-exact.spec.ts reads them back with LanceDB's SDK).
 */
import { Decimal, Field, makeData, RecordBatch, Schema, Struct, Table, tableFromIPC, tableToIPC, Timestamp, TimeUnit } from 'apache-arrow'
import { parquetWriteBuffer } from 'hyparquet-writer'
import { describe, expect, it } from 'vitest'
import { decimalWords } from '../decimal-text'
import { arrowReader, readArrowTable, specsFromArrow } from './arrow-rows'
import { buildArrowStream } from './build-table'
import { inferSchema } from './infer'
import { textReader } from './row-source'
import { readParquetRows } from './parquet-rows'
import { scalar, typeLabel, type FieldSpec } from './schema-spec'
import { previewFile } from './source-preview'
import type { TextFormat } from './source-types'

/** Builds the stream for `text` (schema inferred unless given) and reads its columns' stored values. */
async function importAndRead(
  _name: string,
  format: TextFormat,
  text: string,
  fields?: FieldSpec[]
): Promise<{ schema: string[]; rows: Record<string, unknown>[] }> {
  const sample = textReader(format, text)
  const schema = fields ?? inferSchema(sample.read(1000), sample.columns, sample.textual)
  const arrow = tableFromIPC(await buildArrowStream(textReader(format, text), schema))
  const rows = Array.from({ length: arrow.numRows }, (_, r) =>
    Object.fromEntries(arrow.schema.fields.map((f, c) => [f.name, rawAt(arrow.getChildAt(c)!.data, r)]))
  )
  return { schema: arrow.schema.fields.map((f) => `${f.name}:${String(f.type)}`), rows }
}

/** The stored value of row `r`: the raw integer for time types, Arrow's value otherwise. */
function rawAt(chunks: readonly { length: number; values: unknown; type: { typeId: number }; getValid(i: number): boolean }[], r: number): unknown {
  let at = r
  for (const chunk of chunks) {
    if (at < chunk.length) {
      if (!chunk.getValid(at)) return null
      const values = chunk.values as ArrayLike<unknown>
      // Decimals are 4 or 8 words per value: return them as one bigint.
      if (values instanceof Uint32Array) {
        const per = values.length / chunk.length
        let bits = 0n
        for (let w = per - 1; w >= 0; w--) bits = (bits << 32n) | BigInt(values[at * per + w]!)
        return BigInt.asIntN(per * 32, bits)
      }
      return values[at]
    }
    at -= chunk.length
  }
  return undefined
}

const jsonSourceText = JSON.parse('[1]', (_key, value, context?: { source?: string }) => context?.source ?? value)[0] === '1'

const CSV = 'at\n2024-03-01T12:34:56.123456Z\n2024-03-01T12:34:56.000001Z\n'

describe('exact imports', () => {
  it('keeps microseconds of CSV timestamps (stored as integers)', async () => {
    const { schema, rows } = await importAndRead('micros', 'csv', CSV)
    expect(schema).toEqual(['at:Timestamp<MICROSECOND, UTC>'])
    expect(rows.map((row) => row['at'])).toEqual([1709296496123456n, 1709296496000001n])
  })

  it('keeps nanoseconds, in a nanosecond column, from CSV, JSON and NDJSON', async () => {
    const value = '2024-03-01T12:34:56.123456789Z'
    for (const [format, text] of [
      ['csv', `at\n${value}\n`],
      ['json', `[{"at": "${value}"}]`],
      ['ndjson', `{"at": "${value}"}\n`]
    ] as const) {
      const { schema, rows } = await importAndRead(`nanos_${format}`, format, text)
      expect(schema).toEqual(['at:Timestamp<NANOSECOND, UTC>'])
      expect(rows[0]!['at']).toBe(1709296496123456789n)
    }
  })

  it('makes a zone-less column of timestamps that state no zone, stored as written', async () => {
    const { schema, rows } = await importAndRead('local', 'csv', 'at\n2024-03-01T12:34:56.000001\n')
    expect(schema).toEqual(['at:Timestamp<MICROSECOND>'])
    expect(rows[0]!['at']).toBe(1709296496000001n)
  })

  it('reads a zone-less time in the column zone and an offset as its instant', async () => {
    const fields = [{ name: 'at', type: scalar('timestamp', { unit: 'ms', zone: 'Europe/Berlin' }), nullable: true }]
    const { schema, rows } = await importAndRead(
      'berlin',
      'csv',
      'at\n2024-07-01T12:00:00.001\n2024-01-01T12:00:00.002\n2024-01-01T12:00:00.003-05:00\n',
      fields
    )
    expect(schema).toEqual(['at:Timestamp<MILLISECOND, Europe/Berlin>'])
    // Summer time is UTC+2, winter time UTC+1.
    expect(rows.map((row) => row['at'])).toEqual([
      BigInt(Date.UTC(2024, 6, 1, 10, 0, 0, 1)),
      BigInt(Date.UTC(2024, 0, 1, 11, 0, 0, 2)),
      BigInt(Date.UTC(2024, 0, 1, 17, 0, 0, 3))
    ])
  })

  // JSON numbers keep their digits where JSON.parse hands out their source text: Chromium
  // and Electron (where the app runs) and Node 21 or later, not Node 20.
  it.runIf(jsonSourceText)('keeps 64-bit integers, decimals, times and durations digit for digit from JSON', async () => {
    const fields: FieldSpec[] = [
      { name: 'id', type: scalar('int64'), nullable: true },
      { name: 'price', type: scalar('decimal', { precision: 30, scale: 9 }), nullable: true },
      { name: 'clock', type: scalar('time', { unit: 'ns' }), nullable: true },
      { name: 'wait', type: scalar('duration', { unit: 'us' }), nullable: true }
    ]
    const text =
      '[{"id": 9007199254740993, "price": 12345678901234567.123456789, "clock": "23:59:59.999999999", "wait": 9007199254740993},' +
      ' {"id": -9223372036854775808, "price": "-0.000000001", "clock": 1, "wait": -1}]'
    const { schema, rows } = await importAndRead('exact_json', 'json', text, fields)
    expect(schema).toEqual(['id:Int64', 'price:Decimal[30e+9]', 'clock:Time64<NANOSECOND>', 'wait:Duration<MICROSECOND>'])
    expect(rows).toEqual([
      { id: 9007199254740993n, price: 12345678901234567123456789n, clock: 86399999999999n, wait: 9007199254740993n },
      { id: -9223372036854775808n, price: -1n, clock: 1n, wait: -1n }
    ])
  })

  it('refuses a digit the unit or the scale cannot hold instead of dropping it', async () => {
    const micros = [{ name: 'at', type: scalar('timestamp', { unit: 'us', zone: 'UTC' }), nullable: true }]
    await expect(buildArrowStream(textReader('csv', 'at\n2024-03-01T12:34:56.123456789Z\n'), micros)).rejects.toThrow(
      'Line 2, field "at": "2024-03-01T12:34:56.123456789Z" is not a valid timestamp: it has 9 digits after the second, more than the unit us holds; choose the unit ns.'
    )
    const cents = [{ name: 'p', type: scalar('decimal', { precision: 10, scale: 2 }), nullable: true }]
    await expect(buildArrowStream(textReader('csv', 'p\n1.005\n'), cents)).rejects.toThrow(
      'Line 2, field "p": "1.005" has more digits after the point than the scale (2) holds of decimal(10, 2).'
    )
  })
})

describe('lists of structs', () => {
  it('builds a list of structs from JSON, nested timestamps exact', async () => {
    const text = '[{"events": [{"at": "2024-03-01T12:34:56.123456789Z", "n": 1}, {"at": null, "n": 2}]}, {"events": []}, {"events": null}]'
    const sample = textReader('json', text)
    const inferred = inferSchema(sample.read(10), sample.columns, false)
    expect(inferred.map((spec) => typeLabel(spec.type))).toEqual(['list<struct<at, n>>'])
    const table = tableFromIPC(await buildArrowStream(textReader('json', text), inferred))
    expect(String(table.schema.fields[0]!.type)).toBe('List<Struct<{at:Timestamp<NANOSECOND, UTC>, n:Int64}>>')
    const events = table.getChild('events')!
    const items = events.data[0]!.children[0]!
    expect(Array.from(items.children[0]!.values as BigInt64Array).slice(0, 1)).toEqual([1709296496123456789n])
    expect(Array.from(items.children[1]!.values as BigInt64Array)).toEqual([1n, 2n])
    expect(events.get(1)?.length).toBe(0)
    expect(events.get(2)).toBeNull()
  })
})

describe('maps', () => {
  it('builds a map column from JSON objects and from CSV cells holding them', async () => {
    const fields: FieldSpec[] = [
      { name: 'm', type: { kind: 'map', key: scalar('string'), value: scalar('timestamp', { unit: 'ns', zone: 'UTC' }) }, nullable: true }
    ]
    for (const [format, text] of [
      ['ndjson', '{"m": {"k": "2024-03-01T12:34:56.123456789Z", "j": null}}\n{"m": {}}\n{"m": null}\n'],
      ['csv', 'n,m\n1,"{""k"": ""2024-03-01T12:34:56.123456789Z"", ""j"": null}"\n2,{}\n3,\n']
    ] as const) {
      const table = tableFromIPC(await buildArrowStream(textReader(format, text), fields))
      expect(String(table.getChild('m')!.type)).toBe('Map<{key:Utf8, value:Timestamp<NANOSECOND, UTC>}>')
      const entries = table.getChild('m')!.data[0]!.children[0]!
      expect(Array.from(entries.children[1]!.values as BigInt64Array)[0]).toBe(1709296496123456789n)
      expect([0, 1, 2].map((r) => table.getChild('m')!.get(r)?.toJSON() ?? null)).toEqual([{ k: expect.any(Number), j: null }, {}, null])
    }
  })
})

describe('exact imports from Arrow and Parquet files', () => {
  it('keeps nanosecond timestamps and decimals of an Arrow file whose schema is edited (rows rebuilt)', async () => {
    const schema = new Schema([new Field('at', new Timestamp(TimeUnit.NANOSECOND, 'UTC'), true), new Field('price', new Decimal(2, 20, 128), true)])
    const at = makeData({ type: schema.fields[0]!.type, length: 1, nullCount: 0, data: new BigInt64Array([1709296496123456789n]) })
    const price = makeData({ type: schema.fields[1]!.type, length: 1, nullCount: 0, data: decimalWords([-123456789012345678n], 128) })
    const source = new Table([new RecordBatch(schema, makeData({ type: new Struct(schema.fields), length: 1, nullCount: 0, children: [at, price] }))])
    const table = readArrowTable(tableToIPC(source, 'file'))
    const specs = specsFromArrow(table).map((spec) => ({ ...spec, nullable: false }))
    expect(specs.map((spec) => typeLabel(spec.type))).toEqual(['timestamp[ns, UTC]', 'decimal(20, 2)'])
    const rebuilt = tableFromIPC(await buildArrowStream(arrowReader(table), specs))
    expect(rawAt(rebuilt.getChild('at')!.data, 0)).toBe(1709296496123456789n)
    expect(rawAt(rebuilt.getChild('price')!.data, 0)).toBe(-123456789012345678n)
  })

  it('keeps microsecond timestamps of a Parquet file', async () => {
    const file = parquetWriteBuffer({
      columnData: [{ name: 'at', data: [1709296496123456n, 1709296496000001n] }],
      schema: [
        { name: 'root', num_children: 1 },
        { name: 'at', type: 'INT64', repetition_type: 'OPTIONAL', logical_type: { type: 'TIMESTAMP', isAdjustedToUTC: true, unit: 'MICROS' } }
      ]
    })
    const preview = previewFile({ name: 'x.parquet', size: file.byteLength, format: 'parquet', parquet: await readParquetRows(file) })
    expect(preview.inferred.map((spec) => typeLabel(spec.type))).toEqual(['timestamp[us, UTC]'])
    const rebuilt = tableFromIPC(await buildArrowStream(preview.open(), preview.inferred))
    expect([0, 1].map((r) => rawAt(rebuilt.getChild('at')!.data, r))).toEqual([1709296496123456n, 1709296496000001n])
  })

  it('makes a zone-less column of a Parquet timestamp not adjusted to UTC', async () => {
    const file = parquetWriteBuffer({
      columnData: [{ name: 'local', data: [1709296496123456n] }],
      schema: [
        { name: 'root', num_children: 1 },
        { name: 'local', type: 'INT64', repetition_type: 'OPTIONAL', logical_type: { type: 'TIMESTAMP', isAdjustedToUTC: false, unit: 'MICROS' } }
      ]
    })
    const preview = previewFile({ name: 'x.parquet', size: file.byteLength, format: 'parquet', parquet: await readParquetRows(file) })
    expect(preview.inferred.map((spec) => typeLabel(spec.type))).toEqual(['timestamp[us]'])
  })
})
