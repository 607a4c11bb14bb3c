/**
 * A file written in order, chunk by chunk, waiting when the disk falls behind so an export
 * holds about one batch in memory whatever its size.
 *
 * The bytes go to a new temporary file beside the target, which takes the target's name
 * only once complete: an export that fails or is cancelled leaves a file already at the
 * target as it was, and a symbolic link there is replaced, never written through.
 */
import { createWriteStream, type WriteStream } from 'node:fs'
import { chmod, lstat, rm } from 'node:fs/promises'
import { once } from 'node:events'
import { renameWithRetry, tempPathFor } from '../files/atomic-write'

/** Where a writer puts its bytes. */
export interface ByteSink {
  /** Appends bytes; resolves when the sink can take more. */
  write(chunk: Uint8Array | string): Promise<void>
  /** Flushes and closes; the file is complete afterwards. */
  close(): Promise<void>
  /** Stops writing and removes what was written. */
  discard(): Promise<void>
}

/** A sink writing a new file at `path` (replacing one that exists, as a save dialog asked, once complete). */
export async function openFileSink(path: string): Promise<ByteSink> {
  const temp = tempPathFor(path)
  // 'wx': the temporary name is new; an existing file or link there is an error, never opened.
  const stream = createWriteStream(temp, { flags: 'wx' })
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
      // A file replaced keeps its permissions (a link is replaced by a plain file).
      const existing = await lstat(path).catch(() => null)
      if (existing?.isFile()) await chmod(temp, existing.mode & 0o7777).catch(() => undefined)
      try {
        await renameWithRetry(temp, path)
      } catch (error) {
        await rm(temp, { force: true })
        throw error
      }
    },
    async discard() {
      if (!stream.closed) {
        const closing = once(stream, 'close').catch(() => undefined)
        stream.destroy()
        await closing
      }
      await rm(temp, { force: true })
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
