/**
 * Maps a table's vector column at its latest version: reads the column and a key column
 * (every row up to mapPointsFor(dimension), a uniform random sample of whole blocks
 * beyond, as a column profile samples; see ../profile/table-sample.ts) in pages through
 * the table handle, so it works alike on directory catalogs, REST catalogs and object
 * stores, decodes each page's vectors and keys here (./map-page.ts) and hands them to a
 * worker thread that lays them out (./map-worker.ts). Where the column has an IVF index,
 * its partitions are read from the index's files (../vector-index/) and placed too.
 */
import type { FieldInfo } from '../../shared/catalog-types'
import type { MapLayout, MapPartitions, MapProgress } from '../../shared/contract/embedding-map'
import { MAP_MAX_FLOATS, MAP_MAX_POINTS } from '../../shared/embedding-map-points'
import { CatalogError } from '../../shared/errors'
import type { TableHandle } from '../../catalog/table-handle'
import type { RowsPage } from '../../shared/contract/tables'
import { SAMPLE_BLOCK, sampleWindows, type RowWindow } from '../profile/table-sample'
import { readTablePartitions, type IndexPartitions } from '../vector-index/index-partitions'
import { unplacedCounts } from './map-math'
import { readMapPage } from './map-page'
import { MapWorker } from './map-worker-client'

/** Vector bytes asked for per page (pages are cut at 16 MiB in any case): 16,384 rows of 128 floats. */
const PAGE_VECTOR_BYTES = 8 * 1024 * 1024
/** Rows asked for per page, whatever the width. */
const PAGE_MIN_ROWS = 256
/** The first page is smaller, so the first picture (of the rows read so far) comes sooner. */
const FIRST_PAGE_ROWS = 4_096
const PAGE_MAX_ROWS = 16_384

/**
 * The most points a map of vectors of `dimension` has: MAP_MAX_POINTS, fewer for vectors
 * wider than 128 so that the worker never holds more than MAP_MAX_FLOATS numbers (52 MB),
 * in whole sample blocks.
 */
function mapPointsFor(dimension: number): number {
  const byFloats = Math.floor(MAP_MAX_FLOATS / Math.max(1, dimension) / SAMPLE_BLOCK) * SAMPLE_BLOCK
  return Math.min(MAP_MAX_POINTS, Math.max(SAMPLE_BLOCK, byFloats))
}

function pageRowsFor(dimension: number): number {
  return Math.min(PAGE_MAX_ROWS, Math.max(PAGE_MIN_ROWS, Math.floor(PAGE_VECTOR_BYTES / (Math.max(1, dimension) * 4))))
}

/** Where a map is, as `map:progress` answers it (positions as float32 bytes). */
export type MapListener = (progress: Omit<MapProgress, 'state'>) => void

/** The column that names a row: `id` when the table has one that is a whole number or text, else the first such column. */
export function keyColumnOf(fields: readonly FieldInfo[], vectorColumn: string): string | null {
  const scalar = (field: FieldInfo): boolean => field.name !== vectorColumn && /^(u?int(8|16|32|64)|utf8|large_utf8|string)$/.test(field.type)
  return fields.find((field) => field.name === 'id' && scalar(field))?.name ?? fields.find(scalar)?.name ?? null
}

/** Whether a field holds vectors a map can place: a fixed-size list of numbers. */
export function isVectorField(field: FieldInfo): boolean {
  return field.dimension !== undefined && /float|int/.test(field.type)
}

