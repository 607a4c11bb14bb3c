/**
 * Nearest neighbours among a map's fitted points, in principal-component space, for two
 * uses: UMAP's neighbour graph of the fitted points (given to umap-js instead of its own
 * search), and placing every other point by its nearest fitted ones. The search is an
 * inverted file, as vector indexes are: the points are grouped around centroids (a few
 * rounds of k-means over them), and a query scans only the points of the cells whose
 * centroids lie nearest to it. It is approximate: a true neighbour in a cell not scanned is
 * missed, and a near point stands in for it, which moves a placed point by about the
 * distance between the two, invisible on a map.
 */
import { chooseRows } from './map-math'

/** Cells scanned per query. */
const PROBE_CELLS = 4
/** Cells per square root of the points indexed: 5,000 points make 141 cells of about 35. */
const CELLS_PER_ROOT = 2
/** Rounds of k-means that settle the cells. */
const KMEANS_ROUNDS = 5

export class NeighbourIndex {
  readonly #points: Float32Array
  readonly #width: number
  readonly #count: number
  readonly #centroids: Float32Array
  readonly #cells: number
  /** The points of cell c are #members[#cellStart[c] .. #cellStart[c + 1]). */
  readonly #cellStart: Int32Array
  readonly #members: Int32Array

  /** An index of `count` points of `width` numbers each, row after row in `points`. */
  constructor(points: Float32Array, count: number, width: number, random: () => number) {
    this.#points = points
    this.#width = width
    this.#count = count
    const cells = Math.max(1, Math.min(count, Math.round(CELLS_PER_ROOT * Math.sqrt(count))))
    this.#cells = cells
    const centroids = new Float32Array(cells * width)
    chooseRows(count, cells, random).forEach((row, c) => centroids.set(points.subarray(row * width, (row + 1) * width), c * width))
    const cellOf = new Int32Array(count)
    for (let round = 0; round <= KMEANS_ROUNDS; round++) {
      for (let i = 0; i < count; i++) cellOf[i] = nearestCentroid(points, i * width, centroids, cells, width)
      if (round === KMEANS_ROUNDS) break
      const sums = new Float64Array(cells * width)
      const sizes = new Int32Array(cells)
      for (let i = 0; i < count; i++) {
        const c = cellOf[i]!
        sizes[c]!++
        for (let j = 0; j < width; j++) sums[c * width + j]! += points[i * width + j]!
      }
      // An empty cell keeps its centroid.
      for (let c = 0; c < cells; c++) if (sizes[c]! > 0) for (let j = 0; j < width; j++) centroids[c * width + j] = sums[c * width + j]! / sizes[c]!
    }
    this.#centroids = centroids
    const start = new Int32Array(cells + 1)
    for (let i = 0; i < count; i++) start[cellOf[i]! + 1]!++
    for (let c = 0; c < cells; c++) start[c + 1]! += start[c]!
    const fill = start.slice(0, cells)
    const members = new Int32Array(count)
    for (let i = 0; i < count; i++) members[fill[cellOf[i]!]!++] = i
    this.#cellStart = start
    this.#members = members
  }

