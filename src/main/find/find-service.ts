/**
 * Find in catalog, per connection: the index (read from the data dir at first use,
 * marked stale until this run refreshed it), the walk that fills it, its progress and
 * cancellation, queries, and the changes this app makes (a table created, dropped or
 * renamed shows at once). A refresh writes into the live index as it goes, so results
 * arrive while it runs; once it finishes, names it no longer found are dropped.
 */
import { setMaxListeners } from 'node:events'
import type { TableRef } from '../../shared/catalog-types'
import type { FindResults, FindSource, FindStatus } from '../../shared/contract/find'
import { toErrorValue } from '../../shared/errors'
import type { NamespacePath } from '../../shared/namespace-path'
import type { ConnectionRegistry } from '../connections/connection-registry'
import { CatalogIndex } from './catalog-index'
import { crawlCatalog } from './crawl'
import { count, size } from './crawl-bounds'
import { withDeadline } from './deadline'
import { DEFAULT_CRAWL_BUDGET, MAX_NOTE_CHARS, MAX_NOTES, QUERY_MAX_HITS, type CrawlBudget } from './find-budget'
import { indexFilePath, loadIndex, saveIndex } from './index-file'
import { parseQuery, queryIndex } from './index-query'

/** How a search walks a catalog (tests and the benchmark shorten the deadline). */
export interface FindOptions {
  readonly concurrency?: number
  readonly describeConcurrency?: number
  readonly requestTimeoutMs?: number
  readonly pageLimit?: number
  /** Bounds of a walk other than the defaults. */
  readonly budget?: Partial<CrawlBudget>
}

interface Job {
  readonly controller: AbortController
  readonly done: Promise<void>
}

interface ConnectionFind {
  index: CatalogIndex
  source: FindSource | null
  complete: boolean
  completedAt: number | null
  stale: boolean
  cancelled: boolean
  visited: number
  notes: string[]
  /** Notes of the budget's bounds (few): kept apart, so listings' notes never push them out. */
  bounds: string[]
  job: Job | null
  /** The index the running walk builds, which replaces `index` when the walk finishes. */
  building: CatalogIndex | null
  saveTimer: NodeJS.Timeout | null
}

/** The indexes of this run's connections. */
export class FindService {
  readonly #states = new Map<string, Promise<ConnectionFind>>()

  constructor(
    private readonly registry: ConnectionRegistry,
    private readonly dataDir: string,
    private readonly options: FindOptions = {}
  ) {}

  /** Starts a walk where the index is missing, incomplete or stale, or always with `refresh`. */
  async start(connectionId: string, refresh = false): Promise<FindStatus> {
    const state = await this.#state(connectionId)
    if (!state.job && (refresh || state.stale || !state.complete)) this.#run(connectionId, state)
    return statusOf(state)
  }

  /** Where the connection's index stands. */
  async status(connectionId: string): Promise<FindStatus> {
    return statusOf(await this.#state(connectionId))
  }

  /** Stops every request of the running walk. */
  async cancel(connectionId: string): Promise<FindStatus> {
    const state = await this.#state(connectionId)
    if (state.job) {
      state.job.controller.abort()
      await state.job.done
    }
    return statusOf(state)
  }

  /** The hits of a query on what the index holds now. */
  async query(connectionId: string, text: string, limit = QUERY_MAX_HITS): Promise<FindResults> {
    const state = await this.#state(connectionId)
    const parsed = parseQuery(text)
    const { hits, truncated } = queryIndex(state.index, parsed, limit)
    return { hits, truncated, status: statusOf(state), problem: parsed.problem }
  }

  /** A table this app created: indexed at once, its columns described in the background (where there is an index). */
  async tableCreated(connectionId: string, table: TableRef): Promise<void> {
    const state = await this.#state(connectionId)
    if (!hasIndex(state)) return
    for (const index of indexesOf(state)) index.addTable(table.namespace, table.name)
    this.#scheduleSave(connectionId, state)
    void this.#describeOne(connectionId, state, table)
  }

  /** A table this app dropped. */
  async tableDropped(connectionId: string, table: TableRef): Promise<void> {
    const state = await this.#state(connectionId)
    if (!hasIndex(state)) return
    for (const index of indexesOf(state)) index.removeTable(table.namespace, table.name)
    this.#scheduleSave(connectionId, state)
  }

  /** A table this app renamed. */
  async tableRenamed(connectionId: string, table: TableRef, newName: string): Promise<void> {
    const state = await this.#state(connectionId)
    if (!hasIndex(state)) return
    for (const index of indexesOf(state)) index.renameTable(table.namespace, table.name, newName)
    this.#scheduleSave(connectionId, state)
  }

  /** A namespace this app created. */
  async namespaceCreated(connectionId: string, path: NamespacePath): Promise<void> {
    const state = await this.#state(connectionId)
    if (!hasIndex(state)) return
    for (const index of indexesOf(state)) index.addNamespace(path)
    this.#scheduleSave(connectionId, state)
  }

  /** A namespace this app dropped (with everything under it). */
  async namespaceDropped(connectionId: string, path: NamespacePath): Promise<void> {
    const state = await this.#state(connectionId)
    if (!hasIndex(state)) return
    for (const index of indexesOf(state)) index.removeNamespace(path)
    this.#scheduleSave(connectionId, state)
  }

  /** Cancels every walk and writes what each index holds. */
  async close(): Promise<void> {
    await Promise.all(
      [...this.#states.entries()].map(async ([id, pending]) => {
        const state = await pending.catch(() => null)
        if (!state) return
        state.job?.controller.abort()
        await state.job?.done
        if (state.saveTimer) clearTimeout(state.saveTimer)
        await this.#save(id, state)
      })
    )
  }