/** The map of `column` of the table behind `handle`, at its latest version. */
export async function mapColumn(
  handle: TableHandle,
  column: string,
  options: { readonly signal?: AbortSignal; readonly onProgress?: MapListener; readonly maxPoints?: number; readonly random?: () => number } = {}
): Promise<MapLayout> {
  const started = performance.now()
  const worker = new MapWorker()
  const { signal } = options
  const stop = (): void => void worker.close()
  signal?.addEventListener('abort', stop, { once: true })
  try {
    const call = signal ? { signal } : {}
    const description = await handle.describe(call)
    const field = description.fields.find((f) => f.name === column)
    if (!field) throw new CatalogError('invalid_request', `The table has no column "${column}".`)
    if (!isVectorField(field))
      throw new CatalogError('invalid_request', `"${column}" is not a vector column (${field.type}); a map needs a fixed-size list of numbers.`)
    const version = description.version ?? (await handle.version(call))
    const total = Number(description.rowCount ?? (await handle.countRows(undefined, call)))
    const maxPoints = options.maxPoints ?? mapPointsFor(field.dimension ?? 1)
    const pageRows = pageRowsFor(field.dimension ?? 1)
    const sampled = total > maxPoints
    const windows: RowWindow[] = total === 0 ? [] : sampled ? sampleWindows(total, maxPoints, options.random) : [{ offset: 0, limit: total }]
    const planned = windows.reduce((sum, w) => sum + w.limit, 0)
    const keyColumn = keyColumnOf(description.fields, column)
    const progress = { phase: 'reading' as MapProgress['phase'], rowsRead: 0, rowsTotal: planned, epoch: 0, epochs: 0, fittedPoints: null as number | null }
    const report = (positions: Float32Array | null, kinds: Uint8Array | null): void =>
      options.onProgress?.({ ...progress, positions: positions && bytesOf(positions), kinds })
    report(null, null)

    // The column's index partitions, placed on the map with the points (or why there are none), read alongside the rows.
    const partitionsRead = quiet(readTablePartitions(handle, version, column, field.dimension ?? 0, call))
    const read: RowWindow[] = []
    const columns = keyColumn ? [column, keyColumn] : [column]
    // Pages in a pipeline: the next page is read (LanceDB's own threads) while this one is
    // decoded here and the one before is kept by the worker. Each read asks for its page in
    // one batch, so the page is encoded once rather than per 1,024 rows.
    const readPage = (offset: number, limit: number): Promise<RowsPage> =>
      quiet(
        signal?.aborted
          ? Promise.reject(new CatalogError('cancelled', 'The map was cancelled.'))
          : handle.readRows({ offset, limit, columns, version, batchRows: limit }, call)
      )
    let kept: Promise<void> = Promise.resolve()
    let at = 0
    let got = 0
    const firstLimit = (window: RowWindow): number => Math.min(FIRST_PAGE_ROWS, pageRows, window.limit)
    let reading: Promise<RowsPage> | null = windows[0] ? readPage(windows[0].offset, firstLimit(windows[0])) : null
    while (reading) {
      const page = await reading
      const window = windows[at]!
      got += page.rowCount
      const windowDone = page.rowCount === 0 || got >= window.limit
      if (windowDone) {
        if (got > 0) read.push({ offset: window.offset, limit: got })
        at++
        got = 0
      }
      const next = windows[at]
      reading = next ? readPage(next.offset + got, Math.min(pageRows, next.limit - got)) : null
      if (page.rowCount === 0) continue
      const decoded = readMapPage(page.arrow, column, keyColumn, field.dimension ?? null)
      await kept
      kept = quiet(
        worker.page(decoded, planned).then((picture) => {
          progress.rowsRead += page.rowCount
          report(picture.positions, picture.kinds)
        })
      )
    }
    await kept

    let kinds: Uint8Array = new Uint8Array(0)
    let keys: readonly (string | null)[] = []
    let keyKind: MapLayout['keyKind'] = null
    let dimension = field.dimension ?? 0
    const index = await partitionsRead
    const done = await worker.layOut(field.dimension ?? null, 0x5eed, index.ok ? index.centroids : null, (event) => {
      switch (event.type) {
        case 'first':
          ;({ kinds, keys, keyKind, dimension } = event)
          // Said only when UMAP is fitted on fewer than all placeable points.
          progress.fittedPoints = event.fitted < kinds.filter((kind) => kind === 0).length ? event.fitted : null
          report(event.positions, kinds)
          break
        case 'neighbours':
          progress.phase = 'neighbours'
          report(null, null)
          break
        case 'step':
          progress.phase = 'layout'
          progress.epoch = event.epoch
          progress.epochs = event.epochs
          report(event.positions, kinds)
          break
        case 'done':
          break
      }
    })
    const keysUnique = keyColumn !== null && !sampled && keys.every((k) => k !== null) && new Set(keys).size === keys.length
    return {
      version,
      column,
      dimension,
      totalRows: total,
      points: kinds.length,
      sampled,
      windows: read,
      positions: bytesOf(done.positions),
      kinds,
      unplaced: unplacedCounts(kinds),
      method: done.method,
      fittedPoints: done.fitted,
      fitted: done.fittedMask,
      keyColumn,
      keyKind,
      keys: keyColumn === null ? null : keys,
      keysUnique,
      partitions: partitionsOf(index, done.partitions),
      elapsedMs: Math.round(performance.now() - started),
      computedAt: new Date().toISOString(),
      cached: false
    }
  } catch (error) {
    if (signal?.aborted) throw new CatalogError('cancelled', 'The map was cancelled.')
    throw error
  } finally {
    signal?.removeEventListener('abort', stop)
    await worker.close()
  }
}

/** The map's partitions as the contract carries them. */
function partitionsOf(
  index: IndexPartitions,
  placed: { readonly positions: Float32Array; readonly placement: 'projected' | 'nearest-points' } | null
): MapPartitions {
  if (!index.ok) return { available: false, reason: index.reason }
  if (!placed) return { available: false, reason: 'The map has no placed points to set the index’s partitions among.' }
  const { indexName, distanceType, count } = index
  return { available: true, indexName, distanceType, count, positions: bytesOf(placed.positions), placement: placed.placement }
}

/** `promise`, marked as handled: a pipelined step that fails while an earlier one is awaited is not an unhandled rejection; awaiting it still throws. */
function quiet<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined)
  return promise
}

/** A float32 array's bytes, as the contract carries positions. */
function bytesOf(values: Float32Array): Uint8Array {
  return new Uint8Array(values.buffer, values.byteOffset, values.byteLength)
}
