/**
 * The visible tree of one connection: watches the root and every expanded node, and
 * brings the tree model up to date when a page arrives, a node opens or closes, or the
 * filter changes. The cost of an update depends on what changed, not on how many rows
 * are loaded.
 */
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react'
import type { NamespacePath } from '@shared/namespace-path'
import { namespaceKey, namespacePathOf, type NamespaceKey, type NodeKey } from '../../lib/node-key'
import type { TreeRow } from './flatten'
import { TreeListings } from './tree-listings'
import { TreeModel } from './tree-model'

/** A read-only view of the tree at one moment; a new object whenever anything changed. */
export interface TreeView {
  /** Number of rows. */
  readonly count: number
  /** Namespace and table rows shown. */
  readonly items: number
  readonly rowAt: (index: number) => TreeRow | undefined
  readonly indexOfKey: (key: NodeKey | null) => number
  readonly parentIndexOf: (index: number) => number
  /** First namespace or table row at or after an index (wrapping) whose name passes a test, or -1. */
  readonly findItem: (from: number, test: (name: string) => boolean) => number
  readonly setsize: (parentId: NamespaceKey) => number
  /** Nodes whose "more" row lies between two row indexes (to load their next page). */
  readonly moreBetween: (start: number, end: number) => NamespacePath[]
  /** Watched nodes not fully loaded, including those the filter hides. */
  readonly incomplete: () => NamespacePath[]
}

/** The tree view plus the listings behind it (for load-more, retry and load-all). */
export interface TreeRows {
  readonly view: TreeView
  readonly listings: TreeListings
}

/** The tree of one connection, given the keys of the expanded namespaces and a filter. */
export function useTreeRows(connectionId: string, pageSize: number, expanded: readonly NamespaceKey[], filter: string): TreeRows {
  const client = useQueryClient()
  // A new page size starts new listings (their pages are keyed by it).
  const listings = useMemo(() => new TreeListings(client, connectionId, pageSize), [client, connectionId, pageSize])
  useEffect(() => () => listings.dispose(), [listings])
  // One model per set of listings: a new one starts from the listings' current state.
  const [models] = useState(() => new WeakMap<TreeListings, TreeModel>())
  let model = models.get(listings)
  if (!model) {
    model = new TreeModel()
    models.set(listings, model)
  }

  const expandedSet = useMemo(() => new Set(expanded), [expanded])
  // Watch only nodes whose ancestors are all expanded: a collapsed subtree is not drawn.
  const watched = useMemo(() => {
    const paths: NamespacePath[] = [[]]
    for (const key of expanded) {
      const path = namespacePathOf(key)
      const visible = path !== null && path.every((_, i) => i === path.length - 1 || expandedSet.has(namespaceKey(path.slice(0, i + 1))))
      if (visible) paths.push(path)
    }
    return paths
  }, [expanded, expandedSet])
  useEffect(() => {
    listings.sync(watched)
  }, [listings, watched])

  const version = useSyncExternalStore(listings.subscribe, listings.getVersion)
  const normalized = filter.trim().toLowerCase()
  const view = useMemo((): TreeView => {
    // The model is updated in place; the view object is new, so whatever depends on it re-renders.
    model.update({ listing: (path) => listings.snapshot(path), expanded: expandedSet, filter: normalized })
    return {
      count: model.count,
      items: model.items,
      rowAt: (index) => model.rowAt(index),
      indexOfKey: (key) => model.indexOfKey(key),
      parentIndexOf: (index) => model.parentIndexOf(index),
      findItem: (from, test) => model.findItem(from, test),
      setsize: (parentId) => model.setsize(parentId),
      moreBetween: (start, end) => model.moreBetween(start, end),
      incomplete: () => model.incomplete()
    }
    // `version` stands for the listings' contents, which change without a new object.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [model, listings, expandedSet, normalized, version, watched])
  return { view, listings }
}
