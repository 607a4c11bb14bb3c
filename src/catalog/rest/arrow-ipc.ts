/**
 * Arrow IPC framing helpers for the REST namespace. Servers answer `query` in file or
 * stream framing; the app always hands the renderer stream bytes. Some servers reject a
 * create stream with no record batch, so an empty table is sent with one zero-row batch.
 */
import { RecordBatch, RecordBatchStreamWriter, Struct, makeData, tableToIPC, vectorFromArray, type Schema } from 'apache-arrow'
import { ANSWER_IPC_BUDGET, CREATE_IPC_BUDGET, preflightArrowIpc } from '../../shared/arrow-preflight'
import { decodeArrowIpc } from '../../shared/arrow-ipc-decode'
import { CatalogError } from '../../shared/errors'
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
    // Only message headers are read: enough to reject JSON or HTML sent with a 200.
    let columns: number | null
    try {
      columns = preflightArrowIpc(bytes, ANSWER_IPC_BUDGET).columns
    } catch (error) {
      throw notArrow(what, error)
    }
    if (columns !== null) return bytes
    throw notArrow(what, 'no schema message')
  }
  try {
    return tableToIPC(decodeArrowIpc(bytes, ANSWER_IPC_BUDGET), 'stream')
  } catch (error) {
    throw notArrow(what, error)
  }
}

/** The schema at the head of an Arrow IPC stream or file. */
export function schemaOfIpc(bytes: Uint8Array, what: string): Schema {
  try {
    // Reading the whole table is cheap here (buffers are views), and it is the one entry
    // point that accepts both framings.
    return decodeArrowIpc(bytes, ANSWER_IPC_BUDGET).schema
  } catch (error) {
    throw notArrow(what, error)
  }
}

/** The number of rows in Arrow IPC bytes of either framing. */
export function rowsOfIpc(bytes: Uint8Array, what: string): number {
  try {
    return decodeArrowIpc(bytes, ANSWER_IPC_BUDGET).numRows
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
    if (preflightArrowIpc(stream, CREATE_IPC_BUDGET).recordBatches > 0) return stream
    schema = decodeArrowIpc(stream, CREATE_IPC_BUDGET).schema
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

function notArrow(what: string, error: unknown): CatalogError {
  const cause = error instanceof Error ? error.message : String(error)
  return new CatalogError('bad_response', `The server's answer to ${what} is not Arrow IPC data.`, { cause })
}
