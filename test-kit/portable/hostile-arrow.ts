/**
 * Test fixtures: crafted Arrow IPC streams, one class per way to make a decoder run out of
 * memory or time, built from a seed. Each is made with the flatbuffers Builder and the
 * generated Arrow classes apache-arrow ships, message by message, so a new shape is a few
 * lines: a schema, some batches with the nodes, buffers and body they declare.
 */
import { Builder } from 'flatbuffers'
import { BodyCompression } from 'apache-arrow/fb/body-compression'
import { Buffer as BufferRegion } from 'apache-arrow/fb/buffer'
import { DictionaryBatch } from 'apache-arrow/fb/dictionary-batch'
import { DictionaryEncoding } from 'apache-arrow/fb/dictionary-encoding'
import { Field } from 'apache-arrow/fb/field'
import { FieldNode } from 'apache-arrow/fb/field-node'
import { Int } from 'apache-arrow/fb/int'
import { Message } from 'apache-arrow/fb/message'
import { MessageHeader } from 'apache-arrow/fb/message-header'
import { MetadataVersion } from 'apache-arrow/fb/metadata-version'
import { Null } from 'apache-arrow/fb/null'
import { RecordBatch } from 'apache-arrow/fb/record-batch'
import { Schema } from 'apache-arrow/fb/schema'
import { Struct_ } from 'apache-arrow/fb/struct-'
import { Type } from 'apache-arrow/fb/type'
import { Utf8 } from 'apache-arrow/fb/utf8'
import { seededRandom } from './seeded-random'
import { concat } from './concat-bytes'

/** An integer in [low, high] drawn from `random`. */
function between(random: () => number, low: number, high: number): number {
  return low + Math.floor(random() * (high - low + 1))
}

/** One record or dictionary batch as its header declares it. */
interface BatchSpec {
  readonly length: number | bigint
  readonly nodes: readonly (readonly [number | bigint, number])[]
  readonly buffers: readonly (readonly [number, number | bigint])[]
  /** LZ4_FRAME (0) or ZSTD (1) compression. */
  readonly codec?: number
}

/** A message framed as in a stream: continuation, metadata length, metadata (padded to 8), body. */
function frame(build: (b: Builder) => number, type: MessageHeader, body: Uint8Array = new Uint8Array(), bodyLength: bigint = BigInt(body.length)): Uint8Array {
  const b = new Builder(1024)
  const header = build(b)
  Message.startMessage(b)
  Message.addVersion(b, MetadataVersion.V5)
  Message.addHeaderType(b, type)
  Message.addHeader(b, header)
  Message.addBodyLength(b, bodyLength)
  b.finish(Message.endMessage(b))
  const metadata = b.asUint8Array()
  const padded = Math.ceil(metadata.length / 8) * 8
  const out = new Uint8Array(8 + padded + body.length)
  const view = new DataView(out.buffer)
  view.setInt32(0, -1, true)
  view.setInt32(4, padded, true)
  out.set(metadata, 8)
  out.set(body, 8 + padded)
  return out
}

/** A stream: the messages, then the end-of-stream marker. */
function stream(...messages: Uint8Array[]): Uint8Array {
  return concat([...messages, Uint8Array.of(0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0)])
}

function int32Field(b: Builder, name: string, dictionaryId?: number): number {
  const nameOffset = b.createString(name)
  const type = Int.createInt(b, 32, true)
  let encoding = 0
  if (dictionaryId !== undefined) {
    const index = Int.createInt(b, 32, true)
    DictionaryEncoding.startDictionaryEncoding(b)
    DictionaryEncoding.addId(b, BigInt(dictionaryId))
    DictionaryEncoding.addIndexType(b, index)
    encoding = DictionaryEncoding.endDictionaryEncoding(b)
  }
  Field.startField(b)
  Field.addName(b, nameOffset)
  Field.addNullable(b, true)
  Field.addTypeType(b, Type.Int)
  Field.addType(b, type)
  if (encoding) Field.addDictionary(b, encoding)
  return Field.endField(b)
}

