/**
 * One attached node of the tree model: its listing, a Fenwick tree of the rows each child
 * takes (1 for a shown child, plus the rows of an expanded one, 0 for a child the filter
 * hides) and its status row. Changes bubble up to the root through `parent`.
 */
import type { NamespacePath } from '@shared/namespace-path'
import { ChildKeys, namespaceKey, type NamespaceKey } from '../../lib/node-key'
import { Fenwick } from './fenwick'
import { statusKey, type ListingSnapshot, type TreeRow } from './flatten'

/** The status row a node shows after its children, if any. */
export type NodeStatus = 'loading' | 'more' | 'error' | 'empty' | null

/** Where `locate` found a row: the row itself, or a child node and the offset in it. */
export type Located =
  { readonly kind: 'row'; readonly row: TreeRow } | { readonly kind: 'child'; readonly child: TreeNode; readonly offset: number; readonly rowOffset: number }

/** A node whose children are drawn (the root or an expanded namespace). */
export class TreeNode {
  readonly id: NamespaceKey
  readonly #childKeys: ChildKeys
  filter = ''
  /** Position of this node among its parent's children, or -1 while its name is not loaded there. */
  position = -1
  readonly children = new Map<number, TreeNode>()
  /** Expanded children whose names have not been loaded yet. */
  readonly pending = new Map<string, TreeNode>()
  status: NodeStatus = 'loading'
  /** Rows of this node's children (with their subtrees and this node's status row). */
  rows = 1
  /** Namespace and table rows among them. */
  items = 0
  #snapshot: ListingSnapshot | undefined
  #namespaces: readonly string[] = []
  #tables: readonly string[] = []
  #nsCount = 0
  #tableCount = 0
  #shown = 0
  readonly #weights = new Fenwick()
  #lookup: { name: string; position: number } | null = null

  constructor(
    readonly path: NamespacePath,
    readonly parent: TreeNode | null
  ) {
    this.id = namespaceKey(path)
    this.#childKeys = new ChildKeys(this.id)
  }

  /** True once the listing has its first page (or an error). */
  get started(): boolean {
    return this.#snapshot !== undefined
  }

  /** Rows taken by the children themselves (without the status row). */
  get childRows(): number {
    return this.#weights.total
  }

  /** Children in the listing so far, or -1 while it is incomplete (ARIA's "unknown"). */
  get setsize(): number {
    return this.#snapshot?.complete ? this.#snapshot.namespaces.length + this.#snapshot.tables.length : -1
  }

  /** Number of children loaded and shown in order (namespaces, then tables once those are done). */
  get childCount(): number {
    return this.#nsCount + this.#tableCount
  }

  /** The child whose rows hold row `offset` of this node (offset below `childRows`). */
  childAtOffset(offset: number): number {
    return this.#weights.search(offset)
  }

  /** Rows child `position` takes (0 if the filter hides it). */
  weight(position: number): number {
    return this.#weights.get(position)
  }

  /** Offset of child `position`'s row among this node's rows. */
  offsetOf(position: number): number {
    return this.#weights.prefix(position)
  }

  /** Takes a new snapshot of the listing: appends what a page added, or rebuilds if it was replaced. */
  read(snapshot: ListingSnapshot | undefined): void {
    const before = this.#snapshot
    if (snapshot === before) return
    if (
      snapshot &&
      before &&
      snapshot.namespaces === before.namespaces &&
      snapshot.tables === before.tables &&
      snapshot.complete === before.complete &&
      snapshot.loading === before.loading &&
      snapshot.error === before.error &&
      snapshot.namespaces.length === this.#nsCount &&
      shownTables(snapshot) === this.#tableCount
    ) {
      return
    }
    this.#snapshot = snapshot
    if (!snapshot) return this.rebuild()
    const sameNamespaces = snapshot.namespaces === this.#namespaces && snapshot.namespaces.length >= this.#nsCount
    const tables = shownTables(snapshot)
    if (sameNamespaces && this.#tableCount === 0) {
      // A page of namespaces (and maybe the first tables) arrived: append them.
      this.#appendNamespaces(snapshot.namespaces.length)
      this.#tables = snapshot.tables
      this.#appendTables(tables)
    } else if (sameNamespaces && snapshot.namespaces.length === this.#nsCount && snapshot.tables === this.#tables && tables >= this.#tableCount) {
      this.#appendTables(tables)
    } else {
      return this.rebuild()
    }
    this.#refresh()
  }

