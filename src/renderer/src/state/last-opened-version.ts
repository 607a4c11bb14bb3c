/**
 * "Since the version I last opened": the latest version of each table when it was last
 * opened is kept with the UI state (so it outlives a restart); each time a table is opened
 * the version kept from before is set aside for this opening, for the Versions view to
 * offer comparing it with the latest, and the version now shown is kept instead.
 */
import { useEffect, useRef, useSyncExternalStore } from 'react'
import { create } from 'zustand'
import type { TableRef } from '@shared/catalog-types'
import type { ExactInt } from '@shared/exact-int'
import { tableKey } from '../lib/node-key'
import { useUiStore } from './ui-store'

/** The key of `table` of `connectionId` in the kept versions. */
export function lastOpenedKey(connectionId: string, table: TableRef): string {
  return `${connectionId}\u0000${tableKey(table)}`
}

/** Per table opened in this run: the version it had when it was opened before this time (not kept across runs). */
const useBefore = create<{ readonly before: Readonly<Record<string, ExactInt>>; set(key: string, version: ExactInt | null): void }>()((set) => ({
  before: {},
  set: (key, version) =>
    set((state) => {
      const { [key]: _dropped, ...rest } = state.before
      return { before: version === null ? rest : { ...rest, [key]: version } }
    })
}))

/**
 * Notes that `table` is open with `latest` as its latest version (null while unknown): on
 * opening, sets aside the version kept from its last opening; then keeps `latest`,
 * following it while the table stays open.
 */
export function useNoteOpenedVersion(connectionId: string, table: TableRef, latest: ExactInt | null): void {
  const key = lastOpenedKey(connectionId, table)
  const opened = useRef<string | null>(null)
  const hydrated = useHydrated()
  useEffect(() => {
    if (latest === null || !hydrated) return
    const state = useUiStore.getState()
    if (opened.current !== key) {
      opened.current = key
      useBefore.getState().set(key, state.lastOpened[key] ?? null)
    }
    state.noteOpenedVersion(key, latest)
  }, [key, latest, hydrated])
}

/** The version `table` had when it was opened before this time, or null (never opened before, or not known). */
export function useVersionBefore(connectionId: string, table: TableRef): ExactInt | null {
  return useBefore((state) => state.before[lastOpenedKey(connectionId, table)] ?? null)
}

/** Whether the saved UI state has been read: before then, a table's kept version is not known yet. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    (changed) => useUiStore.persist.onFinishHydration(changed),
    () => useUiStore.persist.hasHydrated()
  )
}