/** A Utf8 field whose values live in dictionary `id` (int32 indices). */
function dictionaryUtf8Field(b: Builder, name: string, id: number): number {
  const nameOffset = b.createString(name)
  const type = Utf8.createUtf8(b)
  const index = Int.createInt(b, 32, true)
  DictionaryEncoding.startDictionaryEncoding(b)
  DictionaryEncoding.addId(b, BigInt(id))
  DictionaryEncoding.addIndexType(b, index)
  const encoding = DictionaryEncoding.endDictionaryEncoding(b)
  Field.startField(b)
  Field.addName(b, nameOffset)
  Field.addNullable(b, true)
  Field.addTypeType(b, Type.Utf8)
  Field.addType(b, type)
  Field.addDictionary(b, encoding)
  return Field.endField(b)
}

/** A struct field whose children are `children` (offsets of Field tables, repeats allowed). */
function structField(b: Builder, name: string, children: readonly number[]): number {
  const nameOffset = b.createString(name)
  const childVector = Field.createChildrenVector(b, [...children])
  Struct_.startStruct_(b)
  const type = Struct_.endStruct_(b)
  Field.startField(b)
  Field.addName(b, nameOffset)
  Field.addNullable(b, true)
  Field.addTypeType(b, Type.Struct_)
  Field.addType(b, type)
  Field.addChildren(b, childVector)
  return Field.endField(b)
}

/** A schema message whose top-level fields `build` makes. */
function schemaMessage(build: (b: Builder) => readonly number[]): Uint8Array {
  return frame((b) => {
    const fields = Schema.createFieldsVector(b, [...build(b)])
    Schema.startSchema(b)
    Schema.addFields(b, fields)
    return Schema.endSchema(b)
  }, MessageHeader.Schema)
}

function batchTable(b: Builder, spec: BatchSpec): number {
  RecordBatch.startNodesVector(b, spec.nodes.length)
  for (const [length, nulls] of [...spec.nodes].reverse()) FieldNode.createFieldNode(b, BigInt(length), BigInt(nulls))
  const nodes = b.endVector()
  RecordBatch.startBuffersVector(b, spec.buffers.length)
  for (const [offset, length] of [...spec.buffers].reverse()) BufferRegion.createBuffer(b, BigInt(offset), BigInt(length))
  const buffers = b.endVector()
  const compression = spec.codec === undefined ? 0 : BodyCompression.createBodyCompression(b, spec.codec, 0)
  RecordBatch.startRecordBatch(b)
  RecordBatch.addLength(b, BigInt(spec.length))
  RecordBatch.addNodes(b, nodes)
  RecordBatch.addBuffers(b, buffers)
  if (compression) RecordBatch.addCompression(b, compression)
  return RecordBatch.endRecordBatch(b)
}

function recordBatch(spec: BatchSpec, body: Uint8Array, bodyLength?: bigint): Uint8Array {
  return frame((b) => batchTable(b, spec), MessageHeader.RecordBatch, body, bodyLength)
}

function dictionaryBatch(id: number, isDelta: boolean, spec: BatchSpec, body: Uint8Array): Uint8Array {
  return frame(
    (b) => {
      const data = batchTable(b, spec)
      DictionaryBatch.startDictionaryBatch(b)
      DictionaryBatch.addId(b, BigInt(id))
      DictionaryBatch.addData(b, data)
      DictionaryBatch.addIsDelta(b, isDelta)
      return DictionaryBatch.endDictionaryBatch(b)
    },
    MessageHeader.DictionaryBatch,
    body
  )
}

const int32Schema = (): Uint8Array => schemaMessage((b) => [int32Field(b, 'x')])

