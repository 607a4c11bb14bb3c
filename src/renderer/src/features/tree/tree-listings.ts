/**
 * Keeps one pair of paginated listings (child namespaces, tables) per expanded node as
 * react-query infinite-query observers, so the flat virtualized tree can read any
 * node's pages without a component per node. The data stays in react-query's cache;
 * this class only holds the observers and tells subscribers when something changed.
 */
import { InfiniteQueryObserver, type InfiniteData, type QueryClient } from '@tanstack/react-query'
import type { Page } from '@shared/catalog-types'
import type { NamespacePath } from '@shared/namespace-path'
import { api, unwrap } from '../../lib/api'
import { namespaceKey, type NamespaceKey } from '../../lib/node-key'
import { queryKeys } from '../../lib/query-keys'
import type { ListingSnapshot } from './flatten'
import { bufferedListing, type BufferedListing } from './page-buffer'

/** Longest wait for a change to reach subscribers when no animation frame comes. */
const NOTIFY_FALLBACK_MS = 100

type Observer = InfiniteQueryObserver<Page<string>, Error, InfiniteData<Page<string>>, readonly unknown[], string | undefined>

interface NodeObservers {
  readonly namespaces: Observer
  readonly tables: Observer
  readonly namespaceList: BufferedListing
  readonly tableList: BufferedListing
  readonly namespaceNames: NameList
  readonly tableNames: NameList
  readonly unsubscribe: () => void
}

/** The listings of every expanded node of one connection. */
export class TreeListings {
  readonly #client: QueryClient
  readonly #connectionId: string
  readonly #pageSize: number
  readonly #nodes = new Map<NamespaceKey, NodeObservers>()
  readonly #listeners = new Set<() => void>()
  /** Nodes fetching ahead, and how many more pages each still wants. */
  readonly #ahead = new Map<NamespaceKey, number>()
  /** Nodes whose every remaining page is being fetched ("load the rest"). */
  readonly #draining = new Set<NamespaceKey>()
  #version = 0
  /** Cancels the pending coalesced notification, if one is scheduled. */
  #cancelNotify: (() => void) | null = null

  constructor(client: QueryClient, connectionId: string, pageSize: number) {
    this.#client = client
    this.#connectionId = connectionId
    this.#pageSize = pageSize
  }

  /** A number that changes whenever any listing changes (for useSyncExternalStore). */
  readonly getVersion = (): number => this.#version

  /** Subscribes to changes; returns the unsubscribe function. */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  /** Watches exactly these paths (the root and the expanded nodes); stops watching the rest. */
  sync(paths: readonly NamespacePath[]): void {
    const wanted = new Map(paths.map((path) => [namespaceKey(path), path]))
    let changed = false
    for (const [id, node] of this.#nodes) {
      if (!wanted.has(id)) {
        node.unsubscribe()
        this.#nodes.delete(id)
        changed = true
      }
    }
    for (const [id, path] of wanted) {
      if (this.#nodes.has(id)) continue
      this.#nodes.set(id, this.#observe(path))
      changed = true
    }
    // An observer on data already in the cache (a remount, a page size chosen again) may
    // never notify, yet its snapshot went from "not watched" to loaded: say so.
    if (changed) this.#notify()
  }

  /** The loaded state of a watched path, or undefined if it is not watched. */
  snapshot(path: NamespacePath): ListingSnapshot | undefined {
    const node = this.#nodes.get(namespaceKey(path))
    if (!node) return undefined
    const namespaces = node.namespaces.getCurrentResult()
    const tables = node.tables.getCurrentResult()
    if (namespaces.isPending && !namespaces.isError) return undefined
    return {
      namespaces: node.namespaceNames(namespaces.data),
      tables: node.tableNames(tables.data),
      complete: namespaces.isSuccess && !namespaces.hasNextPage && tables.isSuccess && !tables.hasNextPage,
      loading: namespaces.isFetching || tables.isFetching,
      error: namespaces.error ?? tables.error
    }
  }

  /**
   * Fetches the next page of a node: its namespaces first, then its tables. While a fetch
   * is in flight this waits for it instead (`cancelRefetch: false` hands back its promise).
   */
  loadMore(path: NamespacePath): Promise<unknown> {
    const node = this.#nodes.get(namespaceKey(path))
    if (!node) return Promise.resolve()
    const namespaces = node.namespaces.getCurrentResult()
    if (namespaces.isFetching || namespaces.hasNextPage) return node.namespaces.fetchNextPage({ cancelRefetch: false })
    const tables = node.tables.getCurrentResult()
    if (!tables.isFetching && !tables.hasNextPage) return Promise.resolve()
    return node.tables.fetchNextPage({ cancelRefetch: false })
  }

  /**
   * Keeps up to `pages` further pages of a node coming, each requested as soon as the one
   * before it arrives rather than after the tree has redrawn; a call while pages are still
   * coming raises the count. Holding End or scrolling fast thus waits only on the server.
   */
  loadAhead(path: NamespacePath, pages: number): void {
    const id = namespaceKey(path)
    const running = this.#ahead.has(id)
    this.#ahead.set(id, Math.max(this.#ahead.get(id) ?? 0, pages))
    if (!running) void this.#chain(path, id)
  }

  async #chain(path: NamespacePath, id: NamespaceKey): Promise<void> {
    try {
      // Pages an earlier call brought along (or is bringing) are taken too: they cost no new call.
      for (let left = this.#ahead.get(id) ?? 0; (left > 0 || this.#nextIsHere(id)) && this.#nodes.has(id); left = this.#ahead.get(id) ?? 0) {
        const snapshot = this.snapshot(path)
        if (snapshot && (snapshot.complete || snapshot.error)) return
        this.#ahead.set(id, Math.max(0, left - 1))
        await this.loadMore(path)
      }
    } catch {
      // The failure shows in the node's error row; nothing more to fetch ahead.
    } finally {
      this.#ahead.delete(id)
    }
  }

