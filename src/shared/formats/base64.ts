/** Bytes as base64 text and back, the form binary values take in CSV and JSON. */

/** Standard base64 (with padding) of `bytes`. */
export function base64Text(bytes: Uint8Array): string {
  let binary = ''
  // String.fromCharCode takes its codes as arguments: a slice at a time stays within the call stack.
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000))
  return btoa(binary)
}

/** The bytes of base64 text; throws when the text is not base64. */
export function base64Bytes(text: string): Uint8Array {
  return Uint8Array.from(atob(text), (ch) => ch.charCodeAt(0))
}
