/**
 * The arithmetic of a map that is not UMAP's: telling vectors that cannot be placed from
 * those that can, the first picture (the two principal components, by power iteration on
 * the centred vectors, so no d x d matrix is built), fitting positions to the view's box,
 * and setting unplaced rows apart below it, one small group per reason.
 */
import type { UnplacedCounts } from '../../shared/contract/embedding-map'
import { POINT_KINDS, type PointKind } from '../../shared/embedding-map-points'

/** The POINT_KINDS index of a vector (null for a null cell). */
export function kindOf(vector: ArrayLike<number> | null, dimension: number): number {
  if (vector === null) return POINT_KINDS.indexOf('null')
  if (vector.length !== dimension) return POINT_KINDS.indexOf('length')
  return kindAt(vector, 0, dimension)
}

const NAN = POINT_KINDS.indexOf('nan')
const ZERO = POINT_KINDS.indexOf('zero')
const CONSTANT = POINT_KINDS.indexOf('constant')

/** The POINT_KINDS index of the `dimension` numbers of `numbers` from `from` on (a vector of the right length). */
export function kindAt(numbers: ArrayLike<number>, from: number, dimension: number): number {
  let allZero = true
  let allSame = true
  const first = numbers[from] ?? 0
  for (let i = from; i < from + dimension; i++) {
    const value = numbers[i]!
    if (!Number.isFinite(value)) return NAN
    if (value !== 0) allZero = false
    if (value !== first) allSame = false
  }
  if (allZero) return ZERO
  if (allSame && dimension > 1) return CONSTANT
  return 0
}

/** The counts of each reason in `kinds`. */
export function unplacedCounts(kinds: Uint8Array): UnplacedCounts {
  const counts: Record<Exclude<PointKind, 'ok'>, number> = { null: 0, nan: 0, zero: 0, constant: 0, length: 0 }
  for (const kind of kinds) {
    const name = POINT_KINDS[kind]
    if (name && name !== 'ok') counts[name]++
  }
  return counts
}

/** Dimensions UMAP and the neighbour search work in: the vectors' leading principal components (UMAP's own advice for wide data). */
export const REDUCED_DIMENSIONS = 32
/** Wider vectors are first projected at random to this many dimensions, so the covariance stays small. */
const PROJECTED_DIMENSIONS = 256
/** About this many multiply-adds go into the covariance: it is built from a uniform sample of the rows this allows (at most PCA_SAMPLE_ROWS). */
const PCA_BUDGET = 400_000_000
const PCA_SAMPLE_ROWS = 10_000

/** Principal axes: the rows' mean and `axes.length` unit directions in the rows' own space. */
export interface PrincipalAxes {
  readonly mean: Float64Array
  readonly axes: readonly Float64Array[]
}

/**
 * The leading `k` principal axes of `rows` (n vectors of `dimension`, row after row). The
 * covariance is built from a uniform sample of the rows (every row when few; the axes of
 * 10,000 rows of clustered data differ from all rows' by well under a percent of the
 * spread), and its eigenvectors found by power iteration with deflation. Vectors wider
 * than PROJECTED_DIMENSIONS are projected by a seeded random Gaussian matrix first, which
 * keeps distances within a few percent (Johnson-Lindenstrauss); the axes found there are
 * carried back to the rows' own space, so scoring a row needs no projection.
 */
