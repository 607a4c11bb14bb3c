/**
 * File-system calls on a folder the user typed, bounded so that none can hang a request:
 * each call has a time limit, folders are created one level at a time (Node's recursive
 * mkdir retries forever, burning a core, where the kernel answers ENOENT for a parent
 * that exists, as in /proc), and kernel pseudo file systems (/proc, /sys, ...), which
 * look like folders but can never hold a catalog, are recognised and refused.
 */
import type { Stats } from 'node:fs'
import { mkdir, stat, statfs } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'

/** How long one file-system call on a user's folder may take. */
export const FS_TIME_LIMIT_MS = 10_000

/** A file-system call that did not answer within its time limit. */
export class FsTimeoutError extends Error {
  readonly code = 'ETIMEDOUT'

  constructor(what: string, ms: number) {
    super(`The file system did not answer within ${Math.round(ms / 1000)} s while trying to ${what}. Is the folder on a disconnected network drive?`)
    this.name = 'FsTimeoutError'
  }
}

/**
 * `work`, or an `FsTimeoutError` after `ms`. The call itself cannot be cancelled and may
 * finish later in the background; the caller gets an answer either way.
 */
export async function bounded<T>(work: Promise<T>, what: string, ms: number = FS_TIME_LIMIT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new FsTimeoutError(what, ms)), ms)
  })
  try {
    return await Promise.race([work, timeout])
  } finally {
    clearTimeout(timer)
  }
}

// Linux `statfs` magic numbers of file systems the kernel makes up (linux/magic.h).
const PSEUDO_FILE_SYSTEMS: ReadonlyMap<number, string> = new Map([
  [0x9fa0, 'proc'],
  [0x62656572, 'sysfs'],
  [0x1cd1, 'devpts'],
  [0x64626720, 'debugfs'],
  [0x74726163, 'tracefs'],
  [0x73636673, 'securityfs'],
  [0x27e0eb, 'cgroup'],
  [0x63677270, 'cgroup2'],
  [0x6165676c, 'pstore'],
  [0xcafe4a11, 'bpf'],
  [0x62656570, 'configfs'],
  [0xde5e81e4, 'efivarfs'],
  [0xf97cff8c, 'selinuxfs'],
  [0x19800202, 'mqueue'],
  [0x42494e4d, 'binfmt_misc'],
  [0x65735543, 'fusectl'],
  [0x6e736673, 'nsfs']
])

/** The nearest entry at or above `path` that exists (a folder, or a file in the way), its stats, and the levels missing below it. */
export async function nearestExisting(path: string): Promise<{ path: string; info: Stats; missing: string[] }> {
  const missing: string[] = []
  let current = resolve(path)
  for (;;) {
    const info = await bounded(stat(current), `look up ${current}`).catch((error: unknown) => {
      // ENOTDIR: a part of the path is a file; keep walking up to it.
      const code = errnoCode(error)
      if (code === 'ENOENT' || code === 'ENOTDIR') return null
      throw error
    })
    if (info) return { path: current, info, missing }
    const parent = dirname(current)
    if (parent === current) throw Object.assign(new Error(`Nothing exists at or above ${path}.`), { code: 'ENOENT' })
    missing.unshift(current)
    current = parent
  }
}

/**
 * Why `path` (or, when it does not exist yet, the folder it would be created in) cannot
 * hold a catalog because it is on a kernel pseudo file system; null when it can. Only
 * Linux reports these; elsewhere the answer is always null.
 */
export async function pseudoFileSystemProblem(path: string): Promise<string | null> {
  if (process.platform !== 'linux') return null
  const existing = await nearestExisting(path)
  const { type } = await bounded(statfs(existing.path), `check the file system of ${existing.path}`)
  const name = PSEUDO_FILE_SYSTEMS.get(type)
  if (name === undefined) return null
  return `${existing.path} is on "${name}", a file system the kernel makes up (like /proc and /sys): a catalog cannot be stored there. Choose a folder on a disk.`
}

/**
 * Creates `path` and any missing parents, one level at a time, each within the time
 * limit. Throws with a clear message where a level cannot be created.
 */
export async function makeFolders(path: string): Promise<void> {
  const { path: existing, info, missing } = await nearestExisting(path)
  if (!info.isDirectory()) throw Object.assign(new Error(`${existing} is a file, not a folder.`), { code: 'ENOTDIR' })
  const problem = await pseudoFileSystemProblem(existing)
  if (problem) throw Object.assign(new Error(problem), { code: 'EPSEUDOFS' })
  for (const folder of missing) {
    await bounded(mkdir(folder), `create ${folder}`).catch(async (error: unknown) => {
      const code = errnoCode(error)
      // Someone else made it meanwhile: fine, as long as it is a folder.
      if (code === 'EEXIST' && (await bounded(stat(folder), `look up ${folder}`)).isDirectory()) return
      // ENOENT although the parent exists: the file system does not let folders be made here.
      if (code === 'ENOENT') throw Object.assign(new Error(`The file system does not allow creating ${folder}.`), { code })
      throw error
    })
  }
}

/** The `code` of a Node file-system error, if any. */
export function errnoCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : undefined
}
