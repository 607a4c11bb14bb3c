/**
 * Arrow IPC bytes bounded before anything decodes them. apache-arrow's `tableFromIPC`
 * trusts the metadata it reads: a schema whose `children` vectors point at one Field
 * table again and again decodes to a billion fields, a batch may declare 2^31-1 rows in
 * 296 bytes, every delta dictionary batch copies all the chunks before it, and a
 * compressed buffer says how large it decompresses to. Here the message headers of a
 * stream or file are walked through the lazy flatbuffers views apache-arrow ships,
 * without building Arrow objects or touching values, and held to the bytes present and to
 * a budget. `arrowTableProblem` (./arrow-bounds.ts) stays the second check, after decoding.
 *
 * The schema half is in ./arrow-preflight-schema.ts; the budgets every caller uses are at
 * the end of this file.
 */
import { ByteBuffer } from 'flatbuffers'
import { Block } from 'apache-arrow/fb/block'
import { BodyCompression } from 'apache-arrow/fb/body-compression'
import { Buffer as BufferRegion } from 'apache-arrow/fb/buffer'
import { DictionaryBatch } from 'apache-arrow/fb/dictionary-batch'
import { FieldNode } from 'apache-arrow/fb/field-node'
import { Footer } from 'apache-arrow/fb/footer'
import { Message } from 'apache-arrow/fb/message'
import { MessageHeader } from 'apache-arrow/fb/message-header'
import { MetadataVersion } from 'apache-arrow/fb/metadata-version'
import { RecordBatch } from 'apache-arrow/fb/record-batch'
import { Schema } from 'apache-arrow/fb/schema'
import { CREATE_BUDGET, FILE_IMPORT_BUDGET, type RowBudget } from './arrow-bounds'
import {
  checkTable,
  readMetadata,
  readSchema,
  Refusal,
  vectorLength,
  type FieldShape,
  type SchemaBudget,
  type SchemaShape,
  type Spent
} from './arrow-preflight-schema'

/** What one input of Arrow IPC bytes may declare; see the budgets at the end of this file. */
export interface ArrowIpcBudget extends RowBudget, SchemaBudget {
  /** Messages (schemas, dictionary and record batches; a file's blocks) in all. */
  readonly maxMessages: number
  /** Field nodes over all batches: decoding makes an object or more for each. */
  readonly maxNodes: number
  /** Bytes that compressed buffers declare they decompress to, summed over the input. */
  readonly maxDecodedBytes: number
  readonly maxDictionaryBatches: number
  /** Delta batches per dictionary id: each one copies every chunk before it. */
  readonly maxDeltasPerDictionary: number
  /** Values over all dictionary batches. */
  readonly maxDictionaryValues: number
  /** Rows of a batch no column's bytes back (no columns, or only null ones), whatever `maxRows` allows. */
  readonly maxUnbackedRows: number
}

/** What the walk found in bytes it accepted. */
export interface ArrowIpcOutline {
  readonly framing: 'stream' | 'file'
  /** Top-level columns of the (last) schema; null when the bytes hold no schema. */
  readonly columns: number | null
  readonly recordBatches: number
  readonly rows: number
}

const CONTINUATION = -1
const FILE_MAGIC = [0x41, 0x52, 0x52, 0x4f, 0x57, 0x31] // "ARROW1"
// Vtable slots (Message.fbs, File.fbs).
const MESSAGE_METADATA = 12
const BATCH_NODES = 6
const BATCH_BUFFERS = 8
const BATCH_VARIADIC_COUNTS = 12
const FOOTER_DICTIONARIES = 8
const FOOTER_BATCHES = 10
// BodyCompression: LZ4_FRAME and ZSTD, one buffer at a time; -1 marks a buffer left uncompressed.
const KNOWN_CODECS = new Set([0, 1])
const UNCOMPRESSED = -1n

