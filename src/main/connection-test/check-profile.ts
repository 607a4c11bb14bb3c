/**
 * "Test connection" for a profile: a saved one, or the editor's unsaved draft (with the id
 * of the profile it edits, so values the editor left out are the saved ones). A saved
 * secret is only ever sent to the origin it was saved for.
 */
import { endpointOrigin, headerEntries, isSecretHeader } from '../../shared/connection-policy'
import type { ConnectionTestReport } from '../../shared/connection-test'
import { CatalogError } from '../../shared/errors'
import type { RequestOf } from '../../shared/ipc-contract'
import { draftFromView, type Profile, type ProfileDraft } from '../../shared/profile-types'
import { validateProfileDraft } from '../../shared/profile-validation'
import type { ProfileStore } from '../profiles/profile-store'
import { runConnectionTest } from './run-connection-test'
import { testInputFromDraft, type StoredHeaderValue } from './check-input'

/** Tests a saved profile (`id`) or an unsaved draft (`draft`, with `id` to reuse its stored secrets). */
export async function testProfile(profiles: ProfileStore, { id, draft }: RequestOf<'profiles:test'>): Promise<ConnectionTestReport> {
  const saved = id === undefined ? undefined : profiles.profile(id)
  if (draft) assertTestable(draft)
  const source = draft ?? (saved ? draftFromView(saved) : undefined)
  if (!source) throw new CatalogError('invalid_request', 'Say which profile to test, or send the editor’s settings.')
  const origin = endpointOrigin(source)
  const { input, kind } = await testInputFromDraft(source, saved ? storedValues(saved, profiles, origin) : undefined)
  const savedOrigin = saved ? endpointOrigin(saved) : null
  const elsewhere = savedOrigin !== null && savedOrigin !== origin && input.missingSecrets !== undefined
  const reason = `the saved secrets belong to ${savedOrigin ?? ''} and are never sent to another server.`
  return runConnectionTest(elsewhere ? { ...input, missingSecretsReason: reason } : input, kind)
}

// A draft is tested before it has a name, so every rule but the name's applies.
function assertTestable(draft: ProfileDraft): void {
  const { name: _name, ...fieldErrors } = validateProfileDraft(draft, [])
  if (Object.keys(fieldErrors).length === 0) return
  const message = `The connection cannot be tested: ${Object.values(fieldErrors).join(' ')}`
  throw new CatalogError('invalid_request', message, { fieldErrors, issues: Object.values(fieldErrors) })
}

// A value the editor left out is the saved one: from the secret store for a header secret
// in both, and only when the draft points at the origin it was saved for; else from the
// profile file. A saved secret is never lent to a header the draft un-marked, nor to
// another server. An unreadable secret counts as missing.
function storedValues(profile: Profile, profiles: ProfileStore, origin: string | null): StoredHeaderValue {
  return async (header, secretInDraft) => {
    if (isSecretHeader(header, profile.secretHeaders)) {
      return secretInDraft ? profiles.storedSecret(profile.id, header, origin).catch(() => undefined) : undefined
    }
    return headerEntries(profile.properties).find(([name]) => name.toLowerCase() === header.toLowerCase())?.[1]
  }
}
