/**
 * The app's column profiles: runs each through the operation registry (so the page can
 * cancel it), keeps what it has read for the page's progress polls, and keeps finished
 * profiles per (connection, table, version, filter, columns, exact), so opening one again
 * answers at once and a new version of the table is profiled anew.
 */
import type { TableRef } from '../../shared/catalog-types'
import type { ProfileProgress, TableProfile } from '../../shared/contract/column-profile'
import type { ConnectionRegistry } from '../connections/connection-registry'
import type { OperationRegistry } from '../operations/operation-registry'
import { profileTable, type ProfileSpec } from './profile-engine'
import { warmWorker } from './profile-worker-client'

/** Profiles kept, the least recently used dropped first. */
const KEPT_PROFILES = 64
/** How long a finished profile's progress stays answerable. */
const PROGRESS_KEEP_MS = 5 * 60_000

/** A profile request as the channel takes it. */
export interface ProfileRequest extends ProfileSpec {
  readonly connectionId: string
  readonly table: TableRef
  readonly operationId?: string
}

export class ColumnProfiles {
  readonly #kept = new Map<string, TableProfile>()
  readonly #progress = new Map<string, { rowsRead: number; rowsTotal: number | null; state: 'running' | 'finished' }>()

  constructor(
    readonly registry: ConnectionRegistry,
    readonly operations: OperationRegistry
  ) {}

  /** The profile, from the cache when this version was profiled so before. */
  async profile(request: ProfileRequest): Promise<TableProfile> {
    const { operationId } = request
    if (operationId !== undefined) this.#progress.set(operationId, { rowsRead: 0, rowsTotal: null, state: 'running' })
    try {
      return await this.operations.run(operationId, async (options) => {
        // Whether a kept profile answers is known only once the table is open; a worker
        // started for nothing waits its idle minute and stops.
        warmWorker()
        const handle = (await this.registry.client(request.connectionId)).table(request.table)
        const version = request.version ?? (await handle.version(options.signal ? { signal: options.signal } : {}))
        const spec: ProfileSpec = { ...request, version }
        const scope = this.registry.cacheScope(request.connectionId)
        const hit = this.#lookup(scope, request, version)
        if (hit) return { ...hit, cached: true }
        const profile = await profileTable(handle, spec, {
          ...(options.signal ? { signal: options.signal } : {}),
          onProgress: (rowsRead, rowsTotal) => {
            if (operationId !== undefined) this.#progress.set(operationId, { rowsRead, rowsTotal, state: 'running' })
          }
        })
        this.#keep(key(scope, request, version, profile.mode === 'exact'), profile)
        return profile
      })
    } finally {
      if (operationId !== undefined) {
        const last = this.#progress.get(operationId)
        this.#progress.set(operationId, { rowsRead: last?.rowsRead ?? 0, rowsTotal: last?.rowsTotal ?? null, state: 'finished' })
        setTimeout(() => this.#progress.delete(operationId), PROGRESS_KEEP_MS).unref()
      }
    }
  }

  /** Where profile `operationId` is. */
  progress(operationId: string): ProfileProgress {
    const entry = this.#progress.get(operationId)
    return entry ? { ...entry } : { state: 'unknown', rowsRead: 0, rowsTotal: null }
  }

  /** An exact profile answers a request for either; a sampled one only a request that allows a sample. */
  #lookup(scope: string, request: ProfileRequest, version: string): TableProfile | undefined {
    for (const exact of request.exact === true ? [true] : [true, false]) {
      const k = key(scope, request, version, exact)
      const hit = this.#kept.get(k)
      if (hit) {
        this.#kept.delete(k)
        this.#kept.set(k, hit)
        return hit
      }
    }
    return undefined
  }

  #keep(k: string, profile: TableProfile): void {
    this.#kept.set(k, profile)
    while (this.#kept.size > KEPT_PROFILES) this.#kept.delete(this.#kept.keys().next().value!)
  }
}

/** What a profile is kept under: the connection's cache scope (ConnectionRegistry.cacheScope), the table, its version and the question. */
function key(scope: string, request: ProfileRequest, version: string, exact: boolean): string {
  const columns = request.columns === undefined ? null : [...request.columns].sort()
  return JSON.stringify([scope, request.table.namespace, request.table.name, version, request.filter ?? null, columns, exact])
}
