import { useEffect, type ReactNode } from 'react'
import { useUiStore } from '../../state/ui-store'
import { ErrorAlert } from '../../ui/error-alert'
import { Skeleton } from '../../ui/skeleton'
import { useProfiles } from '../profiles/use-profiles'
import { useConnections } from './use-connections'
import { ConnectionButton } from '../../ui/connection-button'
import styles from './connections.module.css'

/** The connections of this run; choosing one shows its catalog in the tree. */
export function ConnectionList(): ReactNode {
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
    if (next) selectConnection(next.id)
  }, [connectionId, list, lastUsed, profilesSettled, selectConnection])

  if (connections.isPending) return <Skeleton label="Loading connections…" lines={['70%', '45%']} style={{ padding: '0 12px' }} />
  if (connections.isError) return <ErrorAlert error={connections.error} onRetry={() => void connections.refetch()} />

  return (
    <nav aria-label="Connections">
      <ul className={styles.list}>
        {connections.data.map((connection) => (
          <li key={connection.id}>
            <ConnectionButton
              kind={connection.type === 'dir' ? 'DIR' : 'REST'}
              name={connection.name}
              current={connection.id === connectionId}
              title={connection.target}
              onClick={() => selectConnection(connection.id)}
            />
          </li>
        ))}
      </ul>
    </nav>
  )
}
