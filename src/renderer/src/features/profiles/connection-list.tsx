import { useEffect, type ReactNode } from 'react'
import { useUiStore } from '../../state/ui-store'
import { ErrorAlert } from '../../ui/error-alert'
import { Skeleton } from '../../ui/skeleton'
import { useProfiles } from './use-profiles'
import { useConnections } from '../connections/use-connections'
import { ConnectionButton, KIND_LABELS } from '../../ui/connection-button'
import styles from './connection-list.module.css'
import { firstExpanded } from '../../state/first-view'

/**
 * The connections of this run that no saved profile stands for (the launch flags', the
 * default catalog), as rows of the sidebar's one connection list; choosing one shows its
 * catalog in the tree. Keeps a connection chosen while any is open.
 */
export function ConnectionList({ exclude }: { readonly exclude: ReadonlySet<string> }): ReactNode {
  const connections = useConnections()
  const connectionId = useUiStore((state) => state.connectionId)
  const selectConnection = useUiStore((state) => state.selectConnection)

  // Keep the remembered connection if it is still open; else show the last used
  // profile's connection (reopened at start), else the first one.
  const list = connections.data
  const profiles = useProfiles()
  const lastUsed = profiles.data?.lastUsedConnectionId ?? null
  const profilesSettled = !profiles.isPending
  useEffect(() => {
    if (!list || list.some((connection) => connection.id === connectionId) || !profilesSettled) return
    const next = list.find((connection) => connection.id === lastUsed) ?? list[0]
    if (next) selectConnection(next.id, firstExpanded(next))
  }, [connectionId, list, lastUsed, profilesSettled, selectConnection])

  if (connections.isPending)
    return (
      <li>
        <Skeleton label="Loading connections…" lines={['70%']} style={{ padding: '0 12px' }} />
      </li>
    )
  if (connections.isError)
    return (
      <li>
        <ErrorAlert error={connections.error} onRetry={() => void connections.refetch()} />
      </li>
    )

  return connections.data
    .filter((connection) => !exclude.has(connection.id))
    .map((connection) => (
      <li key={connection.id} className={styles.item}>
        <ConnectionButton
          kind={KIND_LABELS[connection.type]}
          name={connection.name}
          current={connection.id === connectionId}
          title={connection.target}
          onClick={() => selectConnection(connection.id)}
        />
      </li>
    ))
}
