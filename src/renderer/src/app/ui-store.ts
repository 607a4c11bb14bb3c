/**
 * UI state only: which connection is shown, which nodes are expanded, what is selected,
 * and the page size. Server data never lives here; it is in react-query.
 */
import { create } from 'zustand'
import type { TableRef } from '@shared/catalog-types'
import type { NamespacePath } from '@shared/namespace-path'

/** A stable key for a namespace path within a connection. */
export function pathKey(path: NamespacePath): string {
  return JSON.stringify(path)
}

/** Page sizes offered in the settings. */
export const PAGE_SIZES = [10, 25, 50, 100, 250, 1000] as const

interface UiState {
  readonly connectionId: string | null
  /** Expanded namespace keys, per connection. */
  readonly expanded: Readonly<Record<string, readonly string[]>>
  readonly selectedTable: TableRef | null
  readonly pageSize: number
  selectConnection(id: string): void
  toggleExpanded(path: NamespacePath): void
  selectTable(table: TableRef | null): void
  setPageSize(size: number): void
}

/** The UI store. */
export const useUiStore = create<UiState>()((set) => ({
  connectionId: null,
  expanded: {},
  selectedTable: null,
  pageSize: 100,
  selectConnection: (id) => set((state) => (state.connectionId === id ? state : { connectionId: id, selectedTable: null })),
  toggleExpanded: (path) =>
    set((state) => {
      const id = state.connectionId
      if (!id) return state
      const key = pathKey(path)
      const current = state.expanded[id] ?? []
      const next = current.includes(key) ? current.filter((k) => k !== key) : [...current, key]
      return { expanded: { ...state.expanded, [id]: next } }
    }),
  selectTable: (table) => set({ selectedTable: table }),
  setPageSize: (pageSize) => set({ pageSize })
}))

/** True if `path` is expanded in the shown connection. */
export function useIsExpanded(path: NamespacePath): boolean {
  return useUiStore((state) => (state.connectionId ? (state.expanded[state.connectionId] ?? []).includes(pathKey(path)) : false))
}
