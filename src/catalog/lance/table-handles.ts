/**
 * The LanceDB tables one connection keeps open, reused for every action on a table:
 * opening a table costs a describe and a manifest read, which on an object store is most
 * of what a person waits for. Directory catalogs, REST catalogs read at a table's
 * location and search all reach tables through one of these sets.
 *
 * Freshness: a handle reused after TABLE_FRESHNESS_MS asks LanceDB for the table's latest
 * version first, so a write made elsewhere shows within that interval; `refresh` makes the
 * next use of every handle ask (the user's Refresh), and a change (add columns, an index,
 * a tag) always asks first. Writes this app makes through a
 * handle move that handle itself; writes made another way (create, drop, rename,
 * restore) call `forget`. A table dropped or replaced elsewhere fails on its kept handle:
 * the handle is dropped and the read tried once on a new one, which then says plainly
 * that the table is gone.
 */
import type { Schema } from 'apache-arrow'
import type { Table as LanceTable } from '@lancedb/lancedb'
import type { TableRef } from '../../shared/catalog-types'

/** How long a kept table may be used without asking for its latest version. */
export const TABLE_FRESHNESS_MS = 5_000

/** Most tables (each version opened read-only counts as one) a connection keeps open. */
export const MAX_OPEN_TABLES = 32

/** Opens a table, at its latest version or (read-only) at `version`. */
type TableOpener = (table: TableRef, version?: number) => Promise<LanceTable>

/** How long a kept table goes unchecked and how many are kept (TABLE_FRESHNESS_MS, MAX_OPEN_TABLES unless told). */
export interface TableHandleLimits {
  readonly freshnessMs?: number
  readonly maxOpen?: number
}

/** What went wrong opening a table (as opposed to using it), for the caller's message. */
export class TableOpenFailure extends Error {
  constructor(readonly reason: unknown) {
    super('The table could not be opened.')
  }
}

interface Held {
  readonly table: Promise<LanceTable>
  checkedAt: number
  /** The check for the latest version under way, which a read arriving meanwhile waits for. */
  checking: Promise<void> | null
  users: number
  forgotten: boolean
}

// What a kept handle throws when its files are gone (dropped or replaced elsewhere).
const GONE = /not found|No such file|does not exist|NotFound/i

/** The open tables of one connection, least recently used first out. */
export class TableHandles {
  readonly #held = new Map<string, Held>()
  #refreshedAt = 0
  #closed = false

  constructor(
    private readonly open: TableOpener,
    private readonly limits: TableHandleLimits = {}
  ) {}

  /** How many tables are open now. */
  get size(): number {
    return this.#held.size
  }

