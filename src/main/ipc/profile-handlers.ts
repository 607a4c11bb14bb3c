/**
 * Handlers for connection profiles. Secrets stay in main: views are masked, and a
 * profile's secrets join its properties only when it is opened as a connection or tested.
 */
import type { profilesContract } from '../../shared/contract/profiles'
import { profileConnectionId } from '../connections/connection-spec'
import { testProfile } from '../connection-test/check-profile'
import { codeSnippet, exportProfiles, importProfiles } from '../profiles/export'
import { createRoot, rootStatus } from '../profiles/root-folder'
import { secretStorageInfo } from '../secrets/secret-store'
import { optInToSecretsFile } from '../secrets/switchable-store'
import type { HandlerTable } from './dispatch'
import type { HandlerContext } from './handler-context'

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
    'profiles:test': async (request) => testProfile(profiles, request),
    'profiles:export': async () => exportProfiles(profiles.profiles()),
    'profiles:import': async ({ json }) => {
      const { drafts, problems } = importProfiles(json, profiles.profiles())
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
