/**
 * Whether browser mode's host refused this tab's token. Every call then fails the same
 * way, so the window shows one explanation instead of an error in each pane that asked.
 * Set by the transport (api.ts); read by the app shell with `useHostRefusedTab`.
 */
import { useSyncExternalStore } from 'react'

let refused = false
const listeners = new Set<() => void>()

/** Records that the host answered a call with 401: this tab holds no valid token. */
export function markTabRefused(): void {
  if (refused) return
  refused = true
  for (const listener of listeners) listener()
}

/** True once the host has refused this tab's token. */
export function useHostRefusedTab(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => refused
  )
}