  #state(connectionId: string): Promise<ConnectionFind> {
    let pending = this.#states.get(connectionId)
    if (!pending) {
      pending = this.#load(connectionId)
      this.#states.set(connectionId, pending)
    }
    return pending
  }

  async #load(connectionId: string): Promise<ConnectionFind> {
    const saved = await loadIndex(indexFilePath(this.dataDir, connectionId))
    return {
      index: saved?.index ?? new CatalogIndex(),
      source: saved ? 'saved' : null,
      complete: saved?.state.complete ?? false,
      completedAt: saved?.state.completedAt ?? null,
      // A saved index may miss what changed since; the first walk of this run refreshes it.
      stale: saved !== null,
      cancelled: false,
      visited: 0,
      notes: [],
      bounds: [],
      job: null,
      building: null,
      saveTimer: null
    }
  }

  #run(connectionId: string, state: ConnectionFind): void {
    const controller = new AbortController()
    // Every request in flight listens to this one signal; hundreds at once are expected.
    setMaxListeners(0, controller.signal)
    const budget: CrawlBudget = { ...DEFAULT_CRAWL_BUDGET, ...this.options.budget }
    const fresh = new CatalogIndex(budget.indexBytes)
    state.building = fresh
    const live = state.index
    state.cancelled = false
    state.visited = 0
    state.notes = []
    state.bounds = []
    const note = (message: string): void => {
      state.notes.push(clip(message))
      if (state.notes.length > MAX_NOTES) state.notes.splice(0, state.notes.length - MAX_NOTES)
    }
    const bound = (message: string): void => {
      if (state.bounds.length < MAX_NOTES) state.bounds.push(clip(message))
    }
    const done = (async () => {
      try {
        const client = await this.registry.client(connectionId)
        const delimiter = this.registry.list().find((c) => c.id === connectionId)?.delimiter ?? '$'
        await crawlCatalog(
          client,
          {
            namespaceFound: (path) => {
              fresh.addNamespace(path)
              live.addNamespace(path)
            },
            namespaceVisited: () => void state.visited++,
            tableFound: (namespace, name) => {
              const kept = state.index.tables.get([...namespace, name].join('\u0000'))?.columns ?? null
              live.addTable(namespace, name, kept)
              return fresh.addTable(namespace, name, kept)
            },
            columnsFound: (namespace, name, fields) => {
              fresh.setColumns(namespace, name, fields)
              live.setColumns(namespace, name, fields)
            },
            note,
            bound,
            source: (source) => void (state.source = source)
          },
          { signal: controller.signal, delimiter, columns: true, ...this.options }
        )
        if (controller.signal.aborted) {
          state.cancelled = true
        } else {
          if (fresh.overflow > 0) {
            bound(`${count(fresh.overflow)} names did not fit in Find's index, which holds at most ${size(budget.indexBytes)}.`)
          }
          // Finished: the fresh index is the truth; what only the old one had is gone from the catalog.
          state.index = fresh
          state.complete = true
          state.stale = false
          state.completedAt = Date.now()
        }
      } catch (error) {
        note(`The search could not list this catalog: ${toErrorValue(error).message}`)
      } finally {
        state.job = null
        state.building = null
        await this.#save(connectionId, state)
      }
    })()
    state.job = { controller, done }
  }

  async #describeOne(connectionId: string, state: ConnectionFind, table: TableRef): Promise<void> {
    try {
      const client = await this.registry.client(connectionId)
      const description = await withDeadline(
        (signal) => client.table(table).describe({ signal }),
        new AbortController().signal,
        this.options.requestTimeoutMs ?? 20_000,
        'a describe'
      )
      state.index.setColumns(table.namespace, table.name, description.fields)
      this.#scheduleSave(connectionId, state)
    } catch {
      // The table's name is indexed; its columns come with the next refresh.
    }
  }

  #scheduleSave(connectionId: string, state: ConnectionFind): void {
    if (state.saveTimer || state.job) return
    state.saveTimer = setTimeout(() => {
      state.saveTimer = null
      void this.#save(connectionId, state)
    }, 300)
    state.saveTimer.unref?.()
  }

  async #save(connectionId: string, state: ConnectionFind): Promise<void> {
    try {
      await saveIndex(indexFilePath(this.dataDir, connectionId), state.index, { complete: state.complete, completedAt: state.completedAt })
    } catch (error) {
      state.notes.push(`The search index could not be saved: ${toErrorValue(error).message}`)
    }
  }
}

/** A note as shown: it may quote the catalog (an error's message, a namespace's name), so it is cut. */
function clip(message: string): string {
  return message.length <= MAX_NOTE_CHARS ? message : `${message.slice(0, MAX_NOTE_CHARS - 1)}…`
}

/** True once the connection has an index to keep current (a saved one, or a walk of this run). */
function hasIndex(state: ConnectionFind): boolean {
  return state.source !== null || state.job !== null || state.index.tables.size > 0 || state.index.namespaces.size > 0
}

/** The live index and, during a walk, the one it builds: a change this app makes goes to both. */
function indexesOf(state: ConnectionFind): CatalogIndex[] {
  return state.building ? [state.index, state.building] : [state.index]
}

function statusOf(state: ConnectionFind): FindStatus {
  const counts = state.index.counts()
  return {
    state: state.job ? 'running' : 'idle',
    complete: state.complete,
    stale: state.stale || state.cancelled,
    source: state.source,
    namespacesVisited: state.visited,
    tablesFound: counts.tables,
    tablesDescribed: counts.described,
    columnsFound: counts.columns,
    completedAt: state.completedAt,
    notes: [...state.bounds, ...state.notes],
    cancelled: state.cancelled
  }
}