  /**
   * The `k` indexed points nearest to the query at `queries[at .. at + width)`, nearest
   * first: their numbers into `outIndices` and Euclidean distances into `outDistances`,
   * both from `outAt`. Fewer than `k` when the index holds fewer (the rest are -1 and Infinity).
   */
  nearest(queries: Float32Array, at: number, k: number, outIndices: Int32Array, outDistances: Float32Array, outAt: number): void {
    const width = this.#width
    const probe = Math.min(PROBE_CELLS, this.#cells)
    const cells = new Int32Array(probe).fill(-1)
    const cellDistances = new Float64Array(probe).fill(Infinity)
    for (let c = 0; c < this.#cells; c++) {
      const d = squaredDistance(queries, at, this.#centroids, c * width, width)
      if (d < cellDistances[probe - 1]!) insertSorted(cells, cellDistances, probe, c, d)
    }
    for (let i = 0; i < k; i++) {
      outIndices[outAt + i] = -1
      outDistances[outAt + i] = Infinity
    }
    const best = outDistances.subarray(outAt, outAt + k)
    const bestIndices = outIndices.subarray(outAt, outAt + k)
    let scanned = 0
    for (const c of cells) {
      if (c < 0) continue
      for (let m = this.#cellStart[c]!; m < this.#cellStart[c + 1]!; m++) {
        const point = this.#members[m]!
        const d = squaredDistance(queries, at, this.#points, point * width, width)
        if (d < best[k - 1]!) insertSorted(bestIndices, best, k, point, d)
        scanned++
      }
    }
    // Too few points in the cells scanned (tiny or lopsided cells): every point instead.
    if (scanned < k && scanned < this.#count) {
      best.fill(Infinity)
      bestIndices.fill(-1)
      for (let point = 0; point < this.#count; point++) {
        const d = squaredDistance(queries, at, this.#points, point * width, width)
        if (d < best[k - 1]!) insertSorted(bestIndices, best, k, point, d)
      }
    }
    for (let i = 0; i < k; i++) best[i] = Math.sqrt(best[i]!)
  }
}

/**
 * Where each point not fitted goes: its `k` nearest fitted points and their weights
 * (inverse distance, summing to 1), so its position is their positions' weighted mean
 * whatever the fitted layout is at the moment.
 */
export interface Placement {
  readonly k: number
  /** Per point of the map (placeable ones, in order): its number among the fitted points, or -1 when it is placed. */
  readonly fittedAs: Int32Array
  /** For the placed points in order, `k` fitted neighbours each. */
  readonly neighbours: Int32Array
  readonly weights: Float32Array
}

/**
 * The placement of the points of `scores` (n x width) not among `fitted` (ascending point
 * numbers), searched in the first `searchWidth` components only (the leading components
 * hold most of the spread; a placed point's neighbours need not be exact).
 */
export function placeByNeighbours(
  scores: Float32Array,
  n: number,
  width: number,
  searchWidth: number,
  fitted: Int32Array,
  k: number,
  random: () => number
): Placement {
  const w = Math.min(width, searchWidth)
  const narrow = new Float32Array(n * w)
  for (let i = 0; i < n; i++) narrow.set(scores.subarray(i * width, i * width + w), i * w)
  const fittedScores = new Float32Array(fitted.length * w)
  fitted.forEach((point, i) => fittedScores.set(narrow.subarray(point * w, (point + 1) * w), i * w))
  const index = new NeighbourIndex(fittedScores, fitted.length, w, random)
  const fittedAs = new Int32Array(n).fill(-1)
  fitted.forEach((point, i) => (fittedAs[point] = i))
  const count = Math.min(k, fitted.length)
  const rest = n - fitted.length
  const neighbours = new Int32Array(rest * count)
  const weights = new Float32Array(rest * count)
  let r = 0
  for (let point = 0; point < n; point++) {
    if (fittedAs[point]! >= 0) continue
    index.nearest(narrow, point * w, count, neighbours, weights, r * count)
    // Inverse distance; a point on top of a fitted one goes where that one is.
    let total = 0
    for (let j = 0; j < count; j++) {
      const d = weights[r * count + j]!
      const w = neighbours[r * count + j]! < 0 ? 0 : 1 / Math.max(d, 1e-9)
      weights[r * count + j] = w
      total += w
    }
    for (let j = 0; j < count; j++) weights[r * count + j] = total > 0 ? weights[r * count + j]! / total : 0
    r++
  }
  return { k: count, fittedAs, neighbours, weights }
}

/** Every placeable point's x, y: the fitted ones' from `layout` (x, y per fitted point), the others their neighbours' weighted mean. */
export function placedPositions(placement: Placement, layout: ArrayLike<number>): Float32Array {
  const { k, fittedAs, neighbours, weights } = placement
  const out = new Float32Array(fittedAs.length * 2)
  let r = 0
  for (let point = 0; point < fittedAs.length; point++) {
    const as = fittedAs[point]!
    if (as >= 0) {
      out[point * 2] = layout[as * 2]!
      out[point * 2 + 1] = layout[as * 2 + 1]!
      continue
    }
    let x = 0
    let y = 0
    for (let j = 0; j < k; j++) {
      const neighbour = neighbours[r * k + j]!
      if (neighbour < 0) continue
      const w = weights[r * k + j]!
      x += w * layout[neighbour * 2]!
      y += w * layout[neighbour * 2 + 1]!
    }
    out[point * 2] = x
    out[point * 2 + 1] = y
    r++
  }
  return out
}

function nearestCentroid(points: Float32Array, at: number, centroids: Float32Array, cells: number, width: number): number {
  let best = 0
  let bestDistance = Infinity
  for (let c = 0; c < cells; c++) {
    const d = squaredDistance(points, at, centroids, c * width, width)
    if (d < bestDistance) {
      bestDistance = d
      best = c
    }
  }
  return best
}

function squaredDistance(a: Float32Array, at: number, b: Float32Array, bt: number, width: number): number {
  let sum = 0
  for (let j = 0; j < width; j++) {
    const d = a[at + j]! - b[bt + j]!
    sum += d * d
  }
  return sum
}

/** Puts (item, distance) into the ascending lists of length `size`, dropping the last. */
function insertSorted(items: Int32Array, distances: Float32Array | Float64Array, size: number, item: number, distance: number): void {
  let i = size - 1
  while (i > 0 && distances[i - 1]! > distance) {
    distances[i] = distances[i - 1]!
    items[i] = items[i - 1]!
    i--
  }
  distances[i] = distance
  items[i] = item
}
