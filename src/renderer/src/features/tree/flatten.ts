/**
 * The tree's row types and keys, and the plain flattening of the loaded listings of the
 * expanded nodes into one list of rows. The app draws through `TreeModel` (tree-model.ts),
 * which finds rows by index without building this list; `flattenTree` is the simple
 * reference the model is checked against in its tests.
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
      /** The parent's path as JSON: the key of its set size in `FlatTree.setsizes`. */
      readonly parentId: string
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
  /** Expanded namespace paths, as JSON strings (`JSON.stringify(path)`). */
  readonly expanded: ReadonlySet<string>
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
export type SegmentCache = Map<string, Segment>

/** The flattened tree: its rows, and the size of each node's set of children. */
export interface FlatTree {
  readonly rows: readonly TreeRow[]
  /**
   * Children per node (by parent id), or -1 while a listing is incomplete (ARIA's
   * "unknown"). Kept out of the rows so a listing that completes does not rebuild them.
   */
  readonly setsizes: ReadonlyMap<string, number>
}

/** The rows of the whole visible tree, starting at the root. */
export function flattenTree(input: FlattenInput): FlatTree {
  const rows: TreeRow[] = []
  const setsizes = new Map<string, number>()
  // Parents of expanded nodes: a node none of whose children is expanded can reuse its segment.
  const expandedParents = new Set<string>()
  for (const key of input.expanded) expandedParents.add(JSON.stringify((JSON.parse(key) as string[]).slice(0, -1)))
  appendChildren({ ...input, expandedParents, setsizes }, [], 1, rows)
  return { rows, setsizes }
}

interface Walk extends FlattenInput {
  readonly expandedParents: ReadonlySet<string>
  readonly setsizes: Map<string, number>
}

function appendChildren(input: Walk, path: NamespacePath, level: number, rows: TreeRow[]): void {
  const listing = input.listing(path)
  const id = JSON.stringify(path)
  if (!listing) {
    rows.push({ kind: 'loading', key: `loading:${id}`, path, level })
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
    rows.push({ kind: 'error', key: `error:${id}`, path, level, error: listing.error })
  } else if (!listing.complete) {
    rows.push({ kind: listing.loading ? 'loading' : 'more', key: `more:${id}`, path, level })
  } else if (position === 0 && !filter) {
    rows.push({ kind: 'empty', key: `empty:${id}`, path, level })
  }
}

/** Rows of a node whose children are all collapsed, extended from the cache when names were only added. */
function leafSegment(
  cache: SegmentCache | undefined,
  id: string,
  path: NamespacePath,
  level: number,
  namespaces: readonly string[],
  tables: readonly string[]
): readonly TreeRow[] {
  const cached = cache?.get(id)
  if (cached && cached.namespaces === namespaces && cached.tables === tables) return cached.rows
  const keep = cached && cached.tables.length === 0 && isPrefix(cached.namespaces, namespaces) ? cached.namespaces.length : 0
  const rows: TreeRow[] = cached ? cached.rows.slice(0, keep) : []
  // Keys are built by string concatenation: JSON.stringify of each child path is the hot spot at 100,000 rows.
  const prefix = path.length === 0 ? '[' : `${id.slice(0, -1)},`
  for (let i = keep; i < namespaces.length; i++) {
    const name = namespaces[i] ?? ''
    rows.push({ kind: 'namespace', key: `n:${prefix}${JSON.stringify(name)}]`, name, path: [...path, name], level, posinset: i + 1, parentId: id, expanded: false })
  }
  tables.forEach((name, i) => {
    rows.push({ kind: 'table', key: `t:${prefix}${JSON.stringify(name)}]`, name, path, level, posinset: namespaces.length + i + 1, parentId: id, expanded: false })
  })
  cache?.set(id, { namespaces, tables, rows })
  return rows
}

function appendFiltered(
  input: Walk,
  id: string,
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
    const key = JSON.stringify(childPath)
    const expanded = input.expanded.has(key)
    const start = rows.length
    rows.push({ kind: 'namespace', key: `n:${key}`, name, path: childPath, level, posinset: position, parentId: id, expanded })
    if (expanded) appendChildren(input, childPath, level + 1, rows)
    const keep =
      !filter || name.toLowerCase().includes(filter) || rows.slice(start + 1).some((row) => row.kind === 'namespace' || row.kind === 'table')
    if (!keep) rows.length = start
  }
  for (const name of tables) {
    position++
    if (filter && !name.toLowerCase().includes(filter)) continue
    rows.push({ kind: 'table', key: tableKey(path, name), name, path, level, posinset: position, parentId: id, expanded: false })
  }
}

/** Index of the row with `key`, or -1. */
export function findRowIndex(rows: readonly TreeRow[], key: string | null): number {
  return key === null ? -1 : rows.findIndex((row) => row.key === key)
}

function isPrefix(shorter: readonly string[], longer: readonly string[]): boolean {
  if (shorter.length > longer.length) return false
  for (let i = 0; i < shorter.length; i++) if (shorter[i] !== longer[i]) return false
  return true
}
