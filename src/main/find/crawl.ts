/**
 * Fills an index from a catalog. Where the catalog offers the spec's ListAllTables, one
 * listing gives every table; namespaces come from a walk of ListNamespaces (empty ones
 * have no table to show them). Elsewhere (a 406 or no such route, or a directory
 * catalog), and wherever ListAllTables is slow to answer (a server may walk its whole
 * catalog before its first page), the walk lists tables too. Columns come from
 * describing each table, as tables arrive, with a separate bound. Every request has a
 * deadline and the search's signal;
 * a listing that fails, times out or repeats a page token ends there with a note, and
 * the rest of the walk goes on. The walk is held to a budget (find-budget.ts): requests,
 * pages per listing, depth, namespaces and tables (counting those queued), name length,
 * columns per table and time; a bound it meets ends the walk or skips data, with a note.
 */
import type { FieldInfo, Page, PageRequest, TableRef } from '../../shared/catalog-types'
import { CatalogError, toErrorValue } from '../../shared/errors'
import { displayIdentifier, type NamespacePath } from '../../shared/namespace-path'
import type { CallOptions, NamespaceClient } from '../../catalog/namespace-client'
import type { SchemaLimits } from '../../catalog/rest/describe-schema'
import { ownString } from '../../catalog/rest/pagination'
import { isUnsupportedOperation } from '../../catalog/rest/unsupported'
import { pathKey } from './catalog-index'
import { count, CrawlSpend } from './crawl-bounds'
import { withDeadline } from './deadline'
import { DEFAULT_CRAWL_BUDGET, type CrawlBudget } from './find-budget'
import { TaskPool } from './task-pool'

/** What the walk reports as it goes. */
export interface CrawlSink {
  namespaceFound(path: NamespacePath): void
  namespaceVisited(): void
  /** False when the index is full (the walk then stops). Names come within the budget's length bound. */
  tableFound(namespace: NamespacePath, name: string): boolean
  columnsFound(namespace: NamespacePath, name: string, fields: readonly FieldInfo[]): void
  note(message: string): void
  /** Told when a bound of the budget stopped the walk or skipped data (a few such notes a walk); `note` where absent. */
  bound?(message: string): void
  /** Told once the catalog's ListAllTables answered (or not). */
  source(source: 'list-all' | 'crawl'): void
}

/** Bounds of a walk. */
export interface CrawlOptions {
  readonly signal: AbortSignal
  /** Listings at once. */
  readonly concurrency?: number
  /** Describes at once. */
  readonly describeConcurrency?: number
  /** The most one request may take. */
  readonly requestTimeoutMs?: number
  /** Names asked per page. */
  readonly pageLimit?: number
  /** How long ListAllTables may take before the walk lists tables itself as well. */
  readonly listAllGraceMs?: number
  /** Whether to describe tables for their columns. */
  readonly columns?: boolean
  /** The delimiter in messages and ListAllTables identifiers. */
  readonly delimiter: string
  /** Bounds other than the defaults (tests use small ones). */
  readonly budget?: Partial<CrawlBudget>
}

/** A client that may offer the spec's ListAllTables. */
interface ListsAllTables {
  listAllTables(page?: PageRequest, options?: CallOptions): Promise<Page<string>>
}

function listsAllTables(client: NamespaceClient): client is NamespaceClient & ListsAllTables {
  return typeof (client as Partial<ListsAllTables>).listAllTables === 'function'
}

/** A client that may read a table's columns alone (within limits), cheaper than a full description. */
interface DescribesSchema {
  describeSchema(table: TableRef, options?: CallOptions, limits?: SchemaLimits): Promise<readonly FieldInfo[] | null>
}

/**
 * The columns of a table: from `describeSchema` where the client has it, else from a full
 * description. `budget.fieldsPerTable` is how many the caller keeps: one more is read, to
 * learn the table has more.
 */
async function columnsOf(client: NamespaceClient, table: TableRef, options: CallOptions, budget: CrawlBudget): Promise<readonly FieldInfo[]> {
  const schema = client as Partial<DescribesSchema>
  if (typeof schema.describeSchema === 'function') {
    const fields = await schema.describeSchema.call(client, table, options, { fields: budget.fieldsPerTable + 1, bytes: budget.describeBytes })
    if (fields) return fields
  }
  return (await client.table(table).describe(options)).fields
}

/** The largest page the contract lets a listing ask for. */
const MAX_PAGE_LIMIT = 10_000

/**
 * Walks the catalog into `sink`; resolves when every listing and describe has ended, the
 * walk was cancelled, or a bound of its budget stopped it (said in a note).
 */
export async function crawlCatalog(client: NamespaceClient, sink: CrawlSink, options: CrawlOptions): Promise<void> {
  const budget: CrawlBudget = { ...DEFAULT_CRAWL_BUDGET, ...options.budget }
  const spend = new CrawlSpend(budget, options.signal, (message) => (sink.bound ?? sink.note)(message))
  try {
    await walk(client, sink, options, budget, spend)
  } finally {
    spend.finish()
  }
}

