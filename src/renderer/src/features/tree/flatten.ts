/**
 * The tree's row types and keys, and the plain flattening of the loaded listings of the
 * expanded nodes into one list of rows. The app draws through `TreeModel` (tree-model.ts),
 * which finds rows by index without building this list; `flattenTree` is the simple
 * reference the model is checked against in its tests.
 */
import type { NamespacePath } from '@shared/namespace-path'
import { ChildKeys, namespaceKey, namespacePathOf, tableKey, type NamespaceKey, type NodeKey, type TableKey } from '../../lib/node-key'

/** The state of one node's listing (its namespaces, then its tables). */
export interface ListingSnapshot {
  readonly namespaces: readonly string[]
  readonly tables: readonly string[]
  /** True once both listings have reached their last page. */
  readonly complete: boolean
  readonly loading: boolean
  readonly error: unknown
}

/** The status rows a node may end with. */
type StatusKind = 'loading' | 'more' | 'error' | 'empty'

/** Key of a status row: its kind and the key of the node it belongs to. */
export type StatusKey = `${StatusKind}:${NamespaceKey}`

/** Key of the status row `kind` of node `node`. */
export const statusKey = (kind: StatusKind, node: NamespaceKey): StatusKey => `${kind}:${node}`

interface ItemRow<Kind extends 'namespace' | 'table', Key extends NodeKey> {
  readonly kind: Kind
  readonly key: Key
  readonly name: string
  /** For a namespace its own path; for a table the namespace it lives in. */
  readonly path: NamespacePath
  readonly level: number
  readonly posinset: number
  /** The parent's key: the key of its set size in `FlatTree.setsizes`. */
  readonly parentId: NamespaceKey
  readonly expanded: boolean
}

/** One drawn row. `key` is stable across refreshes, so focus and selection survive them. */
export type TreeRow =
  | ItemRow<'namespace', NamespaceKey>
  | ItemRow<'table', TableKey>
  | { readonly kind: 'loading' | 'more' | 'empty'; readonly key: StatusKey; readonly path: NamespacePath; readonly level: number }
  | { readonly kind: 'error'; readonly key: StatusKey; readonly path: NamespacePath; readonly level: number; readonly error: unknown }

/** What to flatten: the listing of a path, whether a path is expanded, and a name filter. */
export interface FlattenInput {
  readonly listing: (path: NamespacePath) => ListingSnapshot | undefined
  /** Keys of the expanded namespaces. */
  readonly expanded: ReadonlySet<NamespaceKey>
  /** Lower-case substring; names that do not contain it are hidden (namespaces stay if a descendant matches). */
  readonly filter?: string
  /** Row segments kept between calls, so a page arriving on a huge node adds rows instead of rebuilding them all. */
  readonly cache?: SegmentCache
}

/** Rows of one node's children, reused while its names and shape are unchanged. */
interface Segment {
  readonly namespaces: readonly string[]
  readonly tables: readonly string[]
  readonly rows: readonly TreeRow[]
}

/** A cache of row segments, one per node; create one per tree and pass it to every call. */
export type SegmentCache = Map<NamespaceKey, Segment>

/** The flattened tree: its rows, and the size of each node's set of children. */
export interface FlatTree {
  readonly rows: readonly TreeRow[]
  /**
   * Children per node (by parent id), or -1 while a listing is incomplete (ARIA's
   * "unknown"). Kept out of the rows so a listing that completes does not rebuild them.
   */
  readonly setsizes: ReadonlyMap<NamespaceKey, number>
}

/** The rows of the whole visible tree, starting at the root. */
export function flattenTree(input: FlattenInput): FlatTree {
  const rows: TreeRow[] = []
  const setsizes = new Map<NamespaceKey, number>()
  // Parents of expanded nodes: a node none of whose children is expanded can reuse its segment.
  const expandedParents = new Set<NamespaceKey>()
  for (const key of input.expanded) {
    const path = namespacePathOf(key)
    if (path && path.length > 0) expandedParents.add(namespaceKey(path.slice(0, -1)))
  }
  appendChildren({ ...input, expandedParents, setsizes }, [], 1, rows)
  return { rows, setsizes }
}

