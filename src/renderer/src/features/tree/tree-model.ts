/**
 * The visible tree as an index, not a list: each attached node (the root and every
 * expanded namespace whose ancestors are expanded) keeps a Fenwick tree of how many rows
 * each of its children takes. A page arriving appends to one node and updates its
 * ancestors (O(page + depth * log n)); a row is found by index in O(depth * log n) and
 * built only when the virtualizer asks for it. Nothing walks every loaded row except a
 * new filter or a listing that was replaced (a refresh).
 */
import type { NamespacePath } from '@shared/namespace-path'
import { decodeKey, namespaceKey, namespacePathOf, parentPath, type NamespaceKey, type NodeKey } from '../../lib/node-key'
import type { ListingSnapshot, TreeRow } from './flatten'
import { TreeNode } from './tree-node'

/** What the model shows: the listing of a path, the keys of the expanded namespaces and a filter. */
export interface ModelInput {
  readonly listing: (path: NamespacePath) => ListingSnapshot | undefined
  readonly expanded: ReadonlySet<NamespaceKey>
  /** Lower-case substring; names that do not contain it are hidden (namespaces stay if a descendant matches). */
  readonly filter: string
}

/** The rows of one connection's tree, kept up to date by `update`. */
export class TreeModel {
  #root = new TreeNode([], null)
  readonly #nodes = new Map<NamespaceKey, TreeNode>([[this.#root.id, this.#root]])
  #expanded: ReadonlySet<NamespaceKey> = new Set()
  #filter = ''
  readonly #parsed = new Map<NamespaceKey, NamespacePath | null>()

  /** Number of rows. */
  get count(): number {
    return this.#root.rows
  }

  /** Namespace and table rows shown (what the filter reports). */
  get items(): number {
    return this.#root.items
  }

