/**
 * The saved connection profiles: `profiles.json` in the data dir (layout and recovery
 * rules in ./profile-file), written atomically. Secret header values go to a SecretStore,
 * never to that file, and leave main only as masks; `toConnectionSpec` is the one place
 * they are merged back, for opening a connection. Secrets are bound to the origin they
 * were saved for (see ./secret-binding).
 */
import { randomUUID } from 'node:crypto'
import { chmod, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { CatalogError } from '../../shared/errors'
import { endpointOrigin, HEADER_PROPERTY_PREFIX, headerEntries, isSecretHeader, maskSecret } from '../../shared/connection-policy'
import { profileKind, type Profile, type ProfileDraft, type ProfileView, type SecretStorageInfo, type StorageProblem } from '../../shared/profile-types'
import { validateProfileDraft } from '../../shared/profile-validation'
import { STORAGE_PROPERTY_PREFIX } from '../../shared/storage-options'
import { oauth2SecretEntry, secretProperty } from './oauth2-secret'
import type { ConnectionSpec } from '../connections/connection-spec'
import { secretStorageInfo, type SecretStore } from '../secrets/secret-store'
import { writeFileAtomic } from '../files/atomic-write'
import { PROFILES_FILE, readProfilesFile, serializeProfiles } from './profile-file'
import { bindLegacySecrets, boundSecretName, resolveDraft, SECRETS_CLEARED_MESSAGE, type SecretPlan } from './secret-binding'

export { PROFILES_FILE } from './profile-file'

const PROFILES_FILE_MODE = 0o600

/** The saved connection profiles; every change is on disk when its promise resolves. */
export class ProfileStore {
  readonly #path: string
  readonly #secrets: SecretStore
  #profiles: Profile[] = []
  #lastUsedId: string | null = null
  #blocked: string | null = null
  #queue: Promise<unknown> = Promise.resolve()

  private constructor(path: string, secrets: SecretStore) {
    this.#path = path
    this.#secrets = secrets
  }

  /** Opens the profiles of `dataDir`, reporting (never overwriting) a file it cannot fully read. */
  static async open(dataDir: string, secrets: SecretStore): Promise<{ store: ProfileStore; problem?: StorageProblem }> {
    const store = new ProfileStore(join(dataDir, PROFILES_FILE), secrets)
    const problem = await store.#load()
    return problem ? { store, problem } : { store }
  }

  /** Where secrets are kept, for the UI. */
  secretStorage(): SecretStorageInfo {
    return secretStorageInfo(this.#secrets)
  }

  /** Every profile in the person's order, secrets masked. */
  async list(): Promise<ProfileView[]> {
    return Promise.all(this.#profiles.map((profile) => this.#view(profile)))
  }

  /** One profile, secrets masked. */
  async get(id: string): Promise<ProfileView> {
    return this.#view(this.profile(id))
  }

  /** The stored profile (no secret values), for main-process use such as export. */
  profile(id: string): Profile {
    const profile = this.#profiles.find((p) => p.id === id)
    if (profile) return profile
    throw new CatalogError('connection_not_found', 'That profile no longer exists. Pick one from the list.', { profileId: id })
  }

  /** Every stored profile (no secret values), in order. */
  profiles(): readonly Profile[] {
    return this.#profiles
  }

  /** The profile to reopen at start, if it still exists. */
  get lastUsedId(): string | null {
    return this.#lastUsedId
  }

  /** Validates and saves a new profile at the end of the list. */
  async create(draft: ProfileDraft): Promise<ProfileView> {
    return this.#serial(async () => {
      this.#validate(draft, null)
      const id = randomUUID()
      const { profile, plan } = await resolveDraft(this.#secrets, id, draft, undefined)
      await this.#commit([...this.#profiles, profile], this.#lastUsedId, id, plan)
      return this.#view(profile)
    })
  }

  /** Validates and saves changes; secrets left undefined or as their mask keep their stored value. */
  async update(id: string, draft: ProfileDraft): Promise<ProfileView> {
    return this.#serial(async () => {
      const previous = this.profile(id)
      this.#validate(draft, id)
      const { profile, plan, cleared } = await resolveDraft(this.#secrets, id, draft, previous)
      await this.#commit(
        this.#profiles.map((p) => (p.id === id ? profile : p)),
        this.#lastUsedId,
        id,
        plan
      )
      const view = await this.#view(profile)
      if (cleared.length === 0) return view
      const secretProblems = { ...view.secretProblems, ...Object.fromEntries(cleared.map((h) => [h, SECRETS_CLEARED_MESSAGE])) }
      return { ...view, secretProblems }
    })
  }

  /** Copies a profile, secrets included, right after the original, named "<name> (copy)". */
  async duplicate(id: string): Promise<ProfileView> {
    return this.#serial(async () => {
      const source = this.profile(id)
      const copy: Profile = { ...source, id: randomUUID(), name: this.#copyName(source.name) }
      const writes: Array<[string, string]> = []
      for (const header of source.secretHeaders) {
        const name = boundSecretName(endpointOrigin(source), header)
        const value = name === null ? undefined : await this.#secrets.get(source.id, name)
        if (name !== null && value !== undefined) writes.push([name, value])
      }
      const at = this.#profiles.indexOf(source) + 1
      const next = [...this.#profiles.slice(0, at), copy, ...this.#profiles.slice(at)]
      await this.#commit(next, this.#lastUsedId, copy.id, { writes, deletes: [] })
      return this.#view(copy)
    })
  }

  /**
   * Deletes a profile and its secrets. Secrets go first: if the file write then fails, the
   * profile stays listed without its secrets, which is visible and safe; the reverse
   * order could leave secrets of a profile that no longer exists.
   */
  async remove(id: string): Promise<void> {
    return this.#serial(async () => {
      this.profile(id)
      this.#assertWritable()
      await this.#secrets.delete(id)
      await this.#save(
        this.#profiles.filter((p) => p.id !== id),
        this.#lastUsedId === id ? null : this.#lastUsedId
      )
    })
  }

  /** Puts the profiles in the given order; `ids` must name every profile exactly once. */
  async reorder(ids: readonly string[]): Promise<void> {
    return this.#serial(async () => {
      const byId = new Map(this.#profiles.map((p) => [p.id, p]))
      const next = ids.flatMap((id) => (byId.delete(id) ? [this.profile(id)] : []))
      if (byId.size > 0 || next.length !== ids.length) {
        throw new CatalogError('invalid_request', 'The new order must list every profile exactly once.', { ids: [...ids] })
      }
      await this.#save(next, this.#lastUsedId)
    })
  }

  /** Remembers the profile to reopen at the next start (null forgets it). */
  async setLastUsed(id: string | null): Promise<void> {
    return this.#serial(async () => {
      if (id !== null) this.profile(id)
      await this.#save(this.#profiles, id)
    })
  }

  /**
   * A secret header's stored value, only if `origin` is the origin it was saved for (the
   * profile's own); undefined otherwise. Main only.
   */
  async storedSecret(id: string, header: string, origin: string | null): Promise<string | undefined> {
    const profile = this.profile(id)
    const own = endpointOrigin(profile)
    if (own === null || own !== origin || !isSecretHeader(header, profile.secretHeaders)) return undefined
    return this.#readSecret(profile, header)
  }

  /** The secret store names of every profile's secrets, e.g. to move them to another store. */
  secretEntries(): Array<readonly [profileId: string, name: string]> {
    return this.#profiles.flatMap((p) =>
      p.secretHeaders.flatMap((header) => {
        const name = boundSecretName(endpointOrigin(p), header)
        return name === null ? [] : [[p.id, name] as const]
      })
    )
  }

  /**
   * A profile's connection spec: connect type and full properties, secrets included (main
   * only), its secret header names (masked in errors), Enterprise routes if its preset says so.
   */
  async toConnectionSpec(id: string): Promise<ConnectionSpec> {
    const profile = this.profile(id)
    const properties: Record<string, string> = { ...profile.properties }
    for (const header of profile.secretHeaders) {
      const value = await this.#readSecret(profile, header)
      if (value === undefined) {
        const why = this.#secrets.kind === 'memory' ? 'Secrets are kept only while the app runs, so enter it again.' : 'Edit the profile and enter it.'
        throw new CatalogError('unauthenticated', `Profile "${profile.name}" has no value for ${header}. ${why}`, { header })
      }
      properties[secretProperty(profile.connectType, header, HEADER_PROPERTY_PREFIX)] = value
    }
    const routes = profileKind(profile) === 'enterprise' ? { routes: 'enterprise' as const } : {}
    return { name: profile.name, type: profile.connectType, properties, secretHeaders: profile.secretHeaders, ...routes }
  }

  // Reads a secret under the profile's current origin, so a moved URI finds nothing.
  async #readSecret(profile: Profile, header: string): Promise<string | undefined> {
    const name = boundSecretName(endpointOrigin(profile), header)
    return name === null ? undefined : this.#secrets.get(profile.id, name)
  }

  async #view(profile: Profile): Promise<ProfileView> {
    const properties: Record<string, string> = { ...profile.properties }
    const hasSecret: Record<string, boolean> = {}
    const secretProblems: Record<string, string> = {}
    for (const header of profile.secretHeaders) {
      try {
        const value = await this.#readSecret(profile, header)
        hasSecret[header] = value !== undefined
        properties[secretProperty(profile.connectType, header, HEADER_PROPERTY_PREFIX)] = value === undefined ? '' : maskSecret(value)
      } catch (error) {
        hasSecret[header] = false
        secretProblems[header] = (error as Error).message
      }
    }
    const view = { ...profile, kind: profileKind(profile), properties, hasSecret }
    return Object.keys(secretProblems).length > 0 ? { ...view, secretProblems } : view
  }

  #validate(draft: ProfileDraft, editingId: string | null): void {
    const others = this.#profiles.filter((p) => p.id !== editingId).map((p) => p.name)
    const fieldErrors = validateProfileDraft(draft, others)
    if (Object.keys(fieldErrors).length === 0) return
    const message = `The profile cannot be saved: ${Object.values(fieldErrors).join(' ')}`
    throw new CatalogError('invalid_request', message, { fieldErrors, issues: Object.values(fieldErrors) })
  }

  // Secrets are written before the file so a saved profile never points at a missing
  // secret; if the file write fails, the previous secret values are put back.
  async #commit(profiles: Profile[], lastUsedId: string | null, id: string, plan: SecretPlan): Promise<void> {
    this.#assertWritable()
    const undo: Array<[string, string | undefined]> = []
    try {
      for (const [name, value] of plan.writes) {
        undo.push([name, await this.#secrets.get(id, name).catch(() => undefined)])
        await this.#secrets.set(id, name, value)
      }
      await this.#save(profiles, lastUsedId)
    } catch (error) {
      // Best effort: the caller must see the error that stopped the save, not a rollback's.
      for (const [name, value] of undo.reverse()) {
        const restore = value === undefined ? this.#secrets.delete(id, name) : this.#secrets.set(id, name, value)
        await restore.catch(() => undefined)
      }
      throw error
    }
    const written = new Set(plan.writes.map(([name]) => name.toLowerCase()))
    for (const name of plan.deletes) if (!written.has(name.toLowerCase())) await this.#secrets.delete(id, name)
  }

  async #save(profiles: Profile[], lastUsedId: string | null): Promise<void> {
    this.#assertWritable()
    // Names, URIs and header values can tell others what you connect to: this user only.
    await writeFileAtomic(this.#path, serializeProfiles({ profiles, lastUsedId }), { mode: PROFILES_FILE_MODE })
    this.#profiles = profiles
    this.#lastUsedId = lastUsedId
  }

  #assertWritable(): void {
    if (this.#blocked) throw new CatalogError('internal', this.#blocked, { path: this.#path })
  }

  #copyName(name: string): string {
    const taken = new Set(this.#profiles.map((p) => p.name.trim().toLowerCase()))
    for (let n = 1; ; n++) {
      const candidate = n === 1 ? `${name} (copy)` : `${name} (copy ${n})`
      if (!taken.has(candidate.toLowerCase())) return candidate
    }
  }

  // Serialises changes: each reads the state the previous one left.
  #serial<T>(work: () => Promise<T>): Promise<T> {
    const result = this.#queue.then(work)
    this.#queue = result.catch(() => undefined)
    return result
  }

  async #load(): Promise<StorageProblem | undefined> {
    const read = await readProfilesFile(this.#path)
    this.#profiles = read.content.profiles
    this.#lastUsedId = read.content.lastUsedId
    this.#blocked = read.blocked ?? null
    await this.#tightenMode()
    await bindLegacySecrets(this.#profiles, this.#secrets)
    // Runs only now, after a bad original was preserved (or saving blocked), since it may save.
    const stray = await this.#moveStraySecrets()
    if (!read.problem || !stray) return read.problem ?? stray
    return { ...read.problem, issues: [...read.problem.issues, ...stray.issues] }
  }

  // An older file may be readable by others (profiles.json used to be written 0644).
  async #tightenMode(): Promise<void> {
    if (process.platform === 'win32') return
    const info = await stat(this.#path).catch(() => null)
    if (info && (info.mode & 0o777) !== PROFILES_FILE_MODE) await chmod(this.#path, PROFILES_FILE_MODE).catch(() => undefined)
  }

  // A hand-edited file may hold a secret value in plain text: move it to the secret store
  // (and list every secret header in secretHeaders) so the next save leaves none behind.
  // Not while the keychain is unavailable: the value would live in memory only and the
  // file would lose it.
  async #moveStraySecrets(): Promise<StorageProblem | undefined> {
    if (this.#secrets.keychainProblem) return undefined
    let changed = false
    try {
      const next: Profile[] = []
      for (const profile of this.#profiles) {
        const secret = [...headerEntries(profile.properties).filter(([name]) => isSecretHeader(name, profile.secretHeaders)), ...oauth2SecretEntry(profile)]
        const stray = secret.filter(([, value]) => value !== '')
        const origin = endpointOrigin(profile)
        // Dir profiles list secret storage options, never headers: nothing to move here.
        // A REST profile's secret storage options (listed by `storage.` key) are not headers: kept as listed.
        const storageSecrets = profile.secretHeaders.filter((name) => name.startsWith(STORAGE_PROPERTY_PREFIX))
        const headerSecrets = profile.secretHeaders.length - storageSecrets.length
        if (profile.connectType !== 'rest' || (stray.length === 0 && secret.length === headerSecrets) || origin === null) {
          next.push(profile)
          continue
        }
        for (const [name, value] of stray) await this.#secrets.set(profile.id, boundSecretName(origin, name) ?? name, value)
        const properties = { ...profile.properties }
        for (const [name] of stray) properties[secretProperty(profile.connectType, name, HEADER_PROPERTY_PREFIX)] = ''
        next.push({ ...profile, properties, secretHeaders: [...secret.map(([name]) => name), ...storageSecrets] })
        changed = true
      }
      this.#profiles = next
      if (changed && !this.#blocked) await this.#save(next, this.#lastUsedId)
      return undefined
    } catch (error) {
      const message = `Secret values in ${this.#path} could not be moved to the secret store: ${(error as Error).message}`
      return { file: this.#path, message, keptCopy: null, issues: [message] }
    }
  }
}
