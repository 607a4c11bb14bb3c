/**
 * The browser-mode transport's encoding. A value without bytes is plain JSON. A value
 * holding byte arrays (Arrow IPC) is one binary frame: a small JSON document in which each
 * Uint8Array is a `{ "$bytes": [offset, length] }` reference, followed by the bytes
 * themselves, raw. Bytes are never turned into text, so a 16 MiB page costs 16 MiB on
 * the wire and no string of its size is ever built. Electron's IPC clones bytes
 * natively, so only browser mode uses this.
 *
 * Frame: "LCW1" | JSON length (u32, little-endian) | JSON (UTF-8) | padding | blobs,
 * each starting at a multiple of 8 so typed-array views over them are aligned.
 */

/** Content type of a plain JSON message. */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8'
/** Content type of a binary frame. */
export const WIRE_CONTENT_TYPE = 'application/x-catalog-wire'

const BYTES_KEY = '$bytes'
const MAGIC = [0x4c, 0x43, 0x57, 0x31] // "LCW1"
const HEAD = 8
const ALIGN = 8

/** A message ready to send: its content type and the byte runs that make up its body, in order. */
export interface WireMessage {
  readonly contentType: string
  readonly parts: readonly Uint8Array[]
  /** The sum of the parts' lengths. */
  readonly byteLength: number
  /** The JSON text itself, when the message is plain JSON (a WebSocket sends it as text). */
  readonly text?: string
}

/** Encodes a value; byte arrays inside it (Node Buffers included) travel raw, never copied. */
export function encodeWire(value: unknown): WireMessage {
  const blobs: Uint8Array[] = []
  let blobBytes = 0
  const json = JSON.stringify(value, function (this: Record<string, unknown>, key: string, item: unknown) {
    // JSON.stringify applies a Buffer's toJSON ({ type, data }) before the replacer sees
    // it, so the holder's original value is checked rather than `item`.
    const original = this[key]
    if (!(original instanceof Uint8Array)) return item
    const at = blobBytes
    blobs.push(original)
    blobBytes += padded(original.length)
    return { [BYTES_KEY]: [at, original.length] }
  })
  const text = new TextEncoder().encode(json ?? 'null')
  if (blobs.length === 0) return { contentType: JSON_CONTENT_TYPE, parts: [text], byteLength: text.length, text: json ?? 'null' }

  const headLength = padded(HEAD + text.length)
  const head = new Uint8Array(headLength)
  head.set(MAGIC, 0)
  new DataView(head.buffer).setUint32(4, text.length, true)
  head.set(text, HEAD)
  const parts: Uint8Array[] = [head]
  for (const blob of blobs) {
    parts.push(blob)
    const gap = padded(blob.length) - blob.length
    if (gap > 0) parts.push(new Uint8Array(gap))
  }
  return { contentType: WIRE_CONTENT_TYPE, parts, byteLength: headLength + blobBytes }
}

/**
 * Decodes a message of either content type. Byte arrays come back as views into `body`
 * (no copy). Throws a readable error for anything malformed.
 */
export function decodeWire(contentType: string, body: Uint8Array): unknown {
  if (!contentType.toLowerCase().startsWith(WIRE_CONTENT_TYPE)) {
    const text = new TextDecoder().decode(body)
    return text.trim() === '' ? undefined : JSON.parse(text)
  }
  if (body.length < HEAD || MAGIC.some((byte, i) => body[i] !== byte)) throw new Error('the binary message does not start with its header')
  const jsonLength = new DataView(body.buffer, body.byteOffset, body.byteLength).getUint32(4, true)
  if (HEAD + jsonLength > body.length) throw new Error('the binary message is shorter than its header says')
  const blobStart = padded(HEAD + jsonLength)
  const text = new TextDecoder().decode(body.subarray(HEAD, HEAD + jsonLength))
  return JSON.parse(text, (_key, item: unknown) => {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) return item
    const ref = (item as Record<string, unknown>)[BYTES_KEY]
    if (ref === undefined || Object.keys(item).length !== 1) return item
    if (!Array.isArray(ref) || ref.length !== 2 || !ref.every((n) => Number.isSafeInteger(n) && (n as number) >= 0)) {
      throw new Error('the binary message has a malformed byte reference')
    }
    const [at, length] = ref as [number, number]
    if (blobStart + at + length > body.length) throw new Error('a byte reference points past the end of the binary message')
    return body.subarray(blobStart + at, blobStart + at + length)
  })
}

function padded(length: number): number {
  return Math.ceil(length / ALIGN) * ALIGN
}
