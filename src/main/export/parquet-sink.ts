/**
 * hyparquet-writer's `Writer` over a byte sink: bytes gather in a ByteWriter and go to the
 * sink at each flush (the ParquetWriter flushes after every row group and waits for it).
 */
import { ByteWriter, type Writer } from 'hyparquet-writer'
import type { ByteSink } from './file-sink'

/** A Writer whose flushes hand the bytes written so far to `sink`. */
export interface SinkWriter extends Writer {
  /** Resolves once every byte written so far is in the sink. */
  flushed(): Promise<void>
}

/** Wraps `sink` as a hyparquet-writer Writer. */
export function sinkWriter(sink: ByteSink): SinkWriter {
  const bytes = new ByteWriter()
  let pending: Promise<void> = Promise.resolve()
  const flush = (): Promise<void> => {
    if (bytes.index > 0) {
      // A copy: the ByteWriter's buffer is reused from its start after this.
      const chunk = new Uint8Array(bytes.buffer, 0, bytes.index).slice()
      bytes.index = 0
      pending = pending.then(() => sink.write(chunk))
    }
    return pending
  }
  const writer = bytes as unknown as SinkWriter
  // ByteWriter counts `offset` (all bytes ever written) apart from `index` (bytes in the buffer), so positions stay right across flushes.
  writer.flush = flush
  writer.finish = () => void flush()
  writer.flushed = flush
  return writer
}
