import type { ReactNode } from 'react'
import { ConnectionList } from '../features/connections/connection-list'
import { ProfilesPanel } from '../features/profiles/profiles-panel'
import { TableToolbar } from '../features/table-actions/table-toolbar'
import { TableDetails } from '../features/table-details/table-details'
import { NamespaceTree } from '../features/tree/namespace-tree'
import { ErrorBoundary } from '../ui/error-boundary'
import { ThemeSwitch } from '../ui/theme/theme-switch'
import { ShellSurface } from './shell-surface'
import { PAGE_SIZES, useConnectionView, useUiStore } from './ui-store'
import { Database, Table2 } from 'lucide-react'
import { EmptyState } from '../ui/empty-state'
import { Select } from '../ui/select'

/** The main layout: connections and the catalog tree on the left, details on the right. */
export function App(): ReactNode {
  const connectionId = useUiStore((state) => state.connectionId)
  const { selectedTable } = useConnectionView()
  const pageSize = useUiStore((state) => state.pageSize)
  const setPageSize = useUiStore((state) => state.setPageSize)
  const theme = useUiStore((state) => state.theme)
  const setTheme = useUiStore((state) => state.setTheme)
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
        <div className="settings">
          <ThemeSwitch value={theme} onChange={setTheme} />
          <label className="setting">
            Page size{' '}
            <Select value={pageSize} onChange={(event) => setPageSize(Number(event.target.value))}>
              {PAGE_SIZES.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </Select>
          </label>
        </div>
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
          <EmptyState icon={connectionId ? Table2 : Database} title={connectionId ? 'No table open' : 'No catalog open'}>
            {connectionId
              ? 'Select a table to see its schema and row count.'
              : 'Choose a connection on the left, or add a profile for a directory or REST catalog.'}
          </EmptyState>
        )}
      </main>
    </div>
  )
}
