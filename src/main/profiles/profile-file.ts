/**
 * The layout of `profiles.json` and how it is read: `{ version: 1, profiles, lastUsedId }`,
 * checked with zod entry by entry so one bad entry does not cost the others.
 *
 * A file that cannot be fully read (not JSON, wrong layout, bad entries, or written by a
 * newer version) is preserved before anything may replace it:
 * 1. its bytes are copied to `profiles.json.corrupt-<timestamp>` (an identical earlier
 *    copy is reused, so restarts do not pile up copies) and reading goes on with the
 *    entries that were valid;
 * 2. the original stays in place until the next save, so a restart before any change
 *    reports the problem again instead of quietly starting empty;
 * 3. if no copy could be kept (not even by renaming the file aside), `blocked` says why
 *    and the store refuses every save, so the only copy is never replaced.
 */
import { z } from 'zod'
import type { Profile, StorageProblem } from '../../shared/profile-types'
import { keepCorruptCopy, readJsonFile, removeStaleTempFiles } from '../files/atomic-write'

/** The profile file's name in the data dir. */
export const PROFILES_FILE = 'profiles.json'
/** The layout version this app writes and reads. */
export const PROFILES_FORMAT_VERSION = 1

const profileSchema = z.object({
  id: z.string().min(1),
  name: z.string().trim().min(1, 'the name is empty'),
  connectType: z.enum(['dir', 'rest']),
  preset: z.enum(['enterprise', 'bearer']).optional(),
  properties: z.record(z.string(), z.string()),
  secretHeaders: z.array(z.string()).default([])
})
const fileSchema = z.object({
  version: z.literal(PROFILES_FORMAT_VERSION),
  profiles: z.array(z.unknown()),
  lastUsedId: z.string().nullable().optional()
})

/** What the file holds. */
export interface ProfilesContent {
  readonly profiles: Profile[]
  readonly lastUsedId: string | null
}

/** What reading found: the usable content, what was wrong, and whether saving must be refused. */
export interface ProfilesRead {
  readonly content: ProfilesContent
  readonly problem?: StorageProblem
  /** Set when the unreadable file could not be preserved: the reason saves are refused. */
  readonly blocked?: string
}

/** The file's text for some content. */
export function serializeProfiles(content: ProfilesContent): string {
  const { profiles, lastUsedId } = content
  return JSON.stringify({ version: PROFILES_FORMAT_VERSION, profiles, lastUsedId }, null, 2) + '\n'
}

/** Reads `path`, cleaning stale temp files and preserving a file it cannot fully read. */
export async function readProfilesFile(path: string): Promise<ProfilesRead> {
  await removeStaleTempFiles(path)
  const read = await readJsonFile(path)
  const empty: ProfilesContent = { profiles: [], lastUsedId: null }
  if (read.status === 'missing') return { content: empty }
  if (read.status === 'unreadable') return preserve(path, empty, read.message, [])

  const version = (read.value as { version?: unknown } | null)?.version
  if (typeof version === 'number' && version > PROFILES_FORMAT_VERSION) {
    const reason = `it was written by a newer version of the app (format ${version}); this version reads format ${PROFILES_FORMAT_VERSION}`
    return preserve(path, empty, reason, [])
  }
  const file = fileSchema.safeParse(read.value)
  if (!file.success) return preserve(path, empty, 'it does not have the expected layout', [])

  const issues: string[] = []
  const profiles = parseEntries(file.data.profiles, issues)
  const last = file.data.lastUsedId ?? null
  const content = { profiles, lastUsedId: profiles.some((p) => p.id === last) ? last : null }
  if (issues.length === 0) return { content }
  return preserve(path, content, `${issues.length} of ${file.data.profiles.length} profiles are invalid and were skipped`, issues)
}

async function preserve(path: string, content: ProfilesContent, reason: string, issues: string[]): Promise<ProfilesRead> {
  let keptCopy: string | null = null
  let blocked: string | undefined
  try {
    keptCopy = await keepCorruptCopy(path)
  } catch (error) {
    blocked =
      `${path} is unreadable and could not be copied or moved aside (${(error as Error).message}), ` +
      'so profiles cannot be saved. Move it away, then restart.'
  }
  const where = keptCopy ? `A copy was kept at ${keptCopy}.` : 'It could not be copied, so it will not be changed.'
  const count = content.profiles.length
  const loaded = count === 1 ? '1 profile was loaded' : `${count} profiles were loaded`
  const message = `Saved profiles could not be fully read: ${reason}. ${where} ${loaded}.`
  const problem: StorageProblem = { file: path, message, keptCopy, issues: issues.length > 0 ? issues : [reason] }
  return blocked ? { content, problem, blocked } : { content, problem }
}

function parseEntries(entries: readonly unknown[], issues: string[]): Profile[] {
  const profiles: Profile[] = []
  const ids = new Set<string>()
  entries.forEach((entry, i) => {
    const name = typeof entry === 'object' && entry !== null && 'name' in entry ? entry.name : undefined
    const label = `Profile ${i + 1}${typeof name === 'string' ? ` ("${name}")` : ''}`
    const parsed = profileSchema.safeParse(entry)
    if (!parsed.success) {
      const what = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'entry'}: ${issue.message}`)
      issues.push(`${label}: ${what.join('; ')}`)
    } else if (ids.has(parsed.data.id)) issues.push(`${label}: its id repeats an earlier profile's`)
    else {
      ids.add(parsed.data.id)
      const { preset, ...rest } = parsed.data
      profiles.push(preset && rest.connectType === 'rest' ? { ...rest, preset } : rest)
    }
  })
  return profiles
}
