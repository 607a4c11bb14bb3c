/**
 * Builds one byte-capped page of rows from record batches as LanceDB streams them, so a
 * read never holds more than the page plus the batch in hand, however many rows it asks for.
 */
import type { RecordBatch } from 'apache-arrow'
import type { RowsPage } from '../shared/contract/tables'
import { concatBytes } from '../shared/bytes'
import { END_OF_STREAM, messageAt } from './arrow-messages'
// Batches from LanceDB are instances of its own Arrow copy, so that copy encodes them.
import { lanceArrow } from './lance-arrow'

/** A batch encoded as a one-batch stream, split into its schema message and the rest. */
interface EncodedBatch {
  readonly schema: Uint8Array
  /** Dictionary and record batch messages, without the end-of-stream marker. */
  readonly messages: Uint8Array
  /** The whole one-batch stream (schema, messages, end-of-stream marker), when it is exactly those. */
  readonly whole: Uint8Array | null
}

/**
 * Collects up to `limit` rows from `batches` into one Arrow IPC stream of at most
 * `maxBytes` (or a single row, when even one row is larger). Returns null when the
 * batches hold no rows; stops pulling batches as soon as the page is full.
 */
export async function pageFromBatches(batches: AsyncIterable<RecordBatch>, limit: number, maxBytes: number): Promise<RowsPage | null> {
  const parts: Uint8Array[] = []
  let schema: Uint8Array | null = null
  // A page of one batch is the writer's stream as it is: no second copy of its bytes.
  let only: Uint8Array | null = null
  let size = END_OF_STREAM.length
  let rows = 0
  let truncated = false
  for await (const batch of batches) {
    if (rows >= limit) break
    if (batch.numRows === 0) continue
    let take = Math.min(batch.numRows, limit - rows)
    let encoded = encode(batch, take)
    const base = size + (schema ? 0 : encoded.schema.length)
    // Shrink the slice in proportion to the bytes left until it fits; rows differ in
    // size, so re-measure each try rather than trust the estimate.
    while (take > 0 && base + encoded.messages.length > maxBytes && !(rows === 0 && take === 1)) {
      const fitting = Math.floor((take * (maxBytes - base)) / encoded.messages.length)
      take = Math.max(rows === 0 ? 1 : 0, Math.min(take - 1, fitting))
      if (take > 0) encoded = encode(batch, take)
    }
    if (take > 0) {
      schema ??= encoded.schema
      only = parts.length === 0 ? encoded.whole : null
      parts.push(encoded.messages)
      size = base + encoded.messages.length
      rows += take
    }
    if (take < Math.min(batch.numRows, limit - (rows - take))) {
      truncated = true
      break
    }
  }
  if (!schema || rows === 0) return null
  return { arrow: only ?? concatBytes([schema, ...parts, END_OF_STREAM], size), rowCount: rows, truncated }
}

function encode(batch: RecordBatch, rows: number): EncodedBatch {
  const slice = rows === batch.numRows ? batch : batch.slice(0, rows)
  const stream = lanceArrow.RecordBatchStreamWriter.writeAll([slice]).toUint8Array(true)
  const first = messageAt(stream, 0)
  if (first.kind !== 'message') throw new Error('the Arrow writer produced a stream without a schema')
  let end = first.length
  for (let next = messageAt(stream, end); next.kind === 'message'; next = messageAt(stream, end)) end += next.length
  const whole = stream.length === end + END_OF_STREAM.length && END_OF_STREAM.every((byte, i) => stream[end + i] === byte) ? stream : null
  return { schema: stream.subarray(0, first.length), messages: stream.subarray(first.length, end), whole }
}
