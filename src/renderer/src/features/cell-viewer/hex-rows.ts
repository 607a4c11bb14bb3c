/**
 * Bytes of no known type as a hex view, for the value viewer: rows of 16 bytes, each with
 * its offset, the bytes in hex and as ASCII (a dot for anything not printable), up to a
 * bound so a large value does not become a million DOM rows.
 */

/** Bytes per row. */
export const HEX_ROW_BYTES = 16
/** Bytes shown at most (the rest are counted). */
export const HEX_VIEW_MAX_BYTES = 64 * 1024

/** One row of the view. */
export interface HexRow {
  /** The first byte's offset, as 8 hex digits. */
  readonly offset: string
  /** The bytes as two hex digits each, a space between, an extra space after the eighth. */
  readonly hex: string
  readonly ascii: string
}

/** The rows of `bytes`, the first `max` of them. */
export function hexRows(bytes: Uint8Array, max = HEX_VIEW_MAX_BYTES): readonly HexRow[] {
  const rows: HexRow[] = []
  const end = Math.min(bytes.length, max)
  for (let at = 0; at < end; at += HEX_ROW_BYTES) {
    const row = bytes.subarray(at, Math.min(at + HEX_ROW_BYTES, end))
    const hex = Array.from(row, (byte, i) => `${i === 8 ? ' ' : ''}${byte.toString(16).padStart(2, '0')}`).join(' ')
    const ascii = Array.from(row, (byte) => (byte >= 0x20 && byte < 0x7f ? String.fromCharCode(byte) : '.')).join('')
    rows.push({ offset: at.toString(16).padStart(8, '0'), hex, ascii })
  }
  return rows
}