/** One Int32 column of 2^31-1 rows or more, backed by 8 bytes. */
export function hugeRows(seed: number): Uint8Array {
  const random = seededRandom(seed)
  const rows = seed % 2 === 0 ? 2 ** 31 - 1 : between(random, 2 ** 31, 2 ** 40)
  return stream(
    int32Schema(),
    recordBatch(
      {
        length: rows,
        nodes: [[rows, 0]],
        buffers: [
          [0, 0],
          [0, 8]
        ]
      },
      new Uint8Array(8)
    )
  )
}

/**
 * A schema of nested structs in which every level's `children` names the level below
 * `width` times: a few KB that decode to width^depth fields (10^8 and more).
 */
export function dagSchema(seed: number): Uint8Array {
  const random = seededRandom(seed)
  const width = between(random, 8, 12)
  const depth = between(random, 9, 10)
  return stream(
    schemaMessage((b) => {
      let level = int32Field(b, 'leaf')
      for (let i = 0; i < depth; i++)
        level = structField(
          b,
          `level${i}`,
          Array.from({ length: width }, () => level)
        )
      return [level]
    })
  )
}

/** A schema of about a million top-level fields, all one Field table (4 MB). */
export function millionFields(seed: number): Uint8Array {
  const count = between(seededRandom(seed), 900_000, 1_100_000)
  return stream(
    schemaMessage((b) => {
      const field = int32Field(b, 'same')
      return Array.from({ length: count }, () => field)
    })
  )
}

/**
 * A dictionary-encoded column, then thousands of one-value delta batches for its
 * dictionary (about 1 MB), or exactly `deltas` of them.
 */
export function deltaFlood(seed: number, deltas = between(seededRandom(seed), 3_000, 4_000)): Uint8Array {
  const body = new Uint8Array(16)
  new DataView(body.buffer).setInt32(4, 1, true) // offsets [0, 1]
  body[8] = 0x61 // "a"
  const one: BatchSpec = {
    length: 1,
    nodes: [[1, 0]],
    buffers: [
      [0, 0],
      [0, 8],
      [8, 8]
    ]
  }
  const dictionaries = Array.from({ length: deltas + 1 }, (_, i) => dictionaryBatch(0, i > 0, one, body))
  const indices = recordBatch(
    {
      length: 1,
      nodes: [[1, 0]],
      buffers: [
        [0, 0],
        [0, 8]
      ]
    },
    new Uint8Array(8)
  )
  return stream(
    schemaMessage((b) => [dictionaryUtf8Field(b, 'tag', 0)]),
    ...dictionaries,
    indices
  )
}

/** One Int32 column whose batch lists too many or too few field nodes, or too many buffers. */
export function nodeMismatch(seed: number): Uint8Array {
  const random = seededRandom(seed)
  const body = new Uint8Array(8)
  if (seed % 2 === 0) {
    const nodes = Array.from({ length: between(random, 2, 6) }, () => [2, 0] as const)
    return stream(
      int32Schema(),
      recordBatch(
        {
          length: 2,
          nodes,
          buffers: [
            [0, 0],
            [0, 8]
          ]
        },
        body
      )
    )
  }
  const buffers = Array.from({ length: between(random, 3, 8) }, () => [0, 8] as const)
  return stream(int32Schema(), recordBatch({ length: 2, nodes: [[2, 0]], buffers }, body))
}

/** A batch of millions of rows whose only column is of the null type, which no bytes back. */
export function nullRows(seed: number): Uint8Array {
  const rows = between(seededRandom(seed), 2_000_000, 90_000_000)
  const schema = schemaMessage((b) => {
    const name = b.createString('nothing')
    Null.startNull(b)
    const type = Null.endNull(b)
    Field.startField(b)
    Field.addName(b, name)
    Field.addNullable(b, true)
    Field.addTypeType(b, Type.Null)
    Field.addType(b, type)
    return [Field.endField(b)]
  })
  return stream(schema, recordBatch({ length: rows, nodes: [[rows, rows]], buffers: [] }, new Uint8Array()))
}

