/**
 * The page's side of the shell events (the desktop menu, a dropped folder, and browser
 * mode's shortcuts): each feature subscribes to the commands it owns. The command palette
 * sends the same commands from inside the page (`dispatchAppCommand`), so a command has
 * one handler whoever asks for it.
 */
import { useEffect, useRef } from 'react'
import type { AppCommand, ShellEvent } from '@shared/contract/shell-events'
import { api } from './api'

const pageListeners = new Set<(event: ShellEvent) => void>()

/** Sends a command to the page's handlers, as the menu would. */
export function dispatchAppCommand(command: AppCommand): void {
  for (const listener of [...pageListeners]) listener({ type: 'command', command })
}

/** Calls `listener` for every shell event while the component is mounted. */
export function useShellEvents(listener: (event: ShellEvent) => void): void {
  const latest = useRef(listener)
  useEffect(() => {
    latest.current = listener
  })
  useEffect(() => {
    const forward = (event: ShellEvent): void => latest.current(event)
    const unsubscribe = api.events.subscribe(forward)
    pageListeners.add(forward)
    return () => {
      unsubscribe()
      pageListeners.delete(forward)
    }
  }, [])
}

/** Runs `run` when the menu or a shortcut sends `command`. */
export function useShellCommand(command: AppCommand, run: () => void): void {
  useShellEvents((event) => {
    if (event.type === 'command' && event.command === command) run()
  })
}