  /**
   * Runs `use` on the table at its latest version. `reads` says `use` writes nothing, so
   * that it may be tried again on a new handle when the kept one finds its table gone;
   * a write checks for the latest version first, however recently the table was checked.
   */
  async latest<T>(table: TableRef, use: (t: LanceTable) => Promise<T>, reads = true): Promise<T> {
    const key = keyOf(table)
    const kept = this.#held.get(key)
    const held = kept ?? this.#keep(key, this.open(table))
    try {
      const opened = await this.#acquire(key, held)
      // A change always starts from the latest version: it must not undo or trip over a write made elsewhere.
      if (kept && (!reads || this.#stale(held))) {
        held.checkedAt = Date.now()
        // A table replaced elsewhere may come back at the version number it had.
        schemas.delete(opened)
        const checking = opened.checkoutLatest()
        held.checking = checking
        try {
          await checking
        } finally {
          if (held.checking === checking) held.checking = null
        }
      } else if (held.checking) {
        // The table counts as checked from the moment its check began: a read arriving
        // before it ends (the page's other questions after a Refresh) would otherwise get
        // the version from before.
        await held.checking
      }
      return await use(opened)
    } catch (error) {
      if (!kept || error instanceof TableOpenFailure || !GONE.test(messageOf(error))) throw error
      // Kept from before a drop or replace elsewhere: open the table again, once.
      this.#forgetKey(key)
      if (!reads) throw error
      return this.latest(table, use, reads)
    } finally {
      this.#release(held)
    }
  }

  /** Runs `use` on the table as it was at `version`, on a read-only handle of its own. */
  async atVersion<T>(table: TableRef, version: number, use: (t: LanceTable) => Promise<T>): Promise<T> {
    const key = `${keyOf(table)}@${version}`
    const held = this.#held.get(key) ?? this.#keep(key, this.open(table, version))
    try {
      return await use(await this.#acquire(key, held))
    } finally {
      this.#release(held)
    }
  }

  /** Forgets every handle of `table` (after a write that did not go through them). */
  forget(table: TableRef): void {
    const key = keyOf(table)
    for (const known of [...this.#held.keys()]) if (known === key || known.startsWith(`${key}@`)) this.#forgetKey(known)
  }

  /** Makes the next use of every kept table ask for its latest version (the user's Refresh). */
  refresh(): void {
    this.#refreshedAt = Date.now()
  }

  /** Closes every handle; the set opens none afterwards. */
  close(): void {
    this.#closed = true
    for (const key of [...this.#held.keys()]) this.#forgetKey(key)
  }

  #keep(key: string, opening: Promise<LanceTable>): Held {
    if (this.#closed) throw new TableOpenFailure(new Error('The connection has been closed.'))
    const held: Held = {
      table: opening.catch((error: unknown) => {
        throw new TableOpenFailure(error)
      }),
      checkedAt: Date.now(),
      checking: null,
      users: 0,
      forgotten: false
    }
    // A failed open is not kept: the next use tries again.
    held.table.catch(() => {
      if (this.#held.get(key) === held) this.#held.delete(key)
    })
    this.#held.set(key, held)
    while (this.#held.size > (this.limits.maxOpen ?? MAX_OPEN_TABLES)) {
      const oldest = this.#held.keys().next().value
      if (oldest === undefined) break
      this.#forgetKey(oldest)
    }
    return held
  }

  async #acquire(key: string, held: Held): Promise<LanceTable> {
    held.users++
    // Most recently used last: Map keeps insertion order.
    if (this.#held.get(key) === held) {
      this.#held.delete(key)
      this.#held.set(key, held)
    }
    return held.table
  }

  #stale(held: Held): boolean {
    return held.checkedAt <= this.#refreshedAt || Date.now() - held.checkedAt >= (this.limits.freshnessMs ?? TABLE_FRESHNESS_MS)
  }

  #release(held: Held): void {
    held.users--
    if (held.forgotten && held.users === 0) closeHeld(held)
  }

  #forgetKey(key: string): void {
    const held = this.#held.get(key)
    if (!held) return
    this.#held.delete(key)
    held.forgotten = true
    // A handle still in use closes when its last user is done.
    if (held.users === 0) closeHeld(held)
  }
}

/** Each open table's schema, with the version it was read at. */
const schemas = new WeakMap<LanceTable, { readonly version: number; readonly schema: Promise<Schema> }>()

/**
 * An open table's schema, read from LanceDB once per version: `schema()` decodes the
 * whole schema on each call (most of a millisecond, felt on every search), while
 * `version()` is cheap, and a schema only changes with a new version.
 */
export async function tableSchema(table: LanceTable): Promise<Schema> {
  const version = await table.version()
  const known = schemas.get(table)
  if (known?.version === version) return known.schema
  const schema = table.schema()
  schemas.set(table, { version, schema })
  // A failed read is not kept: the next call reads again.
  schema.catch(() => {
    if (schemas.get(table)?.schema === schema) schemas.delete(table)
  })
  return schema
}

function closeHeld(held: Held): void {
  held.table.then(
    (table) => table.close(),
    () => undefined
  )
}

function keyOf(table: TableRef): string {
  return JSON.stringify([...table.namespace, table.name])
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
