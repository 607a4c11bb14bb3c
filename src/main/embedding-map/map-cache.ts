/**
 * Finished maps kept in the app's data folder, one file per (connection, table, column)
 * holding the map of the newest version computed: positions, point kinds, row windows and
 * keys, never other row values. Opening a map again answers from here at once; a map of
 * an older version is still shown while the new one is computed.
 */
import { createHash } from 'node:crypto'
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import type { TableRef } from '../../shared/catalog-types'
import type { MapLayout, MapPartitions } from '../../shared/contract/embedding-map'
import { MAP_MAX_POINTS, MAP_MAX_WINDOWS } from '../../shared/embedding-map-points'
import { readJsonFile, writeFileAtomic } from '../files/atomic-write'
import { MAX_PARTITIONS } from '../vector-index/index-partitions'

/** The folder under the data folder. */
const FOLDER = 'embedding-maps'
/** 3: maps keep their index partitions. */
const FORMAT = 3
/** A kept map is at most this large (MAP_MAX_POINTS points: 1.5 MB of positions and kinds as base64, the rest keys). */
const MAX_FILE_BYTES = 32 * 1024 * 1024

/** Where a column's kept map lives. */
function fileOf(dataDir: string, connectionId: string, table: TableRef, column: string): string {
  const name = createHash('sha256')
    .update(JSON.stringify([connectionId, table.namespace, table.name, column]))
    .digest('hex')
    .slice(0, 32)
  return join(dataDir, FOLDER, `${name}.json`)
}

/** The kept map of a column (of whichever version was mapped last), or null when none is kept or it cannot be read. */
export async function readKeptMap(dataDir: string, connectionId: string, table: TableRef, column: string): Promise<MapLayout | null> {
  const read = await readJsonFile(fileOf(dataDir, connectionId, table, column), { maxBytes: MAX_FILE_BYTES })
  if (read.status !== 'ok') return null
  return parseKept(read.value, column)
}

/** Keeps a finished map. */
export async function keepMap(dataDir: string, connectionId: string, table: TableRef, layout: MapLayout): Promise<void> {
  await mkdir(join(dataDir, FOLDER), { recursive: true })
  const kept = {
    format: FORMAT,
    ...layout,
    positions: Buffer.from(layout.positions.buffer, layout.positions.byteOffset, layout.positions.byteLength).toString('base64'),
    kinds: Buffer.from(layout.kinds).toString('base64'),
    fitted: Buffer.from(layout.fitted).toString('base64'),
    partitions: layout.partitions.available
      ? { ...layout.partitions, positions: Buffer.from(layout.partitions.positions).toString('base64') }
      : layout.partitions,
    cached: undefined
  }
  await writeFileAtomic(fileOf(dataDir, connectionId, table, layout.column), JSON.stringify(kept))
}

/** A kept map back as a layout; anything of the wrong shape is no map (it is computed again). */
function parseKept(value: unknown, column: string): MapLayout | null {
  if (typeof value !== 'object' || value === null) return null
  const kept = value as Record<string, unknown>
  if (kept['format'] !== FORMAT || kept['column'] !== column || typeof kept['positions'] !== 'string' || typeof kept['kinds'] !== 'string') return null
  const points = kept['points']
  if (typeof points !== 'number' || !Number.isInteger(points) || points < 0 || points > MAP_MAX_POINTS) return null
  const positions = new Uint8Array(Buffer.from(kept['positions'], 'base64'))
  const kinds = new Uint8Array(Buffer.from(kept['kinds'], 'base64'))
  if (positions.length !== points * 8 || kinds.length !== points) return null
  const windows = kept['windows']
  if (!Array.isArray(windows) || windows.length > MAP_MAX_WINDOWS) return null
  const keys = kept['keys']
  if (keys !== null && (!Array.isArray(keys) || keys.length !== points)) return null
  if (typeof kept['version'] !== 'string') return null
  if (typeof kept['fittedPoints'] !== 'number' || typeof kept['fitted'] !== 'string') return null
  const fitted = new Uint8Array(Buffer.from(kept['fitted'], 'base64'))
  if (fitted.length !== points) return null
  const partitions = parsePartitions(kept['partitions'])
  if (!partitions) return null
  return { ...(kept as unknown as MapLayout), positions, kinds, fitted, partitions, cached: true }
}

/** Kept partitions, or null when they are of the wrong shape. */
function parsePartitions(value: unknown): MapPartitions | null {
  if (typeof value !== 'object' || value === null) return null
  const kept = value as Record<string, unknown>
  if (kept['available'] === false) return typeof kept['reason'] === 'string' ? { available: false, reason: kept['reason'] } : null
  const { indexName, distanceType, count, placement } = kept
  if (kept['available'] !== true || typeof indexName !== 'string' || typeof kept['positions'] !== 'string') return null
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > MAX_PARTITIONS) return null
  if (distanceType !== null && typeof distanceType !== 'string') return null
  if (placement !== 'projected' && placement !== 'nearest-points') return null
  const positions = new Uint8Array(Buffer.from(kept['positions'], 'base64'))
  if (positions.length !== count * 8) return null
  return { available: true, indexName, distanceType, count, positions, placement }
}
