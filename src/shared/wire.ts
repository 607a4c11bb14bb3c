/**
 * JSON for the browser-mode transport, with one addition: byte arrays (Arrow IPC) travel
 * as `{ "$bytes": "<base64>" }` and come back as Uint8Array. Electron's IPC clones bytes
 * natively, so only browser mode uses this.
 */

const BYTES_KEY = '$bytes'
const CHUNK = 0x8000

/** Serialises a value, encoding every Uint8Array (Node Buffers included). */
export function encodeWire(value: unknown): string {
  return JSON.stringify(value, function (this: Record<string, unknown>, key: string, item: unknown) {
    // JSON.stringify applies a Buffer's toJSON ({ type, data }) before the replacer sees
    // it, so the holder's original value is checked rather than `item`.
    const original = this[key]
    return original instanceof Uint8Array ? { [BYTES_KEY]: toBase64(original) } : item
  })
}

/** Parses a serialised value, decoding every encoded Uint8Array. */
export function decodeWire(text: string): unknown {
  return JSON.parse(text, (_key, item: unknown) => {
    if (item !== null && typeof item === 'object' && !Array.isArray(item)) {
      const encoded = (item as Record<string, unknown>)[BYTES_KEY]
      if (typeof encoded === 'string' && Object.keys(item).length === 1) return fromBase64(encoded)
    }
    return item
  })
}

function toBase64(bytes: Uint8Array): string {
  let binary = ''
  for (let i = 0; i < bytes.length; i += CHUNK) binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK))
  return btoa(binary)
}

function fromBase64(text: string): Uint8Array {
  const binary = atob(text)
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}
