/**
 * Server data of the profiles panel: the saved list (with where secrets are kept and any
 * storage problem) and the mutations that change it. Each mutation invalidates exactly
 * what it changes: the profile list, and the connection list when a profile's connection
 * was opened, replaced or closed.
 */
import { useMutation, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query'
import type { ProfilesState } from '@shared/contract/profiles'
import type { ProfileDraft } from '@shared/profile-types'
import { api, unwrap } from '../../lib/api'
import { queryKeys } from '../../lib/query-keys'

/** The react-query key of the profiles state. */

/** The saved profiles, where secrets are kept, and storage problems. */
export function useProfiles(): UseQueryResult<ProfilesState> {
  return useQuery({ queryKey: queryKeys.profiles(), queryFn: () => unwrap(api.profiles.list({})) })
}

/** Invalidates the profile list and, when `connections` is set, the connection list. */
function useInvalidate(): (connections: boolean) => Promise<void> {
  const client = useQueryClient()
  return async (connections) => {
    await Promise.all([
      client.invalidateQueries({ queryKey: queryKeys.profiles() }),
      connections ? client.invalidateQueries({ queryKey: queryKeys.connections() }) : Promise.resolve()
    ])
  }
}

/** Creates (no id) or updates (id) a profile. */
export function useSaveProfile() {
  const invalidate = useInvalidate()
  return useMutation({
    mutationFn: ({ id, draft }: { id: string | null; draft: ProfileDraft }) =>
      unwrap(id === null ? api.profiles.create({ draft }) : api.profiles.update({ id, draft })),
    // An update closes the profile's open connection (main drops it so no old settings linger).
    onSuccess: (_view, { id }) => invalidate(id !== null)
  })
}

/** Opens a profile as a connection of this run. */
export function useOpenProfile() {
  const invalidate = useInvalidate()
  return useMutation({ mutationFn: (id: string) => unwrap(api.profiles.open({ id })), onSuccess: () => invalidate(true) })
}

/** Duplicates, deletes or reorders profiles. */
export function useProfileChanges() {
  const invalidate = useInvalidate()
  const duplicate = useMutation({ mutationFn: (id: string) => unwrap(api.profiles.duplicate({ id })), onSuccess: () => invalidate(false) })
  const remove = useMutation({ mutationFn: (id: string) => unwrap(api.profiles.delete({ id })), onSuccess: () => invalidate(true) })
  const reorder = useMutation({ mutationFn: (ids: readonly string[]) => unwrap(api.profiles.reorder({ ids: [...ids] })), onSuccess: () => invalidate(false) })
  return { duplicate, remove, reorder }
}

/** Tests a saved profile (`id`) or the editor's draft (with `id` to reuse stored secrets). */
export function useTestConnection() {
  return useMutation({
    mutationFn: (request: { id?: string; draft?: ProfileDraft }) => unwrap(api.profiles.test(request))
  })
}

/** Imports profiles from an export's JSON. */
export function useImportProfiles() {
  const invalidate = useInvalidate()
  return useMutation({ mutationFn: (json: string) => unwrap(api.profiles.import({ json })), onSuccess: () => invalidate(false) })
}

/** Browser mode: keep secrets in the 0600 file from now on. */
export function useSecretsFile() {
  const invalidate = useInvalidate()
  return useMutation({ mutationFn: () => unwrap(api.profiles.useSecretsFile({})), onSuccess: () => invalidate(false) })
}
