import type { ReactNode } from 'react'
import { ConnectionList } from '../features/connections/connection-list'
import { ProfilesPanel } from '../features/profiles/profiles-panel'
import { TableToolbar } from '../features/table-actions/table-toolbar'
import { TableDetails } from '../features/table-details/table-details'
import { NamespaceTree } from '../features/tree/namespace-tree'
import { ErrorBoundary } from '../ui/error-boundary'
import { ShellSurface } from './shell-surface'
import { PAGE_SIZES, useConnectionView, useUiStore } from './ui-store'

/** The main layout: connections and the catalog tree on the left, details on the right. */
export function App(): ReactNode {
  const connectionId = useUiStore((state) => state.connectionId)
  const { selectedTable } = useConnectionView()
  const pageSize = useUiStore((state) => state.pageSize)
  const setPageSize = useUiStore((state) => state.setPageSize)
  return (
    <div className="layout">
      <aside className="sidebar">
        <h1 className="app-title">Lance Catalog Browser</h1>
        <ErrorBoundary what="The connection list">
          <ConnectionList />
        </ErrorBoundary>
        <ErrorBoundary what="The profiles panel">
          <ProfilesPanel />
        </ErrorBoundary>
        {connectionId && (
          <ErrorBoundary what="The catalog tree" resetKeys={[connectionId]}>
            <NamespaceTree key={connectionId} connectionId={connectionId} />
          </ErrorBoundary>
        )}
        <label className="setting">
          Page size{' '}
          <select value={pageSize} onChange={(event) => setPageSize(Number(event.target.value))}>
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
      </aside>
      <main className="content">
        <ShellSurface />
        {connectionId && (
          <ErrorBoundary what="The table actions" resetKeys={[connectionId]}>
            <TableToolbar connectionId={connectionId} selectedTable={selectedTable} />
          </ErrorBoundary>
        )}
        {connectionId && selectedTable ? (
          <ErrorBoundary what="The table details" resetKeys={[connectionId, selectedTable]}>
            <TableDetails connectionId={connectionId} table={selectedTable} />
          </ErrorBoundary>
        ) : (
          <p className="muted placeholder">Select a table to see its schema and row count.</p>
        )}
      </main>
    </div>
  )
}
