/**
 * What the shell events show at app level: Refresh reloads every server list, Close tab
 * closes the active table tab, a folder opened from the menu
 * or dropped on the window becomes the shown connection, a problem with it is announced,
 * and Keyboard shortcuts lists the accelerators the menu and browser mode share.
 */
import { useQueryClient } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { api } from '../lib/api'
import { queryKeys } from '../lib/query-keys'
import { ShortcutsSheet } from './shortcuts-sheet'
import { useUiStore } from '../state/ui-store'
import { useShellEvents } from '../lib/use-shell-events'

/** Handles app-level shell events and shows their outcome. */
export function ShellSurface(): ReactNode {
  const client = useQueryClient()
  const selectConnection = useUiStore((state) => state.selectConnection)
  const selectTable = useUiStore((state) => state.selectTable)
  const [problem, setProblem] = useState<string | null>(null)
  const [shortcuts, setShortcuts] = useState(false)

  useShellEvents((event) => {
    switch (event.type) {
      case 'connection-opened':
        setProblem(null)
        void client.invalidateQueries({ queryKey: queryKeys.connections() }).then(() => selectConnection(event.connectionId))
        return
      case 'problem':
        setProblem(event.message)
        return
      case 'command':
        // Main first checks its open tables for writes made elsewhere, then every view reads again.
        if (event.command === 'refresh') void api.tables.refresh({}).finally(() => void client.invalidateQueries())
        else if (event.command === 'close-tab') selectTable(null)
        else if (event.command === 'keyboard-shortcuts') setShortcuts(true)
        return
    }
  })

  return (
    <>
      {problem && (
        <div role="alert" className="error-alert">
          <span>{problem}</span>
          <button type="button" className="link-button" onClick={() => setProblem(null)}>
            Dismiss
          </button>
        </div>
      )}
      {shortcuts && <ShortcutsSheet onClose={() => setShortcuts(false)} />}
    </>
  )
}
