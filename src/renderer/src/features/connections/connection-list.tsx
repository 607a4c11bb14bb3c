import { useEffect, type ReactNode } from 'react'
import { useUiStore } from '../../app/ui-store'
import { ErrorAlert } from '../../ui/error-alert'
import { useConnections } from './use-connections'

/** The connections of this run; choosing one shows its catalog in the tree. */
export function ConnectionList(): ReactNode {
  const connections = useConnections()
  const connectionId = useUiStore((state) => state.connectionId)
  const selectConnection = useUiStore((state) => state.selectConnection)

  // Show the first connection unless the remembered one is still open.
  const list = connections.data
  useEffect(() => {
    const first = list?.[0]
    if (first && !list.some((connection) => connection.id === connectionId)) selectConnection(first.id)
  }, [connectionId, list, selectConnection])

  if (connections.isPending) return <p className="muted">Loading connections…</p>
  if (connections.isError) return <ErrorAlert error={connections.error} onRetry={() => void connections.refetch()} />

  return (
    <nav aria-label="Connections">
      <ul className="connection-list">
        {connections.data.map((connection) => (
          <li key={connection.id}>
            <button
              type="button"
              className="connection"
              aria-current={connection.id === connectionId ? 'true' : undefined}
              onClick={() => selectConnection(connection.id)}
              title={connection.target}
            >
              <span className="connection-type">{connection.type === 'dir' ? 'DIR' : 'REST'}</span>
              <span className="connection-name">{connection.name}</span>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  )
}
