/** The shapes of the UI state, shared by the store and the migration of saved state. */
import type { TableRef } from '@shared/catalog-types'
import type { NamespaceKey, NodeKey } from '../lib/node-key'

/** Tree and tab state of one connection. */
export interface ConnectionView {
  /** Keys of the expanded namespaces. */
  readonly expanded: readonly NamespaceKey[]
  readonly focusedKey: NodeKey | null
  /** The active tab's table. */
  readonly selectedTable: TableRef | null
  /** The open tables, in tab order. */
  readonly tabs: readonly TableRef[]
}

/** Sizes of the resizable panes, in percent of their group. */
export interface PaneSizes {
  /** The sidebar's share of the window's width. */
  readonly sidebar: number
  /**
   * The table details' share of the table pane's height (the grid has the rest), once the
   * user has chosen one by dragging or with the keyboard; null sizes the details to fit.
   */
  readonly details: number | null
}

/** The colour scheme: follow the OS, or force one. */
export type ThemeChoice = 'system' | 'light' | 'dark'
