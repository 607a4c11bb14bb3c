/** The neighbour search and placement of a map's points not fitted by UMAP. */
import { describe, expect, it } from 'vitest'
import { seededRandom } from './map-math'
import { NeighbourIndex, placeByNeighbours, placedPositions } from './map-neighbours'

/** `count` points of `width` around 10 centres, point i near centre i % 10. */
function clustered(count: number, width: number, random: () => number): Float32Array {
  const centres = Array.from({ length: 10 }, () => Array.from({ length: width }, () => (random() - 0.5) * 20))
  return Float32Array.from({ length: count * width }, (_, at) => centres[Math.floor(at / width) % 10]![at % width]! + random() - 0.5)
}

describe('map neighbours', () => {
  it('finds each point itself first and neighbours from its own cluster, nearly always the true nearest', () => {
    const random = seededRandom(3)
    const width = 8
    const points = clustered(2_000, width, random)
    const index = new NeighbourIndex(points, 2_000, width, random)
    const k = 5
    const found = new Int32Array(k)
    const distances = new Float32Array(k)
    let exact = 0
    for (let i = 0; i < 2_000; i += 7) {
      index.nearest(points, i * width, k, found, distances, 0)
      expect(found[0]).toBe(i)
      expect(distances[0]).toBe(0)
      expect([...found].every((j) => j % 10 === i % 10)).toBe(true)
      expect([...distances]).toEqual([...distances].sort((a, b) => a - b))
      // The true nearest other point, by scanning all.
      let best = -1
      let bestDistance = Infinity
      for (let j = 0; j < 2_000; j++) {
        if (j === i) continue
        let d = 0
        for (let c = 0; c < width; c++) d += (points[i * width + c]! - points[j * width + c]!) ** 2
        if (d < bestDistance) [best, bestDistance] = [j, d]
      }
      if (found[1] === best) exact++
    }
    expect(exact / Math.ceil(2_000 / 7)).toBeGreaterThan(0.9)
  })

  it('places each point not fitted at the weighted mean of its fitted neighbours, and fitted points where the layout has them', () => {
    const random = seededRandom(5)
    const width = 8
    const n = 500
    const scores = clustered(n, width, random)
    // Every fifth point, from each cluster alike.
    const fitted = Int32Array.from({ length: 100 }, (_, i) => i * 5 + (i % 5))
    const fittedAs = new Map([...fitted].map((point, f) => [point, f]))
    const placement = placeByNeighbours(scores, n, width, 6, fitted, 4, random)
    expect(placement.k).toBe(4)
    // The layout puts fitted point f (row fitted[f]) at (cluster, f).
    const layout = Float32Array.from({ length: 200 }, (_, at) => (at % 2 === 0 ? fitted[at / 2]! % 10 : (at - 1) / 2))
    const positions = placedPositions(placement, layout)
    for (let i = 0; i < n; i++) {
      if (fittedAs.has(i)) expect([positions[i * 2], positions[i * 2 + 1]]).toEqual([i % 10, fittedAs.get(i)])
      // Neighbours come from the same cluster, so x is the cluster's number.
      else expect(positions[i * 2]).toBeCloseTo(i % 10, 4)
    }
    for (let r = 0; r < n - 100; r++) expect(placement.weights.subarray(r * 4, r * 4 + 4).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 5)
  })
})
