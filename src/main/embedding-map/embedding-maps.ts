/**
 * The app's embedding maps: runs each through the operation registry (so the page can
 * cancel it), keeps its latest positions for the page's progress polls, keeps finished
 * maps in the data folder (./map-cache.ts), and reads a column's values for a map's
 * points so the page can colour them.
 */
import type { TableRef } from '../../shared/catalog-types'
import type { MapLayout, MapProgress, MapValues, MapWindow } from '../../shared/contract/embedding-map'
import { MAP_VALUE_CHARS } from '../../shared/embedding-map-points'
import { CatalogError } from '../../shared/errors'
import { decodeArrowIpc } from '../../shared/arrow-ipc-decode'
import { ANSWER_IPC_BUDGET } from '../../shared/arrow-preflight'
import type { ConnectionRegistry } from '../connections/connection-registry'
import type { OperationRegistry } from '../operations/operation-registry'
import { keepMap, readKeptMap } from './map-cache'
import { mapColumn } from './map-engine'

/** How long a finished map's progress stays answerable. */
const PROGRESS_KEEP_MS = 5 * 60_000
/** Rows asked for per page when reading a column's values. */
const VALUE_PAGE_ROWS = 16_384

/** A map request as the channel takes it. */
export interface MapRequest {
  readonly connectionId: string
  readonly table: TableRef
  readonly column: string
  readonly cachedOnly?: boolean
  readonly operationId?: string
}

export class EmbeddingMaps {
  readonly #progress = new Map<string, MapProgress>()

  constructor(
    readonly registry: ConnectionRegistry,
    readonly operations: OperationRegistry,
    readonly dataDir: string
  ) {}

  /** The map of the table's latest version: kept, or computed and kept. With `cachedOnly`, the kept map of any version, or null. */
  async layout(request: MapRequest): Promise<MapLayout | null> {
    const { operationId, connectionId, table, column } = request
    const kept = await readKeptMap(this.dataDir, connectionId, table, column)
    if (request.cachedOnly) return kept
    if (operationId !== undefined) this.#progress.set(operationId, { ...EMPTY, state: 'running' })
    try {
      return await this.operations.run(operationId, async (options) => {
        const handle = (await this.registry.client(connectionId)).table(table)
        if (kept && kept.version === (await handle.version(options))) return kept
        const layout = await mapColumn(handle, column, {
          ...(options.signal ? { signal: options.signal } : {}),
          onProgress: (progress) => {
            if (operationId === undefined) return
            const last = this.#progress.get(operationId)
            // A report without positions keeps the last ones, so a poll always has a picture once there is one.
            this.#progress.set(operationId, {
              ...progress,
              state: 'running',
              positions: progress.positions ?? last?.positions ?? null,
              kinds: progress.kinds ?? last?.kinds ?? null
            })
          }
        })
        await keepMap(this.dataDir, connectionId, table, layout)
        return layout
      })
    } finally {
      if (operationId !== undefined) {
        const last = this.#progress.get(operationId) ?? EMPTY
        this.#progress.set(operationId, { ...last, phase: 'done', state: 'finished' })
        setTimeout(() => this.#progress.delete(operationId), PROGRESS_KEEP_MS).unref()
      }
    }
  }

  /** Where map `operationId` is. */
  progress(operationId: string): MapProgress {
    return this.#progress.get(operationId) ?? EMPTY
  }

  /** `column`'s values for the rows of `windows` at `version`, in order. */
  async values(request: {
    readonly connectionId: string
    readonly table: TableRef
    readonly version: string
    readonly column: string
    readonly windows: readonly MapWindow[]
  }): Promise<MapValues> {
    const handle = (await this.registry.client(request.connectionId)).table(request.table)
    const values: (string | number | null)[] = []
    let numeric = true
    for (const window of request.windows) {
      let got = 0
      while (got < window.limit) {
        const limit = Math.min(VALUE_PAGE_ROWS, window.limit - got)
        const page = await handle.readRows({ offset: window.offset + got, limit, columns: [request.column], version: request.version })
        if (page.rowCount === 0) break
        const column = decodeArrowIpc(page.arrow, ANSWER_IPC_BUDGET).getChild(request.column)
        if (!column) throw new CatalogError('invalid_request', `The table has no column "${request.column}".`)
        for (let i = 0; i < page.rowCount; i++) {
          const value: unknown = column.get(i)
          if (value === null || value === undefined) values.push(null)
          else if (typeof value === 'number' || typeof value === 'bigint') values.push(Number(value))
          else {
            numeric = false
            values.push(textOf(value))
          }
        }
        got += page.rowCount
      }
    }
    return {
      column: request.column,
      kind: numeric ? 'number' : 'category',
      values: numeric ? values : values.map((v) => (v === null ? null : String(v)))
    }
  }
}

const EMPTY: MapProgress = {
  state: 'unknown',
  phase: 'reading',
  rowsRead: 0,
  rowsTotal: null,
  epoch: 0,
  epochs: 0,
  fittedPoints: null,
  positions: null,
  kinds: null
}

/** A value as the legend and hover show it, cut to MAP_VALUE_CHARS. */
function textOf(value: unknown): string {
  const text =
    typeof value === 'string' ? value : value instanceof Date ? value.toISOString() : typeof value === 'boolean' ? String(value) : JSON.stringify(value)
  return text.length > MAP_VALUE_CHARS ? `${text.slice(0, MAP_VALUE_CHARS)}…` : text
}
