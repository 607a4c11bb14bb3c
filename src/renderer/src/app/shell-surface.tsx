/**
 * What the shell events show at app level: Refresh reloads every server list, Close tab
 * closes the open table (one at a time until tabs exist), a folder opened from the menu
 * or dropped on the window becomes the shown connection, a problem with it is announced,
 * and Keyboard shortcuts lists the accelerators the menu and browser mode share.
 */
import { useQueryClient } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { ACCELERATORS, SHORTCUT_LABELS } from '@shared/contract/shell-events'
import { queryKeys } from '../lib/query-keys'
import { Dialog } from '../ui/dialog'
import { useUiStore } from './ui-store'
import { useShellEvents } from './use-shell-events'

const mac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform)

/** An accelerator as people read it on this platform. */
export function shortcutText(accelerator: string): string {
  return accelerator.replace('CmdOrCtrl', mac ? 'Cmd' : 'Ctrl')
}

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
        if (event.command === 'refresh') void client.invalidateQueries()
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
      {shortcuts && (
        <Dialog
          title="Keyboard shortcuts"
          onClose={() => setShortcuts(false)}
          onSubmit={() => setShortcuts(false)}
          footer={{ submitLabel: 'Close', cancel: null }}
        >
          <table className="shortcuts">
            <tbody>
              {Object.entries(ACCELERATORS).map(([name, accelerator]) => (
                <tr key={name}>
                  <th scope="row">{SHORTCUT_LABELS[name as keyof typeof ACCELERATORS]}</th>
                  <td>
                    <kbd>{shortcutText(accelerator)}</kbd>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Dialog>
      )}
    </>
  )
}
