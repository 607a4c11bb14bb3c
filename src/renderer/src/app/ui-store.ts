/**
 * UI state only: which connection is shown, and per connection which nodes are
 * expanded, which row has focus and which table is selected; plus the page size. Server
 * data never lives here; it is in react-query. Persisted in the data dir, so the tree
 * looks the same after a restart.
 */
import { create } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'
import type { TableRef } from '@shared/catalog-types'
import type { NamespacePath } from '@shared/namespace-path'
import { namespaceKey, type NamespaceKey, type NodeKey } from '../lib/node-key'
import { migrateUiState, UI_STATE_VERSION, type SavedUiState } from './ui-state-migration'
import { createUiStateStorage } from './ui-state-storage'

/** Page sizes offered in the settings. */
export const PAGE_SIZES = [10, 25, 50, 100, 250, 1000] as const

/** Tree state of one connection. */
export interface ConnectionView {
  /** Keys of the expanded namespaces. */
  readonly expanded: readonly NamespaceKey[]
  readonly focusedKey: NodeKey | null
  readonly selectedTable: TableRef | null
}

const EMPTY_VIEW: ConnectionView = { expanded: [], focusedKey: null, selectedTable: null }

interface UiState {
  readonly connectionId: string | null
  readonly views: Readonly<Record<string, ConnectionView>>
  readonly pageSize: number
  selectConnection(id: string): void
  setExpanded(path: NamespacePath, expanded: boolean): void
  focusRow(key: NodeKey): void
  selectTable(table: TableRef | null): void
  setPageSize(size: number): void
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
      selectConnection: (id) => set({ connectionId: id }),
      setExpanded: (path, expanded) =>
        set((state) =>
          updateView(state, (view) => {
            const key = namespaceKey(path)
            const without = view.expanded.filter((k) => k !== key)
            return { expanded: expanded ? [...without, key] : without }
          })
        ),
      focusRow: (key) => set((state) => updateView(state, () => ({ focusedKey: key }))),
      selectTable: (table) => set((state) => updateView(state, () => ({ selectedTable: table }))),
      setPageSize: (pageSize) => set({ pageSize })
    }),
    {
      name: 'lance-catalog-browser:ui',
      version: UI_STATE_VERSION,
      storage: createJSONStorage(createUiStateStorage),
      partialize: (state): Partial<SavedUiState> => ({ connectionId: state.connectionId, views: state.views, pageSize: state.pageSize }),
      migrate: migrateUiState
    }
  )
)

/** The tree state of the shown connection. */
export function useConnectionView(): ConnectionView {
  return useUiStore((state) => (state.connectionId ? (state.views[state.connectionId] ?? EMPTY_VIEW) : EMPTY_VIEW))
}
