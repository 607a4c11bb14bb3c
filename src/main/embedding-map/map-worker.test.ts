/** The map worker's work, driven in this thread: pages in, then the first picture, UMAP's steps and its end. */
import { describe, expect, it } from 'vitest'
import { lanceArrow } from '../../catalog/lance-arrow'
import { clusteredBatch } from '../../../test-kit/clustered-vectors'
import { readMapPage } from './map-page'
import { layOut, takePage } from './map-worker'
import type { FromMapWorker } from './map-worker-messages'

describe('map worker', () => {
  it('keeps pages, answers the linear picture first, then UMAP, with unplaceable rows apart', () => {
    const spec = { rows: 60, clusters: 3, dimension: 8, unplaced: 2 }
    const firstPage = takePage(readMapPage(lanceArrow.tableToIPC(clusteredBatch(spec, 0, 40), 'stream'), 'vector', 'id', 8))
    expect(firstPage.positions).toHaveLength(40 * 2)
    const read = takePage(readMapPage(lanceArrow.tableToIPC(clusteredBatch(spec, 40, 26), 'stream'), 'vector', 'id', 8))
    // The picture while reading: every row kept so far, each placed one nearer its own cluster's centre than any other's.
    expect(read.positions).toHaveLength(66 * 2)
    expect(read.kinds).toHaveLength(66)
    const centres = [0, 1, 2].map((c) => {
      const own = Array.from({ length: 60 }, (_, i) => i).filter((i) => i % 3 === c)
      return [0, 1].map((axis) => own.reduce((sum, i) => sum + read.positions[i * 2 + axis]!, 0) / own.length)
    })
    for (let i = 0; i < 60; i++) {
      const distances = centres.map(([x, y]) => Math.hypot(read.positions[i * 2]! - x!, read.positions[i * 2 + 1]! - y!))
      expect(distances.indexOf(Math.min(...distances))).toBe(i % 3)
    }
    const events: FromMapWorker[] = []
    layOut(8, 1, (event) => events.push(event))
    const first = events[0]
    if (first?.type !== 'first') throw new Error('expected the first picture first')
    expect(first.positions).toHaveLength(66 * 2)
    expect(first.keys.slice(0, 3)).toEqual(['0', '1', '2'])
    expect(first.keyKind).toBe('number')
    // Rows 60-61 hold NaN, 62-63 zeros, 64-65 one repeated value.
    expect([...first.kinds.slice(58)]).toEqual([0, 0, 2, 2, 3, 3, 4, 4])
    expect(events[1]?.type).toBe('neighbours')
    const done = events.at(-1)
    if (done?.type !== 'done') throw new Error('expected the layout to end')
    expect(done.method).toBe('umap')
    expect(done.fitted).toBe(60)
    // Every placeable point is fitted; the six set apart are not.
    expect([...done.fittedMask]).toEqual([...new Array<number>(60).fill(1), 0, 0, 0, 0, 0, 0])
    expect([...done.positions].every(Number.isFinite)).toBe(true)
  }, 60_000)
})
