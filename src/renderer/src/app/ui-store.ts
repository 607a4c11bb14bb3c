/**
 * UI state only: which connection is shown, and per connection which nodes are
 * expanded, which row has focus and which table is selected; plus the page size and the
 * theme. Server data never lives here; it is in react-query. Persisted in the data dir,
 * so the tree and the theme look the same after a restart.
 */
import { create } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'
import type { TableRef } from '@shared/catalog-types'
import type { NamespacePath } from '@shared/namespace-path'
import type { ThemePreference } from '../ui/theme/theme'
import { createUiStateStorage } from './ui-state-storage'

/** Page sizes offered in the settings. */
export const PAGE_SIZES = [10, 25, 50, 100, 250, 1000] as const

/** Tree state of one connection. */
export interface ConnectionView {
  /** Expanded namespace paths, as JSON strings. */
  readonly expanded: readonly string[]
  readonly focusedKey: string | null
  readonly selectedTable: TableRef | null
}

const EMPTY_VIEW: ConnectionView = { expanded: [], focusedKey: null, selectedTable: null }

interface UiState {
  readonly connectionId: string | null
  readonly views: Readonly<Record<string, ConnectionView>>
  readonly pageSize: number
  /** System follows the OS colour scheme; Light and Dark override it. */
  readonly theme: ThemePreference
  selectConnection(id: string): void
  setExpanded(path: NamespacePath, expanded: boolean): void
  focusRow(key: string): void
  selectTable(table: TableRef | null): void
  setPageSize(size: number): void
  setTheme(theme: ThemePreference): void
}

function updateView(state: UiState, change: (view: ConnectionView) => Partial<ConnectionView>): Partial<UiState> {
  const id = state.connectionId
  if (!id) return {}
  const view = state.views[id] ?? EMPTY_VIEW
  return { views: { ...state.views, [id]: { ...view, ...change(view) } } }
}

/** The UI store. */
export const useUiStore = create<UiState>()(
  persist(
    (set) => ({
      connectionId: null,
      views: {},
      pageSize: 100,
      theme: 'system',
      selectConnection: (id) => set({ connectionId: id }),
      setExpanded: (path, expanded) =>
        set((state) =>
          updateView(state, (view) => {
            const key = JSON.stringify(path)
            const without = view.expanded.filter((k) => k !== key)
            return { expanded: expanded ? [...without, key] : without }
          })
        ),
      focusRow: (key) => set((state) => updateView(state, () => ({ focusedKey: key }))),
      selectTable: (table) => set((state) => updateView(state, () => ({ selectedTable: table }))),
      setPageSize: (pageSize) => set({ pageSize }),
      setTheme: (theme) => set({ theme })
    }),
    {
      name: 'lance-catalog-browser:ui',
      version: 1,
      storage: createJSONStorage(createUiStateStorage),
      partialize: (state) => ({ connectionId: state.connectionId, views: state.views, pageSize: state.pageSize, theme: state.theme })
    }
  )
)

/** The tree state of the shown connection. */
export function useConnectionView(): ConnectionView {
  return useUiStore((state) => (state.connectionId ? (state.views[state.connectionId] ?? EMPTY_VIEW) : EMPTY_VIEW))
}
