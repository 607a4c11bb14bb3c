/**
 * A file written in order, chunk by chunk, waiting when the disk falls behind so an export
 * holds about one batch in memory whatever its size.
 */
import { createWriteStream, type WriteStream } from 'node:fs'
import { rm } from 'node:fs/promises'
import { once } from 'node:events'

/** Where a writer puts its bytes. */
export interface ByteSink {
  /** Appends bytes; resolves when the sink can take more. */
  write(chunk: Uint8Array | string): Promise<void>
  /** Flushes and closes; the file is complete afterwards. */
  close(): Promise<void>
  /** Stops writing and removes what was written. */
  discard(): Promise<void>
}

/** A sink writing a new file at `path` (replacing one that exists, as a save dialog asked). */
export async function openFileSink(path: string): Promise<ByteSink> {
  const stream = createWriteStream(path)
  let failure: Error | null = null
  stream.on('error', (error) => {
    failure = error
  })
  await Promise.race([once(stream, 'open'), once(stream, 'error')])
  if (failure) throw failure
  const check = (): void => {
    if (failure) throw failure
  }
  return {
    async write(chunk) {
      check()
      if (!stream.write(chunk)) await drained(stream)
      check()
    },
    async close() {
      check()
      await new Promise<void>((resolve, reject) => stream.end((error?: Error | null) => (error ? reject(error) : resolve())))
      check()
    },
    async discard() {
      if (!stream.closed) {
        const closing = once(stream, 'close').catch(() => undefined)
        stream.destroy()
        await closing
      }
      await rm(path, { force: true })
    }
  }
}

function drained(stream: WriteStream): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error): void => {
      stream.off('drain', onDrain)
      reject(error)
    }
    const onDrain = (): void => {
      stream.off('error', onError)
      resolve()
    }
    stream.once('drain', onDrain)
    stream.once('error', onError)
  })
}
