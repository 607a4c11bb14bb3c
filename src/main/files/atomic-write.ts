/**
 * Crash-safe file handling for the small JSON files in the data dir (profiles, secrets).
 *
 * A write goes to a temp file in the same folder, is fsynced, then renamed over the
 * target: rename within one filesystem is atomic, so a reader (or the next start after a
 * crash) sees either the old file or the new one, never a truncated mix. The temp file
 * must sit in the same folder because rename cannot cross filesystems atomically.
 */
import { randomBytes } from 'node:crypto'
import { constants } from 'node:fs'
import { copyFile, mkdir, open, readdir, readFile, rename, stat, unlink } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'

/** Options for {@link writeFileAtomic}. */
export interface AtomicWriteOptions {
  /** File mode for the new file, e.g. `0o600`; set on the temp file before it takes the name. */
  readonly mode?: number
}

const TEMP_MARKER = '.tmp-'

/** The temp file name a write of `path` uses: same folder, `<name>.tmp-<pid>-<random>`. */
export function tempPathFor(path: string): string {
  return `${path}${TEMP_MARKER}${process.pid}-${randomBytes(6).toString('hex')}`
}

/** Writes `data` to `path` so that the file is always either the old or the new content. */
export async function writeFileAtomic(path: string, data: string | Uint8Array, options: AtomicWriteOptions = {}): Promise<void> {
  const folder = dirname(path)
  await mkdir(folder, { recursive: true })
  const temp = tempPathFor(path)
  try {
    const handle = await open(temp, 'wx', options.mode ?? 0o666)
    try {
      await handle.writeFile(data)
      // The mode given to open() is narrowed by the umask; chmod makes it exact.
      if (options.mode !== undefined) await handle.chmod(options.mode)
      await handle.sync()
    } finally {
      await handle.close()
    }
    await renameWithRetry(temp, path)
  } catch (error) {
    await unlink(temp).catch(() => undefined)
    throw error
  }
  await syncFolder(folder)
}

/**
 * Removes temp files a crashed write of `path` left behind and returns their paths. A
 * temp file is never the real data (the rename that would have made it so did not
 * happen). Only names this module makes are touched, and only those of processes that
 * are gone, so a write in progress in another running process is left alone.
 */
export async function removeStaleTempFiles(path: string): Promise<string[]> {
  const folder = dirname(path)
  const prefix = basename(path) + TEMP_MARKER
  const names = await readdir(folder).catch(() => [] as string[])
  const removed: string[] = []
  for (const name of names) {
    const pid = /^(\d+)-[0-9a-f]+$/.exec(name.slice(prefix.length))?.[1]
    if (!name.startsWith(prefix) || pid === undefined || isAlive(Number(pid))) continue
    await unlink(join(folder, name)).then(
      () => removed.push(join(folder, name)),
      () => undefined
    )
  }
  return removed
}

/**
 * Keeps a copy of a file that could not be read, as `<name>.corrupt-<timestamp>` next to
 * it, and returns the copy's path. If an earlier copy holds the same bytes it is reused,
 * so restarting with the same bad file does not pile up copies. If the file cannot even
 * be read, it is renamed aside instead (rename needs no read permission), so that a later
 * save cannot replace the only copy. Throws if neither works.
 */
export async function keepCorruptCopy(path: string, now: Date = new Date()): Promise<string> {
  const target = await freeName(`${path}.corrupt-${now.toISOString().replace(/[:.]/g, '-')}`)
  const bytes = await readFile(path).catch(() => null)
  if (bytes) {
    const earlier = await identicalCopy(path, bytes)
    if (earlier) return earlier
    try {
      // copyFile keeps the source's mode, so a copy of a 0600 secrets file stays 0600.
      await copyFile(path, target, constants.COPYFILE_EXCL)
      return target
    } catch {
      // Fall through to renaming the file aside.
    }
  }
  await rename(path, target)
  return target
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

async function identicalCopy(path: string, bytes: Buffer): Promise<string | null> {
  const folder = dirname(path)
  const prefix = `${basename(path)}.corrupt-`
  for (const name of await readdir(folder).catch(() => [] as string[])) {
    if (!name.startsWith(prefix)) continue
    const candidate = join(folder, name)
    const info = await stat(candidate).catch(() => null)
    if (!info?.isFile() || info.size !== bytes.length) continue
    const other = await readFile(candidate).catch(() => null)
    if (other?.equals(bytes)) return candidate
  }
  return null
}

async function freeName(base: string): Promise<string> {
  for (let n = 0; ; n++) {
    const candidate = n === 0 ? base : `${base}-${n}`
    const taken = await stat(candidate).then(
      () => true,
      () => false
    )
    if (!taken) return candidate
  }
}

/**
 * Renames `from` over `to`. Windows refuses to replace a file another process (an
 * indexer, an antivirus) briefly holds open; those locks clear within milliseconds, so a
 * few short retries suffice.
 */
export async function renameWithRetry(from: string, to: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await rename(from, to)
      return
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      const transient = process.platform === 'win32' && (code === 'EPERM' || code === 'EACCES' || code === 'EBUSY')
      if (!transient || attempt >= 5) throw error
      await new Promise((resolve) => setTimeout(resolve, 20 * (attempt + 1)))
    }
  }
}

// Makes the rename itself durable. Some platforms (Windows) cannot open a folder for
// fsync; the rename is still atomic there, only its durability is up to the OS.
async function syncFolder(folder: string): Promise<void> {
  try {
    const handle = await open(folder, 'r')
    try {
      await handle.sync()
    } finally {
      await handle.close()
    }
  } catch {
    // See above: best effort only.
  }
}

/** What {@link readJsonFile} found: no file, parsed JSON, or why it could not be read. */
export type JsonFileRead =
  { readonly status: 'missing' } | { readonly status: 'ok'; readonly value: unknown } | { readonly status: 'unreadable'; readonly message: string }

/**
 * Reads and parses a JSON file, telling a missing file apart from an unreadable one. With
 * `maxBytes`, a larger file is unreadable before any of it is read.
 */
export async function readJsonFile(path: string, options: { readonly maxBytes?: number } = {}): Promise<JsonFileRead> {
  let text: string
  try {
    const handle = await open(path, 'r')
    try {
      const { size } = await handle.stat()
      if (options.maxBytes !== undefined && size > options.maxBytes) {
        return { status: 'unreadable', message: `it holds ${size} bytes, more than the ${options.maxBytes} it may` }
      }
      text = await handle.readFile('utf8')
    } finally {
      await handle.close()
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT') return { status: 'missing' }
    return { status: 'unreadable', message: `it could not be read (${code ?? (error as Error).message})` }
  }
  try {
    return { status: 'ok', value: JSON.parse(text) as unknown }
  } catch (error) {
    const detail = text.trim() === '' ? 'the file is empty' : (error as Error).message
    return { status: 'unreadable', message: `it is not valid JSON (${detail})` }
  }
}
