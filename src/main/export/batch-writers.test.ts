/**
 * The writers on hand-made Arrow batches: values that text formats must not lose (64-bit
 * integers, nanosecond timestamps, empty string vs null, line breaks), Arrow IPC kept
 * whole, Parquet refusing a type it cannot hold before writing a byte.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Duration, Field, Int64, makeData, RecordBatch, Schema, Struct, tableFromIPC, TimestampNanosecond, TimeUnit, Utf8, vectorFromArray } from 'apache-arrow'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { oddTypesTable } from '../../../e2e/support/odd-types-table'
import type { ExportFormat } from '../../shared/contract/export'
import { lanceArrow } from '../namespace/lance-arrow'
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
    expect(pick(rows[0], columns)).toEqual(['0.28', '123.45', '2024-01-02T03:04:05.678901Z', '01:02:03.000004', '12:34:56.789', '90061001', '"[1,2,3]"'])
    expect(pick(rows[1], columns)).toEqual(['-12345.67', '0.01', '2024-07-03T09:46:40.000000Z', '00:00:00.000000', '00:00:00.000', '-61000', '[]'])
    expect(pick(rows[2], columns)).toEqual(['1.00', '-0.05', '1970-01-01T00:00:00.000000Z', '00:00:00.000001', '00:00:00.001', '0', ''])
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
