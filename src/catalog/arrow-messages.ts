/**
 * Arrow IPC framing without decoding data: where each encapsulated message starts and
 * ends, what kind it is, and how many rows a record batch holds. Pages of rows are cut at
 * message boundaries with this, so bytes are copied verbatim and never decoded to count.
 */
import { Message, MessageHeader } from 'apache-arrow'
import { ANSWER_IPC_BUDGET, messageMetadataProblem } from '../shared/arrow-preflight'

/** The end-of-stream marker: continuation token then a zero metadata length. */
export const END_OF_STREAM = Uint8Array.of(0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0)
const CONTINUATION = 0xffffffff

/** One encapsulated message found at an offset. */
export type FramedMessage =
  | { readonly kind: 'incomplete' }
  | { readonly kind: 'end'; readonly length: number }
  | { readonly kind: 'message'; readonly header: MessageHeader; readonly rows: number; readonly length: number; readonly bodyLength: number }

/**
 * The message starting at `offset` in `bytes`: `incomplete` while its prefix or metadata
 * has not fully arrived (the body need not have), `end` at an end-of-stream marker.
 * Throws when the metadata is not an Arrow message, or one crafted to make decoding it
 * costly (vectors longer than the bytes, a schema whose fields fan out without end).
 */
export function messageAt(bytes: Uint8Array, offset: number): FramedMessage {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  if (bytes.length - offset < 4) return { kind: 'incomplete' }
  // Since Arrow 0.15 a message starts with 0xFFFFFFFF; older writers start with the length.
  const continued = view.getUint32(offset, true) === CONTINUATION
  const prefix = continued ? 8 : 4
  if (bytes.length - offset < prefix) return { kind: 'incomplete' }
  const metadataLength = view.getInt32(offset + prefix - 4, true)
  if (metadataLength === 0) return { kind: 'end', length: prefix }
  if (metadataLength < 0) throw new Error(`invalid message length ${metadataLength}`)
  if (bytes.length - offset < prefix + metadataLength) return { kind: 'incomplete' }
  const metadata = bytes.subarray(offset + prefix, offset + prefix + metadataLength)
  const problem = messageMetadataProblem(metadata, ANSWER_IPC_BUDGET)
  if (problem) throw new Error(problem)
  const message = Message.decode(metadata)
  const bodyLength = Number(message.bodyLength)
  const rows = message.isRecordBatch() ? Number(message.header().length) : 0
  return { kind: 'message', header: message.headerType, rows, bodyLength, length: prefix + metadataLength + bodyLength }
}