/** Why the bytes cannot be decoded within `budget`, in words for people; null when they can. */
export function arrowIpcProblem(bytes: Uint8Array, budget: ArrowIpcBudget): string | null {
  try {
    preflightArrowIpc(bytes, budget)
    return null
  } catch (error) {
    if (error instanceof ArrowIpcRefused) return error.message
    throw error
  }
}

/** Refused Arrow IPC bytes; the message says why, for people. */
export class ArrowIpcRefused extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ArrowIpcRefused'
  }
}

/**
 * Walks every message header of an Arrow IPC stream or file and throws `ArrowIpcRefused`
 * unless all of it fits the bytes present and `budget`. Empty bytes pass (they decode to
 * an empty table). Time is linear in the metadata, and bounded by the budget.
 */
export function preflightArrowIpc(bytes: Uint8Array, budget: ArrowIpcBudget): ArrowIpcOutline {
  const walk = new Walk(bytes, budget)
  try {
    return isFile(bytes) ? walk.file() : walk.stream()
  } catch (error) {
    if (error instanceof Refusal) {
      throw new ArrowIpcRefused(error.sentence ?? `The Arrow data is damaged or crafted: ${error.reason} Nothing was read.`)
    }
    // A read past what the views guard: still the bytes' fault, not ours.
    if (error instanceof RangeError || error instanceof TypeError) {
      throw new ArrowIpcRefused(`The Arrow data is damaged or crafted: its metadata cannot be read (${error.message}). Nothing was read.`)
    }
    throw error
  }
}

/**
 * Checks one message's metadata (the flatbuffer between a message's length prefix and
 * its body) before apache-arrow's `Message.decode` reads it: tables and vectors inside the
 * bytes, and a schema's fields and all custom metadata within `budget`.
 */
export function messageMetadataProblem(metadata: Uint8Array, budget: ArrowIpcBudget): string | null {
  try {
    new Walk(metadata, budget).metadata(metadata)
    return null
  } catch (error) {
    if (error instanceof Refusal) return `The Arrow data is damaged or crafted: ${error.reason} Nothing was read.`
    if (error instanceof RangeError || error instanceof TypeError) return `The Arrow data is damaged or crafted: its metadata cannot be read. Nothing was read.`
    throw error
  }
}

function isFile(bytes: Uint8Array): boolean {
  return bytes.length >= FILE_MAGIC.length && FILE_MAGIC.every((byte, i) => bytes[i] === byte)
}

const count = (n: number | bigint): string => n.toLocaleString('en')

/** One message's header as the walk reads it. */
interface Header {
  readonly type: MessageHeader
  readonly version: MetadataVersion
  readonly bodyLength: number
  readonly schema?: Schema
  readonly batch?: RecordBatch
  readonly dictionary?: DictionaryBatch
}

/** A buffer of a batch: where it lies in the body and how many bytes it holds once decoded. */
interface Region {
  readonly offset: number
  readonly length: number
  readonly decoded: number
}

class Walk {
  readonly #spent: Spent = { fields: 0, metadataEntries: 0, textBytes: 0 }
  #schema: SchemaShape | null = null
  #version: MetadataVersion = MetadataVersion.V5
  #messages = 0
  #batches = 0
  #rows = 0
  #nodes = 0
  #decoded = 0
  #dictionaryBatches = 0
  #dictionaryValues = 0
  readonly #deltas = new Map<number, number>()

  constructor(
    readonly bytes: Uint8Array,
    readonly budget: ArrowIpcBudget
  ) {}

  /** Messages one after another, as apache-arrow's stream reader takes them (a new schema starts over). */
  stream(): ArrowIpcOutline {
    const { bytes } = this
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    let at = 0
    let ended = false
    while (bytes.length - at >= 4) {
      let prefix = 4
      let length = view.getInt32(at, true)
      if (length === CONTINUATION) {
        if (bytes.length - at < 8) break
        length = view.getInt32(at + 4, true)
        prefix = 8
      }
      if (length === 0) {
        // End of stream. apache-arrow reads on only when another stream follows.
        if (ended) break
        ended = true
        at += prefix
        continue
      }
      ended = false
      const { header, end } = this.#framed(at, prefix, length, bytes.length)
      if (header.type === MessageHeader.Schema) this.#takeSchema(header)
      else this.#takeBody(header, end - header.bodyLength)
      at = end
    }
    return this.#outline('stream')
  }

