/**
 * Builds what a test runs on from an editor draft that has not been saved. Secret values
 * the editor left out (undefined, or the mask it was shown) mean "the stored one", read
 * through `stored`; a secret with no stored value is reported, not sent empty.
 */
import type { TestedKind } from '../../shared/connection-test'
import { headerProperty, isSecretHeader, looksLikeMask } from '../../shared/connection-policy'
import { profileKind, type ProfileDraft } from '../../shared/profile-types'
import { isSecretStorageOption, STORAGE_PROPERTY_PREFIX, storageEntries } from '../../shared/storage-options'
import type { ConnectionTestInput } from './run-connection-test'
import { OAUTH2_PROPERTIES, usesOAuth2 } from '../../shared/oauth2'

/**
 * Looks up a header's saved value (from the secret store or the profile file); undefined
 * if none. `secret` says whether the draft marks the header secret.
 */
export type StoredHeaderValue = (header: string, secret: boolean) => Promise<string | undefined>

/** The test input and kind for a draft; `stored` is absent for a profile never saved. */
export async function testInputFromDraft(
  draft: ProfileDraft,
  stored?: StoredHeaderValue
): Promise<{ readonly input: ConnectionTestInput; readonly kind: TestedKind }> {
  const properties: Record<string, string> = {}
  for (const [key, value] of Object.entries(draft.properties)) properties[key] = key === 'root' || key === 'uri' ? value.trim() : value
  const secretHeaders: string[] = []
  const missingSecrets: string[] = []
  for (const header of draft.connectType === 'rest' ? draft.headers : []) {
    const secret = isSecretHeader(header.name) || header.secret === true
    if (secret) secretHeaders.push(header.name)
    const given = header.value !== undefined && !(secret && looksLikeMask(header.value))
    const value = given ? header.value : await stored?.(header.name, secret)
    if (value === undefined || (secret && value === '')) {
      if (secret) missingSecrets.push(header.name)
      continue
    }
    properties[headerProperty(header.name)] = value
  }
  // A REST draft's storage options (for table locations) keep their stored secrets the same way.
  await fillStorageSecrets(properties, missingSecrets, stored)
  if (draft.connectType === 'rest') await fillOAuth2Secret(properties, missingSecrets, stored)
  const input: ConnectionTestInput = {
    type: draft.connectType,
    properties,
    secretHeaders,
    ...(missingSecrets.length > 0 ? { missingSecrets } : {})
  }
  return { input, kind: profileKind(draft) }
}

// A draft's secret storage option shown as its mask (or left empty, as a saved
// profile has it) means the stored value; one that was listed but has none is reported.
async function fillStorageSecrets(properties: Record<string, string>, missing: string[], stored: StoredHeaderValue | undefined): Promise<void> {
  for (const [name, value] of storageEntries(properties)) {
    const key = STORAGE_PROPERTY_PREFIX + name
    if (!isSecretStorageOption(name) || (value !== '' && !looksLikeMask(value))) continue
    const saved = await stored?.(key, true)
    if (saved) properties[key] = saved
    else delete properties[key]
    if (!saved && value !== '') missing.push(name)
  }
}

// The client secret left empty or shown as its mask means the stored one; with no value
// at all the token step cannot succeed, so the report says that first.
async function fillOAuth2Secret(properties: Record<string, string>, missing: string[], stored: StoredHeaderValue | undefined): Promise<void> {
  const key = OAUTH2_PROPERTIES.clientSecret
  if (!usesOAuth2(properties)) {
    delete properties[key]
    return
  }
  const value = properties[key] ?? ''
  if (value !== '' && !looksLikeMask(value)) return
  const saved = await stored?.(key, true)
  if (saved) properties[key] = saved
  else {
    delete properties[key]
    missing.push('Client secret')
  }
}
