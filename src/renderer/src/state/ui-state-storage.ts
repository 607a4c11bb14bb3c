/**
 * Where the UI store persists: main's data dir, through the api, rather than the
 * browser's localStorage (browser mode gets a new origin, i.e. a new port, every run).
 * Writes are debounced: moving through the tree with the arrow keys changes the state
 * on every key press.
 */
import type { StateStorage } from 'zustand/middleware'
import { api, unwrap } from '../lib/api'

const SAVE_DELAY_MS = 400

/** A zustand StateStorage over `ui:loadState` / `ui:saveState`. */
export function createUiStateStorage(): StateStorage {
  let pending: ReturnType<typeof setTimeout> | undefined
  // Changes made before the saved state is read would overwrite it with defaults.
  let loaded = false
  return {
    getItem: async () => {
      try {
        return await unwrap(api.ui.loadState({}))
      } catch {
        // Saved UI state is a convenience; without it the app starts fresh.
        return null
      } finally {
        loaded = true
      }
    },
    setItem: (_name, value) => {
      if (!loaded) return
      clearTimeout(pending)
      pending = setTimeout(() => void api.ui.saveState({ state: value }), SAVE_DELAY_MS)
    },
    removeItem: () => {
      clearTimeout(pending)
    }
  }
}
