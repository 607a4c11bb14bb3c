import type { ReactNode } from 'react'
import { ProfilesPanel } from '../features/profiles/profiles-panel'
import { ProfilesFooter } from '../features/profiles/profiles-footer'
import { TableToolbar } from '../features/table-actions/table-toolbar'
import { NamespaceTree } from '../features/tree/namespace-tree'
import { ErrorBoundary } from '../ui/error-boundary'
import { SplitPane } from '../ui/split-pane'
import { ThemeSwitch } from '../ui/theme/theme-switch'
import { Toaster } from '../ui/toast'
import styles from './app.module.css'
import { CommandHost } from './command-host'
import { FindHost } from '../features/find/find-host'
import { ShellSurface } from './shell-surface'
import { StatusBar } from './status-bar'
import { TableTabsView } from './table-tabs-view'
import { PAGE_SIZES, useConnectionView, useUiStore } from '../state/ui-store'
import { Command, Database, KeyRound, Search } from 'lucide-react'
import { ACCELERATORS, SHORTCUT_LABELS } from '@shared/contract/shell-events'
import { dispatchAppCommand } from '../lib/use-shell-events'
import { useHostRefusedTab } from '../lib/host-access'
import { Button, IconButton } from '../ui/button'
import { MOD, shortcutText } from './shortcut-text'
import { EmptyState } from '../ui/empty-state'
import { Select } from '../ui/select'

/**
 * The main layout: connections and the catalog tree in a resizable sidebar, the open
 * tables in tabs beside it, the status bar below; the palette, dialogs and toasts above.
 */
export function App(): ReactNode {
  // Browser mode's host refused this tab: nothing in the window can work, so say it once.
  if (useHostRefusedTab()) return <TabRefused />
  return <Panes />
}

function TabRefused(): ReactNode {
  return (
    <main className={styles.refused}>
      <EmptyState
        icon={KeyRound}
        title="This tab is not connected to the running app"
        action={
          <Button variant="primary" onClick={() => window.location.reload()}>
            Try again
          </Button>
        }
      >
        It does not hold the token of the app now running: it was opened without the URL the app printed, or the app was started with another data folder. Open
        the URL the app printed when it started (it holds the token), or start the app on this tab's data folder and try again.
      </EmptyState>
    </main>
  )
}

function Panes(): ReactNode {
  const connectionId = useUiStore((state) => state.connectionId)
  const { selectedTable } = useConnectionView()
  const pageSize = useUiStore((state) => state.pageSize)
  const setPageSize = useUiStore((state) => state.setPageSize)
  const sidebarSize = useUiStore((state) => state.panes.sidebar)
  const setPanes = useUiStore((state) => state.setPanes)
  const theme = useUiStore((state) => state.theme)
  const setTheme = useUiStore((state) => state.setTheme)
  const sidebar = (
    <aside className={styles.sidebar} aria-label="Sidebar">
      <div className={styles.titleRow}>
        <h1 className={styles.appTitle}>Lance Catalog Browser</h1>
        {/* The two ways into everything, on screen so a newcomer finds them and their keys. */}
        <span className={styles.titleTools}>
          {(['find-in-catalog', 'command-palette'] as const).map((command) => (
            <IconButton
              key={command}
              icon={command === 'find-in-catalog' ? Search : Command}
              label={`${SHORTCUT_LABELS[command]} (${shortcutText(ACCELERATORS[command])})`}
              aria-keyshortcuts={ACCELERATORS[command].replace('CmdOrCtrl', MOD === 'Cmd' ? 'Meta' : 'Control')}
              tooltipAlignEnd={command === 'command-palette'}
              onClick={() => dispatchAppCommand(command)}
            />
          ))}
        </span>
      </div>
      <ErrorBoundary what="The connection list">
        <ProfilesPanel />
      </ErrorBoundary>
      {connectionId && (
        <ErrorBoundary what="The catalog tree" resetKeys={[connectionId]}>
          <NamespaceTree key={connectionId} connectionId={connectionId} />
        </ErrorBoundary>
      )}
      <ErrorBoundary what="The profile tools">
        <ProfilesFooter />
      </ErrorBoundary>
      <div className={styles.settings}>
        <ThemeSwitch value={theme} onChange={setTheme} />
        <label className={styles.setting}>
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
  )
  const content = (
    <main className={styles.content}>
      <ShellSurface />
      {connectionId && (
        <ErrorBoundary what="The table actions" resetKeys={[connectionId]}>
          <TableToolbar connectionId={connectionId} selectedTable={selectedTable} />
        </ErrorBoundary>
      )}
      {connectionId ? (
        <ErrorBoundary what="The table tabs" resetKeys={[connectionId]}>
          <TableTabsView connectionId={connectionId} />
        </ErrorBoundary>
      ) : (
        <EmptyState icon={Database} title="No catalog open">
          Choose a connection on the left, or add a profile for a directory or REST catalog.
        </EmptyState>
      )}
    </main>
  )
  return (
    <div className={styles.window}>
      <div className={styles.panes}>
        <SplitPane
          orientation="horizontal"
          size={sidebarSize}
          onSizeChange={(sidebar) => setPanes({ sidebar })}
          separatorLabel="Resize sidebar"
          minFirst={200}
          minSecond={320}
          first={sidebar}
          second={content}
        />
      </div>
      <StatusBar />
      <Toaster />
      <CommandHost />
      <FindHost />
    </div>
  )
}
