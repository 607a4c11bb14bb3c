/**
 * Turns the loaded listings of the expanded nodes into the flat list of rows the
 * virtualized tree draws. Pure: it reads snapshots and returns rows, so it is easy to
 * test and cheap to recompute when a page arrives.
 */
import type { NamespacePath } from '@shared/namespace-path'

/** The state of one node's listing (its namespaces, then its tables). */
export interface ListingSnapshot {
  readonly namespaces: readonly string[]
  readonly tables: readonly string[]
  /** True once both listings have reached their last page. */
  readonly complete: boolean
  readonly loading: boolean
  readonly error: unknown
}

/** One drawn row. `key` is stable across refreshes, so focus and selection survive them. */
export type TreeRow =
  | {
      readonly kind: 'namespace' | 'table'
      readonly key: string
      readonly name: string
      /** For a namespace its own path; for a table the namespace it lives in. */
      readonly path: NamespacePath
      readonly level: number
      readonly posinset: number
      /** -1 while the parent's listing is incomplete (ARIA's "unknown"). */
      readonly setsize: number
      readonly expanded: boolean
    }
  | { readonly kind: 'loading' | 'more' | 'empty'; readonly key: string; readonly path: NamespacePath; readonly level: number }
  | { readonly kind: 'error'; readonly key: string; readonly path: NamespacePath; readonly level: number; readonly error: unknown }

/** Key of a namespace row. */
export const namespaceKey = (path: NamespacePath): string => `n:${JSON.stringify(path)}`
/** Key of a table row. */
export const tableKey = (namespace: NamespacePath, name: string): string => `t:${JSON.stringify([...namespace, name])}`

/** What to flatten: the listing of a path, whether a path is expanded, and a name filter. */
export interface FlattenInput {
  readonly listing: (path: NamespacePath) => ListingSnapshot | undefined
  readonly isExpanded: (path: NamespacePath) => boolean
  /** Lower-case substring; names that do not contain it are hidden (namespaces stay if a descendant matches). */
  readonly filter?: string
}

/** The rows of the whole visible tree, starting at the root. */
export function flattenTree(input: FlattenInput): TreeRow[] {
  const rows: TreeRow[] = []
  appendChildren(input, [], 1, rows)
  return rows
}

function appendChildren(input: FlattenInput, path: NamespacePath, level: number, rows: TreeRow[]): void {
  const listing = input.listing(path)
  const id = JSON.stringify(path)
  if (!listing) {
    rows.push({ kind: 'loading', key: `loading:${id}`, path, level })
    return
  }
  const filter = input.filter ?? ''
  // Tables show once the namespaces are exhausted, so the list grows in one order.
  const namespacesDone = listing.complete || listing.tables.length > 0
  const setsize = listing.complete ? listing.namespaces.length + listing.tables.length : -1
  let position = 0
  for (const name of listing.namespaces) {
    position++
    const childPath = [...path, name]
    const expanded = input.isExpanded(childPath)
    const start = rows.length
    rows.push({ kind: 'namespace', key: namespaceKey(childPath), name, path: childPath, level, posinset: position, setsize, expanded })
    if (expanded) appendChildren(input, childPath, level + 1, rows)
    const keep =
      !filter || name.toLowerCase().includes(filter) || rows.slice(start + 1).some((row) => row.kind === 'namespace' || row.kind === 'table')
    if (!keep) rows.length = start
  }
  if (namespacesDone) {
    for (const name of listing.tables) {
      position++
      if (filter && !name.toLowerCase().includes(filter)) continue
      rows.push({ kind: 'table', key: tableKey(path, name), name, path, level, posinset: position, setsize, expanded: false })
    }
  }
  if (listing.error !== null && listing.error !== undefined) {
    rows.push({ kind: 'error', key: `error:${id}`, path, level, error: listing.error })
  } else if (!listing.complete) {
    rows.push({ kind: listing.loading ? 'loading' : 'more', key: `more:${id}`, path, level })
  } else if (position === 0 && !filter) {
    rows.push({ kind: 'empty', key: `empty:${id}`, path, level })
  }
}