  /** The footer's schema and the blocks it lists, which is all apache-arrow's file reader reads. */
  file(): ArrowIpcOutline {
    const { bytes } = this
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    const trailer = bytes.length - 10 // footer length, then "ARROW1"
    const footerLength = trailer >= 8 ? view.getInt32(trailer, true) : -1
    if (!(footerLength > 0 && trailer - footerLength >= 8)) throw new Refusal('its file footer is missing or longer than the file.')
    const start = trailer - footerLength
    const bb = new ByteBuffer(bytes.subarray(start, trailer))
    checkTable(bb, bb.readInt32(0), 'file footer')
    const footer = Footer.getRootAsFooter(bb)
    this.#version = footer.version()
    const schema = footer.schema()
    if (!schema) throw new Refusal('its file footer has no schema.')
    this.#schema = readSchema(schema, this.budget, this.#spent)
    this.#count(1)
    const dictionaries = vectorLength(bb, footer.bb_pos, FOOTER_DICTIONARIES, 24, 'file footer')
    const batches = vectorLength(bb, footer.bb_pos, FOOTER_BATCHES, 24, 'file footer')
    const block = new Block()
    for (const [n, list, type] of [
      [dictionaries, 'dictionaries', MessageHeader.DictionaryBatch],
      [batches, 'recordBatches', MessageHeader.RecordBatch]
    ] as const) {
      for (let i = 0; i < n; i++) {
        if (!footer[list](i, block)) continue
        const offset = Number(block.offset())
        if (!(offset >= 8 && offset + 8 <= start))
          throw new Refusal(`a block of its file footer points at byte ${count(block.offset())} of ${count(bytes.length)}.`)
        const first = view.getInt32(offset, true)
        const prefix = first === CONTINUATION ? 8 : 4
        const { header, end } = this.#framed(offset, prefix, prefix === 8 ? view.getInt32(offset + 4, true) : first, bytes.length)
        if (header.type !== type) throw new Refusal('a block of its file footer points at a message of another kind.')
        this.#takeBody(header, end - header.bodyLength)
      }
    }
    return this.#outline('file')
  }

  /** One message's metadata alone, a schema's fields included. */
  metadata(metadata: Uint8Array): void {
    const header = this.header(metadata)
    if (header.schema) this.#takeSchema(header)
  }

  /** Reads the metadata of one message (flatbuffer bytes) and checks it within the bytes. */
  header(metadata: Uint8Array): Header {
    const bb = new ByteBuffer(metadata)
    if (metadata.length < 4) throw new Refusal('a message has metadata too short to hold one.')
    checkTable(bb, bb.readInt32(0), 'message')
    const message = Message.getRootAsMessage(bb)
    const version = message.version()
    if (version < MetadataVersion.V4) throw new Refusal(`a message uses Arrow metadata version ${version + 1}, older than this app reads.`)
    readMetadata(bb, message.bb_pos, MESSAGE_METADATA, this.budget, this.#spent)
    const body = message.bodyLength()
    if (body < 0n) throw new Refusal(`a message declares a body of ${count(body)} bytes.`)
    const bodyLength = Number(body)
    const type = message.headerType()
    switch (type) {
      case MessageHeader.Schema: {
        const schema = within(message.header(new Schema()) as Schema | null, 'schema')
        return { type, version, bodyLength, schema }
      }
      case MessageHeader.RecordBatch: {
        const batch = within(message.header(new RecordBatch()) as RecordBatch | null, 'record batch')
        this.#batchVectors(batch)
        return { type, version, bodyLength, batch }
      }
      case MessageHeader.DictionaryBatch: {
        const dictionary = within(message.header(new DictionaryBatch()) as DictionaryBatch | null, 'dictionary batch')
        this.#batchVectors(within(dictionary.data(), 'dictionary data'))
        return { type, version, bodyLength, dictionary }
      }
      default:
        throw new Refusal(`it holds a message of a kind Arrow tables do not have (${MessageHeader[type] ?? type}).`)
    }
  }

  #batchVectors(batch: RecordBatch): void {
    const bb = batch.bb as ByteBuffer
    vectorLength(bb, batch.bb_pos, BATCH_NODES, 16, 'field nodes')
    vectorLength(bb, batch.bb_pos, BATCH_BUFFERS, 16, 'buffers')
    vectorLength(bb, batch.bb_pos, BATCH_VARIADIC_COUNTS, 8, 'variadic buffer counts')
    const compression = batch.compression(new BodyCompression())
    if (compression) {
      checkTable(bb, compression.bb_pos, 'body compression')
      if (!KNOWN_CODECS.has(compression.codec()) || compression.method() !== 0) {
        throw new Refusal(`a batch is compressed with a codec Arrow does not have (${compression.codec()}).`)
      }
    }
  }

