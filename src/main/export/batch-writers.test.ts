/**
 * The writers on hand-made Arrow batches: values that text formats must not lose (64-bit
 * integers, nanosecond timestamps, empty string vs null, line breaks), Arrow IPC kept
 * whole, Parquet refusing a type it cannot hold before writing a byte.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  Duration,
  Field,
  Int64,
  List,
  makeData,
  RecordBatch,
  Schema,
  Struct,
  tableFromIPC,
  TimestampMicrosecond,
  TimestampNanosecond,
  TimeUnit,
  Utf8,
  vectorFromArray
} from 'apache-arrow'
import { parquetReadObjects } from 'hyparquet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { oddTypesTable } from '../../../test-kit/odd-types-table'
import type { ExportFormat } from '../../shared/contract/export'
import { lanceArrow } from '../../catalog/lance-arrow'
import { createBatchWriter } from './batch-writers'
import { openFileSink } from './file-sink'

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lcb-writers-'))
})
afterAll(() => rm(dir, { recursive: true, force: true }))

const schema = new Schema([new Field('big', new Int64(), true), new Field('text', new Utf8(), true), new Field('at', new TimestampNanosecond('UTC'), true)])

function batch(): RecordBatch {
  const children = [
    makeData({ type: new Int64(), length: 3, nullCount: 0, data: new BigInt64Array([9_007_199_254_740_993n, -1n, 0n]) }),
    vectorFromArray(['', null, 'two\nlines, "quoted"'], new Utf8()).data[0]!,
    makeData({ type: new TimestampNanosecond('UTC'), length: 3, nullCount: 0, data: new BigInt64Array([1_700_000_000_123_456_789n, 0n, -1n]) })
  ]
  return new RecordBatch(schema, makeData({ type: new Struct(schema.fields), length: 3, nullCount: 0, children }))
}

async function write(format: ExportFormat, batches: RecordBatch[], name = `out.${format}`, ofSchema = schema): Promise<Buffer> {
  const path = join(dir, name)
  const writer = createBatchWriter(format, ofSchema, await openFileSink(path))
  for (const b of batches) await writer.write(b)
  await writer.finish()
  return readFile(path)
}

describe('batch writers', () => {
  it('CSV keeps every digit, nanoseconds, and "" apart from null', async () => {
    const text = (await write('csv', [batch()])).toString('utf8')
    expect(text).toBe(
      'big,text,at\r\n' +
        '9007199254740993,"",2023-11-14T22:13:20.123456789Z\r\n' +
        '-1,,1970-01-01T00:00:00.000000000Z\r\n' +
        '0,"two\nlines, ""quoted""",1969-12-31T23:59:59.999999999Z\r\n'
    )
  })

  it('CSV writes decimals at their scale, times of day with every digit of their unit, and large lists as JSON', async () => {
    // The odd-types table as an export reads it: decoded from IPC by the app's Arrow copy.
    const odd = tableFromIPC(lanceArrow.tableToIPC(oddTypesTable() as never))
    const text = (await write('csv', odd.batches, 'odd.csv', odd.schema)).toString('utf8')
    const [header, ...rows] = text.split('\r\n')
    const names = header!.split(',')
    const pick = (row: string | undefined, columns: string[]): string[] => {
      const cells = row!.replace(/"(?:[^"]|"")*"/g, (quoted) => quoted.replaceAll(',', '\u0001')).split(',')
      return columns.map((c) => cells[names.indexOf(c)]!.replaceAll('\u0001', ','))
    }
    const columns = ['price', 'big_price', 'berlin_time', 'clock', 'clock_ms', 'elapsed', 'big_list']
    expect(pick(rows[0], columns)).toEqual(['0.28', '123.45', '2024-01-02T04:04:05.678901+01:00', '01:02:03.000004', '12:34:56.789', '90061001', '"[1,2,3]"'])
    expect(pick(rows[1], columns)).toEqual(['-12345.67', '0.01', '2024-07-03T11:46:40.000000+02:00', '00:00:00.000000', '00:00:00.000', '-61000', '[]'])
    expect(pick(rows[2], columns)).toEqual(['1.00', '-0.05', '1970-01-01T01:00:00.000000+01:00', '00:00:00.000001', '00:00:00.001', '0', ''])
  })

  it('keeps every digit of timestamps inside structs and lists, in CSV and in Parquet', async () => {
    const inner = new Struct([new Field('at', new TimestampNanosecond('UTC'), true)])
    const list = new List(new Field('item', new TimestampMicrosecond(), true))
    const nestedSchema = new Schema([new Field('s', inner, true), new Field('l', list, true)])
    const at = makeData({ type: new TimestampNanosecond('UTC'), length: 1, nullCount: 0, data: new BigInt64Array([1_709_296_496_123_456_789n]) })
    const items = makeData({ type: new TimestampMicrosecond(), length: 2, nullCount: 0, data: new BigInt64Array([1_709_296_496_000_001n, -1n]) })
    const nested = new RecordBatch(
      nestedSchema,
      makeData({
        type: new Struct(nestedSchema.fields),
        length: 1,
        nullCount: 0,
        children: [
          makeData({ type: inner, length: 1, nullCount: 0, children: [at] }),
          makeData({ type: list, length: 1, nullCount: 0, valueOffsets: new Int32Array([0, 2]), child: items })
        ]
      })
    )
    const csv = (await write('csv', [nested], 'nested.csv', nestedSchema)).toString('utf8')
    expect(csv).toBe('s,l\r\n"{""at"":""2024-03-01T12:34:56.123456789Z""}","[""2024-03-01T12:34:56.000001"",""1969-12-31T23:59:59.999999""]"\r\n')
    const parquet = await write('parquet', [nested], 'nested.parquet', nestedSchema)
    const rows = await parquetReadObjects({
      file: parquet.buffer.slice(parquet.byteOffset, parquet.byteOffset + parquet.byteLength) as ArrayBuffer,
      parsers: { timestampFromMicroseconds: (n: bigint) => n, timestampFromNanoseconds: (n: bigint) => n }
    })
    expect(rows).toEqual([{ s: { at: 1_709_296_496_123_456_789n }, l: [1_709_296_496_000_001n, -1n] }])
  })

  it('JSON lines write 64-bit integers as bare digits and nulls as null', async () => {
    const lines = (await write('jsonl', [batch()])).toString('utf8').trimEnd().split('\n')
    expect(lines[0]).toBe('{"big":9007199254740993,"text":"","at":"2023-11-14T22:13:20.123456789Z"}')
    expect(JSON.parse(lines[1]!)).toEqual({ big: -1, text: null, at: '1970-01-01T00:00:00.000000000Z' })
  })

  it('Arrow IPC keeps the schema and the values of every batch', async () => {
    const read = tableFromIPC(await write('arrow', [batch(), batch()]))
    expect(read.numRows).toBe(6)
    expect(String(read.schema.fields[2]!.type)).toBe('Timestamp<NANOSECOND, UTC>')
    expect(read.getChild('big')!.get(3)).toBe(9_007_199_254_740_993n)
  })

  it('an export of no rows still writes a CSV header and a readable Arrow file', async () => {
    expect((await write('csv', [], 'empty.csv')).toString('utf8')).toBe('big,text,at\r\n')
    expect(tableFromIPC(await write('arrow', [], 'empty.arrow')).schema.fields.map((f) => f.name)).toEqual(['big', 'text', 'at'])
  })

  it('Parquet refuses a type it cannot hold, naming the column and what to do', async () => {
    const odd = new Schema([new Field('wait', new Duration(TimeUnit.SECOND), true)])
    const sink = await openFileSink(join(dir, 'odd.parquet'))
    expect(() => createBatchWriter('parquet', odd, sink)).toThrow(/Column "wait" is of type .*cannot write to Parquet.*export to Arrow IPC/)
    await sink.discard()
  })
})
