/**
 * Calls the page watches: each is named by an operation id the page sends with it. The
 * registry hands the call a signal (aborted by `cancel`) and a listener for the catalog's
 * transaction reports, and answers the page's long polls (`progress`) as soon as there
 * is news. Entries go away a while after their call ends, or after a while unused.
 */
import { CatalogError } from '../../shared/errors'
import { PROGRESS_WAIT_MS, type OperationProgress, type TransactionProgress } from '../../shared/contract/operations'
import type { CallOptions } from '../../catalog/namespace-client'

/** How long a finished (or never started) operation stays answerable. */
const KEEP_MS = 5 * 60_000
/** The most operations remembered at once; the oldest idle ones go first. */
const MAX_ENTRIES = 1_000

interface Entry {
  state: 'pending' | 'finished'
  running: boolean
  revision: number
  transaction: TransactionProgress | null
  cancelRequested: boolean
  readonly controller: AbortController
  readonly waiters: Set<() => void>
  expiry: NodeJS.Timeout | null
}

/** The watched calls of one running app. */
export class OperationRegistry {
  readonly #entries = new Map<string, Entry>()

  /** Runs `call` as operation `id` (a plain call without one). */
  async run<T>(id: string | undefined, call: (options: CallOptions) => Promise<T>): Promise<T> {
    if (id === undefined) return call({})
    const entry = this.#entry(id)
    if (entry.running || entry.state === 'finished') throw new CatalogError('invalid_request', `Operation "${id}" has already run; give each call its own id.`)
    entry.running = true
    this.#keep(entry, false)
    try {
      return await call({ signal: entry.controller.signal, onTransaction: (transaction) => this.#news(entry, () => (entry.transaction = transaction)) })
    } finally {
      entry.running = false
      this.#news(entry, () => (entry.state = 'finished'))
      this.#keep(entry, true, id)
    }
  }

  /** Asks operation `id` to stop: its signal aborts (a cancel that arrives first stops it at the start). */
  cancel(id: string): void {
    const entry = this.#entry(id)
    if (entry.state === 'finished') return
    this.#news(entry, () => (entry.cancelRequested = true))
    entry.controller.abort()
  }

  /** Where operation `id` is, once there is news after revision `after` or `waitMs` passed. */
  async progress(id: string, after: number, waitMs = PROGRESS_WAIT_MS): Promise<OperationProgress> {
    const entry = this.#entry(id)
    if (entry.revision <= after && entry.state === 'pending') {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, waitMs)
        function done(): void {
          clearTimeout(timer)
          entry.waiters.delete(done)
          resolve()
        }
        entry.waiters.add(done)
      })
    }
    return { state: entry.state, revision: entry.revision, transaction: entry.transaction, cancelRequested: entry.cancelRequested }
  }

  #entry(id: string): Entry {
    let entry = this.#entries.get(id)
    if (!entry) {
      this.#trim()
      entry = {
        state: 'pending',
        running: false,
        revision: 0,
        transaction: null,
        cancelRequested: false,
        controller: new AbortController(),
        waiters: new Set(),
        expiry: null
      }
      this.#entries.set(id, entry)
      this.#keep(entry, true, id)
    }
    return entry
  }

  #news(entry: Entry, change: () => void): void {
    change()
    entry.revision++
    for (const wake of [...entry.waiters]) wake()
  }

  /** (Re)starts or stops the timer that forgets an idle entry. */
  #keep(entry: Entry, expire: boolean, id?: string): void {
    if (entry.expiry) clearTimeout(entry.expiry)
    entry.expiry = null
    if (!expire || id === undefined) return
    entry.expiry = setTimeout(() => {
      if (!entry.running) this.#entries.delete(id)
    }, KEEP_MS)
    entry.expiry.unref()
  }

  #trim(): void {
    if (this.#entries.size < MAX_ENTRIES) return
    for (const [id, entry] of this.#entries) {
      if (entry.running) continue
      if (entry.expiry) clearTimeout(entry.expiry)
      this.#entries.delete(id)
      if (this.#entries.size < MAX_ENTRIES) return
    }
  }
}
