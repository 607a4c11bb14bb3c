/**
 * How a dir profile's secret storage options (secret access key, session token, account
 * key, …) follow its edits, the way secret headers do (see ./secret-binding): their values
 * live in the secret store under `<bucket and endpoint> storage.<option>`, the profile file
 * keeps the key with `''`, and the profile lists the key among its secrets. In a draft a
 * secret option's value is a new value, or the mask it was shown (keep the stored one);
 * a missing key means none.
 */
import type { Profile } from '../../shared/profile-types'
import { looksLikeMask } from '../../shared/connection-policy'
import { isSecretStorageOption, STORAGE_PROPERTY_PREFIX } from '../../shared/storage-options'
import type { SecretStore } from '../secrets/secret-store'

/** What resolveDraft is building, shared with this step. */
export interface StorageSecretContext {
  readonly secrets: SecretStore
  readonly id: string
  readonly previous: Profile | undefined
  readonly oldOrigin: string | null
  readonly newOrigin: string | null
  /** The draft's properties, changed in place: secret values become `''`. */
  readonly properties: Record<string, string>
  readonly writes: Array<[name: string, value: string]>
  readonly secretNames: string[]
  readonly cleared: string[]
  /** Bound names (lower case) of stored secrets kept as they are. */
  readonly keptNames: Set<string>
  readonly bound: (origin: string | null, name: string) => string | null
}

/** Moves a dir draft's secret storage options out of its properties into the secret plan. */
export async function resolveStorageSecrets(ctx: StorageSecretContext): Promise<void> {
  const { properties, newOrigin } = ctx
  for (const key of Object.keys(properties)) {
    if (!key.startsWith(STORAGE_PROPERTY_PREFIX) || !isSecretStorageOption(key.slice(STORAGE_PROPERTY_PREFIX.length))) continue
    const value = properties[key] ?? ''
    if (value === '' || newOrigin === null) {
      // No value, or a local folder (storage options do not apply): nothing to keep.
      delete properties[key]
      continue
    }
    properties[key] = ''
    ctx.secretNames.push(key)
    await planSecretValue(ctx, key, value)
  }
}

/**
 * What to do with one secret property's draft value (non-empty): a mask of a value stored
 * for the same origin keeps it; a mask of one stored for another origin clears it (the
 * person types it again); a new value is written, bound to the new origin.
 */
export async function planSecretValue(ctx: StorageSecretContext, key: string, value: string): Promise<void> {
  const { previous, oldOrigin, newOrigin } = ctx
  const keep = looksLikeMask(value)
  const storedBefore = keep && (previous?.secretHeaders.includes(key) ?? false)
  if (storedBefore && oldOrigin !== null && oldOrigin === newOrigin) {
    ctx.keptNames.add(ctx.bound(oldOrigin, key)?.toLowerCase() ?? '')
  } else if (storedBefore) {
    const name = ctx.bound(oldOrigin, key)
    const had = name !== null && (await ctx.secrets.get(ctx.id, name).catch(() => 'unreadable')) !== undefined
    if (had) ctx.cleared.push(key)
  } else if (!keep) {
    const name = ctx.bound(newOrigin, key)
    if (name !== null) ctx.writes.push([name, value])
  }
}
