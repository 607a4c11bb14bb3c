/**
 * Saved UI state from older versions of the app, brought up to the current shape, so an
 * update keeps the tree as the person left it. Version 1 saved expanded nodes as their
 * paths' JSON; version 2 saves node keys (node-key.ts) everywhere.
 */
import type { TableRef } from '@shared/catalog-types'
import type { ExactInt } from '@shared/exact-int'
import { namespaceKeyFromVersion1, parseNodeKey, type NamespaceKey } from '../lib/node-key'
import type { ConnectionView, PaneSizes, ThemeChoice } from './ui-state-types'

/** The version of the saved UI state this build writes. */
export const UI_STATE_VERSION = 2

/** What is saved: the shown connection, the tree and tab state per connection, the page size, pane sizes and theme. */
export interface SavedUiState {
  readonly connectionId: string | null
  readonly views: Readonly<Record<string, ConnectionView>>
  readonly pageSize: number
  readonly panes: PaneSizes
  readonly theme: ThemeChoice
  /** The latest version of each table when it was last opened, by connection and table (last-opened-version.ts); absent before it was kept. */
  readonly lastOpened?: Readonly<Record<string, ExactInt>>
}

/**
 * Saved state of `version` in the current shape. Parts that cannot be read are left out
 * (the app starts them fresh); a version this build does not know gives nothing.
 */
export function migrateUiState(saved: unknown, version: number): Partial<SavedUiState> {
  if (version !== 1 || !isRecord(saved)) return {}
  const out: { -readonly [K in keyof SavedUiState]?: SavedUiState[K] } = {}
  if (typeof saved['connectionId'] === 'string') out.connectionId = saved['connectionId']
  if (typeof saved['pageSize'] === 'number') out.pageSize = saved['pageSize']
  const views = saved['views']
  if (isRecord(views)) {
    out.views = Object.fromEntries(Object.entries(views).flatMap(([id, view]) => (isRecord(view) ? [[id, viewFromVersion1(view)]] : [])))
  }
  return out
}

function viewFromVersion1(view: Record<string, unknown>): ConnectionView {
  const expanded = Array.isArray(view['expanded']) ? view['expanded'] : []
  const focused = view['focusedKey']
  return {
    expanded: expanded.flatMap((entry: unknown): NamespaceKey[] => {
      const key = typeof entry === 'string' ? namespaceKeyFromVersion1(entry) : null
      return key ? [key] : []
    }),
    // Version 1 already saved focus as a node key.
    focusedKey: typeof focused === 'string' ? parseNodeKey(focused) : null,
    selectedTable: isTableRef(view['selectedTable']) ? view['selectedTable'] : null,
    // Version 1 had no tabs; the store opens the selected table in one.
    tabs: []
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function isTableRef(value: unknown): value is TableRef {
  if (!isRecord(value)) return false
  const namespace = value['namespace']
  return typeof value['name'] === 'string' && Array.isArray(namespace) && namespace.every((part) => typeof part === 'string')
}
