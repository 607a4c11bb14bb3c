/**
 * The map worker: a worker thread that keeps the vectors main decodes from the pages it
 * reads (./map-page.ts: placeable rows' vectors in one float32 buffer, every row's kind
 * and key), scoring each page on two principal axes of the first rows as it comes, and
 * lays the map out when told: those scores of every row at once (`first`), then UMAP
 * (umap-js) fitted on a uniform sample of at most FIT_POINTS points in the leading
 * principal components, every other point placed at the weighted mean of its nearest
 * fitted points, epoch by epoch, posting all positions every half second (`step`) and at
 * the end (`done`). main stops a map by terminating the worker.
 *
 * This thread must not load apache-arrow: Arrow defines `Symbol.hasInstance` and
 * `Symbol.isConcatSpreadable` on its classes, which switches off fast paths of V8 for the
 * whole thread, and umap-js's epochs ran about five times slower with it loaded (14 s
 * against 64 s for 200 epochs of 5,000 points, measured side by side).
 */
import { parentPort } from 'node:worker_threads'
import { UMAP } from 'umap-js'
import { chooseRows, fitBoxOf, fitInBox, fitPositions, principalAxes, projectRows, REDUCED_DIMENSIONS, seededRandom, type PrincipalAxes } from './map-math'
import { NeighbourIndex, placeByNeighbours, placedPositions, type Placement } from './map-neighbours'
import type { MapPage } from './map-page'
import type { FromMapWorker, ToMapWorker } from './map-worker-messages'

/** UMAP's epochs: umap-js's own count for large inputs (it takes 500 below 10,000 points); started from the principal components, clusters settle well within them. */
const EPOCHS = 200
/** How often the refining positions are posted. */
const STEP_POST_MS = 500
/**
 * UMAP is fitted on at most this many points (a uniform sample of the placeable ones); the
 * others are placed by their nearest fitted points. umap-js takes about 10 s of one core
 * for 5,000 points and 200 epochs; see docs/benchmarks.md#embedding-maps.
 */
const FIT_POINTS = 5_000
/** Neighbours in UMAP's graph, and fitted neighbours a placed point is placed by. */
const GRAPH_NEIGHBOURS = 15
const PLACE_NEIGHBOURS = 8
/** Leading components the placed points' neighbours are searched in. */
const PLACE_DIMENSIONS = 16
/** The picture shown while rows are read is on two principal axes of at most this many of the first rows. */
const STREAM_AXES_ROWS = 2_048

/** The placeable rows' vectors, row after row (`stored` of them), grown as pages come. */
let store = new Float32Array(0)
let stored = 0
let width = 0
const kindsOfRows: number[] = []
const keys: (string | null)[] = []
let keyKind: 'number' | 'string' | null = null
/** The picture while reading: the axes taken from the first rows, and each stored row's two scores on them. */
let streamAxes: PrincipalAxes | null = null
let streamed = new Float32Array(0)

function post(message: FromMapWorker, transfer: ArrayBuffer[] = []): void {
  parentPort?.postMessage(message, transfer)
}

/** Room for `more` vectors of `dimension` after the stored ones (at least `capacity` rows in all). */
function reserve(more: number, dimension: number, capacity: number): void {
  if (width === 0) width = dimension
  const needed = (stored + more) * width
  if (needed <= store.length) return
  const next = new Float32Array(Math.max(needed, capacity * width, store.length * 2))
  next.set(store.subarray(0, stored * width))
  store = next
}

/**
 * Keeps a page's rows (`capacity`: the rows the whole map will have, so the buffer is made
 * once) and answers the rows kept so far as a picture: scored on two principal axes of the
 * first rows (taken once, from the first page), which costs a few milliseconds a page.
 */
export function takePage(page: MapPage, capacity = 0): { readonly positions: Float32Array; readonly kinds: Uint8Array } {
  const placed = page.dimension === 0 ? 0 : page.vectors.length / page.dimension
  const from = stored
  if (placed > 0) {
    reserve(placed, page.dimension, capacity)
    store.set(page.vectors, stored * width)
    stored += placed
  }
  for (const kind of page.kinds) kindsOfRows.push(kind)
  for (const key of page.keys) keys.push(key)
  keyKind ??= page.keyKind
  if (stored > 0) {
    const sample = Math.min(stored, STREAM_AXES_ROWS)
    streamAxes ??= principalAxes(store.subarray(0, sample * width), sample, width, 2, seededRandom(STREAM_SEED))
    if (streamed.length < stored * 2) {
      const next = new Float32Array(Math.max(stored, capacity) * 2)
      next.set(streamed.subarray(0, from * 2))
      streamed = next
    }
    const scores = projectRows(store.subarray(from * width, stored * width), stored - from, width, streamAxes, 2)
    if (streamAxes.axes.length === 2) streamed.set(scores, from * 2)
    else for (let i = 0; i < stored - from; i++) streamed[(from + i) * 2] = scores[i] ?? 0
  }
  const kinds = Uint8Array.from(kindsOfRows)
  return { positions: fitPositions(streamed.subarray(0, stored * 2), kinds), kinds }
}

