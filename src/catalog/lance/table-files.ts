/**
 * What a table on this computer's disk holds in files: the bytes of everything under its
 * directory (every version's data, deletion, index, manifest and transaction files) and
 * the data storage version its data files are written in. LanceDB's SDK reports neither,
 * and lists no files on object stores, so those tables answer null.
 *
 * The data storage version is read from a data file's last 8 bytes, which the Lance file
 * format documents as the file's major and minor version (two little-endian u16) and the
 * magic `LANC`. Lance writes its 2.0 files as 0.3 and its legacy files as 0.1 or 0.2.
 */
import { open, readdir, stat } from 'node:fs/promises'
import { join } from 'node:path'

/** The most directory entries walked before giving up (a table with very many files). */
const MAX_ENTRIES = 2_000_000

/** A local table's stored bytes and data storage version (null without data files). */
export interface LocalTableFiles {
  readonly bytes: number
  readonly dataStorageVersion: string | null
}

/** The files of the table at `location`, or null when it is not a local directory (or has too many files to walk). */
export async function localTableFiles(location: string): Promise<LocalTableFiles | null> {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(location)) return null
  const root = await stat(location).catch(() => null)
  if (!root?.isDirectory()) return null
  const bytes = await directoryBytes(location)
  if (bytes === null) return null
  return { bytes, dataStorageVersion: await dataStorageVersion(join(location, 'data')) }
}

async function directoryBytes(root: string): Promise<number | null> {
  let total = 0
  let seen = 0
  const pending = [root]
  for (let dir = pending.pop(); dir !== undefined; dir = pending.pop()) {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => [])
    seen += entries.length
    if (seen > MAX_ENTRIES) return null
    for (const entry of entries) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) pending.push(path)
      else if (entry.isFile()) total += (await stat(path).catch(() => null))?.size ?? 0
    }
  }
  return total
}

async function dataStorageVersion(dataDir: string): Promise<string | null> {
  const names = await readdir(dataDir).catch(() => [] as string[])
  const name = names.find((n) => n.endsWith('.lance'))
  if (!name) return null
  const file = await open(join(dataDir, name), 'r')
  try {
    const { size } = await file.stat()
    if (size < 8) return null
    const tail = Buffer.alloc(8)
    await file.read(tail, 0, 8, size - 8)
    if (tail.toString('latin1', 4, 8) !== 'LANC') return null
    return versionName(tail.readUInt16LE(0), tail.readUInt16LE(2))
  } finally {
    await file.close()
  }
}

/** The name LanceDB gives a file version (its `new_table_data_storage_version` values). */
function versionName(major: number, minor: number): string {
  if (major === 0 && minor < 3) return 'legacy'
  if (major === 0 && minor === 3) return '2.0'
  return `${major}.${minor}`
}
