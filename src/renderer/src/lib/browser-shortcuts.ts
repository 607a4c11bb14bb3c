/**
 * Browser mode has no application menu: its keyboard shortcuts send the same commands the
 * desktop menu sends, from the same accelerator table, as shell events.
 */
import { commandForKeyPress, type ShellEvent, type SubscribeShellEvents } from '@shared/contract/shell-events'

/** Shell events of browser mode: one keydown listener on `target` while anyone listens. */
export function browserShellEvents(target: Pick<Window, 'addEventListener' | 'removeEventListener'>, mac: boolean): SubscribeShellEvents {
  const listeners = new Set<(event: ShellEvent) => void>()
  const onKey = (event: KeyboardEvent): void => {
    const command = commandForKeyPress(event, mac)
    if (!command || event.defaultPrevented) return
    event.preventDefault()
    for (const listener of listeners) listener({ type: 'command', command })
  }
  return (listener) => {
    if (listeners.size === 0) target.addEventListener('keydown', onKey)
    listeners.add(listener)
    return () => {
      listeners.delete(listener)
      if (listeners.size === 0) target.removeEventListener('keydown', onKey)
    }
  }
}
