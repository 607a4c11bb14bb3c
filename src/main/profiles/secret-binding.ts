/**
 * How a profile's secrets follow its edits. Secrets are bound to the origin (scheme, host,
 * port) they were saved for: the secret store holds them under `<origin> <header>`, so a
 * profile whose URI now points to another server cannot read them, however its URI
 * changed (an edit, a hand-edited file, a keychain that was unavailable when the old ones
 * should have been deleted).
 */
import { endpointOrigin, headerEntries, headerProperty, isSecretHeader, looksLikeMask } from '../../shared/connection-policy'
import type { Profile, ProfileDraft } from '../../shared/profile-types'
import type { SecretStore } from '../secrets/secret-store'
import { resolveStorageSecrets } from './storage-secrets'
import { resolveOAuth2Secret } from './oauth2-secret'

/** Secret store changes, keyed by bound name (see {@link boundSecretName}). */
export interface SecretPlan {
  readonly writes: Array<[name: string, value: string]>
  readonly deletes: string[]
}

/** Shown for each secret dropped because the profile's URI moved to another origin. */
export const SECRETS_CLEARED_MESSAGE = 'The catalog address changed to another server, so its saved secrets were cleared; enter them again.'

/** The secret store name of a header's value for `origin`; null (nothing stored) without an origin. */
export function boundSecretName(origin: string | null, header: string): string | null {
  return origin === null ? null : `${origin} ${header}`
}

/** A draft split into the profile to store and the secret changes that go with it. */
export interface ResolvedDraft {
  readonly profile: Profile
  readonly plan: SecretPlan
  /** Secret headers whose stored values are dropped because the origin changed. */
  readonly cleared: string[]
}

/**
 * Splits a draft into the stored profile (secret values blanked) and the secret changes.
 * A stored secret is kept only while the origin stays the same, and never becomes a
 * plain value: un-marking a secret header drops its value (the person types it again).
 */
export async function resolveDraft(secrets: SecretStore, id: string, draft: ProfileDraft, previous: Profile | undefined): Promise<ResolvedDraft> {
  const properties: Record<string, string> = {}
  for (const [key, value] of Object.entries(draft.properties)) {
    properties[key] = key === 'root' || key === 'uri' ? value.trim() : value
  }
  const oldOrigin = previous ? endpointOrigin(previous) : null
  const newOrigin = endpointOrigin({ connectType: draft.connectType, properties })
  const sameOrigin = oldOrigin !== null && oldOrigin === newOrigin
  const before = new Map((previous ? headerEntries(previous.properties) : []).map(([name, value]) => [name.toLowerCase(), value]))
  const wasSecret = (name: string): boolean => previous !== undefined && isSecretHeader(name, previous.secretHeaders)
  const plan: SecretPlan = { writes: [], deletes: [] }
  const secretHeaders: string[] = []
  const cleared: string[] = []
  const keptNames = new Set<string>()
  for (const header of draft.connectType === 'rest' ? draft.headers : []) {
    const lower = header.name.toLowerCase()
    const keep = header.value === undefined || looksLikeMask(header.value)
    const storedBefore = keep && before.has(lower) && wasSecret(header.name)
    if (isSecretHeader(header.name) || header.secret === true) {
      properties[headerProperty(header.name)] = ''
      secretHeaders.push(header.name)
      if (storedBefore && sameOrigin) {
        keptNames.add(boundSecretName(oldOrigin, header.name)?.toLowerCase() ?? '')
      } else if (storedBefore) {
        if (await hasSecret(secrets, id, oldOrigin, header.name)) cleared.push(header.name)
      } else {
        // A new value, or a plain value being marked secret (it moves from the file to the store).
        const value = keep ? before.get(lower) : header.value
        const name = boundSecretName(newOrigin, header.name)
        if (value && name !== null) plan.writes.push([name, value])
      }
    } else {
      const plain = wasSecret(header.name) ? '' : (before.get(lower) ?? '')
      properties[headerProperty(header.name)] = keep ? plain : (header.value ?? '')
    }
  }
  // Dir profiles' storage options reach their root; REST profiles' the table locations.
  if (draft.connectType === 'dir' || draft.connectType === 'rest') {
    const context = { secrets, id, previous, oldOrigin, newOrigin, properties, writes: plan.writes, cleared, keptNames, bound: boundSecretName }
    await resolveStorageSecrets({ ...context, secretNames: secretHeaders })
  }
  if (draft.connectType === 'rest') {
    const context = { secrets, id, previous, oldOrigin, newOrigin, properties, writes: plan.writes, cleared, keptNames, bound: boundSecretName }
    await resolveOAuth2Secret({ ...context, secretNames: secretHeaders })
  }
  // Every old secret not kept as it was is deleted: all of them when the origin moved.
  for (const old of previous?.secretHeaders ?? []) {
    const name = boundSecretName(oldOrigin, old)
    if (name !== null && !keptNames.has(name.toLowerCase())) plan.deletes.push(name)
  }
  const preset = draft.connectType === 'rest' ? draft.preset : undefined
  const name = draft.name.trim()
  const profile: Profile = { id, name, connectType: draft.connectType, ...(preset ? { preset } : {}), properties, secretHeaders }
  return { profile, plan, cleared }
}

async function hasSecret(secrets: SecretStore, id: string, origin: string | null, header: string): Promise<boolean> {
  const name = boundSecretName(origin, header)
  return name !== null && (await secrets.get(id, name).catch(() => 'unreadable')) !== undefined
}

/**
 * Secrets saved before they were bound to an origin sit under the bare header name; they
 * were last used with the profile's current URI, so they are bound to its origin once.
 * A store that cannot read them (keychain unavailable, undecryptable) leaves them as they are.
 */
export async function bindLegacySecrets(profiles: readonly Profile[], secrets: SecretStore): Promise<void> {
  if (secrets.kind === 'memory') return
  for (const profile of profiles) {
    for (const header of profile.secretHeaders) {
      const name = boundSecretName(endpointOrigin(profile), header)
      if (name === null) continue
      try {
        const legacy = await secrets.get(profile.id, header)
        if (legacy === undefined) continue
        if ((await secrets.get(profile.id, name)) === undefined) await secrets.set(profile.id, name, legacy)
        await secrets.delete(profile.id, header)
      } catch {
        // Left for the next start; the profile shows the secret as missing meanwhile.
      }
    }
  }
}