export function principalAxes(rows: Float32Array, n: number, dimension: number, k: number, random: () => number): PrincipalAxes {
  const width = Math.min(dimension, PROJECTED_DIMENSIONS)
  const sampleSize = Math.min(n, PCA_SAMPLE_ROWS, Math.max(1_000, Math.floor(PCA_BUDGET / (dimension * width))))
  const chosen = sampleSize === n ? null : chooseRows(n, sampleSize, random)
  let sample: Float32Array = new Float32Array(sampleSize * dimension)
  for (let i = 0; i < sampleSize; i++) {
    const row = chosen ? chosen[i]! : i
    sample.set(rows.subarray(row * dimension, (row + 1) * dimension), i * dimension)
  }
  const matrix = width < dimension ? gaussianMatrix(dimension, width, random) : null
  if (matrix) sample = multiply(sample, sampleSize, dimension, matrix, width)
  const d = width
  const mean = new Float64Array(d)
  for (let i = 0; i < sampleSize; i++) for (let j = 0; j < d; j++) mean[j]! += sample[i * d + j]! / sampleSize
  const covariance = new Float64Array(d * d)
  const centred = new Float64Array(d)
  for (let i = 0; i < sampleSize; i++) {
    for (let j = 0; j < d; j++) centred[j] = sample[i * d + j]! - mean[j]!
    for (let a = 0; a < d; a++) {
      const ca = centred[a]!
      if (ca === 0) continue
      for (let b = a; b < d; b++) covariance[a * d + b]! += ca * centred[b]!
    }
  }
  for (let a = 0; a < d; a++) for (let b = 0; b < a; b++) covariance[a * d + b] = covariance[b * d + a]!
  const count = Math.min(k, d)
  const components: Float64Array[] = []
  for (let c = 0; c < count; c++) {
    let w = new Float64Array(d).map(() => random() - 0.5)
    for (let iteration = 0; iteration < 60; iteration++) {
      const next = new Float64Array(d)
      for (let a = 0; a < d; a++) {
        let sum = 0
        for (let b = 0; b < d; b++) sum += covariance[a * d + b]! * w[b]!
        next[a] = sum
      }
      for (const found of components) {
        const along = dot(next, found)
        for (let j = 0; j < d; j++) next[j]! -= along * found[j]!
      }
      const norm = Math.sqrt(dot(next, next))
      if (norm === 0) break
      w = next.map((value) => value / norm)
    }
    components.push(w)
  }
  if (!matrix) return { mean, axes: components }
  // Back in the rows' space: a row's score is (row - mean0) . (R v), where mean0 is the sample's own mean.
  const ownMean = new Float64Array(dimension)
  for (let i = 0; i < sampleSize; i++) {
    const row = chosen ? chosen[i]! : i
    for (let j = 0; j < dimension; j++) ownMean[j]! += rows[row * dimension + j]! / sampleSize
  }
  const axes = components.map((v) => {
    const axis = new Float64Array(dimension)
    for (let j = 0; j < dimension; j++) {
      let sum = 0
      for (let c = 0; c < width; c++) sum += matrix[j * width + c]! * v[c]!
      axis[j] = sum
    }
    return axis
  })
  return { mean: ownMean, axes }
}

/** Each row's scores on the first `k` of `pca`'s axes (n x k, row after row). */
export function projectRows(rows: Float32Array, n: number, dimension: number, pca: PrincipalAxes, k: number): Float32Array {
  const count = Math.min(k, pca.axes.length)
  const out = new Float32Array(n * count)
  const centred = new Float64Array(dimension)
  for (let i = 0; i < n; i++) {
    const base = i * dimension
    for (let j = 0; j < dimension; j++) centred[j] = rows[base + j]! - pca.mean[j]!
    for (let c = 0; c < count; c++) out[i * count + c] = dot(centred, pca.axes[c]!)
  }
  return out
}

/** `count` distinct row numbers of [0, n), uniformly, in ascending order (a partial Fisher-Yates shuffle). */
export function chooseRows(n: number, count: number, random: () => number): Int32Array {
  const all = new Int32Array(n)
  for (let i = 0; i < n; i++) all[i] = i
  for (let i = 0; i < count; i++) {
    const j = i + Math.floor(random() * (n - i))
    const t = all[i]!
    all[i] = all[j]!
    all[j] = t
  }
  return all.slice(0, count).sort()
}