/** The seed of the axes of the picture shown while reading. */
const STREAM_SEED = 0x5eed + 1

/**
 * Lays the kept rows out, posting `first`, then `neighbours`, `step`s and `done`; places
 * `centroids` (an index's partitions, as wide as the rows) on the finished map too.
 */
export function layOut(dimensionHint: number | null, seed: number, send: (message: FromMapWorker) => void, centroids: Float32Array | null = null): void {
  const dimension = dimensionHint ?? (width || 0)
  const kinds = Uint8Array.from(kindsOfRows)
  const n = stored
  const rows = store.subarray(0, n * width)
  const random = seededRandom(seed)
  // The first picture of every row is the one shown while reading, on the two axes taken
  // from the first rows and applied to each page as it came: it is ready now, and the
  // wider projection UMAP works in is made after it is posted.
  const firstPlaced = streamAxes ? streamed.slice(0, n * 2) : new Float32Array(0)
  const firstPositions = fitPositions(firstPlaced, kinds)
  const partitions = width > 0 && centroids && centroids.length > 0 && centroids.length % width === 0 ? centroids.length / width : 0
  send({ type: 'first', positions: firstPositions, kinds, keys: [...keys], keyKind, dimension, fitted: n <= FIT_POINTS ? n : FIT_POINTS })
  // UMAP needs a few more points than neighbours; fewer keep the linear picture.
  if (!streamAxes || n < 8) {
    // The centroids projected on the same two axes and scaled into the box as the points were.
    const projected =
      streamAxes && partitions > 0
        ? {
            positions: fitInBox(twoColumns(projectRows(centroids!, partitions, width, streamAxes, 2), partitions), fitBoxOf(firstPlaced)),
            placement: 'projected' as const
          }
        : null
    send({ type: 'done', positions: firstPositions, method: 'pca', fitted: 0, fittedMask: new Uint8Array(kinds.length), partitions: projected })
    return
  }
  send({ type: 'neighbours' })
  // The leading principal components of a uniform sample: the space neighbours are found in.
  const pca = principalAxes(rows, n, width, Math.min(REDUCED_DIMENSIONS, width), random)
  const k = pca.axes.length
  const scores = projectRows(rows, n, width, pca, k)
  // UMAP is fitted on a uniform sample; every other point follows its nearest fitted ones.
  const fitted = n <= FIT_POINTS ? Int32Array.from({ length: n }, (_, i) => i) : chooseRows(n, FIT_POINTS, random)
  const m = fitted.length
  const fitScores = new Float32Array(m * k)
  fitted.forEach((point, i) => fitScores.set(scores.subarray(point * k, (point + 1) * k), i * k))
  const graphNeighbours = Math.min(GRAPH_NEIGHBOURS, m - 1)
  const index = new NeighbourIndex(fitScores, m, k, random)
  const knnIndices = new Int32Array(m * graphNeighbours)
  const knnDistances = new Float32Array(m * graphNeighbours)
  for (let i = 0; i < m; i++) index.nearest(fitScores, i * k, graphNeighbours, knnIndices, knnDistances, i * graphNeighbours)
  const placement: Placement = placeByNeighbours(scores, n, k, PLACE_DIMENSIONS, fitted, PLACE_NEIGHBOURS, random)
  const umap = new UMAP({ nComponents: 2, nNeighbors: graphNeighbours, nEpochs: EPOCHS, random })
  umap.setPrecomputedKNN(rowsOf(knnIndices, graphNeighbours), rowsOf(knnDistances, graphNeighbours))
  const data = Array.from({ length: m }, (_, i) => Array.from(fitScores.subarray(i * k, (i + 1) * k)))
  const epochs = umap.initializeFit(data)
  startFromPicture(umap, fitted, firstPlaced)
  const positions = (): Float32Array => fitPositions(placedPositions(placement, flat(umap.getEmbedding())), kinds)
  let posted = performance.now()
  for (let epoch = 1; epoch <= epochs; epoch++) {
    umap.step()
    if (performance.now() - posted >= STEP_POST_MS && epoch < epochs) {
      send({ type: 'step', epoch, epochs, positions: positions() })
      posted = performance.now()
    }
  }
  const final = positions()
  const placedPartitions =
    partitions > 0
      ? {
          positions: nearestPointsPlace(projectRows(centroids!, partitions, width, pca, k), partitions, k, index, fitted, kinds, final),
          placement: 'nearest-points' as const
        }
      : null
  send({ type: 'done', positions: final, method: 'umap', fitted: m, fittedMask: maskOf(fitted, kinds), partitions: placedPartitions })
}