async function walk(client: NamespaceClient, sink: CrawlSink, options: CrawlOptions, budget: CrawlBudget, spend: CrawlSpend): Promise<void> {
  const bound = (message: string): void => (sink.bound ?? sink.note)(message)
  const { delimiter } = options
  // Every request listens to the walk's own signal: a bound stops the walk as Cancel
  // would, but the walk finishes rather than being cancelled.
  const signal = spend.signal
  const timeout = options.requestTimeoutMs ?? 20_000
  const limit = options.pageLimit ?? 1_000
  const name = (path: NamespacePath): string => (path.length === 0 ? 'the root namespace' : `namespace "${displayIdentifier(path, delimiter)}"`)
  const drainOptions = { signal, timeout, budget, spend, onEnd: sink.note }
  let full = false
  let listedAll = false
  // Columns as tables arrive, but only while no listing waits for a slot: a describe costs
  // a server more than a listing, and names come first (a name is findable as early as it
  // can be). Once every name is known, or only slow listings are left, describes run at
  // their full bound.
  const describeLimit = options.describeConcurrency ?? 8
  const describes = new TaskPool(0, signal)
  const listings = new TaskPool(options.concurrency ?? 8, signal, () => describes.setLimit(listedAll || listings.queued === 0 ? describeLimit : 0))
  const describe = (table: TableRef): void => {
    if (options.columns === false) return
    describes.add(async () => {
      if (!spend.request()) return
      const what = `table "${displayIdentifier([...table.namespace, table.name], delimiter)}"`
      try {
        const fields = await withDeadline((s) => columnsOf(client, table, { signal: s }, budget), signal, timeout, `describing ${what}`)
        sink.columnsFound(table.namespace, table.name, spend.fields(fields))
      } catch (error) {
        if (!signal.aborted) sink.note(`No columns for ${what}: ${toErrorValue(error).message}`)
      }
    })
  }
  // Each table once, however many listings name it (ListAllTables cut short, then the walk).
  const found = new Set<string>()
  const addTable = (namespace: NamespacePath, table: string): boolean => {
    if (full) return false
    if (!spend.fits(table)) return true
    const key = pathKey([...namespace, table])
    if (found.has(key)) return true
    // A copy, so the name kept does not keep its listing's page alive.
    const name = ownString(table)
    if (found.size >= budget.tables || !sink.tableFound(namespace, name)) {
      full = true
      spend.stop(`Stopped after ${count(found.size)} tables: the catalog has more than Find indexes.`)
      return false
    }
    found.add(key)
    describe({ namespace, name })
    return true
  }
  const listTables = (path: NamespacePath): Promise<unknown> =>
    drain(
      (page, s) => client.listTables(path, page, { signal: s }),
      (items) => items.every((table) => addTable(path, table)),
      { ...drainOptions, limit, what: `the tables in ${name(path)}` }
    )

  // Each namespace once, however many listings name it, counted when found (queued to be
  // listed or not): a catalog of a million namespaces costs about the budget's worth.
  const known = new Set<string>()
  let namespacesFull = false
  /** Takes a namespace a listing named: its path (the name a copy of the listing's) when it is new and within the bounds, else null. */
  const addNamespace = (named: NamespacePath): NamespacePath | null => {
    if (namespacesFull || !named.every((part) => spend.fits(part))) return null
    if (named.length > budget.namespaceDepth) {
      spend.tooDeep++
      return null
    }
    const key = pathKey(named)
    if (known.has(key)) return null
    if (known.size >= budget.namespaces) {
      namespacesFull = true
      bound(`Stopped after ${count(budget.namespaces)} namespaces: the catalog has more than Find indexes.`)
      return null
    }
    known.add(key)
    // A copy of the new name, so the path kept does not keep its listing's page alive.
    const path = [...named.slice(0, -1), ownString(named[named.length - 1] ?? '')]
    sink.namespaceFound(path)
    return path
  }

  // The walk of namespaces starts at once (empty namespaces show only there). Where
  // ListAllTables may give every table in one request, the walk holds back listing each
  // namespace's tables (the namespaces wait in `deferred`) until ListAllTables fails or
  // is slower than the grace; once it has answered, what the walk still holds is dropped.
  let walkLists = !listsAllTables(client)
  const deferred: NamespacePath[] = []
  const listTablesOf = (path: NamespacePath): void =>
    listings.add(async () => {
      if (!listedAll && !full) await listTables(path)
    })
  const walkListsTables = (): void => {
    if (walkLists || listedAll) return
    walkLists = true
    for (const path of deferred.splice(0)) listTablesOf(path)
  }
  const visit = (path: NamespacePath): void => {
    listings.add(async () => {
      await drain(
        (page, s) => client.listNamespaces(path, page, { signal: s }),
        (items) => {
          for (const child of items) {
            const childPath = addNamespace([...path, child])
            if (childPath) visit(childPath)
          }
          // Once the namespaces are all counted, more pages only name more of them.
          return !full && !namespacesFull
        },
        { ...drainOptions, limit, what: `the namespaces in ${name(path)}` }
      )
      if (walkLists && !listedAll && !full) await listTables(path)
      else if (!walkLists) deferred.push(path)
      if (!signal.aborted) sink.namespaceVisited()
    })
  }
  if (walkLists) sink.source('crawl')
  visit([])

  if (listsAllTables(client)) {
    const grace = setTimeout(walkListsTables, options.listAllGraceMs ?? 2_000)
    // One big page where the catalog allows it: a server may walk its whole catalog per page.
    const outcome = await drain(
      (page, s) => client.listAllTables(page, { signal: s }),
      (items) => {
        for (const identifier of items) {
          // An identifier longer than a whole path may be is not split at all.
          if (identifier.length > (budget.namespaceDepth + 1) * (budget.nameChars + delimiter.length)) {
            spend.longNames++
            continue
          }
          const parts = identifier.split(delimiter).map(ownString)
          const table = parts.pop()
          if (table === undefined || table === '' || parts.some((part) => part === '')) continue
          if (!parts.every((part) => spend.fits(part))) continue
          if (parts.length > budget.namespaceDepth) {
            spend.tooDeep++
            continue
          }
          if (parts.length > 0 && !known.has(pathKey(parts))) {
            // The table's namespace is indexed with it (the walk may still list it).
            if (known.size >= budget.namespaces) continue
            known.add(pathKey(parts))
            sink.namespaceFound(parts)
          }
          if (!addTable(parts, table)) return false
        }
        return true
      },
      { ...drainOptions, limit: MAX_PAGE_LIMIT, what: 'all tables of the catalog', noteErrors: false }
    ).finally(() => clearTimeout(grace))
    if (signal.aborted) return
    listedAll = outcome === 'done' || outcome === 'stopped'
    if (typeof outcome !== 'string' && !offersNot(outcome)) sink.note(`Listing all tables failed (${outcome.message}); walking the namespaces instead.`)
    sink.source(listedAll ? 'list-all' : 'crawl')
    if (listedAll) {
      // Every name is known: describes need not leave room for listings any more.
      deferred.length = 0
      describes.setLimit(describeLimit)
    } else walkListsTables()
  }
  await listings.idle()
  describes.setLimit(describeLimit)
  await describes.idle()
}