  /** The message framed at `at`: its header, and where its body ends (within `limit`). */
  #framed(at: number, prefix: number, length: number, limit: number): { header: Header; end: number } {
    this.#count(1)
    const left = limit - at - prefix
    if (!(length > 0 && length <= left)) {
      throw new Refusal(`a message declares ${count(length)} bytes of metadata; ${count(Math.max(left, 0))} bytes remain.`)
    }
    const header = this.header(this.bytes.subarray(at + prefix, at + prefix + length))
    const bodyStart = at + prefix + length
    if (!(header.bodyLength <= limit - bodyStart)) {
      throw new Refusal(`a message declares a body of ${count(header.bodyLength)} bytes; ${count(limit - bodyStart)} bytes remain.`)
    }
    return { header, end: bodyStart + header.bodyLength }
  }

  #count(messages: number): void {
    this.#messages += messages
    if (this.#messages > this.budget.maxMessages) {
      throw new Refusal(`it holds more than ${count(this.budget.maxMessages)} messages; at most that many can be read.`)
    }
  }

  #takeSchema(header: Header): void {
    this.#version = header.version
    this.#schema = readSchema(header.schema as Schema, this.budget, this.#spent)
  }

  #takeBody(header: Header, bodyStart: number): void {
    const schema = this.#schema
    if (!schema) throw new Refusal('a batch comes before the schema.')
    const body = this.bytes.subarray(bodyStart, bodyStart + header.bodyLength)
    this.#version = header.version
    if (header.batch) {
      const rows = this.#length(header.batch.length())
      this.#batches += 1
      this.#rows += rows
      const { maxRows } = this.budget
      if (rows > maxRows || this.#rows > maxRows) {
        const declared = rows > maxRows ? rows : this.#rows
        throw new Refusal('', `The data declares ${count(declared)} rows; at most ${count(maxRows)} can be imported at once. Split it into smaller files.`)
      }
      const { maxUnbackedRows } = this.budget
      if (rows > maxUnbackedRows && schema.fields.every((field) => field.kind === 'null')) {
        throw new Refusal(`a batch declares ${count(rows)} rows that no column's bytes hold; at most ${count(maxUnbackedRows)} can be read that way.`)
      }
      this.#checkBatch(header.batch, body, schema.fields, rows)
      return
    }
    const dictionary = header.dictionary as DictionaryBatch
    const id = Number(dictionary.id())
    const values = schema.dictionaries.get(id)
    if (!values) throw new Refusal(`a dictionary batch names dictionary ${count(dictionary.id())}, which no field uses.`)
    this.#dictionaryBatches += 1
    if (this.#dictionaryBatches > this.budget.maxDictionaryBatches) {
      throw new Refusal(`it holds more than ${count(this.budget.maxDictionaryBatches)} dictionary batches; at most that many can be read.`)
    }
    if (dictionary.isDelta()) {
      const deltas = (this.#deltas.get(id) ?? 0) + 1
      this.#deltas.set(id, deltas)
      if (deltas > this.budget.maxDeltasPerDictionary) {
        throw new Refusal(`it sends more than ${count(this.budget.maxDeltasPerDictionary)} delta batches for one dictionary; at most that many can be read.`)
      }
    }
    const data = dictionary.data() as RecordBatch
    const length = this.#length(data.length())
    this.#dictionaryValues += length
    if (this.#dictionaryValues > this.budget.maxDictionaryValues) {
      throw new Refusal(`its dictionaries hold more than ${count(this.budget.maxDictionaryValues)} values; at most that many can be read.`)
    }
    this.#checkBatch(data, body, [values], length)
  }

  #length(value: bigint): number {
    if (!(value >= 0n && value <= BigInt(Number.MAX_SAFE_INTEGER))) throw new Refusal(`a batch declares an impossible length (${count(value)}).`)
    return Number(value)
  }

  /** Field nodes and buffers of one batch against the fields, in the order apache-arrow's loader takes them. */
  #checkBatch(batch: RecordBatch, body: Uint8Array, fields: readonly FieldShape[], rows: number): void {
    const nodes = batch.nodesLength()
    const expected = fields.reduce((sum, field) => sum + nodeCount(field), 0)
    if (nodes !== expected) throw new Refusal(`a batch has ${count(nodes)} field nodes for ${count(expected)} fields.`)
    this.#nodes += nodes
    if (this.#nodes > this.budget.maxNodes) {
      throw new Refusal(`its batches hold more than ${count(this.budget.maxNodes)} columns in all; at most that many can be read.`)
    }
    const regions = this.#regions(batch, body)
    const variadic: number[] = []
    for (let i = 0; i < batch.variadicBufferCountsLength(); i++) variadic.push(this.#length(batch.variadicBufferCounts(i) ?? 0n))
    const layout = new BatchLayout(batch, body, regions, variadic, this.#version, batch.compression() !== null, this.budget.maxDecodedBytes)
    for (const field of fields) {
      if (layout.node(field, rows) < rows) throw layout.short(rows)
    }
    const used = layout.buffersUsed()
    if (used !== regions.length) throw new Refusal(`a batch has ${count(regions.length)} buffers where its fields take ${count(used)}.`)
  }

  #regions(batch: RecordBatch, body: Uint8Array): Region[] {
    const compressed = batch.compression() !== null
    const view = new DataView(body.buffer, body.byteOffset, body.byteLength)
    const regions: Region[] = []
    const buffer = new BufferRegion()
    let decoded = 0
    for (let i = 0; i < batch.buffersLength(); i++) {
      batch.buffers(i, buffer)
      const offset = buffer.offset()
      const length = buffer.length()
      if (!(offset >= 0n && length >= 0n && offset + length <= BigInt(body.length))) {
        throw new Refusal(`a buffer declares ${count(length)} bytes at offset ${count(offset)} of a ${count(body.length)}-byte body.`)
      }
      const region = { offset: Number(offset), length: Number(length) }
      if (!compressed || region.length === 0) {
        regions.push({ ...region, decoded: region.length })
        continue
      }
      if (region.length < 8) throw new Refusal('a compressed buffer is too short to hold its length.')
      const declared = view.getBigInt64(region.offset, true)
      if (declared < UNCOMPRESSED) throw new Refusal(`a compressed buffer declares ${count(declared)} bytes.`)
      const size = declared === UNCOMPRESSED ? region.length - 8 : Number(declared)
      if (declared !== UNCOMPRESSED) decoded += size
      if (this.#decoded + decoded > this.budget.maxDecodedBytes) {
        throw new Refusal(
          `its compressed buffers declare more than ${count(this.budget.maxDecodedBytes)} bytes once decompressed (${count(this.#decoded + decoded)} so far); at most that many can be decompressed.`
        )
      }
      regions.push({ ...region, decoded: size })
    }
    this.#decoded += decoded
    return regions
  }

  #outline(framing: 'stream' | 'file'): ArrowIpcOutline {
    return { framing, columns: this.#schema?.fields.length ?? null, recordBatches: this.#batches, rows: this.#rows }
  }
}

