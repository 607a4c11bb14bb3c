/**
 * Arrow IPC framing helpers for the REST namespace. Servers answer `query` in file or
 * stream framing; the app always hands the renderer stream bytes. Some servers reject a
 * create stream with no record batch, so an empty table is sent with one zero-row batch.
 */
import {
  MessageHeader,
  MessageReader,
  RecordBatch,
  RecordBatchStreamWriter,
  Struct,
  makeData,
  tableFromIPC,
  tableToIPC,
  vectorFromArray,
  type Schema
} from 'apache-arrow'
import { CatalogError } from '../../../shared/errors'
import '../arrow-codecs'

const FILE_MAGIC = [0x41, 0x52, 0x52, 0x4f, 0x57, 0x31] // "ARROW1"

/** True when `bytes` start with the Arrow IPC file magic. */
export function isArrowFile(bytes: Uint8Array): boolean {
  return bytes.length >= FILE_MAGIC.length && FILE_MAGIC.every((byte, i) => bytes[i] === byte)
}

/** Arrow IPC stream bytes from a server answer in either framing. */
export function toArrowStream(bytes: Uint8Array, what: string): Uint8Array {
  if (bytes.length === 0) throw new CatalogError('bad_response', `The server answered ${what} with an empty body instead of Arrow data.`)
  if (!isArrowFile(bytes)) {
    // Only the leading schema message is read: enough to reject JSON or HTML sent with a 200.
    try {
      if (new MessageReader(bytes).readSchema()) return bytes
    } catch (error) {
      throw notArrow(what, error)
    }
    throw notArrow(what, 'no schema message')
  }
  try {
    return tableToIPC(tableFromIPC(bytes), 'stream')
  } catch (error) {
    throw notArrow(what, error)
  }
}

/** The schema at the head of an Arrow IPC stream or file. */
export function schemaOfIpc(bytes: Uint8Array, what: string): Schema {
  try {
    // Reading the whole table is cheap here (buffers are views), and it is the one entry
    // point that accepts both framings.
    return tableFromIPC(bytes).schema
  } catch (error) {
    throw notArrow(what, error)
  }
}

/** The number of rows in Arrow IPC bytes of either framing. */
export function rowsOfIpc(bytes: Uint8Array, what: string): number {
  try {
    return tableFromIPC(bytes).numRows
  } catch (error) {
    throw notArrow(what, error)
  }
}

/**
 * The same stream with one zero-row batch appended when it holds a schema and no batch;
 * anything it cannot read is returned untouched for the server to judge.
 */
export function withAtLeastOneBatch(stream: Uint8Array): Uint8Array {
  let schema: Schema
  try {
    if (hasRecordBatch(stream)) return stream
    schema = tableFromIPC(stream).schema
  } catch {
    return stream
  }
  const children = schema.fields.map((field) => vectorFromArray([], field.type).data[0])
  if (children.some((child) => child === undefined)) return stream
  const data = makeData({ type: new Struct(schema.fields), length: 0, nullCount: 0, children: children.filter((c) => c !== undefined) })
  const writer = new RecordBatchStreamWriter()
  writer.reset(undefined, schema)
  writer.write(new RecordBatch(schema, data))
  writer.close()
  return writer.toUint8Array(true)
}

function hasRecordBatch(stream: Uint8Array): boolean {
  const reader = new MessageReader(stream)
  for (;;) {
    const message = reader.readMessage()
    if (!message) return false
    if (message.headerType === MessageHeader.RecordBatch) return true
    // Skip dictionary bodies so the next read lands on a message header.
    if (message.bodyLength > 0) reader.readMessageBody(message.bodyLength)
  }
}

function notArrow(what: string, error: unknown): CatalogError {
  const cause = error instanceof Error ? error.message : String(error)
  return new CatalogError('bad_response', `The server's answer to ${what} is not Arrow IPC data.`, { cause })
}
