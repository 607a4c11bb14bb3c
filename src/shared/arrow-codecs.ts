/**
 * The compression codecs of Arrow IPC (LZ4_FRAME and ZSTD record batch bodies), for
 * apache-arrow's codec registry. Arrow JS reads compressed batches only with a codec
 * registered for their type, and LanceDB's Rust core writes them (0.39 sends LZ4_FRAME),
 * so every place Arrow enters the app registers these before decoding. Both codecs are
 * pure JavaScript, so the same module serves the main process and the renderer.
 *
 * The decoders are bounded (./lz4-frame.ts, ./zstd-frame.ts), checked before allocating
 * and while decoding, and a frame that breaks its format throws. Two budgets hold them:
 * - each buffer decodes to at most ARROW_BUFFER_DECODE_BUDGET bytes;
 * - all the buffers decoded in one synchronous run (one `tableFromIPC`, one batch of a
 *   streaming reader: apache-arrow decodes a batch's buffers in one loop) add up to at
 *   most ARROW_DECODE_RUN_BUDGET, so eight valid columns of 255 MiB each, 64 KB of
 *   Zstandard RLE blocks, cannot make 2 GiB.
 * Neither is the uncompressed length each buffer is prefixed with: apache-arrow 21's JS
 * writer puts the compressed length there (ipc/writer.mjs, `_compressBodyBuffers`), and
 * the reference server writes its LZ4 answers with it, so that prefix cannot hold the
 * output; and its reader takes whatever length `decode` returns, so a sum of the prefixes
 * does not bound what a message decodes to either.
 */
import { CompressionType, type Codec } from 'apache-arrow'
import { compress as lz4Compress } from 'lz4js'
import { ARROW_BUFFER_DECODE_BUDGET, ARROW_DECODE_RUN_BUDGET } from './decompression-budgets'
import { decodeLz4Frames } from './lz4-frame'
import { decodeZstdFrames } from './zstd-frame'

/**
 * Codecs whose decoders produce at most `perBuffer` bytes a buffer and `perRun` bytes in
 * all until the current synchronous run ends (a microtask resets the count).
 */
export function boundedArrowCodecs(perBuffer: number, perRun: number): ReadonlyMap<CompressionType, Codec> {
  let spent = 0
  let resetQueued = false
  const bounded = (decode: (data: Uint8Array, budget: number) => Uint8Array) => (data: Uint8Array) => {
    if (!resetQueued) {
      resetQueued = true
      queueMicrotask(() => {
        spent = 0
        resetQueued = false
      })
    }
    const left = perRun - spent
    let bytes: Uint8Array
    try {
      bytes = decode(data, Math.min(perBuffer, left))
    } catch (error) {
      // Say when the run's budget, not the buffer's, was the one that ran out.
      if (left >= perBuffer || !(error instanceof Error)) throw error
      throw new Error(`${error.message} Arrow data may decode to ${perRun} bytes in all, and the buffers before this one took ${spent}.`)
    }
    spent += bytes.length
    return aligned(bytes)
  }
  return new Map<CompressionType, Codec>([
    [CompressionType.LZ4_FRAME, { decode: bounded(decodeLz4Frames), encode: (data) => lz4Compress(data) }],
    [CompressionType.ZSTD, { decode: bounded(decodeZstdFrames) }]
  ])
}

/** Decoders for each Arrow IPC compression type (and an LZ4 encoder, for servers that compress answers). */
export const ARROW_CODECS = boundedArrowCodecs(ARROW_BUFFER_DECODE_BUDGET, ARROW_DECODE_RUN_BUDGET)

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
