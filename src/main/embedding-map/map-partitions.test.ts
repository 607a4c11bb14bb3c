/**
 * A map's index partitions: on a UMAP map of a clustered table with an IVF index, each
 * partition lies within a cluster of points; on a linear (PCA) map, a centroid that is a
 * cluster's mean is projected exactly onto the mean of that cluster's points; a column
 * without an index says so.
 */
import { join } from 'node:path'
import { connectNamespace, Index } from '@lancedb/lancedb'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeTempDir, removeDir } from '../../../test-kit/lancedb-catalog'
import { clusteredBatch, makeClusteredTable } from '../../../test-kit/clustered-vectors'
import { openDirNamespace } from '../../catalog/dir/dir-namespace'
import { lanceArrow } from '../../catalog/lance-arrow'
import type { MapLayout } from '../../shared/contract/embedding-map'
import { readIndexPartitions } from '../vector-index/index-partitions'
import { mapColumn } from './map-engine'
import { readMapPage } from './map-page'
import { layOut, takePage } from './map-worker'
import type { FromMapWorker } from './map-worker-messages'

const CLUSTERS = 5
let dir = ''

beforeAll(async () => {
  dir = await makeTempDir('map-partitions-')
  const db = await connectNamespace('dir', { root: dir })
  const indexed = await makeClusteredTable(db, 'indexed', { rows: 1_000, clusters: CLUSTERS, dimension: 16 })
  await indexed.createIndex('vector', { config: Index.ivfPq({ numPartitions: CLUSTERS, numSubVectors: 4 }) })
  indexed.close()
  ;(await makeClusteredTable(db, 'plain', { rows: 100, clusters: 2, dimension: 8 })).close()
  db.close()
}, 120_000)

afterAll(() => removeDir(dir))

const floats = (bytes: Uint8Array): Float32Array => new Float32Array(bytes.slice().buffer)

async function map(name: string): Promise<MapLayout> {
  const client = await openDirNamespace(dir)
  try {
    return await mapColumn(client.table({ namespace: [], name }), 'vector')
  } finally {
    await client.close()
  }
}

describe('index partitions on the map', () => {
  it('places each partition of a UMAP map within a cluster of points', async () => {
    const layout = await map('indexed')
    expect(layout.method).toBe('umap')
    const { partitions } = layout
    if (!partitions.available) throw new Error(partitions.reason)
    expect(partitions).toMatchObject({ count: CLUSTERS, indexName: 'vector_idx', distanceType: 'l2', placement: 'nearest-points' })
    const points = floats(layout.positions)
    const centres = Array.from({ length: CLUSTERS }, (_, c) => {
      const own = Array.from({ length: layout.points / CLUSTERS }, (_, i) => i * CLUSTERS + c)
      const centre = [0, 1].map((axis) => own.reduce((sum, i) => sum + points[i * 2 + axis]!, 0) / own.length) as [number, number]
      const radius = Math.max(...own.map((i) => Math.hypot(points[i * 2]! - centre[0], points[i * 2 + 1]! - centre[1])))
      return { centre, radius }
    })
    // K-means may settle with a centroid between two clusters; each centroid that lies on a
    // cluster's centre in vector space (as most do) is drawn within that cluster's points.
    const read = await readIndexPartitions(join(dir, 'indexed.lance'), layout.version, 'vector', 16)
    if (!read.ok) throw new Error(read.reason)
    const rows = clusteredBatch({ rows: 1_000, clusters: CLUSTERS, dimension: 16 }, 0, 1_000).getChild('vector')!
    const means = Array.from({ length: CLUSTERS }, () => new Float64Array(16))
    for (let i = 0; i < 1_000; i++) (rows.get(i) as { toArray(): Float32Array }).toArray().forEach((v, j) => (means[i % CLUSTERS]![j]! += v / 200))
    const placed = floats(partitions.positions)
    let checked = 0
    for (let p = 0; p < CLUSTERS; p++) {
      const distances = means.map((mean) => Math.hypot(...Array.from(mean, (v, j) => v - read.centroids[p * 16 + j]!)))
      const cluster = distances.indexOf(Math.min(...distances))
      if (distances[cluster]! > 0.5) continue
      const { centre, radius } = centres[cluster]!
      expect(Math.hypot(placed[p * 2]! - centre[0], placed[p * 2 + 1]! - centre[1])).toBeLessThanOrEqual(radius)
      checked++
    }
    expect(checked).toBeGreaterThanOrEqual(2)
  }, 120_000)

  it('says why a column without an index has no partitions', async () => {
    const { partitions } = await map('plain')
    expect(partitions).toEqual({ available: false, reason: expect.stringMatching(/no index/) })
  }, 60_000)

  it('projects centroids on a linear map as the points are projected', () => {
    // Six rows of three clusters: too few for UMAP, so the map is the linear picture.
    const spec = { rows: 6, clusters: 3, dimension: 8 }
    const rows = clusteredBatch(spec, 0, 6)
    takePage(readMapPage(lanceArrow.tableToIPC(rows, 'stream'), 'vector', 'id', 8))
    const vectors = rows.getChild('vector')!
    // Each cluster's mean vector as its centroid: a linear map puts it at the mean of the cluster's points.
    const centroids = new Float32Array(3 * 8)
    for (let i = 0; i < 6; i++) {
      const vector = vectors.get(i) as { toArray(): Float32Array }
      vector.toArray().forEach((value, j) => (centroids[(i % 3) * 8 + j]! += value / 2))
    }
    const events: FromMapWorker[] = []
    layOut(8, 1, (event) => events.push(event), centroids)
    const done = events.at(-1)
    if (done?.type !== 'done') throw new Error('expected the layout to end')
    expect(done.method).toBe('pca')
    expect(done.partitions?.placement).toBe('projected')
    const placed = done.partitions!.positions
    for (let c = 0; c < 3; c++) {
      for (const axis of [0, 1]) {
        const mean = (done.positions[c * 2 + axis]! + done.positions[(c + 3) * 2 + axis]!) / 2
        expect(placed[c * 2 + axis]).toBeCloseTo(mean, 4)
      }
    }
  })
})