/** A seeded random Gaussian matrix (dimension x width, row after row), scaled by 1 / sqrt(width). */
function gaussianMatrix(dimension: number, width: number, random: () => number): Float32Array {
  const matrix = new Float32Array(dimension * width)
  for (let i = 0; i < matrix.length; i += 2) {
    // Box-Muller: two standard normals from two uniforms.
    const r = Math.sqrt(-2 * Math.log(1 - random())) / Math.sqrt(width)
    const t = 2 * Math.PI * random()
    matrix[i] = r * Math.cos(t)
    if (i + 1 < matrix.length) matrix[i + 1] = r * Math.sin(t)
  }
  return matrix
}

/** `rows` (n x dimension) times `matrix` (dimension x width). */
function multiply(rows: Float32Array, n: number, dimension: number, matrix: Float32Array, width: number): Float32Array {
  const out = new Float32Array(n * width)
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < dimension; j++) {
      const value = rows[i * dimension + j]!
      if (value === 0) continue
      const row = j * width
      for (let c = 0; c < width; c++) out[i * width + c]! += value * matrix[row + c]!
    }
  }
  return out
}

function dot(a: Float64Array, b: ArrayLike<number>): number {
  let sum = 0
  for (let i = 0; i < a.length; i++) sum += a[i]! * b[i]!
  return sum
}

/**
 * The positions of every point: the placed ones (`placed`, x, y in the order of the `ok`
 * kinds) scaled into [-1, 1] keeping their aspect, the others in a small grid per reason
 * in a row below, at y near -1.3, so they never mix with placed points.
 */
export function fitPositions(placed: Float32Array | ArrayLike<number>, kinds: Uint8Array): Float32Array {
  const { midX, midY, span } = fitBoxOf(placed)
  const out = new Float32Array(kinds.length * 2)
  const seen = new Array<number>(POINT_KINDS.length).fill(0)
  const perReason = new Array<number>(POINT_KINDS.length).fill(0)
  for (const kind of kinds) perReason[kind]!++
  let at = 0
  for (let i = 0; i < kinds.length; i++) {
    const kind = kinds[i]!
    if (kind === 0) {
      const x = placed[at * 2]
      const y = placed[at * 2 + 1]
      at++
      out[i * 2] = Number.isFinite(x) ? ((x! - midX) / span) * 2 : 0
      out[i * 2 + 1] = Number.isFinite(y) ? ((y! - midY) / span) * 2 : 0
      continue
    }
    // A square grid per reason, 0.2 wide, side by side from the left.
    const index = seen[kind]!++
    const side = Math.ceil(Math.sqrt(perReason[kind]!))
    const step = 0.2 / Math.max(1, side)
    out[i * 2] = -1 + (kind - 1) * 0.4 + (index % side) * step
    out[i * 2 + 1] = -1.25 - Math.floor(index / side) * step
  }
  return out
}

/** The square fitPositions scales placed points from: the middle of their box and its longer side. */
export interface FitBox {
  readonly midX: number
  readonly midY: number
  readonly span: number
}

/** The FitBox of placed x, y pairs. */
export function fitBoxOf(placed: ArrayLike<number>): FitBox {
  let minX = Infinity
  let maxX = -Infinity
  let minY = Infinity
  let maxY = -Infinity
  for (let i = 0; i + 1 < placed.length; i += 2) {
    const x = placed[i]!
    const y = placed[i + 1]!
    if (x < minX) minX = x
    if (x > maxX) maxX = x
    if (y < minY) minY = y
    if (y > maxY) maxY = y
  }
  return { midX: (minX + maxX) / 2, midY: (minY + maxY) / 2, span: Math.max(maxX - minX, maxY - minY) || 1 }
}

/** Other x, y pairs (index partitions) scaled into the view's box as `box`'s points were, so they land among them. */
export function fitInBox(xy: ArrayLike<number>, box: FitBox): Float32Array {
  const out = new Float32Array(xy.length)
  for (let i = 0; i + 1 < xy.length; i += 2) {
    out[i] = ((xy[i]! - box.midX) / box.span) * 2
    out[i + 1] = ((xy[i + 1]! - box.midY) / box.span) * 2
  }
  return out
}

/** A seeded generator (mulberry32), so a map of the same rows comes out the same. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}
