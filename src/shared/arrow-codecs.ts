/**
 * The compression codecs of Arrow IPC (LZ4_FRAME and ZSTD record batch bodies), for
 * apache-arrow's codec registry. Arrow JS reads compressed batches only with a codec
 * registered for their type, and LanceDB's Rust core writes them (0.39 sends LZ4_FRAME),
 * so every place Arrow enters the app registers these before decoding. Both codecs are
 * pure JavaScript, so the same module serves the main process and the renderer.
 */
import { CompressionType, type Codec } from 'apache-arrow'
import { decompress as fzstdDecompress } from 'fzstd'
import { compress as lz4Compress, decompress as lz4Decompress } from 'lz4js'

/** Decoders for each Arrow IPC compression type (and an LZ4 encoder, for servers that compress answers). */
export const ARROW_CODECS: ReadonlyMap<CompressionType, Codec> = new Map<CompressionType, Codec>([
  [CompressionType.LZ4_FRAME, { decode: (data) => aligned(lz4Decompress(data)), encode: (data) => lz4Compress(data) }],
  [CompressionType.ZSTD, { decode: (data) => aligned(fzstdDecompress(data)) }]
])

/**
 * Arrow views each decoded buffer as typed values in place (a Float64Array over it), which
 * needs the bytes to start on an 8-byte boundary; a decoder may hand back a view into a
 * larger buffer that does not, so such a view is copied.
 */
function aligned(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset % 8 === 0 ? bytes : bytes.slice()
}

/** The part of apache-arrow's `compressionRegistry` codecs are registered with. */
export interface CodecRegistry {
  get(type: CompressionType): Codec | null
  set(type: CompressionType, codec: Codec): void
}

/**
 * Registers the decoders with one copy of apache-arrow (each copy of the module has its
 * own registry). Codecs someone else registered first are kept.
 */
export function registerArrowCodecs(registry: CodecRegistry): void {
  for (const [type, codec] of ARROW_CODECS) {
    if (registry.get(type) === null) registry.set(type, codec)
  }
}
