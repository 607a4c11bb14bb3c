/**
 * The part of `lz4js` (a pure-JS LZ4 implementation without its own types) the app uses:
 * its encoder only. Its decoder trusts sizes and offsets, so the app decodes LZ4 frames
 * with ./lz4-frame.ts.
 */
declare module 'lz4js' {
  /** Encodes bytes as one LZ4 frame. */
  export function compress(src: Uint8Array, maxSize?: number): Uint8Array
}
