/**
 * Handlers for connection profiles. Secrets stay in main: views are masked, and a
 * profile's secrets join its properties only when it is opened as a connection or tested.
 */
import type { profilesContract } from '../../shared/contract/profiles'
import { CatalogError } from '../../shared/errors'
import { endpointOrigin, headerEntries, isSecretHeader } from '../../shared/connection-policy'
import { draftFromView, type Profile, type ProfileDraft } from '../../shared/profile-types'
import { validateProfileDraft } from '../../shared/profile-validation'
import { profileConnectionId } from '../connections/connection-spec'
import { runConnectionTest } from '../connection-test/run-connection-test'
import { testInputFromDraft, type StoredHeaderValue } from '../connection-test/test-input'
import { codeSnippet, exportProfiles, importProfiles } from '../profiles/export'
import type { ProfileStore } from '../profiles/profile-store'
import { createRoot, rootStatus } from '../profiles/root-folder'
import { secretStorageInfo } from '../secrets/secret-store'
import { optInToSecretsFile } from '../secrets/switchable-store'
import type { HandlerTable } from './dispatch'
import type { HandlerContext } from './handlers'

/** Handlers of the profile channels. */
export function profileHandlers(context: HandlerContext): Pick<HandlerTable, keyof typeof profilesContract> {
  const { registry, profiles, profileProblem, secrets, dataDir } = context
  // Opting in to the secrets file may find an old, unreadable one: that problem replaces the start-up one.
  let secretProblem = context.secretProblem
  const openConnections = (): Record<string, string> => {
    const open = new Set(registry.list().map((c) => c.id))
    return Object.fromEntries(profiles.profiles().flatMap((p) => (open.has(profileConnectionId(p.id)) ? [[p.id, profileConnectionId(p.id)]] : [])))
  }
  return {
    'profiles:list': async () => {
      const open = openConnections()
      const lastUsedId = profiles.lastUsedId
      return {
        profiles: await profiles.list(),
        lastUsedId,
        secretStorage: profiles.secretStorage(),
        problem: profileProblem,
        secretProblem,
        lastUsedConnectionId: (lastUsedId !== null ? open[lastUsedId] : undefined) ?? null,
        openConnections: open
      }
    },
    'profiles:create': async ({ draft }) => profiles.create(draft),
    'profiles:update': async ({ id, draft }) => {
      const view = await profiles.update(id, draft)
      // A connection opened from the old version must not keep using old settings.
      await registry.remove(profileConnectionId(id))
      return view
    },
    'profiles:duplicate': async ({ id }) => profiles.duplicate(id),
    'profiles:delete': async ({ id }) => {
      await profiles.remove(id)
      await registry.remove(profileConnectionId(id))
      return null
    },
    'profiles:reorder': async ({ ids }) => {
      await profiles.reorder(ids)
      return null
    },
    'profiles:open': async ({ id }) => {
      const summary = registry.upsert(profileConnectionId(id), await profiles.toConnectionSpec(id))
      await profiles.setLastUsed(id)
      return summary
    },
    'profiles:test': async ({ id, draft }) => {
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
    },
    'profiles:export': async () => exportProfiles(profiles.profiles()),
    'profiles:import': async ({ json }) => {
      const existing = profiles.profiles().map((profile) => profile.name)
      const { drafts, problems } = importProfiles(json, existing)
      const created = []
      for (const draft of drafts) created.push(await profiles.create(draft))
      return { created, problems }
    },
    'profiles:snippet': async ({ id, language }) => codeSnippet(profiles.profile(id), language),
    'profiles:checkRoot': async ({ root }) => rootStatus(root),
    'profiles:createRoot': async ({ root }) => createRoot(root),
    'profiles:useSecretsFile': async () => {
      secretProblem = (await optInToSecretsFile(secrets, dataDir, profiles.secretEntries())) ?? secretProblem
      return secretStorageInfo(secrets)
    }
  }
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