interface Walk extends FlattenInput {
  readonly expandedParents: ReadonlySet<NamespaceKey>
  readonly setsizes: Map<NamespaceKey, number>
}

function appendChildren(input: Walk, path: NamespacePath, level: number, rows: TreeRow[]): void {
  const listing = input.listing(path)
  const id = namespaceKey(path)
  if (!listing) {
    rows.push({ kind: 'loading', key: statusKey('loading', id), path, level })
    return
  }
  const filter = input.filter ?? ''
  // Tables show once the namespaces are exhausted, so the list grows in one order.
  const namespacesDone = listing.complete || listing.tables.length > 0
  const tables = namespacesDone ? listing.tables : []
  input.setsizes.set(id, listing.complete ? listing.namespaces.length + listing.tables.length : -1)
  const position = listing.namespaces.length + tables.length

  if (!filter && !input.expandedParents.has(id)) {
    for (const row of leafSegment(input.cache, id, path, level, listing.namespaces, tables)) rows.push(row)
  } else {
    appendFiltered(input, id, path, level, listing.namespaces, tables, rows)
  }

  if (listing.error !== null && listing.error !== undefined) {
    rows.push({ kind: 'error', key: statusKey('error', id), path, level, error: listing.error })
  } else if (!listing.complete) {
    rows.push({ kind: listing.loading ? 'loading' : 'more', key: statusKey('more', id), path, level })
  } else if (position === 0 && !filter) {
    rows.push({ kind: 'empty', key: statusKey('empty', id), path, level })
  }
}

/** Rows of a node whose children are all collapsed, extended from the cache when names were only added. */
function leafSegment(
  cache: SegmentCache | undefined,
  id: NamespaceKey,
  path: NamespacePath,
  level: number,
  namespaces: readonly string[],
  tables: readonly string[]
): readonly TreeRow[] {
  const cached = cache?.get(id)
  if (cached && cached.namespaces === namespaces && cached.tables === tables) return cached.rows
  const keep = cached && cached.tables.length === 0 && isPrefix(cached.namespaces, namespaces) ? cached.namespaces.length : 0
  const rows: TreeRow[] = cached ? cached.rows.slice(0, keep) : []
  const keys = new ChildKeys(id)
  for (let i = keep; i < namespaces.length; i++) {
    const name = namespaces[i] ?? ''
    rows.push({ kind: 'namespace', key: keys.namespace(name), name, path: [...path, name], level, posinset: i + 1, parentId: id, expanded: false })
  }
  tables.forEach((name, i) => {
    rows.push({ kind: 'table', key: keys.table(name), name, path, level, posinset: namespaces.length + i + 1, parentId: id, expanded: false })
  })
  cache?.set(id, { namespaces, tables, rows })
  return rows
}

function appendFiltered(
  input: Walk,
  id: NamespaceKey,
  path: NamespacePath,
  level: number,
  namespaces: readonly string[],
  tables: readonly string[],
  rows: TreeRow[]
): void {
  const filter = input.filter ?? ''
  let position = 0
  for (const name of namespaces) {
    position++
    const childPath = [...path, name]
    const key = namespaceKey(childPath)
    const expanded = input.expanded.has(key)
    const start = rows.length
    rows.push({ kind: 'namespace', key, name, path: childPath, level, posinset: position, parentId: id, expanded })
    if (expanded) appendChildren(input, childPath, level + 1, rows)
    const keep = !filter || name.toLowerCase().includes(filter) || rows.slice(start + 1).some((row) => row.kind === 'namespace' || row.kind === 'table')
    if (!keep) rows.length = start
  }
  for (const name of tables) {
    position++
    if (filter && !name.toLowerCase().includes(filter)) continue
    rows.push({ kind: 'table', key: tableKey({ namespace: path, name }), name, path, level, posinset: position, parentId: id, expanded: false })
  }
}

function isPrefix(shorter: readonly string[], longer: readonly string[]): boolean {
  if (shorter.length > longer.length) return false
  for (let i = 0; i < shorter.length; i++) if (shorter[i] !== longer[i]) return false
  return true
}
