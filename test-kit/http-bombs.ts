/**
 * Test support: HTTP bodies sent with a Content-Encoding that decode to far more than they
 * are (decompression bombs), made with node:zlib for a decoded size chosen by the test.
 */
import { brotliCompressSync, constants, deflateSync, gzipSync } from 'node:zlib'

/** The encodings a bomb comes in: each is an HTTP Content-Encoding value. */
export type BombEncoding = 'gzip' | 'deflate' | 'br'

const MiB = 1024 * 1024

/**
 * A body of `encoding` that decodes to `decodedMiB` MiB of `fill` (a byte or a text, such
 * as spaces that keep it valid JSON-ish). gzip is 1 MiB compressed once and repeated as
 * members (RFC 1952 lets a stream hold several, and decoders join them), so even a
 * gigabyte is quick to make; deflate and br are compressed whole at a fast level.
 */
export function httpBomb(encoding: BombEncoding, decodedMiB: number, fill = 0x20): Buffer {
  switch (encoding) {
    case 'gzip': {
      const member = gzipSync(Buffer.alloc(MiB, fill), { level: 9 })
      return Buffer.concat(Array.from({ length: decodedMiB }, () => member))
    }
    case 'deflate':
      return deflateSync(Buffer.alloc(decodedMiB * MiB, fill), { level: 1 })
    case 'br':
      return brotliCompressSync(Buffer.alloc(decodedMiB * MiB, fill), { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } })
  }
}