/** A batch whose header declares a body far longer than the bytes that follow. */
export function shortBody(seed: number): Uint8Array {
  const declared = BigInt(between(seededRandom(seed), 2 ** 20, 2 ** 40))
  return stream(
    int32Schema(),
    recordBatch(
      {
        length: 2,
        nodes: [[2, 0]],
        buffers: [
          [0, 0],
          [0, 8]
        ]
      },
      new Uint8Array(8),
      declared
    )
  )
}

/** An LZ4-compressed batch whose buffer declares it decompresses to 8 GiB or more. */
export function compressedBomb(seed: number): Uint8Array {
  const declared = BigInt(between(seededRandom(seed), 2 ** 33, 2 ** 50))
  const body = new Uint8Array(24)
  new DataView(body.buffer).setBigInt64(0, declared, true)
  return stream(
    int32Schema(),
    recordBatch(
      {
        length: 2,
        nodes: [[2, 0]],
        buffers: [
          [0, 0],
          [0, 24]
        ],
        codec: 0
      },
      body
    )
  )
}

/** A real batch whose field-node vector is edited to claim 2^24 entries or more in a few hundred bytes. */
export function vectorOverrun(seed: number): Uint8Array {
  const claimed = between(seededRandom(seed), 2 ** 24, 2 ** 30)
  const batch = recordBatch(
    {
      length: 2,
      nodes: [[2, 0]],
      buffers: [
        [0, 0],
        [0, 8]
      ]
    },
    new Uint8Array(8)
  )
  // The metadata starts after the 8-byte prefix: root table, then the header union's table.
  const view = new DataView(batch.buffer, 8)
  const table = (at: number) => at + view.getInt32(at, true)
  const slot = (at: number, index: number) => {
    const vtable = at - view.getInt32(at, true)
    return at + view.getUint16(vtable + index, true)
  }
  const message = table(0)
  const header = table(slot(message, 8))
  const nodesAt = slot(header, 6)
  view.setInt32(table(nodesAt), claimed, true)
  return stream(int32Schema(), batch)
}

/** One class of crafted input: its name, how to make it from a seed, and the refusal it must get. */
export interface HostileArrowClass {
  readonly name: string
  readonly make: (seed: number) => Uint8Array
  /** Matches the refusal under any budget (a row cap, or none). */
  readonly refusal: RegExp
}

/** Every class, for tests that try them all. */
export const HOSTILE_ARROW: readonly HostileArrowClass[] = [
  { name: 'huge declared rows', make: hugeRows, refusal: /declares [\d,]+ (rows; at most [\d,]+ can be imported|values that its bytes do not hold)/ },
  { name: 'a schema whose children form a DAG', make: dagSchema, refusal: /schema reaches more than 50,000 fields/ },
  { name: 'a million fields sharing one table', make: millionFields, refusal: /schema reaches more than 50,000 fields/ },
  { name: 'a flood of delta dictionary batches', make: (seed) => deltaFlood(seed), refusal: /more than 256 delta batches for one dictionary/ },
  {
    name: 'field nodes and buffers that do not match the schema',
    make: nodeMismatch,
    refusal: /a batch has \d+ (field nodes for 1 fields|buffers where its fields take 2)/
  },
  {
    name: 'millions of rows that only null columns declare',
    make: nullRows,
    refusal: /declares [\d,]+ rows( that no column's bytes hold; at most 1,000,000|; at most [\d,]+ can be imported)/
  },
  { name: 'a body shorter than declared', make: shortBody, refusal: /declares a body of [\d,]+ bytes; 16 bytes remain/ },
  {
    name: 'a compressed buffer declaring a huge length',
    make: compressedBomb,
    refusal: /compressed buffers declare more than 2,147,483,648 bytes once decompressed/
  },
  {
    name: 'a field-node vector longer than its message',
    make: vectorOverrun,
    refusal: /field nodes vector declares [\d,]+ entries that the message does not hold/
  }
]