/** True when the catalog said it has no such operation (406, or no such route). */
function offersNot(error: CatalogError): boolean {
  return isUnsupportedOperation(error)
}

interface DrainOptions {
  readonly signal: AbortSignal
  readonly timeout: number
  readonly limit: number
  readonly what: string
  readonly budget: CrawlBudget
  /** Counts each page asked for; a spent budget ends the listing (and the walk). */
  readonly spend: CrawlSpend
  /** Told why a listing ended early (not on cancel). */
  readonly onEnd?: (message: string) => void
  /** False: an error is only returned, for the caller to word. */
  readonly noteErrors?: boolean
}

/**
 * Follows one listing's pages; `take` returns false to stop. Ends on the last page, on
 * a repeated or overlong token or the budget's count of pages (with a note), on an error
 * (the error is returned, and noted), or on cancel.
 */
async function drain(
  list: (page: PageRequest, signal: AbortSignal) => Promise<Page<string>>,
  take: (items: readonly string[]) => boolean,
  options: DrainOptions
): Promise<'done' | 'stopped' | 'cancelled' | CatalogError> {
  const { pagesPerListing, pageTokenChars } = options.budget
  const seen = new Set<string>()
  let pageToken: string | null = null
  for (let pages = 0; pages < pagesPerListing; pages++) {
    if (!options.spend.request()) return 'cancelled'
    let page: Page<string>
    try {
      const request: PageRequest = pageToken === null ? { limit: options.limit } : { pageToken, limit: options.limit }
      page = await withDeadline((s) => list(request, s), options.signal, options.timeout, `listing ${options.what}`)
    } catch (error) {
      if (options.signal.aborted) return 'cancelled'
      const value = error instanceof CatalogError ? error : new CatalogError('internal', toErrorValue(error).message)
      if (options.noteErrors !== false) options.onEnd?.(`Listing ${options.what} stopped: ${value.message}`)
      return value
    }
    if (!take(page.items)) return 'stopped'
    const next = page.nextPageToken
    if (next === null) return 'done'
    if (next.length > pageTokenChars) {
      options.onEnd?.(`Listing ${options.what} stopped: the catalog's page token is longer than ${count(pageTokenChars)} characters.`)
      return 'done'
    }
    if (seen.has(next) || next === pageToken) {
      options.onEnd?.(`Listing ${options.what} stopped: the catalog repeated page token "${next.slice(0, 60)}".`)
      return 'done'
    }
    // Copies, so the tokens kept do not keep their pages.
    const token = ownString(next)
    seen.add(token)
    pageToken = token
  }
  options.onEnd?.(`Listing ${options.what} stopped after ${count(pagesPerListing)} pages.`)
  return 'done'
}
