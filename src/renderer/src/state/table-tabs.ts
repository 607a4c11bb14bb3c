/**
 * The open tables of one connection as plain data: an ordered list of tabs and the active
 * one. Pure functions, so the store and its tests share them. A table is open at most once.
 */
import type { TableRef } from '@shared/catalog-types'
import { samePath } from '@shared/namespace-path'

/** The tabs of one connection; `active` is one of `tabs`, or null when none is open. */
export interface TableTabs {
  readonly tabs: readonly TableRef[]
  readonly active: TableRef | null
}

/** True if two refs name the same table. */
export function sameTable(a: TableRef | null | undefined, b: TableRef | null | undefined): boolean {
  return !!a && !!b && a.name === b.name && samePath(a.namespace, b.namespace)
}

/** Where `table` is in `tabs`, or -1. */
export function indexOfTable(tabs: readonly TableRef[], table: TableRef | null): number {
  return tabs.findIndex((tab) => sameTable(tab, table))
}

/**
 * Shows `table` in the active tab (a plain click in the tree): an open table's tab is
 * activated; otherwise the active tab now shows it, or a first tab opens.
 */
export function showInActiveTab(state: TableTabs, table: TableRef): TableTabs {
  if (indexOfTable(state.tabs, table) >= 0) return { tabs: state.tabs, active: table }
  const at = indexOfTable(state.tabs, state.active)
  if (at < 0) return { tabs: [...state.tabs, table], active: table }
  return { tabs: state.tabs.map((tab, i) => (i === at ? table : tab)), active: table }
}

/** Opens `table` in a new tab right of the active one (or activates its open tab). */
export function openInNewTab(state: TableTabs, table: TableRef): TableTabs {
  if (indexOfTable(state.tabs, table) >= 0) return { tabs: state.tabs, active: table }
  const at = indexOfTable(state.tabs, state.active)
  const tabs = [...state.tabs]
  tabs.splice(at < 0 ? tabs.length : at + 1, 0, table)
  return { tabs, active: table }
}

/** Closes `table`'s tab; closing the active one activates its right neighbour, else its left. */
export function closeTab(state: TableTabs, table: TableRef): TableTabs {
  const at = indexOfTable(state.tabs, table)
  if (at < 0) return state
  const tabs = state.tabs.filter((_, i) => i !== at)
  if (!sameTable(state.active, table)) return { tabs, active: state.active }
  return { tabs, active: tabs[at] ?? tabs[at - 1] ?? null }
}

/** Moves the tab at `from` to index `to` (clamped); the active tab stays active. */
export function moveTab(state: TableTabs, from: number, to: number): TableTabs {
  const moving = state.tabs[from]
  if (!moving) return state
  const target = Math.max(0, Math.min(state.tabs.length - 1, to))
  if (target === from) return state
  const tabs = state.tabs.filter((_, i) => i !== from)
  tabs.splice(target, 0, moving)
  return { tabs, active: state.active }
}

/** Renames a table in its tab (a rename within its namespace), keeping its place. */
export function renameTab(state: TableTabs, from: TableRef, to: TableRef): TableTabs {
  const at = indexOfTable(state.tabs, from)
  if (at < 0) return state
  // Renamed onto a table that is open too: that other tab is the same table now.
  const tabs = state.tabs.map((tab, i) => (i === at ? to : tab)).filter((tab, i) => i === at || !sameTable(tab, to))
  return { tabs, active: sameTable(state.active, from) ? to : state.active }
}

/** Tabs saved by an older version (a selection, no tab list), or damaged: made consistent. */
export function normalizeTabs(tabs: readonly TableRef[] | undefined, active: TableRef | null): TableTabs {
  const list = (Array.isArray(tabs) ? tabs : []).filter(isTableRef)
  const unique = list.filter((tab, i) => indexOfTable(list, tab) === i)
  if (active && isTableRef(active) && indexOfTable(unique, active) < 0) unique.push(active)
  return { tabs: unique, active: active && isTableRef(active) ? active : null }
}

function isTableRef(value: unknown): value is TableRef {
  if (typeof value !== 'object' || value === null) return false
  const ref = value as { namespace?: unknown; name?: unknown }
  return typeof ref.name === 'string' && Array.isArray(ref.namespace) && ref.namespace.every((part) => typeof part === 'string')
}