  /** Brings the model up to date with new listings, expansion or filter. */
  update(input: ModelInput): void {
    if (input.filter !== this.#filter) {
      this.#filter = input.filter
      for (const node of this.#nodes.values()) node.filter = input.filter
      // Every node re-reads its names under the new filter, deepest first so parents see their children's counts.
      for (const node of [...this.#nodes.values()].sort((a, b) => b.path.length - a.path.length)) node.rebuild()
    }
    if (input.expanded !== this.#expanded) this.#syncExpanded(input.expanded)
    for (const node of this.#nodes.values()) node.read(input.listing(node.path))
  }

  /** The row at `index`, built on demand. */
  rowAt(index: number): TreeRow | undefined {
    if (index < 0 || index >= this.count) return undefined
    let node = this.#root
    let offset = index
    for (;;) {
      const found = node.locate(offset)
      if (found.kind === 'row') return found.row
      node = found.child
      offset = found.offset
    }
  }

  /** Index of the namespace or table row with `key`, or -1 if it is not shown. */
  indexOfKey(key: NodeKey | null): number {
    const ref = key === null ? null : decodeKey(key)
    if (!ref) return -1
    const name = ref.kind === 'table' ? ref.table.name : ref.path[ref.path.length - 1]
    if (name === undefined) return -1
    const parent = this.#nodes.get(namespaceKey(parentPath(ref)))
    if (!parent) return -1
    const position = parent.positionOf(name, ref.kind)
    if (position < 0 || parent.weight(position) === 0) return -1
    const start = this.#regionStart(parent)
    return start < 0 ? -1 : start + parent.offsetOf(position)
  }

  /** Index of the namespace row whose children hold row `index`, or -1 at the top level. */
  parentIndexOf(index: number): number {
    let node = this.#root
    let offset = index
    let nodeRow = -1
    let base = 0
    for (;;) {
      const found = node.locate(offset)
      if (found.kind === 'row') return nodeRow
      nodeRow = base + found.rowOffset
      base = nodeRow + 1
      node = found.child
      offset = found.offset
    }
  }

  /**
   * Index of the first namespace or table row at or after `from` (wrapping around) whose
   * name passes `test`, or -1. Walks the nodes' name lists in order, building no rows.
   */
  findItem(from: number, test: (name: string) => boolean): number {
    const count = this.count
    if (count === 0) return -1
    const start = ((from % count) + count) % count
    const after = findIn(this.#root, 0, start, test)
    return after >= 0 || start === 0 ? after : findIn(this.#root, 0, 0, test)
  }

  /** The size of the set of children of the node with key `parentId` (-1 while unknown). */
  setsize(parentId: NamespaceKey): number {
    return this.#nodes.get(parentId)?.setsize ?? -1
  }

  /** Started listings that have more to load (or a page on the way) and whose status row lies in [start, end]. */
  moreBetween(start: number, end: number): NamespacePath[] {
    return this.#statusRows()
      .filter(({ node, index }) => (node.status === 'more' || (node.status === 'loading' && node.started)) && index >= start && index <= end)
      .map(({ node }) => node.path)
  }

  /**
   * Watched nodes whose listing is not complete (the filter's "not fully loaded"), shown or
   * not: a filter that hides every loaded child of a node hides its "more" row with it, and
   * the match may be on a page not loaded yet. One pass over the expanded nodes, not the rows.
   */
  incomplete(): NamespacePath[] {
    const out: NamespacePath[] = []
    for (const node of this.#nodes.values()) if (node.status === 'more' || node.status === 'loading') out.push(node.path)
    return out
  }

  /** Each shown node with the index of its status row (where a "more" row would be). */
  #statusRows(): { node: TreeNode; index: number }[] {
    const out: { node: TreeNode; index: number }[] = []
    const visit = (node: TreeNode, start: number): void => {
      out.push({ node, index: start + node.childRows })
      for (const [position, child] of node.children) {
        if (node.weight(position) > 0) visit(child, start + node.offsetOf(position) + 1)
      }
    }
    visit(this.#root, 0)
    return out
  }

  /** Index of the first row of a node's children, or -1 if the node is not shown. */
  #regionStart(node: TreeNode): number {
    if (!node.parent) return 0
    const position = node.position
    if (position < 0 || node.parent.weight(position) === 0) return -1
    const start = this.#regionStart(node.parent)
    return start < 0 ? -1 : start + node.parent.offsetOf(position) + 1
  }

  #path(key: NamespaceKey): NamespacePath | null {
    let path = this.#parsed.get(key)
    if (path === undefined) {
      path = namespacePathOf(key)
      this.#parsed.set(key, path)
    }
    return path
  }

  /** Attaches newly expanded nodes under attached parents, detaches collapsed ones. */
  #syncExpanded(expanded: ReadonlySet<NamespaceKey>): void {
    this.#expanded = expanded
    for (const [id, node] of this.#nodes) {
      if (node.parent && !expanded.has(id)) this.#detach(node)
    }
    for (let added = true; added;) {
      added = false
      for (const key of expanded) {
        if (this.#nodes.has(key)) continue
        const path = this.#path(key)
        if (!path || path.length === 0) continue
        const parent = this.#nodes.get(namespaceKey(path.slice(0, -1)))
        if (!parent) continue
        const node = new TreeNode(path, parent)
        node.filter = this.#filter
        this.#nodes.set(key, node)
        parent.attach(node)
        added = true
      }
    }
  }

  #detach(node: TreeNode): void {
    for (const child of [...node.children.values(), ...node.pending.values()]) this.#detach(child)
    node.parent?.detach(node)
    this.#nodes.delete(node.id)
  }
}

/** First row at or after `start` in a node's rows (which begin at `base`) whose name passes `test`. */
function findIn(node: TreeNode, base: number, start: number, test: (name: string) => boolean): number {
  // Jump straight to the child whose rows hold `start`; everything before it is skipped.
  let position = start > base && node.childRows > 0 ? node.childAtOffset(Math.min(start - base, node.childRows - 1)) : 0
  let offset = node.offsetOf(position)
  for (; position < node.childCount; position++) {
    const weight = node.weight(position)
    if (weight === 0) continue
    const index = base + offset
    offset += weight
    if (index >= start && test(node.nameAt(position))) return index
    const child = node.children.get(position)
    if (child && index + weight > start) {
      const found = findIn(child, index + 1, start, test)
      if (found >= 0) return found
    }
  }
  return -1
}
