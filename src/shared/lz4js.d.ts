/** The part of `lz4js` (a pure-JS LZ4 implementation without its own types) the app uses. */
declare module 'lz4js' {
  /** Decodes one LZ4 frame (magic number, descriptor, blocks) into its bytes. */
  export function decompress(src: Uint8Array, maxSize?: number): Uint8Array
  /** Encodes bytes as one LZ4 frame. */
  export function compress(src: Uint8Array, maxSize?: number): Uint8Array
}
