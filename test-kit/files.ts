/**
 * File helpers for specs that check what the app leaves on disk.
 */
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'

/** Every file under `dir` (recursively) whose bytes contain `text`, as paths relative to `dir`. */
export async function filesContaining(dir: string, text: string): Promise<string[]> {
  const needle = Buffer.from(text, 'utf8')
  const found: string[] = []
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    const path = join(entry.parentPath, entry.name)
    if ((await readIfThere(path))?.includes(needle)) found.push(path.slice(dir.length + 1))
  }
  return found
}

/**
 * A file's bytes, or null if it went away since it was listed: the running app writes its
 * state atomically through a temporary file that is renamed over the real one, and the
 * renamed-to file is searched in its own turn.
 */
async function readIfThere(path: string): Promise<Buffer | null> {
  try {
    return await readFile(path)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw error
  }
}

/** How many files there are under `dir` (so a search over them is known not to be vacuous). */
export async function countFiles(dir: string): Promise<number> {
  return (await readdir(dir, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile()).length
}