  /** True if the page `loadMore` would fetch next for a node is here or on its way from an earlier call. */
  #nextIsHere(id: NamespaceKey): boolean {
    const node = this.#nodes.get(id)
    if (!node) return false
    const namespaces = node.namespaces.getCurrentResult()
    const [observer, listing] = namespaces.hasNextPage ? [namespaces, node.namespaceList] : [node.tables.getCurrentResult(), node.tableList]
    return !observer.isFetching && listing.has(observer.data?.pages.at(-1)?.nextPageToken ?? undefined)
  }

  /** Fetches every remaining page of a node (the filter's "load the rest"). */
  async loadAll(path: NamespacePath): Promise<void> {
    const id = namespaceKey(path)
    // Every page is wanted: each call brings several.
    this.#draining.add(id)
    try {
      await this.#loadRest(path)
    } finally {
      this.#draining.delete(id)
    }
  }

  async #loadRest(path: NamespacePath): Promise<void> {
    for (;;) {
      const before = this.snapshot(path)
      if (!before || before.complete || before.error) return
      await this.loadMore(path)
      const after = this.snapshot(path)
      if (after && after.namespaces.length + after.tables.length === before.namespaces.length + before.tables.length && !after.complete) {
        // No progress (another fetch is in flight): wait for it rather than spin.
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    }
  }

  /** Retries a node whose listing failed. */
  retry(path: NamespacePath): void {
    const node = this.#nodes.get(namespaceKey(path))
    if (!node) return
    void (node.namespaces.getCurrentResult().isError ? node.namespaces.refetch() : node.tables.refetch())
  }

  /** Stops every observer. */
  dispose(): void {
    this.sync([])
    this.#listeners.clear()
    this.#cancelNotify?.()
    this.#cancelNotify = null
  }

  /**
   * Tells subscribers at most once per frame. Pages chained ahead land every few
   * milliseconds; redrawing the tree for each one kept the main thread busy, so each next
   * response waited for it. The version changes at once, so a render for another reason
   * (a key press) already shows the new pages.
   */
  #notify(): void {
    this.#version++
    if (this.#cancelNotify) return
    const flush = (): void => {
      this.#cancelNotify?.()
      this.#cancelNotify = null
      for (const listener of this.#listeners) listener()
    }
    // A hidden window gets no frames: the timer still brings the change within a moment.
    const frame = requestAnimationFrame(flush)
    const timer = setTimeout(flush, NOTIFY_FALLBACK_MS)
    this.#cancelNotify = () => {
      cancelAnimationFrame(frame)
      clearTimeout(timer)
    }
  }

  #observe(path: NamespacePath): NodeObservers {
    const connectionId = this.#connectionId
    const limit = this.#pageSize
    const observer = (queryKey: readonly unknown[], list: (pageToken: string | null) => Promise<Page<string>>): Observer =>
      new InfiniteQueryObserver<Page<string>, Error, InfiniteData<Page<string>>, readonly unknown[], string | undefined>(this.#client, {
        queryKey,
        queryFn: ({ pageParam }) => list(pageParam ?? null),
        initialPageParam: undefined,
        getNextPageParam: (page) => page.nextPageToken || undefined
      })
    // While pages are wanted ahead, a call brings several: with a call per page, every page
    // waited for this thread (busy drawing while End is held) to take its answer.
    const id = namespaceKey(path)
    const ahead = (): number => (this.#draining.has(id) ? Infinity : (this.#ahead.get(id) ?? 0))
    const namespaceList = bufferedListing(
      (pageToken, pages) => unwrap(api.namespaces.list({ connectionId, parent: path, pageToken, limit, ahead: pages })),
      ahead
    )
    const tableList = bufferedListing((pageToken, pages) => unwrap(api.tables.list({ connectionId, namespace: path, pageToken, limit, ahead: pages })), ahead)
    const namespaces = observer(queryKeys.namespaces(connectionId, path, limit), namespaceList)
    const tables = observer(queryKeys.tables(connectionId, path, limit), tableList)
    // Only what the rows show counts as a change: a fetch starting or a refetch that brings
    // the same pages would re-flatten a 100,000-row tree (and churn large arrays) for nothing.
    const watch = (observer: Observer): (() => void) => {
      let seen: readonly unknown[] = []
      return observer.subscribe((result) => {
        const shown = [result.data, result.error, result.hasNextPage, result.status]
        if (shown.every((value, i) => value === seen[i])) return
        seen = shown
        this.#notify()
      })
    }
    const offNamespaces = watch(namespaces)
    const offTables = watch(tables)
    return {
      namespaces,
      tables,
      namespaceList,
      tableList,
      namespaceNames: nameList(),
      tableNames: nameList(),
      unsubscribe: () => {
        offNamespaces()
        offTables()
      }
    }
  }
}

/** All names loaded so far for one listing. */
type NameList = (data: InfiniteData<Page<string>> | undefined) => readonly string[]

/**
 * Names of a listing's pages in one array that a new page extends in place (the tree
 * model appends what it has not seen); a listing whose earlier pages changed (a refresh)
 * gets a new array. Copying every name on each page would cost more with every page.
 */
function nameList(): NameList {
  let pages: readonly Page<string>[] = []
  let names: string[] = []
  return (data) => {
    const next = data?.pages ?? []
    if (next === pages) return names
    const extended = next.length >= pages.length && pages.every((page, i) => next[i] === page)
    if (!extended) names = []
    for (let i = extended ? pages.length : 0; i < next.length; i++) for (const item of next[i]?.items ?? []) names.push(item)
    pages = next
    return names
  }
}
