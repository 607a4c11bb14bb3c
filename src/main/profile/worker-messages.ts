/** The messages between main's profile engine and the profile worker. */
import type { ColumnProfile } from '../../shared/contract/column-profile'

/** A column to profile: its name, readable type, and whether main feeds it as cells (bytes) rather than in pages. */
export interface ColumnPlan {
  readonly name: string
  readonly type: string
  readonly bytes: boolean
}

/** A bytes cell: its size (null when unknown), its first bytes (null when not read), or null for a null cell. */
export type WireCell = { readonly size: number | null; readonly head: Uint8Array | null } | null

export type ToWorker =
  /**
   * `share`: the columns of the whole profile, which share the kept-values budget (more
   * than `columns` when workers split them); `rows`: the rows it will read, if known, so
   * the kept values are allocated once at their size.
   */
  | { readonly type: 'start'; readonly columns: readonly ColumnPlan[]; readonly share?: number; readonly rows?: number }
  | { readonly type: 'page'; readonly arrow: Uint8Array }
  | { readonly type: 'cells'; readonly column: string; readonly cells: readonly WireCell[] }
  | { readonly type: 'finish' }

export type FromWorker =
  { readonly type: 'ack' } | { readonly type: 'result'; readonly columns: readonly ColumnProfile[] } | { readonly type: 'error'; readonly message: string }
