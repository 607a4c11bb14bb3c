/** The embedding map channels through the real handler table, on a real LanceDB catalog and through the reference REST server. */
import { join } from 'node:path'
import { connectNamespace } from '@lancedb/lancedb'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeTempDir, removeDir } from '../../../test-kit/lancedb-catalog'
import { startAppOverCatalog, type CatalogApp } from '../../../test-kit/app-over-catalog'
import { makeClusteredTable } from '../../../test-kit/clustered-vectors'
import type { AppCore } from '../app-setup'
import { dispatch } from '../ipc/dispatch'
import type { IpcResult } from '../../shared/ipc-channels'
import type { MapLayout, MapProgress, MapValues } from '../../shared/contract/embedding-map'
import { openDirNamespace } from '../../catalog/dir/dir-namespace'
import { mapColumn } from './map-engine'

const table = { namespace: [], name: 'points' }
const CLUSTERS = 4
const ROWS = 400

const layout = (core: AppCore, request: object): Promise<IpcResult<MapLayout | null>> =>
  dispatch(core.handlers, 'map:layout', request) as Promise<IpcResult<MapLayout | null>>

function valueOf<T>(result: IpcResult<T>): T {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`)
  return result.value
}

/** Points' positions by cluster name. */
function byCluster(map: MapLayout, clusters: readonly (string | number | null)[]): Map<string, [number, number][]> {
  const xy = new Float32Array(map.positions.slice().buffer)
  const out = new Map<string, [number, number][]>()
  clusters.forEach((name, i) => {
    if (map.kinds[i] !== 0) return
    const list = out.get(String(name)) ?? []
    list.push([xy[i * 2]!, xy[i * 2 + 1]!])
    out.set(String(name), list)
  })
  return out
}

const centre = (points: [number, number][]): [number, number] => [
  points.reduce((s, p) => s + p[0], 0) / points.length,
  points.reduce((s, p) => s + p[1], 0) / points.length
]
const spread = (points: [number, number][]): number => {
  const [cx, cy] = centre(points)
  return Math.max(...points.map(([x, y]) => Math.hypot(x - cx, y - cy)))
}

/** Builds the `points` table in `root`: clustered vectors, with `unplaced` NaN, zero and constant rows of each kind. */
async function buildPoints(root: string, unplaced: number): Promise<void> {
  const db = await connectNamespace('dir', { root })
  ;(await makeClusteredTable(db, 'points', { rows: ROWS, clusters: CLUSTERS, dimension: 16, unplaced })).close()
  db.close()
}

describe('embedding map channels', () => {
  let app: CatalogApp
  let core: AppCore
  let connectionId: string

  beforeEach(async () => {
    app = await startAppOverCatalog('lcb-embedding-map', (root) => buildPoints(root, 3))
    ;({ core, connectionId } = app)
  }, 60_000)

  afterEach(() => app.close())

  it('lays out clusters apart, sets unplaceable rows apart and says why, then answers from the cache', async () => {
    const operationId = 'map-test-0001'
    const map = valueOf(await layout(core, { connectionId, table, column: 'vector', operationId }))!
    expect(map).toMatchObject({ points: ROWS + 9, sampled: false, method: 'umap', keyColumn: 'id', keysUnique: true, cached: false, version: '1' })
    expect(map.unplaced).toEqual({ null: 0, nan: 3, zero: 3, constant: 3, length: 0 })
    const progress = valueOf((await dispatch(core.handlers, 'map:progress', { operationId })) as IpcResult<MapProgress>)
    expect(progress).toMatchObject({ state: 'finished', phase: 'done' })

    const clusters = valueOf(
      (await dispatch(core.handlers, 'map:values', {
        connectionId,
        table,
        version: map.version,
        column: 'cluster',
        windows: map.windows
      })) as IpcResult<MapValues>
    )
    expect(clusters.kind).toBe('category')
    expect(clusters.values).toHaveLength(map.points)
    const groups = byCluster(map, clusters.values)
    expect([...groups.keys()].sort()).toEqual(['c0', 'c1', 'c2', 'c3'])
    // Each cluster's centre is farther from every other cluster's than either cluster is wide.
    const names = [...groups.keys()]
    for (const a of names)
      for (const b of names) {
        if (a >= b) continue
        const [ax, ay] = centre(groups.get(a)!)
        const [bx, by] = centre(groups.get(b)!)
        expect(Math.hypot(ax - bx, ay - by), `${a} and ${b}`).toBeGreaterThan(spread(groups.get(a)!) + spread(groups.get(b)!))
      }
    // Unplaceable rows lie below every placed one.
    const xy = new Float32Array(map.positions.slice().buffer)
    const lowestPlaced = Math.min(...[...map.kinds].flatMap((kind, i) => (kind === 0 ? [xy[i * 2 + 1]!] : [])))
    const highestApart = Math.max(...[...map.kinds].flatMap((kind, i) => (kind !== 0 ? [xy[i * 2 + 1]!] : [])))
    expect(highestApart).toBeLessThan(lowestPlaced)

    const again = valueOf(await layout(core, { connectionId, table, column: 'vector' }))!
    expect(again.cached).toBe(true)
    expect(Buffer.from(again.positions).equals(Buffer.from(map.positions))).toBe(true)
  }, 120_000)

  it('keeps a map of an older version for cachedOnly, and maps a new version anew', async () => {
    expect(valueOf(await layout(core, { connectionId, table, column: 'vector', cachedOnly: true }))).toBeNull()
    valueOf(await layout(core, { connectionId, table, column: 'vector' }))
    const db = await connectNamespace('dir', { root: app.root })
    const lance = await db.openTable('points')
    await lance.delete('id < 10')
    lance.close()
    db.close()
    // The app sees a write made outside it once refreshed, as a user would.
    valueOf(await dispatch(core.handlers, 'tables:refresh', {}))
    expect(valueOf(await layout(core, { connectionId, table, column: 'vector', cachedOnly: true }))).toMatchObject({ version: '1', cached: true })
    expect(valueOf(await layout(core, { connectionId, table, column: 'vector' }))).toMatchObject({ version: '2', cached: false, points: ROWS + 9 - 10 })
  }, 120_000)

  it('refuses a column that holds no vectors, with a message that says so', async () => {
    const result = await layout(core, { connectionId, table, column: 'cluster' })
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_request', message: expect.stringContaining('not a vector column') } })
  })

  it('stops when cancelled', async () => {
    const operationId = 'map-test-0002'
    const running = layout(core, { connectionId, table, column: 'vector', operationId })
    await new Promise((resolve) => setTimeout(resolve, 300))
    await dispatch(core.handlers, 'operations:cancel', { operationId })
    expect(await running).toMatchObject({ ok: false, error: { code: 'cancelled' } })
  }, 60_000)
})

describe('embedding map over a REST catalog', () => {
  it('maps a table through the catalog server routes', async () => {
    const app = await startAppOverCatalog('lcb-embedding-map-rest', (root) => buildPoints(root, 0), { server: {} })
    try {
      const map = valueOf(await layout(app.core, { connectionId: app.connectionId, table, column: 'vector' }))!
      expect(map).toMatchObject({ points: ROWS, totalRows: ROWS, method: 'umap', keysUnique: true })
    } finally {
      await app.close()
    }
  }, 120_000)
})

describe('embedding map of a sample', () => {
  it('maps a uniform sample of whole blocks past the bound, says so, and offers no exact filter', async () => {
    const dir = await makeTempDir('lcb-embedding-map-sample')
    try {
      const db = await connectNamespace('dir', { root: join(dir, 'catalog') })
      ;(await makeClusteredTable(db, 'points', { rows: 5_000, clusters: 3, dimension: 8 })).close()
      db.close()
      const client = await openDirNamespace(join(dir, 'catalog'))
      const map = await mapColumn(client.table(table), 'vector', { maxPoints: 2_048 })
      await client.close()
      expect(map).toMatchObject({ totalRows: 5_000, sampled: true, keyColumn: 'id', keysUnique: false })
      expect(map.points).toBeLessThanOrEqual(2_048)
      expect(map.points).toBe(map.windows.reduce((sum, w) => sum + w.limit, 0))
      // Each point's key is its row's: row offset r holds id r.
      const offsets = map.windows.flatMap((w) => Array.from({ length: w.limit }, (_, i) => String(w.offset + i)))
      expect(map.keys).toEqual(offsets)
      expect(map.windows.every((w) => w.offset % 2_048 === 0)).toBe(true)
    } finally {
      await removeDir(dir)
    }
  }, 300_000)
})
