/**
 * How a REST profile's OAuth2 client secret follows its edits, the way secret headers do
 * (see ./secret-binding): the value lives in the secret store under `<origins>
 * oauth2.client_secret`, where the origins are the catalog's and, when it is another
 * server, the token endpoint's, so the secret is only ever sent to the token endpoint it
 * was saved for. The profile file keeps the key with `''` and lists it among the
 * profile's secrets (with or without a value). In a draft the value is a new value, or
 * the mask it was shown (keep the stored one); `''` or no key means none.
 */
import { isOAuth2Secret, OAUTH2_PROPERTIES, usesOAuth2 } from '../../shared/oauth2'
import { secretPropertyKey } from '../../shared/storage-options'
import type { Profile } from '../../shared/profile-types'
import { planSecretValue, type StorageSecretContext } from './storage-secrets'

/** Moves a REST draft's client secret out of its properties into the secret plan. */
export async function resolveOAuth2Secret(ctx: StorageSecretContext): Promise<void> {
  const { properties, newOrigin } = ctx
  const key = OAUTH2_PROPERTIES.clientSecret
  const value = properties[key]
  if (value === undefined && properties[OAUTH2_PROPERTIES.clientId] === undefined) return
  if (newOrigin === null || properties[OAUTH2_PROPERTIES.clientId] === undefined) {
    delete properties[key]
    return
  }
  // Listed even without a value (an imported profile), so the profile shows it needs one.
  properties[key] = ''
  ctx.secretNames.push(key)
  if (value === undefined || value === '') return
  await planSecretValue(ctx, key, value)
}

/** The property a stored secret's value goes back to: the client secret's own, or its header's. */
export function secretProperty(connectType: string, secretName: string, headerPrefix: string): string {
  return connectType === 'rest' && isOAuth2Secret(secretName) ? secretName : secretPropertyKey(connectType, secretName, headerPrefix)
}

/**
 * A stored REST profile's client secret as a `[name, value]` pair beside its secret
 * headers (the value is `''` unless a hand-edited file put one there), or nothing.
 */
export function oauth2SecretEntry(profile: Profile): Array<[name: string, value: string]> {
  const key = OAUTH2_PROPERTIES.clientSecret
  if (profile.connectType !== 'rest' || !usesOAuth2(profile.properties)) return []
  return profile.properties[key] !== undefined || profile.secretHeaders.includes(key) ? [[key, profile.properties[key] ?? '']] : []
}
