/**
 * The column a Find result pointed at: the schema of that table shows it selected and
 * scrolled into view when the table opens. UI state only (zustand).
 */
import { create } from 'zustand'
import type { TableRef } from '@shared/catalog-types'
import { tableKey } from '../../lib/node-key'

interface FoundColumnState {
  /** `connectionId` + table key -> column name (`parent.child` for a nested field). */
  readonly target: { readonly connectionId: string; readonly table: string; readonly column: string } | null
  show(connectionId: string, table: TableRef, column: string): void
}

/** Where the last column result pointed. */
export const useFoundColumnStore = create<FoundColumnState>()((set) => ({
  target: null,
  show: (connectionId, table, column) => set({ target: { connectionId, table: tableKey(table), column } })
}))

/** The found column of this table, or null. */
export function useFoundColumn(connectionId: string, table: TableRef): string | null {
  return useFoundColumnStore((state) =>
    state.target && state.target.connectionId === connectionId && state.target.table === tableKey(table) ? state.target.column : null
  )
}
