/** Finding the point under the pointer: the nearest within the radius, against a scan of every point. */
import { describe, expect, it } from 'vitest'
import { PointGrid } from './point-grid'

function nearestByScan(positions: Float32Array, x: number, y: number, radius: number): number {
  let best = -1
  let bestDistance = radius * radius
  for (let i = 0; i < positions.length / 2; i++) {
    const distance = (positions[i * 2]! - x) ** 2 + (positions[i * 2 + 1]! - y) ** 2
    if (distance < bestDistance || (distance === bestDistance && i > best)) {
      best = i
      bestDistance = distance
    }
  }
  return best
}

describe('PointGrid', () => {
  it('answers the nearest point within the radius, as a scan of every point does', () => {
    let seed = 1
    const random = (): number => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646
    const positions = Float32Array.from({ length: 4_000 }, (_, i) => (i % 2 === 0 ? random() * 2 - 1 : (random() * 2 - 1) * 0.3))
    const grid = new PointGrid(positions)
    for (let q = 0; q < 500; q++) {
      const x = random() * 2.4 - 1.2
      const y = random() * 0.8 - 0.4
      const radius = random() * 0.05
      expect(grid.nearest(x, y, radius)).toBe(nearestByScan(positions, x, y, radius))
    }
  })

  it('leaves out points with no finite place, and answers -1 where no point is near', () => {
    const grid = new PointGrid(Float32Array.of(0, 0, Number.NaN, 0, 1, 1))
    expect(grid.nearest(0.01, 0, 0.1)).toBe(0)
    expect(grid.nearest(Number.NaN, 0, 0.1)).toBe(-1)
    expect(grid.nearest(0.5, 0.5, 0.1)).toBe(-1)
    expect(new PointGrid(new Float32Array(0)).nearest(0, 0, 1)).toBe(-1)
  })
})
