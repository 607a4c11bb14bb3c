/**
 * UI state only: which connection is shown, and per connection which nodes are
 * expanded, which row has focus and which tables are open in tabs (the active one is the
 * selected table); plus the page size, the pane sizes, the theme choice and the version
 * each table had when it was last opened (to compare since then). Server data
 * never lives here; it is in react-query. Persisted in the data dir, so the window looks
 * the same after a restart.
 */
import { create } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'
import type { TableRef } from '@shared/catalog-types'
import type { ExactInt } from '@shared/exact-int'
import type { NamespacePath } from '@shared/namespace-path'
import { namespaceKey, tableKey, type NodeKey } from '../lib/node-key'
import { migrateUiState, UI_STATE_VERSION, type SavedUiState } from './ui-state-migration'
import * as tabs from './table-tabs'
import { createUiStateStorage } from './ui-state-storage'
import type { ConnectionView, PaneSizes, ThemeChoice } from './ui-state-types'

/** Page sizes offered in the settings. */
export const PAGE_SIZES = [10, 25, 50, 100, 250, 1000] as const

/** Tables whose last opened version is remembered; opening one more forgets the one opened longest ago. */
export const MAX_LAST_OPENED = 500

/** The starting sizes: the details fit their content until the user sizes them. */
export const DEFAULT_PANES: PaneSizes = { sidebar: 26, details: null }

const EMPTY_VIEW: ConnectionView = { expanded: [], focusedKey: null, selectedTable: null, tabs: [] }

interface UiState {
  readonly connectionId: string | null
  readonly views: Readonly<Record<string, ConnectionView>>
  readonly pageSize: number
  readonly panes: PaneSizes
  readonly theme: ThemeChoice
  /** The latest version of each table when it was last opened, by `lastOpenedKey` (last-opened-version.ts), least recent first. */
  readonly lastOpened: Readonly<Record<string, ExactInt>>
  /** Remembers `version` as the one the table under `key` was last opened at. */
  noteOpenedVersion(key: string, version: ExactInt): void
  /** Shows a connection; `expanded` are the namespaces it opens with if it was never shown before. */
  selectConnection(id: string, expanded?: readonly NamespacePath[]): void
  setExpanded(path: NamespacePath, expanded: boolean): void
  focusRow(key: NodeKey): void
  /** Shows a table in the active tab; null closes the active tab. */
  selectTable(table: TableRef | null): void
  /** Opens a table in a new tab (or activates its tab). */
  openTable(table: TableRef): void
  closeTable(table: TableRef): void
  moveTab(from: number, to: number): void
  /** A table was renamed: its tab shows the new name. */
  renameTable(from: TableRef, to: TableRef): void
  setPageSize(size: number): void
  setPanes(panes: Partial<PaneSizes>): void
  setTheme(theme: ThemeChoice): void
  /** System, then light, then dark, then system again. */
  toggleTheme(): void
}

/** A saved view made whole: views saved before tabs existed have a selection and no tab list. */
function viewOf(saved: Partial<ConnectionView> | undefined): ConnectionView {
  if (!saved) return EMPTY_VIEW
  const { tabs: list, active } = tabs.normalizeTabs(saved.tabs, saved.selectedTable ?? null)
  return { expanded: saved.expanded ?? [], focusedKey: saved.focusedKey ?? null, selectedTable: active, tabs: list }
}

function updateView(state: UiState, change: (view: ConnectionView) => Partial<ConnectionView>): Partial<UiState> {
  const id = state.connectionId
  if (!id) return {}
  const view = viewOf(state.views[id])
  return { views: { ...state.views, [id]: { ...view, ...change(view) } } }
}

/**
 * Applies a tab operation to the shown connection's view; a table it shows (`shown`) takes
 * the tree's Tab stop too, so the row the keyboard acts on is the table on screen.
 */
function updateTabs(state: UiState, change: (current: tabs.TableTabs) => tabs.TableTabs, shown: TableRef | null = null): Partial<UiState> {
  return updateView(state, (view) => {
    const next = change({ tabs: view.tabs, active: view.selectedTable })
    return { tabs: next.tabs, selectedTable: next.active, ...(shown ? { focusedKey: tableKey(shown) } : {}) }
  })
}

const NEXT_THEME: Readonly<Record<ThemeChoice, ThemeChoice>> = { system: 'light', light: 'dark', dark: 'system' }
const clampPane = (value: number): number => Math.min(90, Math.max(5, value))
const clampChosen = (value: number | null): number | null => (value === null ? null : clampPane(value))

