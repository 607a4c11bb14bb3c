/**
 * The open connections of this run: each has an id the renderer uses, a summary it may
 * see, and the namespace client that does the work. Clients are opened lazily, on first
 * use, so a broken catalog shows its error where the person looks at it, not at start-up.
 */
import { createHash } from 'node:crypto'
import type { ConnectionSummary } from '../../shared/catalog-types'
import { assertNever } from '../../shared/assert-never'
import { CatalogError } from '../../shared/errors'
import { DEFAULT_DELIMITER } from '../../shared/namespace-path'
import type { NamespaceClient } from '../../catalog/namespace-client'
import { storageOptionsOf } from '../../shared/storage-options'
import { openDirNamespace } from '../../catalog/dir/dir-namespace'
import { openRestCatalog } from '../../catalog/rest/rest-namespace'
import type { ConnectionSpec } from './connection-spec'
import { rememberConnectionSecrets, rememberSecret } from '../secrets/known-secrets'

interface Entry {
  readonly summary: ConnectionSummary
  readonly spec: ConnectionSpec
  /** Which opening of the id this is (see cacheScope). */
  readonly serial: number
  client?: Promise<NamespaceClient>
}

/** Opens a namespace client for a spec, choosing the implementation by connect type. */
export async function openNamespaceClient(spec: ConnectionSpec): Promise<NamespaceClient> {
  switch (spec.type) {
    case 'dir': {
      const root = spec.properties['root']
      if (!root) throw new CatalogError('invalid_request', `Connection "${spec.name}" has no "root" folder.`)
      return openDirNamespace(root, storageOptionsOf(spec.properties))
    }
    case 'rest':
      // Every secret the client comes to hold is masked in errors that leave main, as the profile's own are.
      return openRestCatalog(spec.properties, { secretHeaders: spec.secretHeaders ?? [], rememberSecret, ...(spec.routes ? { routes: spec.routes } : {}) })
    default:
      return assertNever(spec.type)
  }
}

/** Holds the connections of this run and their clients. */
export class ConnectionRegistry {
  readonly #entries = new Map<string, Entry>()
  #serial = 0

  /**
   * Adds a connection and returns its summary; the client opens on first use. The id is
   * derived from the catalog's address, so the UI's per-connection state (expanded
   * nodes, selection) finds its connection again after a restart.
   */
  add(spec: ConnectionSpec, id?: string): ConnectionSummary {
    const target = spec.type === 'dir' ? (spec.properties['root'] ?? '') : (spec.properties['uri'] ?? '')
    id ??= this.#uniqueId(createHash('sha256').update(`${spec.type}\n${target}`).digest('hex').slice(0, 16))
    // An empty delimiter is refused when the client opens; until then identifiers show with the default.
    const delimiter = (spec.type === 'rest' && spec.properties['delimiter']) || DEFAULT_DELIMITER
    const summary: ConnectionSummary = { id, name: spec.name, type: spec.type, target, delimiter }
    rememberConnectionSecrets(spec.properties, spec.secretHeaders)
    this.#entries.set(id, { summary, spec, serial: ++this.#serial })
    return summary
  }

  /**
   * What answers kept in main (thumbnails, column profiles) are kept under for connection
   * `id`: its id and which opening of it this is. A profile opened again with other
   * properties keeps its id but may reach other data (another key or tenant header at the
   * same address), so it gets a new scope and never sees the answers of the one it replaced.
   */
  cacheScope(id: string): string {
    const entry = this.#entries.get(id)
    if (!entry) throw new CatalogError('connection_not_found', 'That connection is no longer open. Pick one from the list.')
    return `${id}#${entry.serial}`
  }

  #uniqueId(base: string): string {
    let id = base
    for (let n = 2; this.#entries.has(id); n++) id = `${base}-${n}`
    return id
  }

  /**
   * Adds or replaces the connection with this id (a profile opened again, perhaps after
   * an edit); a replaced connection's client is closed.
   */
  upsert(id: string, spec: ConnectionSpec): ConnectionSummary {
    const existing = this.#entries.get(id)
    if (existing && sameSpec(existing.spec, spec)) return existing.summary
    void this.remove(id)
    return this.add(spec, id)
  }

  /** Closes and forgets a connection; unknown ids are ignored. */
  async remove(id: string): Promise<void> {
    const entry = this.#entries.get(id)
    this.#entries.delete(id)
    if (entry?.client)
      await entry.client.then(
        (client) => client.close(),
        () => undefined
      )
  }

  /** Every connection, in the order they were added. */
  list(): readonly ConnectionSummary[] {
    return [...this.#entries.values()].map((entry) => entry.summary)
  }

  /** The client of a connection, opening it if needed. A failed open is retried next time. */
  async client(id: string): Promise<NamespaceClient> {
    const entry = this.#entries.get(id)
    if (!entry) throw new CatalogError('connection_not_found', 'That connection is no longer open. Pick one from the list.')
    entry.client ??= openNamespaceClient(entry.spec)
    try {
      return await entry.client
    } catch (error) {
      entry.client = undefined
      throw error
    }
  }

  /** The user's Refresh: every open client checks its kept tables for writes made elsewhere on their next use. */
  async refresh(): Promise<void> {
    const clients = [...this.#entries.values()].flatMap((entry) => (entry.client ? [entry.client] : []))
    await Promise.allSettled(clients.map(async (client) => (await client).refresh()))
  }

  /** Closes every open client. */
  async closeAll(): Promise<void> {
    const clients = [...this.#entries.values()].flatMap((entry) => (entry.client ? [entry.client] : []))
    this.#entries.clear()
    await Promise.allSettled(clients.map(async (client) => (await client).close()))
  }
}

function sameSpec(a: ConnectionSpec, b: ConnectionSpec): boolean {
  return (
    a.name === b.name &&
    a.type === b.type &&
    a.routes === b.routes &&
    JSON.stringify(a.properties) === JSON.stringify(b.properties) &&
    JSON.stringify(a.secretHeaders ?? []) === JSON.stringify(b.secretHeaders ?? [])
  )
}
