/**
 * The staged edits of every table open in this window, kept apart from the grid so they
 * survive its remounts (a new filter, sort or column choice starts a new grid) and a
 * failed commit. UI state only: the rows themselves stay in react-query.
 */
import { create } from 'zustand'
import type { TableRef } from '@shared/catalog-types'
import { tableKey } from '../../lib/node-key'
import { NO_EDITS, type StagedEdits } from './staged-edits'

interface EditsState {
  readonly byTable: Readonly<Record<string, StagedEdits>>
  change(id: string, update: (edits: StagedEdits) => StagedEdits): void
}

/** The store of staged edits, keyed by `editsId`. */
export const useEditsStore = create<EditsState>()((set) => ({
  byTable: {},
  change: (id, update) =>
    set((state) => {
      const next = update(state.byTable[id] ?? NO_EDITS)
      const byTable = { ...state.byTable }
      if (next === NO_EDITS) delete byTable[id]
      else byTable[id] = next
      return { byTable }
    })
}))

/** The store's key of one table of one connection. */
export function editsId(connectionId: string, table: TableRef): string {
  return `${connectionId}\u0000${tableKey(table)}`
}

/** The staged edits of a table, and a function that changes them. */
export function useStagedEdits(connectionId: string, table: TableRef): readonly [StagedEdits, (update: (edits: StagedEdits) => StagedEdits) => void] {
  const id = editsId(connectionId, table)
  const edits = useEditsStore((state) => state.byTable[id] ?? NO_EDITS)
  const change = useEditsStore((state) => state.change)
  return [edits, (update) => change(id, update)] as const
}
