/**
 * Connection profiles: a name, a connect type and connect properties, the same shape
 * LanceDB's SDK takes (`connectNamespace(type, properties)`). Pure TypeScript: the
 * renderer's editor and main's store share these types.
 *
 * Headers live in `properties` as `headers.<Name>` keys, as LanceDB flattens them. A
 * secret header keeps its key in a stored profile (so its place and presence survive)
 * but its value is `''`; the value itself lives in main's secret store only.
 */
import type { z } from 'zod'
import type { ConnectType } from './catalog-types'
import { headerEntries, plainProperties } from './connection-policy'
import type { headerDraft, profileDraft, profilePreset } from './contract/profile-drafts'

export type { ConnectType } from './catalog-types'

/** An editor preset over connect type `rest`, as the contract defines it (`profilePreset`). */
export type ProfilePreset = z.infer<typeof profilePreset>

/** One header row of the editor, as the contract checks it (`headerDraft`). */
export type HeaderDraft = Readonly<z.infer<typeof headerDraft>>

/** What the editor submits to create or update a profile, as the contract checks it (`profileDraft`). */
export type ProfileDraft = Readonly<z.infer<typeof profileDraft>>

/**
 * What kind of catalog a profile opens: a directory, a Lance REST namespace server, or
 * LanceDB Enterprise (REST with its own routes). Bearer is only an auth preset, so a
 * bearer profile is of kind `rest`.
 */
export type ProfileKind = 'dir' | 'rest' | 'enterprise'

/** The Enterprise preset's header names, in the order the form shows them. */
export const ENTERPRISE_HEADERS = {
  apiKey: 'x-api-key',
  database: 'x-service-database',
  databasePrefix: 'x-service-database-prefix'
} as const

/** A stored profile, as main keeps it. Never holds a secret value. */
export interface Profile {
  readonly id: string
  readonly name: string
  readonly connectType: ConnectType
  readonly preset?: ProfilePreset
  /** `root` (dir) or `uri` (rest), `headers.<Name>` keys, any other LanceDB property; secret values are `''`. */
  readonly properties: Readonly<Record<string, string>>
  /** Names of this profile's headers whose values live in the secret store (always-secret ones included). */
  readonly secretHeaders: readonly string[]
}

/** A profile as the renderer sees it: secret values replaced by their mask. */
export interface ProfileView extends Profile {
  readonly kind: ProfileKind
  /** Per secret header name: whether a value is stored (false means "needs a value"). */
  readonly hasSecret: Readonly<Record<string, boolean>>
  /** Per secret header name: why its stored value could not be read, if it could not. */
  readonly secretProblems?: Readonly<Record<string, string>>
}

/** Where secrets are kept and the sentence the UI shows about it. */
export interface SecretStorageInfo {
  readonly kind: 'keychain' | 'memory' | 'file'
  readonly description: string
  /** Set when secrets are in memory because the keychain could not be used this run: why. */
  readonly keychainProblem?: string
}

/** A stored file that could not be (fully) read: what is wrong and where a copy was kept. */
export interface StorageProblem {
  readonly file: string
  readonly message: string
  /** Where the unreadable original was preserved; null if it could not be preserved. */
  readonly keptCopy: string | null
  readonly issues: readonly string[]
}

/** The kind of catalog a profile opens. */
export function profileKind(profile: Pick<Profile, 'connectType' | 'preset'>): ProfileKind {
  if (profile.connectType === 'dir') return 'dir'
  return profile.preset === 'enterprise' ? 'enterprise' : 'rest'
}

/**
 * The draft an editor starts from when editing a profile: secret values are left
 * undefined, which the store reads as "keep the stored value".
 */
export function draftFromView(view: ProfileView | Profile): ProfileDraft {
  const secret = new Set(view.secretHeaders.map((name) => name.toLowerCase()))
  const headers = headerEntries(view.properties).map(([name, value]): HeaderDraft =>
    secret.has(name.toLowerCase()) ? { name, secret: true } : { name, value }
  )
  return {
    name: view.name,
    connectType: view.connectType,
    ...(view.preset ? { preset: view.preset } : {}),
    properties: plainProperties(view.properties),
    headers
  }
}
