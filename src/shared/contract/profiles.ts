/**
 * Channels for connection profiles: the saved list, editing, opening a profile as a
 * connection, testing a connection, import/export and copy-as-code. Secrets never come
 * back: the renderer sees masked values only.
 */
import { z } from 'zod'
import type { ConnectionSummary } from '../catalog-types'
import type { ProfileView, SecretStorageInfo, StorageProblem } from '../profile-types'
import type { ConnectionTestReport } from '../connection-test'
import { response } from './common'
import { profileDraft } from './profile-drafts'

const profileId = z.string().min(1, 'A profile id is required.').max(200, 'A profile id has at most 200 characters.')

/** Everything the profiles panel shows. */
export interface ProfilesState {
  readonly profiles: readonly ProfileView[]
  readonly lastUsedId: string | null
  readonly secretStorage: SecretStorageInfo
  /** Set when the profiles file could not be fully read (it was kept, never overwritten). */
  readonly problem: StorageProblem | null
  /** Set when the stored secrets could not be read (the file was kept, never overwritten). */
  readonly secretProblem: StorageProblem | null
  /** The connection of the last used profile, if it is open in this run (selected at start). */
  readonly lastUsedConnectionId: string | null
  /** Profile id -> connection id, for the profiles open as connections in this run. */
  readonly openConnections: Readonly<Record<string, string>>
}

/** A dir profile's root as the editor sees it; `missing` lets it offer to create the folder. */
export interface RootStatus {
  readonly state: 'folder' | 'missing' | 'file' | 'invalid' | 'unreadable'
  readonly message: string
}

/** Result of importing an export file. */
export interface ImportOutcome {
  readonly created: readonly ProfileView[]
  readonly problems: readonly string[]
}

/** Profile channels. */
export const profilesContract = {
  'profiles:list': { request: z.object({}).strict(), response: response<ProfilesState>() },
  'profiles:create': { request: z.object({ draft: profileDraft }).strict(), response: response<ProfileView>() },
  'profiles:update': { request: z.object({ id: profileId, draft: profileDraft }).strict(), response: response<ProfileView>() },
  'profiles:duplicate': { request: z.object({ id: profileId }).strict(), response: response<ProfileView>() },
  'profiles:delete': { request: z.object({ id: profileId }).strict(), response: response<null>() },
  'profiles:reorder': { request: z.object({ ids: z.array(profileId).max(10_000) }).strict(), response: response<null>() },
  /** Opens a saved profile as a connection of this run and remembers it as last used. */
  'profiles:open': { request: z.object({ id: profileId }).strict(), response: response<ConnectionSummary>() },
  /** Tests a saved profile (`id`) or an unsaved draft (`draft`, with `id` to reuse its stored secrets). */
  'profiles:test': {
    request: z.object({ id: profileId.optional(), draft: profileDraft.optional() }).strict(),
    response: response<ConnectionTestReport>()
  },
  'profiles:export': { request: z.object({}).strict(), response: response<string>() },
  'profiles:import': { request: z.object({ json: z.string().max(5_000_000) }).strict(), response: response<ImportOutcome>() },
  'profiles:snippet': {
    request: z.object({ id: profileId, language: z.enum(['typescript', 'python']) }).strict(),
    response: response<string>()
  },
  /** Whether a dir root exists and is a folder, so the editor can offer to create it. */
  'profiles:checkRoot': { request: z.object({ root: z.string().max(4096) }).strict(), response: response<RootStatus>() },
  'profiles:createRoot': { request: z.object({ root: z.string().max(4096) }).strict(), response: response<RootStatus>() },
  /** Browser mode's opt-in: keep secrets in a file only this user can read (0600) instead of memory. */
  'profiles:useSecretsFile': { request: z.object({}).strict(), response: response<SecretStorageInfo>() }
} as const
