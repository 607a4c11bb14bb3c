/**
 * Handlers for connection profiles. Secrets stay in main: views are masked, and a
 * profile's secrets join its properties only when it is opened as a connection.
 */
import type { profilesContract } from '../../shared/contract/profiles'
import { CatalogError } from '../../shared/errors'
import { codeSnippet, exportProfiles, importProfiles } from '../profiles/export'
import type { HandlerTable } from './dispatch'
import type { HandlerContext } from './handlers'

/** The registry id of a profile's connection, so opening it twice reuses one connection. */
export const profileConnectionId = (profileId: string): string => `profile-${profileId}`

/** Handlers of the profile channels. */
export function profileHandlers({ registry, profiles, profileProblem }: HandlerContext): Pick<HandlerTable, keyof typeof profilesContract> {
  return {
    'profiles:list': async () => ({
      profiles: await profiles.list(),
      lastUsedId: profiles.lastUsedId,
      secretStorage: profiles.secretStorage(),
      problem: profileProblem
    }),
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
      const spec = await profiles.toConnectionSpec(id)
      const summary = registry.upsert(profileConnectionId(id), spec)
      await profiles.setLastUsed(id)
      return summary
    },
    'profiles:test': async () => {
      throw new CatalogError('unsupported', 'Testing a connection is not available in this build yet.')
    },
    'profiles:export': async () => exportProfiles(profiles.profiles()),
    'profiles:import': async ({ json }) => {
      const existing = profiles.profiles().map((profile) => profile.name)
      const { drafts, problems } = importProfiles(json, existing)
      const created = []
      for (const draft of drafts) created.push(await profiles.create(draft))
      return { created, problems }
    },
    'profiles:snippet': async ({ id, language }) => codeSnippet(profiles.profile(id), language)
  }
}
