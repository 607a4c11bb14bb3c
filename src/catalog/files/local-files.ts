/**
 * A table's files in a folder on this computer, read by byte ranges (../table-files.ts).
 * Every file-system call has a time limit (../dir/bounded-fs.ts): a folder on a network
 * drive that stops answering gives an error, not a read that never ends.
 */
import { open, type FileHandle } from 'node:fs/promises'
import { join } from 'node:path'
import { bounded } from '../dir/bounded-fs'
import type { FileReadOptions, RangeFile, TableFiles } from '../table-files'

/** The files under the folder `location`. */
export function folderTableFiles(location: string): TableFiles {
  return {
    location,
    open: async (path, options) => {
      options?.signal?.throwIfAborted()
      const file = join(location, ...path.split('/'))
      try {
        return await LocalFile.open(file)
      } catch (error) {
        if ((error as { code?: unknown }).code === 'ENOENT') return null
        throw error
      }
    }
  }
}

/** A local file, open for reading. */
class LocalFile implements RangeFile {
  private constructor(
    private readonly handle: FileHandle,
    readonly size: number,
    readonly name: string
  ) {}

  static async open(path: string): Promise<LocalFile> {
    const handle = await bounded(open(path, 'r'), `open ${path}`)
    try {
      const { size } = await bounded(handle.stat(), `read the size of ${path}`)
      return new LocalFile(handle, size, path.split(/[\\/]/).slice(-2).join('/'))
    } catch (error) {
      await handle.close()
      throw error
    }
  }

  async read(offset: number, length: number, options?: FileReadOptions): Promise<Uint8Array> {
    options?.signal?.throwIfAborted()
    if (!Number.isSafeInteger(offset) || !Number.isSafeInteger(length) || offset < 0 || length < 0 || offset + length > this.size)
      throw new RangeError(`Bytes ${offset}–${offset + length} are not within ${this.name} (${this.size} bytes).`)
    const bytes = new Uint8Array(length)
    let filled = 0
    // A read may answer fewer bytes than asked before the end; ask again for the rest.
    while (filled < length) {
      const { bytesRead } = await bounded(this.handle.read(bytes, filled, length - filled, offset + filled), `read ${this.name}`)
      if (bytesRead === 0) throw new Error(`${this.name} ended early (it is shorter than when it was opened).`)
      filled += bytesRead
    }
    return bytes
  }

  close(): Promise<void> {
    return this.handle.close()
  }
}
