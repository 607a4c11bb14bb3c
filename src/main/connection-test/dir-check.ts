/**
 * The test of a directory catalog: the root exists, is a folder on a real file system (not
 * /proc or /sys), can be read and written (a temp file is created and deleted), and holds
 * a Lance catalog or nothing yet. Each check stops the test when it fails, since the later
 * ones would only repeat the cause. Every file-system call is bounded in time, and the
 * listing in entries, so a hung network drive or a huge folder still gets an answer.
 */
import { randomBytes } from 'node:crypto'
import type { Dirent } from 'node:fs'
import { open, opendir, stat, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import type { ConnectionTestStep } from '../../shared/connection-test'
import { rootProblem } from '../../shared/profile-validation'
import { bounded, errnoCode, pseudoFileSystemProblem } from '../../catalog/dir/bounded-fs'

/** The marker of a V2 (manifest) Lance catalog. */
const MANIFEST = '__manifest'
/** Temp files of the write check start with this, so a leftover one is recognisable. */
export const WRITE_PROBE_PREFIX = '.lcb-write-test-'
/** The most entries the test reads from the root; enough to tell what the folder holds. */
export const MAX_LISTED_ENTRIES = 10_000

/** Runs the directory checks on `root`. */
export async function testDirectory(root: string): Promise<ConnectionTestStep[]> {
  const problem = rootProblem(root)
  if (problem) return [{ title: 'Root is an absolute path', latencyMs: 0, verdict: 'failed', message: problem }]

  const steps: ConnectionTestStep[] = []
  const exists = await timed(() => bounded(stat(root), 'look up the folder'))
  if (!exists.ok) {
    // A missing root under /proc cannot be created either: say so rather than "create it".
    const pseudo = errnoCode(exists.error) === 'ENOENT' ? await pseudoFileSystemProblem(root).catch(() => null) : null
    steps.push(
      pseudo
        ? { title: 'Root exists', latencyMs: exists.ms, verdict: 'failed', message: pseudo }
        : failureStep('Root exists', exists.ms, exists.error, 'look up the folder')
    )
    return steps
  }
  steps.push({ title: 'Root exists', latencyMs: exists.ms, verdict: 'ok', message: `Found ${root}.` })

  if (!exists.value.isDirectory()) {
    steps.push({
      title: 'Root is a folder',
      latencyMs: 0,
      verdict: 'failed',
      message: 'It is a file, not a folder: choose the folder that holds the catalog.'
    })
    return steps
  }
  const pseudo = await timed(() => pseudoFileSystemProblem(root))
  if (!pseudo.ok || pseudo.value !== null) {
    steps.push(
      pseudo.ok
        ? { title: 'Root is a folder', latencyMs: pseudo.ms, verdict: 'failed', message: pseudo.value ?? '' }
        : failureStep('Root is a folder', pseudo.ms, pseudo.error, 'check the file system')
    )
    return steps
  }
  steps.push({ title: 'Root is a folder', latencyMs: pseudo.ms, verdict: 'ok', message: 'It is a folder.' })

  const listed = await timed(() => bounded(listEntries(root, MAX_LISTED_ENTRIES), 'list the folder'))
  if (!listed.ok) {
    steps.push(failureStep('Root is readable', listed.ms, listed.error, 'list the folder'))
    return steps
  }
  const { entries, complete } = listed.value
  const count = `${complete ? '' : 'the first '}${plural(entries.length, 'entry', 'entries')}`
  steps.push({ title: 'Root is readable', latencyMs: listed.ms, verdict: 'ok', message: `Listed ${count}.` })

  const written = await timed(() => bounded(writeProbe(root), 'create a file in the folder'))
  steps.push(
    written.ok
      ? { title: 'Root is writable', latencyMs: written.ms, verdict: 'ok', message: 'A temporary file was created and deleted.' }
      : failureStep('Root is writable', written.ms, written.error, 'create a file in the folder')
  )

  steps.push(catalogStep(entries))
  return steps
}

/** Up to `max` entries of `folder`, and whether that was all of them. */
async function listEntries(folder: string, max: number): Promise<{ entries: Dirent[]; complete: boolean }> {
  const dir = await opendir(folder, { bufferSize: 256 })
  const entries: Dirent[] = []
  try {
    for (let entry = await dir.read(); entry !== null; entry = await dir.read()) {
      if (entries.length === max) return { entries, complete: false }
      entries.push(entry)
    }
    return { entries, complete: true }
  } finally {
    await dir.close()
  }
}

function catalogStep(entries: readonly Dirent[]): ConnectionTestStep {
  const title = 'Looks like a catalog'
  const relevant = entries.filter((entry) => !entry.name.startsWith(WRITE_PROBE_PREFIX))
  const hasManifest = relevant.some((entry) => entry.name === MANIFEST && entry.isDirectory())
  const tables = relevant.filter((entry) => entry.isDirectory() && entry.name.endsWith('.lance')).length
  if (hasManifest) {
    const also = tables > 0 ? ` and ${plural(tables, 'table folder', 'table folders')}` : ''
    return { title, latencyMs: 0, verdict: 'ok', message: `A Lance catalog with a manifest (${MANIFEST})${also}.` }
  }
  if (tables > 0) return { title, latencyMs: 0, verdict: 'ok', message: `A Lance catalog with ${plural(tables, 'table folder', 'table folders')} (*.lance).` }
  if (relevant.length === 0) return { title, latencyMs: 0, verdict: 'ok', message: 'The folder is empty: tables you create will be stored here.' }
  return {
    title,
    latencyMs: 0,
    verdict: 'warning',
    message: `The folder holds ${plural(relevant.length, 'entry', 'entries')} but no Lance tables (*.lance) or ${MANIFEST}: check that this is the catalog folder.`
  }
}

async function writeProbe(root: string): Promise<void> {
  const path = join(root, WRITE_PROBE_PREFIX + randomBytes(6).toString('hex'))
  const handle = await open(path, 'wx')
  try {
    await handle.writeFile('write test\n')
  } finally {
    await handle.close()
  }
  await unlink(path)
}

function failureStep(title: string, ms: number, error: unknown, action: string): ConnectionTestStep {
  const code = errnoCode(error)
  switch (code) {
    case 'ETIMEDOUT':
      return { title, latencyMs: ms, verdict: 'failed', message: (error as Error).message }
    case 'ENOENT':
    case 'ENOTDIR':
      return { title, latencyMs: ms, verdict: 'not_found', message: 'The folder does not exist. Create it from the profile editor, or check the path.' }
    case 'EACCES':
    case 'EPERM':
      return { title, latencyMs: ms, verdict: 'forbidden', message: `You are not allowed to ${action} (${code}). Check the folder's permissions.` }
    case 'EROFS':
      return { title, latencyMs: ms, verdict: 'forbidden', message: 'The folder is on a read-only file system: browsing works, but creating tables will not.' }
    default:
      return { title, latencyMs: ms, verdict: 'failed', message: `Could not ${action}: ${(error as Error).message}` }
  }
}

type Timed<T> = { ok: true; value: T; ms: number } | { ok: false; error: unknown; ms: number }

async function timed<T>(work: () => Promise<T>): Promise<Timed<T>> {
  const started = performance.now()
  try {
    const value = await work()
    return { ok: true, value, ms: elapsed(started) }
  } catch (error) {
    return { ok: false, error, ms: elapsed(started) }
  }
}

/** Whole milliseconds since `started` (a `performance.now()` reading). */
export function elapsed(started: number): number {
  return Math.round(performance.now() - started)
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`
}
