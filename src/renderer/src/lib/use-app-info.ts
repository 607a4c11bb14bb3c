import { useQuery, type UseQueryResult } from '@tanstack/react-query'
import type { AppInfo } from '@shared/ipc-contract'
import { api, unwrap } from './api'
import { queryKeys } from './query-keys'

/** Which host serves the page (Electron or browser mode); it never changes while the page lives. */
export function useAppInfo(): UseQueryResult<AppInfo> {
  return useQuery({ queryKey: queryKeys.appInfo(), queryFn: () => unwrap(api.app.info({})), staleTime: Infinity })
}
