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
import type { ExportFormat } from '../../shared/contract/export'
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
