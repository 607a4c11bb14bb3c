/** Byte helpers shared by main and the page. */

/** `parts` copied into one array of `byteLength` bytes (their total length). */
export function concatBytes(parts: readonly Uint8Array[], byteLength: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(byteLength)
  let at = 0
  for (const part of parts) {
    out.set(part, at)
    at += part.length
  }
  return out
}