  /** Recomputes every child's weight from the snapshot (a new filter or a replaced listing). */
  rebuild(): void {
    const snapshot = this.#snapshot
    this.#weights.clear()
    this.#namespaces = snapshot?.namespaces ?? []
    this.#tables = snapshot?.tables ?? []
    this.#nsCount = 0
    this.#tableCount = 0
    this.#shown = 0
    this.#lookup = null
    // Expanded children find their (maybe new) positions again.
    for (const child of this.children.values()) {
      child.position = -1
      this.pending.set(child.path[child.path.length - 1] ?? '', child)
    }
    this.children.clear()
    if (snapshot) {
      this.#appendNamespaces(snapshot.namespaces.length)
      this.#appendTables(shownTables(snapshot))
    }
    this.#refresh()
  }

  /** Adds an expanded child (its position is found once its name is loaded). */
  attach(child: TreeNode): void {
    const name = child.path[child.path.length - 1] ?? ''
    const position = this.#indexOfNamespace(name)
    if (position < 0) {
      this.pending.set(name, child)
      return
    }
    child.position = position
    this.children.set(position, child)
    this.#setWeight(position)
    this.#refresh()
  }

  /** Removes an expanded child that was collapsed. */
  detach(child: TreeNode): void {
    const name = child.path[child.path.length - 1] ?? ''
    if (this.pending.get(name) === child) this.pending.delete(name)
    if (child.position >= 0 && this.children.get(child.position) === child) {
      this.children.delete(child.position)
      this.#setWeight(child.position)
      this.#refresh()
    }
  }

  /** Called by a child whose row counts changed. */
  childChanged(child: TreeNode): void {
    if (child.position < 0 || this.children.get(child.position) !== child) return
    this.#setWeight(child.position)
    this.#refresh()
  }

  /** Position of a loaded child by name and kind, or -1. */
  positionOf(name: string, kind: 'namespace' | 'table'): number {
    const hint = this.#lookup
    if (hint && hint.name === name && this.nameAt(hint.position) === name && hint.position < this.#nsCount === (kind === 'namespace')) {
      return hint.position
    }
    // Focus moves a row or a page at a time: look near the last answer before scanning the list.
    const near = hint ? this.#searchNear(name, hint.position) : -1
    const position = near >= 0 ? near : kind === 'namespace' ? this.#indexOfNamespace(name) : indexIn(this.#tables, name, this.#tableCount, this.#nsCount)
    if (position >= 0) this.#lookup = { name, position }
    return position
  }

