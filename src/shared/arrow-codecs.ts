/**
 * The compression codecs of Arrow IPC (LZ4_FRAME and ZSTD record batch bodies), for
 * apache-arrow's codec registry. Arrow JS reads compressed batches only with a codec
 * registered for their type, and LanceDB's Rust core writes them (0.39 sends LZ4_FRAME),
 * so every place Arrow enters the app registers these before decoding. Both codecs are
 * pure JavaScript, so the same module serves the main process and the renderer.
 *
 * The decoders are bounded (./lz4-frame.ts, ./zstd-frame.ts): each decoded buffer may be
 * at most ARROW_BUFFER_DECODE_BUDGET bytes, checked before allocating and while decoding,
 * and a frame that breaks its format throws. The budget is a constant, not the
 * uncompressed length each buffer is prefixed with: apache-arrow 21's JS writer puts the
 * compressed length there (ipc/writer.mjs, `_compressBodyBuffers`), and the reference
 * server writes its LZ4 answers with it, so that prefix cannot hold the output. Its reader
 * takes whatever length `decode` returns, so a sum of the prefixes does not bound what a
 * message decodes to either; this budget, per buffer, does.
 */
import { CompressionType, type Codec } from 'apache-arrow'
import { compress as lz4Compress } from 'lz4js'
import { ARROW_BUFFER_DECODE_BUDGET } from './decompression-budgets'
import { decodeLz4Frames } from './lz4-frame'
import { decodeZstdFrames } from './zstd-frame'

/** Decoders for each Arrow IPC compression type (and an LZ4 encoder, for servers that compress answers). */
export const ARROW_CODECS: ReadonlyMap<CompressionType, Codec> = new Map<CompressionType, Codec>([
  [CompressionType.LZ4_FRAME, { decode: (data) => aligned(decodeLz4Frames(data, ARROW_BUFFER_DECODE_BUDGET)), encode: (data) => lz4Compress(data) }],
  [CompressionType.ZSTD, { decode: (data) => aligned(decodeZstdFrames(data, ARROW_BUFFER_DECODE_BUDGET)) }]
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
