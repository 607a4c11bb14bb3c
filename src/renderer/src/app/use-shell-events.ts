/**
 * The page's side of the shell events (the desktop menu, a dropped folder, and browser
 * mode's shortcuts): each feature subscribes to the commands it owns.
 */
import { useEffect, useRef } from 'react'
import type { AppCommand, ShellEvent } from '@shared/contract/shell-events'
import { api } from '../lib/api'

/** Calls `listener` for every shell event while the component is mounted. */
export function useShellEvents(listener: (event: ShellEvent) => void): void {
  const latest = useRef(listener)
  useEffect(() => {
    latest.current = listener
  })
  useEffect(() => {
    const unsubscribe = api.events.subscribe((event) => latest.current(event))
    return unsubscribe
  }, [])
}

/** Runs `run` when the menu or a shortcut sends `command`. */
export function useShellCommand(command: AppCommand, run: () => void): void {
  useShellEvents((event) => {
    if (event.type === 'command' && event.command === command) run()
  })
}