  #searchNear(name: string, around: number): number {
    const count = this.#nsCount + this.#tableCount
    for (let i = Math.max(0, around - NEAR); i < Math.min(count, around + NEAR); i++) if (this.nameAt(i) === name) return i
    // The end of a node is where End and a growing list send focus.
    for (let i = Math.max(0, count - NEAR); i < count; i++) if (this.nameAt(i) === name) return i
    return -1
  }

  /** Finds row `offset` (0-based) among this node's rows. */
  locate(offset: number): Located {
    const level = this.path.length + 1
    if (!this.#snapshot) return { kind: 'row', row: { kind: 'loading', key: statusKey('loading', this.id), path: this.path, level } }
    if (offset >= this.#weights.total) return { kind: 'row', row: this.#statusRow(level) }
    const position = this.#weights.search(offset)
    const start = this.#weights.prefix(position)
    const child = this.children.get(position)
    if (offset === start || !child) return { kind: 'row', row: this.#itemRow(position, level) }
    return { kind: 'child', child, offset: offset - start - 1, rowOffset: start }
  }

  #statusRow(level: number): TreeRow {
    const path = this.path
    switch (this.status) {
      case 'error':
        return { kind: 'error', key: statusKey('error', this.id), path, level, error: this.#snapshot?.error }
      case 'empty':
        return { kind: 'empty', key: statusKey('empty', this.id), path, level }
      default:
        return { kind: this.status === 'more' ? 'more' : 'loading', key: statusKey('more', this.id), path, level }
    }
  }

  #itemRow(position: number, level: number): TreeRow {
    const name = this.nameAt(position)
    const parentId = this.id
    if (position < this.#nsCount) {
      const key = this.#childKeys.namespace(name)
      return { kind: 'namespace', key, name, path: [...this.path, name], level, posinset: position + 1, parentId, expanded: this.children.has(position) }
    }
    const key = this.#childKeys.table(name)
    return { kind: 'table', key, name, path: this.path, level, posinset: position + 1, parentId, expanded: false }
  }

  /** Name of child `position`. */
  nameAt(position: number): string {
    return (position < this.#nsCount ? this.#namespaces[position] : this.#tables[position - this.#nsCount]) ?? ''
  }

  #indexOfNamespace(name: string): number {
    return indexIn(this.#namespaces, name, this.#nsCount, 0)
  }

  #appendNamespaces(count: number): void {
    for (let i = this.#nsCount; i < count; i++) {
      const name = this.#namespaces[i] ?? ''
      const child = this.pending.size > 0 ? this.pending.get(name) : undefined
      if (child) {
        this.pending.delete(name)
        child.position = i
        this.children.set(i, child)
      }
      this.#weights.push(0)
      this.#nsCount = i + 1
      this.#setWeight(i)
    }
  }

  #appendTables(count: number): void {
    for (let i = this.#tableCount; i < count; i++) {
      const position = this.#nsCount + i
      this.#weights.push(0)
      this.#tableCount = i + 1
      this.#setWeight(position)
    }
  }

  /** Sets the weight of child `position` from its name, the filter and its subtree. */
  #setWeight(position: number): void {
    const child = this.children.get(position)
    const filter = this.filter
    const shown = !filter || this.nameAt(position).toLowerCase().includes(filter) || (child !== undefined && child.items > 0)
    const was = this.#weights.get(position) > 0
    if (shown !== was) this.#shown += shown ? 1 : -1
    this.#weights.set(position, shown ? 1 + (child?.rows ?? 0) : 0)
  }

  /** Recomputes this node's totals and status, and tells the parent if they changed. */
  #refresh(): void {
    const snapshot = this.#snapshot
    const before = { rows: this.rows, items: this.items }
    if (!snapshot) {
      this.status = 'loading'
    } else if (snapshot.error !== null && snapshot.error !== undefined) {
      this.status = 'error'
    } else if (!snapshot.complete) {
      this.status = snapshot.loading ? 'loading' : 'more'
    } else {
      this.status = this.#nsCount + this.#tableCount === 0 && !this.filter ? 'empty' : null
    }
    let items = this.#shown
    for (const [position, child] of this.children) if (this.#weights.get(position) > 0) items += child.items
    this.items = items
    this.rows = snapshot ? this.#weights.total + (this.status ? 1 : 0) : 1
    if (this.parent && (this.rows !== before.rows || this.items !== before.items)) this.parent.childChanged(this)
  }
}

/** How far around the last lookup (and from the end) `positionOf` looks before a full scan. */
const NEAR = 256

/** Tables show once the namespaces are exhausted, so the list grows in one order. */
function shownTables(snapshot: ListingSnapshot): number {
  return snapshot.complete || snapshot.tables.length > 0 ? snapshot.tables.length : 0
}

function indexIn(names: readonly string[], name: string, count: number, base: number): number {
  const index = names.indexOf(name)
  return index >= 0 && index < count ? base + index : -1
}
