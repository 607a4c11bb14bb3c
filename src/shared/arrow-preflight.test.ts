/**
 * The Arrow IPC preflight: real streams and files of every layout pass with the outline
 * they hold, and each class of crafted input (from the seeded generator) is refused with
 * its reason, at once, under the create and the answer budgets alike, before
 * apache-arrow's decoder sees it.
 */
import {
  CompressionType,
  compressionRegistry,
  Dictionary,
  Field,
  FixedSizeList,
  Float32,
  Int32,
  List,
  Null,
  RecordBatchFileWriter,
  RecordBatchStreamWriter,
  Struct,
  Table,
  tableFromArrays,
  tableToIPC,
  Utf8,
  vectorFromArray
} from 'apache-arrow'
import { describe, expect, it } from 'vitest'
import { registerArrowCodecs } from './arrow-codecs'
import { ANSWER_IPC_BUDGET, arrowIpcProblem, CREATE_IPC_BUDGET, FILE_IMPORT_IPC_BUDGET, messageMetadataProblem, preflightArrowIpc } from './arrow-preflight'
import { decodeArrowIpc } from './arrow-ipc-decode'
import { compressedArrow } from '../../test-kit/portable/compressed-arrow'
import { dagSchema, deltaFlood, HOSTILE_ARROW, vectorOverrun } from '../../test-kit/portable/hostile-arrow'

registerArrowCodecs(compressionRegistry)

const SEEDS = [1, 2]

function realTables(): [string, Table][] {
  const item = (type: Int32 | Float32) => new Field('item', type, true)
  return [
    ['numbers and text', tableFromArrays({ id: Int32Array.from([1, 2, 3]), name: ['a', null, 'ccc'], score: new Float64Array([0.5, 1, 2]) })],
    ['a dictionary column', new Table({ tag: vectorFromArray(['x', 'y', 'x', null], new Dictionary(new Utf8(), new Int32())) })],
    ['lists', new Table({ items: vectorFromArray([[1, 2], [], null, [3]], new List(item(new Int32()))) })],
    ['vectors', new Table({ vector: vectorFromArray([[1, 2], [3, 4], null], new FixedSizeList(2, item(new Float32()))) })],
    ['structs', new Table({ s: vectorFromArray([{ a: 1, b: 'x' }, null], new Struct([new Field('a', new Int32(), true), new Field('b', new Utf8(), true)])) })],
    ['a null column', new Table({ nothing: vectorFromArray([null, null, null], new Null()) })],
    ['no rows', new Table({ id: vectorFromArray([], new Int32()) })]
  ]
}

describe('preflightArrowIpc on real data', () => {
  it.each(realTables())('passes %s in stream and file framing, compressed or not', (_, table) => {
    const framings = [
      tableToIPC(table, 'stream'),
      tableToIPC(table, 'file'),
      RecordBatchFileWriter.writeAll(table, { compressionType: CompressionType.LZ4_FRAME }).toUint8Array(true),
      RecordBatchStreamWriter.writeAll(table, { compressionType: CompressionType.LZ4_FRAME }).toUint8Array(true)
    ]
    for (const bytes of framings) {
      expect(arrowIpcProblem(bytes, FILE_IMPORT_IPC_BUDGET)).toBeNull()
      expect(preflightArrowIpc(bytes, ANSWER_IPC_BUDGET)).toMatchObject({ columns: 1 * table.schema.fields.length, rows: table.numRows })
      expect(decodeArrowIpc(bytes, CREATE_IPC_BUDGET).numRows).toBe(table.numRows)
    }
  })

  it("passes LanceDB's LZ4 create body and a ZSTD stream, and bytes without a schema", () => {
    for (const codec of ['lz4', 'zstd'] as const) expect(preflightArrowIpc(compressedArrow(codec), CREATE_IPC_BUDGET)).toMatchObject({ columns: 3, rows: 5 })
    expect(preflightArrowIpc(new Uint8Array(), ANSWER_IPC_BUDGET)).toMatchObject({ columns: null, recordBatches: 0 })
  })

  it('takes up to 256 delta batches for one dictionary, and no more', () => {
    expect(arrowIpcProblem(deltaFlood(1, 256), CREATE_IPC_BUDGET)).toBeNull()
    expect(decodeArrowIpc(deltaFlood(1, 256), CREATE_IPC_BUDGET).getChild('tag')?.get(0)).toBe('a')
    expect(arrowIpcProblem(deltaFlood(1, 257), CREATE_IPC_BUDGET)).toMatch(/more than 256 delta batches for one dictionary/)
  })

  it("reads apache-arrow 21's compressed prefixes, which give the compressed length, not the decompressed one", () => {
    // The preflight holds compressed batches to their parents' lengths rather than to these
    // prefixes; if apache-arrow starts writing the decompressed length, this fails.
    const table = tableFromArrays({ id: new Float64Array(64) })
    const bytes = RecordBatchStreamWriter.writeAll(table, { compressionType: CompressionType.LZ4_FRAME }).toUint8Array(true)
    const view = new DataView(bytes.buffer, bytes.byteOffset)
    const bodyEnd = bytes.length - 8
    // The last buffer's prefix sits at the start of its bytes; the body holds id's values last.
    const prefixes: bigint[] = []
    for (let at = 0; at + 8 <= bodyEnd; at += 8) prefixes.push(view.getBigInt64(at, true))
    expect(prefixes).not.toContain(BigInt(64 * 8))
  })
})

describe('preflightArrowIpc on crafted input', () => {
  it.each(HOSTILE_ARROW.map((c) => [c.name, c] as const))('refuses %s at once, under every budget', (_, hostile) => {
    for (const seed of SEEDS) {
      const bytes = hostile.make(seed)
      for (const budget of [CREATE_IPC_BUDGET, ANSWER_IPC_BUDGET]) {
        const started = performance.now()
        const problem = arrowIpcProblem(bytes, budget)
        expect(performance.now() - started, `seed ${seed}`).toBeLessThan(1_000)
        expect(problem, `seed ${seed}`).toMatch(hostile.refusal)
        expect(problem).toMatch(
          /^(The Arrow data is damaged or crafted: .* Nothing was read\.|The data declares [\d,]+ rows; at most [\d,]+ can be imported at once\.)/
        )
      }
      expect(() => decodeArrowIpc(bytes, ANSWER_IPC_BUDGET), `seed ${seed}`).toThrow(hostile.refusal)
    }
  })

  it("refuses a crafted message's metadata before Message.decode reads it", () => {
    // The schema message of the DAG class, and the batch message of the vector overrun: each framed
    // as continuation, length, metadata.
    const metadataOf = (bytes: Uint8Array, at: number) => bytes.subarray(at + 8, at + 8 + new DataView(bytes.buffer, bytes.byteOffset).getInt32(at + 4, true))
    expect(messageMetadataProblem(metadataOf(dagSchema(3), 0), ANSWER_IPC_BUDGET)).toMatch(/more than 50,000 fields/)
    const overrun = vectorOverrun(3)
    const schemaLength = 8 + new DataView(overrun.buffer, overrun.byteOffset).getInt32(4, true)
    expect(messageMetadataProblem(metadataOf(overrun, schemaLength), ANSWER_IPC_BUDGET)).toMatch(/field nodes vector declares/)
    expect(messageMetadataProblem(metadataOf(overrun, 0), ANSWER_IPC_BUDGET)).toBeNull()
  })
})
