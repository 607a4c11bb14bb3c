/**
 * The rows of the visible tree for one connection: watches the root and every expanded
 * node, and re-flattens when a page arrives or a node opens or closes.
 */
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react'
import type { NamespacePath } from '@shared/namespace-path'
import { flattenTree, type FlatTree, type SegmentCache } from './flatten'
import { TreeListings } from './tree-listings'

/** Rows plus the listings behind them (for load-more, retry and load-all). */
export interface TreeRows extends FlatTree {
  readonly listings: TreeListings
}

/** Flattened rows of the tree, given the expanded paths (JSON strings) and a filter. */
export function useTreeRows(connectionId: string, pageSize: number, expanded: readonly string[], filter: string): TreeRows {
  const client = useQueryClient()
  // A new page size starts new listings (their pages are keyed by it).
  const listings = useMemo(() => new TreeListings(client, connectionId, pageSize), [client, connectionId, pageSize])
  const [cache] = useState<SegmentCache>(() => new Map())
  useEffect(() => () => listings.dispose(), [listings])

  const expandedSet = useMemo(() => new Set(expanded), [expanded])
  // Watch only nodes whose ancestors are all expanded: a collapsed subtree is not drawn.
  const watched = useMemo(() => {
    const paths: NamespacePath[] = [[]]
    for (const key of expanded) {
      const path = JSON.parse(key) as string[]
      const visible = path.every((_, i) => i === path.length - 1 || expandedSet.has(JSON.stringify(path.slice(0, i + 1))))
      if (visible) paths.push(path)
    }
    return paths
  }, [expanded, expandedSet])
  useEffect(() => {
    listings.sync(watched)
  }, [listings, watched])

  const version = useSyncExternalStore(listings.subscribe, listings.getVersion)
  const flat = useMemo(
    () =>
      flattenTree({ listing: (path) => listings.snapshot(path), expanded: expandedSet, filter: filter.trim().toLowerCase(), cache }),
    // `version` stands for the listings' contents, which change without a new object.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [listings, expandedSet, filter, version, watched, cache]
  )
  return { ...flat, listings }
}