/** The field nodes a batch holds for a field: one, and its children's unless dictionary-encoded. */
function nodeCount(field: FieldShape): number {
  return field.kind === 'dictionary' ? 1 : 1 + field.children.reduce((sum, child) => sum + nodeCount(child), 0)
}

/**
 * Takes a batch's nodes and buffers field by field, as apache-arrow's VectorLoader does,
 * and holds each node's length to the buffers that back it: the same rules as
 * `arrowTableProblem`, on metadata.
 *
 * A compressed buffer's 8-byte prefix should give its decompressed length, but
 * apache-arrow 21's writer puts the compressed length there (the reference server's LZ4
 * answers carry it), and its reader never looks. So in a compressed batch the prefixes
 * only count against the decoded-bytes budget; lengths are held to their parents (a
 * column to the batch, a struct's children to the struct) and `arrowTableProblem` checks
 * the buffers once they are decompressed.
 */
class BatchLayout {
  #node = 0
  #buffer = 0
  #variadic = 0
  readonly #fieldNode = new FieldNode()
  readonly #view: DataView

  constructor(
    readonly batch: RecordBatch,
    readonly body: Uint8Array,
    readonly regions: readonly Region[],
    readonly variadic: readonly number[],
    readonly version: MetadataVersion,
    readonly compressed: boolean,
    readonly decodedBudget: number
  ) {
    this.#view = new DataView(body.buffer, body.byteOffset, body.byteLength)
  }

