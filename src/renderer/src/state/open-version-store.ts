/**
 * Which older version of a table is open read-only, per connection and table: UI state
 * shared by the Versions view (which opens one), the details pane and grid (which read it)
 * and the table actions (disabled while one is open). No entry: the latest version.
 */
import { create } from 'zustand'
import type { TableRef } from '@shared/catalog-types'
import type { ExactInt } from '@shared/exact-int'
import { tableKey } from '../lib/node-key'

interface OpenVersionState {
  readonly open: Readonly<Record<string, ExactInt>>
  setOpen(connectionId: string, table: TableRef, version: ExactInt | null): void
}

function keyOf(connectionId: string, table: TableRef): string {
  return `${connectionId}\u0000${tableKey(table)}`
}

const useOpenVersions = create<OpenVersionState>()((set) => ({
  open: {},
  setOpen: (connectionId, table, version) =>
    set((state) => {
      const next = { ...state.open }
      if (version === null) delete next[keyOf(connectionId, table)]
      else next[keyOf(connectionId, table)] = version
      return { open: next }
    })
}))

/** The version of `table` open read-only, or null for the latest. */
export function useOpenVersion(connectionId: string, table: TableRef | null): ExactInt | null {
  return useOpenVersions((state) => (table === null ? null : (state.open[keyOf(connectionId, table)] ?? null)))
}

/** Opens `version` of `table` read-only; null goes back to the latest. */
export function setOpenVersion(connectionId: string, table: TableRef, version: ExactInt | null): void {
  useOpenVersions.getState().setOpen(connectionId, table, version)
}

/** Why writing actions are off while an older version is open. */
export function readOnlyReason(version: ExactInt): string {
  return `Version ${version} is open read-only: go back to the latest version to change this table`
}