/** The UI store. */
export const useUiStore = create<UiState>()(
  persist(
    (set) => ({
      connectionId: null,
      views: {},
      pageSize: 100,
      panes: DEFAULT_PANES,
      theme: 'system',
      lastOpened: {},
      noteOpenedVersion: (key, version) =>
        set((state) => {
          if (state.lastOpened[key] === version) return {}
          // Insertion order is recency: the key moves to the end, the oldest past the bound go.
          const { [key]: _previous, ...rest } = state.lastOpened
          const entries = [...Object.entries(rest), [key, version] as const]
          return { lastOpened: Object.fromEntries(entries.slice(-MAX_LAST_OPENED)) }
        }),
      selectConnection: (id, expanded = []) =>
        set((state) =>
          state.views[id] || expanded.length === 0
            ? { connectionId: id }
            : { connectionId: id, views: { ...state.views, [id]: { ...EMPTY_VIEW, expanded: expanded.map(namespaceKey) } } }
        ),
      setExpanded: (path, expanded) =>
        set((state) =>
          updateView(state, (view) => {
            const key = namespaceKey(path)
            const without = view.expanded.filter((k) => k !== key)
            return { expanded: expanded ? [...without, key] : without }
          })
        ),
      focusRow: (key) => set((state) => updateView(state, () => ({ focusedKey: key }))),
      // A table shown (from the tree, the palette, Find or a create) becomes the tree's Tab stop.
      selectTable: (table) =>
        set((state) =>
          updateTabs(
            state,
            (current) => (table ? tabs.showInActiveTab(current, table) : current.active ? tabs.closeTab(current, current.active) : current),
            table
          )
        ),
      openTable: (table) => set((state) => updateTabs(state, (current) => tabs.openInNewTab(current, table), table)),
      closeTable: (table) => set((state) => updateTabs(state, (current) => tabs.closeTab(current, table))),
      moveTab: (from, to) => set((state) => updateTabs(state, (current) => tabs.moveTab(current, from, to))),
      renameTable: (from, to) => set((state) => updateTabs(state, (current) => tabs.renameTab(current, from, to))),
      setPageSize: (pageSize) => set({ pageSize }),
      setPanes: (panes) =>
        set((state) => ({
          panes: {
            sidebar: clampPane(panes.sidebar ?? state.panes.sidebar),
            details: panes.details === undefined ? state.panes.details : clampChosen(panes.details)
          }
        })),
      setTheme: (theme) => set({ theme }),
      toggleTheme: () => set((state) => ({ theme: NEXT_THEME[state.theme] }))
    }),
    {
      name: 'lance-catalog-browser:ui',
      version: UI_STATE_VERSION,
      storage: createJSONStorage(createUiStateStorage),
      partialize: (state): Partial<SavedUiState> => ({
        connectionId: state.connectionId,
        views: state.views,
        pageSize: state.pageSize,
        panes: state.panes,
        theme: state.theme,
        lastOpened: state.lastOpened
      }),
      migrate: migrateUiState,
      // State saved by an older version lacks the newer fields: keep the defaults for those.
      merge: (saved, current) => {
        const loaded = (saved ?? {}) as Partial<UiState>
        const panes = loaded.panes
        const validPanes =
          panes && Number.isFinite(panes.sidebar) && (panes.details === null || Number.isFinite(panes.details))
            ? { sidebar: clampPane(panes.sidebar), details: clampChosen(panes.details) }
            : current.panes
        const theme = loaded.theme && loaded.theme in NEXT_THEME ? loaded.theme : current.theme
        return { ...current, ...loaded, panes: validPanes, theme, lastOpened: validLastOpened(loaded.lastOpened) }
      }
    }
  )
)

/** Saved last opened versions that are whole numbers, at most MAX_LAST_OPENED of them; anything else is dropped. */
function validLastOpened(saved: unknown): Readonly<Record<string, ExactInt>> {
  if (typeof saved !== 'object' || saved === null) return {}
  const entries = Object.entries(saved).filter((entry): entry is [string, ExactInt] => typeof entry[1] === 'string' && /^\d{1,20}$/.test(entry[1]))
  return Object.fromEntries(entries.slice(-MAX_LAST_OPENED))
}

/** The tree and tab state of the shown connection. */
export function useConnectionView(): ConnectionView {
  const saved = useUiStore((state) => (state.connectionId ? state.views[state.connectionId] : undefined))
  // viewOf builds a new object only for a view saved before tabs existed; memo-free is fine
  // because such a view is rewritten (and so made whole) by its first change.
  return saved && saved.tabs ? saved : viewOf(saved)
}