  buffersUsed(): number {
    return this.#buffer
  }

  short(length: number): Refusal {
    return new Refusal(`a column declares ${count(length)} values that its bytes do not hold.`)
  }

  /**
   * Checks the next node as `field` and returns its length. `cap` bounds nodes that no
   * buffer backs (nulls, structs without children): their parent's length.
   */
  node(field: FieldShape, cap: number): number {
    this.batch.nodes(this.#node++, this.#fieldNode)
    const length = Number(this.#fieldNode.length())
    const nulls = Number(this.#fieldNode.nullCount())
    if (!(Number.isSafeInteger(length) && length >= 0 && nulls >= 0 && nulls <= length)) {
      throw new Refusal(`a column declares an impossible length (${count(this.#fieldNode.length())} values, ${count(this.#fieldNode.nullCount())} nulls).`)
    }
    if (this.compressed && length > cap) throw this.short(length)
    const validity = nulls > 0 ? Math.ceil(length / 8) : 0
    switch (field.kind) {
      case 'null':
        if (length > cap) throw this.short(length)
        return length
      case 'bool':
        this.#need(this.#next(), validity, length)
        this.#need(this.#next(), Math.ceil(length / 8), length)
        return length
      case 'fixed':
      case 'dictionary':
        this.#need(this.#next(), validity, length)
        this.#need(this.#next(), length * field.width, length)
        return length
      case 'binary': {
        this.#need(this.#next(), validity, length)
        const offsets = this.#next()
        this.#need(offsets, length > 0 ? (length + 1) * field.width : 0, length)
        const values = this.#next()
        const last = this.#lastOffset(offsets, length, field.width)
        if (last !== null && !(last >= 0 && last <= values.decoded)) throw this.short(length)
        return length
      }
      case 'view': {
        this.#need(this.#next(), validity, length)
        this.#need(this.#next(), length * field.width, length)
        const extra = this.variadic[this.#variadic++] ?? 0
        for (let i = 0; i < extra; i++) this.#next()
        return length
      }
      case 'list': {
        this.#need(this.#next(), validity, length)
        const offsets = this.#next()
        this.#need(offsets, length > 0 ? (length + 1) * field.width : 0, length)
        const last = this.#lastOffset(offsets, length, field.width)
        // Without the offsets (compressed), any value takes at least a bit once decoded.
        const child = this.node(field.children[0] as FieldShape, last ?? 8 * this.decodedBudget)
        if (last !== null && !(last >= 0 && last <= child)) throw this.short(length)
        return length
      }
      case 'fixed-list': {
        this.#need(this.#next(), validity, length)
        if (field.listSize === 0 && nulls === 0 && length > cap) throw this.short(length)
        const child = this.node(field.children[0] as FieldShape, length * field.listSize)
        if (child < length * field.listSize) throw this.short(length)
        return length
      }
      case 'struct':
        this.#need(this.#next(), validity, length)
        if (field.children.length === 0 && nulls === 0 && length > cap) throw this.short(length)
        for (const child of field.children) if (this.node(child, length) < length) throw this.short(length)
        return length
      case 'union':
        if (this.version < MetadataVersion.V5) this.#next()
        this.#need(this.#next(), length, length)
        if (field.dense) this.#need(this.#next(), length * 4, length)
        for (const child of field.children) this.node(child, length)
        return length
    }
  }

  #next(): Region {
    const region = this.regions[this.#buffer++]
    if (!region) throw new Refusal(`a batch has ${count(this.regions.length)} buffers, fewer than its fields take.`)
    return region
  }

  #need(region: Region, bytes: number, length: number): void {
    if (!this.compressed && region.decoded < bytes) throw this.short(length)
  }

  /** The last offset of an offsets buffer, read from the body when it is not compressed. */
  #lastOffset(region: Region, length: number, width: number): number | null {
    if (length === 0 || this.compressed) return length === 0 ? 0 : null
    const at = region.offset + length * width
    if (at + width > this.body.length) return null
    return width === 4 ? this.#view.getInt32(at, true) : Number(this.#view.getBigInt64(at, true))
  }
}

// The budgets. Everything but rows is the same for every use: it bounds the decoder's own
// work (objects per field and node, chunks per delta, bytes decompressed), which no real
// table comes near; rows follow what each caller takes (../shared/arrow-bounds.ts).
const STRUCTURE: Omit<ArrowIpcBudget, 'maxRows'> = {
  maxFields: 50_000,
  maxDepth: 64,
  maxMetadataEntries: 100_000,
  maxTextBytes: 64 * 1024 * 1024,
  maxMessages: 1_000_000,
  maxNodes: 4_000_000,
  maxDecodedBytes: 2 * 1024 * 1024 * 1024,
  maxDictionaryBatches: 4_096,
  // apache-arrow 21 takes 60 ms for 256 one-value deltas to one dictionary, 0.9 s for 1,000.
  maxDeltasPerDictionary: 256,
  maxDictionaryValues: 50_000_000,
  maxUnbackedRows: 1_000_000
}

/** A file the create-table dialog reads in the page. */
export const FILE_IMPORT_IPC_BUDGET: ArrowIpcBudget = { ...STRUCTURE, ...FILE_IMPORT_BUDGET }
/** A create or insert body, in main or at the reference server. */
export const CREATE_IPC_BUDGET: ArrowIpcBudget = { ...STRUCTURE, ...CREATE_BUDGET }
/** Rows a catalog or LanceDB answers (pages, search results): no row cap, as some servers answer more rows than asked. */
export const ANSWER_IPC_BUDGET: ArrowIpcBudget = { ...STRUCTURE, maxRows: Number.MAX_SAFE_INTEGER }

/** A table a message points at, present and within the message's bytes. */
function within<T extends { bb: ByteBuffer | null; bb_pos: number }>(view: T | null, what: string): T {
  if (!view) throw new Refusal(`a message has no ${what}.`)
  checkTable(view.bb as ByteBuffer, view.bb_pos, what)
  return view
}
