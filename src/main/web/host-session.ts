/**
 * Browser mode's port and token, kept in the data dir between runs, so a tab opened from
 * the printed URL keeps working after `npm start` or `npm run web` starts again (as a
 * desktop window would). The file is the user's own (mode 0600), like the profiles and
 * secrets beside it; a missing or unreadable file means a new port and token.
 */
import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { readJsonFile, writeFileAtomic } from '../files/atomic-write'

/** The port and token of a browser-mode run. */
export interface HostSession {
  readonly port: number
  readonly token: string
}

const FILE = 'browser-host.json'
/** Tokens this module writes: 32 base64url characters (24 random bytes). */
const TOKEN = /^[\w-]{32}$/

/** A new random token. */
export function newHostToken(): string {
  return randomBytes(24).toString('base64url')
}

/** The session the last run on `dataDir` saved, or null when there is none or it is not one this module wrote. */
export async function readHostSession(dataDir: string): Promise<HostSession | null> {
  // The file this module writes is under 100 bytes; anything much larger is not one.
  const read = await readJsonFile(join(dataDir, FILE), { maxBytes: 1024 })
  if (read.status !== 'ok' || typeof read.value !== 'object' || read.value === null) return null
  const { port, token } = read.value as Record<string, unknown>
  if (typeof port !== 'number' || !Number.isInteger(port) || port < 1 || port > 65535) return null
  if (typeof token !== 'string' || !TOKEN.test(token)) return null
  return { port, token }
}

/** Saves this run's session for the next one, readable by the user alone. */
export async function saveHostSession(dataDir: string, session: HostSession): Promise<void> {
  await writeFileAtomic(join(dataDir, FILE), `${JSON.stringify(session)}\n`, { mode: 0o600 })
}