/**
 * Starts UMAP's layout from the first picture (scaled to umap-js's own starting box of
 * [-10, 10]) instead of at random, so clusters begin where the linear picture has them
 * and the layout keeps its global arrangement. umap-js 1.4 offers no option for this; its
 * layout arrays are changed in place after initializeFit, where its optimizer holds them.
 */
function startFromPicture(umap: UMAP, fitted: Int32Array, first: Float32Array): void {
  const embedding = (umap as unknown as { embedding?: number[][] }).embedding
  if (!Array.isArray(embedding) || embedding.length !== fitted.length) return
  let span = 0
  for (const value of first) span = Math.max(span, Math.abs(value))
  if (!(span > 0)) return
  fitted.forEach((point, i) => {
    const at = embedding[i]
    if (!at || at.length !== 2) return
    at[0] = (first[point * 2]! / span) * 10
    at[1] = (first[point * 2 + 1]! / span) * 10
  })
}

/** Fitted points a partition's place is the mean of. */
const PARTITION_NEIGHBOURS = 8

/**
 * Where each of `count` centroids (their scores on the map's `k` principal axes) goes on a
 * UMAP map, which places no new vector: at the mean of the final positions of its
 * PARTITION_NEIGHBOURS nearest fitted points (nearest in those principal components).
 */
function nearestPointsPlace(
  scores: Float32Array,
  count: number,
  k: number,
  index: NeighbourIndex,
  fitted: Int32Array,
  kinds: Uint8Array,
  final: Float32Array
): Float32Array {
  // The point number of each placeable point, in order.
  const pointOf: number[] = []
  kinds.forEach((kind, point) => {
    if (kind === 0) pointOf.push(point)
  })
  const near = Math.min(PARTITION_NEIGHBOURS, fitted.length)
  const indices = new Int32Array(near)
  const distances = new Float32Array(near)
  const out = new Float32Array(count * 2)
  for (let c = 0; c < count; c++) {
    index.nearest(scores, c * k, near, indices, distances, 0)
    let x = 0
    let y = 0
    let found = 0
    for (const j of indices) {
      if (j < 0) continue
      const point = pointOf[fitted[j]!]!
      x += final[point * 2]!
      y += final[point * 2 + 1]!
      found++
    }
    out[c * 2] = found > 0 ? x / found : Number.NaN
    out[c * 2 + 1] = found > 0 ? y / found : Number.NaN
  }
  return out
}

/** Scores on one or two axes as x, y pairs (y 0 where there is one axis). */
function twoColumns(scores: Float32Array, n: number): Float32Array {
  return scores.length === n * 2 ? scores : widen(scores, n)
}

/** One byte per point, 1 for the fitted ones (`fitted` counts placeable points only, in order). */
function maskOf(fitted: Int32Array, kinds: Uint8Array): Uint8Array {
  const mask = new Uint8Array(kinds.length)
  let placeable = 0
  let next = 0
  for (let point = 0; point < kinds.length && next < fitted.length; point++) {
    if (kinds[point] !== 0) continue
    if (fitted[next] === placeable) {
      mask[point] = 1
      next++
    }
    placeable++
  }
  return mask
}

function rowsOf(values: Int32Array | Float32Array, k: number): number[][] {
  return Array.from({ length: values.length / k }, (_, i) => Array.from(values.subarray(i * k, (i + 1) * k)))
}

function flat(embedding: number[][]): Float32Array {
  const out = new Float32Array(embedding.length * 2)
  embedding.forEach((at, i) => {
    out[i * 2] = at[0]!
    out[i * 2 + 1] = at[1] ?? 0
  })
  return out
}

/** One-dimensional scores as x, with y 0. */
function widen(scores: Float32Array, n: number): Float32Array {
  const out = new Float32Array(n * 2)
  for (let i = 0; i < n; i++) out[i * 2] = scores[i] ?? 0
  return out
}

function answer(message: ToMapWorker): void {
  try {
    if (message.type === 'page') {
      const picture = takePage(message.page, message.capacity)
      post({ type: 'ack', ...picture }, [picture.positions.buffer as ArrayBuffer, picture.kinds.buffer as ArrayBuffer])
    } else {
      layOut(message.dimension, message.seed, (out) => post(out), message.centroids)
    }
  } catch (error) {
    post({ type: 'error', message: error instanceof Error ? error.message : String(error) })
  }
}

parentPort?.on('message', answer)
