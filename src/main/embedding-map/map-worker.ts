/**
 * The map worker: a worker thread that decodes the pages main reads (Arrow IPC bytes of
 * the vector column and the key column), keeps each row's vector and key, and lays the
 * map out when told: the two principal components at once (`first`), then UMAP (umap-js,
 * on the leading 32 principal components) epoch by epoch, posting the positions every few hundred milliseconds (`step`) and at the
 * end (`done`). All the arithmetic happens here, so main's event loop only moves bytes;
 * main stops a map by terminating the worker.
 */
import { parentPort } from 'node:worker_threads'
import { compressionRegistry, type Vector } from 'apache-arrow'
import { UMAP } from 'umap-js'
import { decodeArrowIpc } from '../../shared/arrow-ipc-decode'
import { ANSWER_IPC_BUDGET } from '../../shared/arrow-preflight'
import { registerArrowCodecs } from '../../shared/arrow-codecs'
import { fitPositions, kindOf, principalScores, REDUCED_DIMENSIONS, seededRandom } from './map-math'
import type { FromMapWorker, ToMapWorker } from './map-worker-messages'

// Pages from a REST catalog may come compressed.
registerArrowCodecs(compressionRegistry)

/** UMAP's epochs: umap-js's own count for large inputs (it takes 500 below 10,000 points), which settles clusters well. */
const EPOCHS = 200
/** How often the refining positions are posted. */
const STEP_POST_MS = 250

const vectors: (Float32Array | null)[] = []
const keys: (string | null)[] = []
let keyKind: 'number' | 'string' | null = null

function post(message: FromMapWorker, transfer: ArrayBuffer[] = []): void {
  parentPort?.postMessage(message, transfer)
}

/** Keeps a page's rows. */
export function takePage(arrow: Uint8Array, column: string, keyColumn: string | null): void {
  const table = decodeArrowIpc(arrow, ANSWER_IPC_BUDGET)
  const values = table.getChild(column)
  if (!values) throw new Error(`The page holds no column "${column}".`)
  const keyValues = keyColumn === null ? null : table.getChild(keyColumn)
  for (let i = 0; i < table.numRows; i++) {
    const cell = values.get(i) as Vector | null
    vectors.push(cell === null ? null : Float32Array.from(cell as Iterable<number>))
    const key: unknown = keyValues?.get(i) ?? null
    if (key === null) keys.push(null)
    else {
      keyKind ??= typeof key === 'string' ? 'string' : 'number'
      keys.push(String(key))
    }
  }
}

/** Lays the kept rows out, posting `first`, then `neighbours`, `step`s and `done`. */
export function layOut(dimensionHint: number | null, seed: number, send: (message: FromMapWorker) => void): void {
  const dimension = dimensionHint ?? vectors.find((v) => v !== null)?.length ?? 0
  const kinds = new Uint8Array(vectors.length)
  const placed: Float32Array[] = []
  vectors.forEach((vector, i) => {
    kinds[i] = kindOf(vector, dimension)
    if (kinds[i] === 0) placed.push(vector!)
  })
  const n = placed.length
  const rows = new Float32Array(n * dimension)
  placed.forEach((vector, i) => rows.set(vector, i * dimension))
  const random = seededRandom(seed)
  // The leading principal components: the first two are the first picture, all of them UMAP's input.
  const k = Math.min(REDUCED_DIMENSIONS, dimension)
  const scores = n > 0 ? principalScores(rows, n, dimension, k, random) : new Float32Array(0)
  const width = n > 0 ? scores.length / n : 0
  const first = new Float32Array(n * 2)
  for (let i = 0; i < n; i++) first.set([scores[i * width] ?? 0, scores[i * width + 1] ?? 0], i * 2)
  send({ type: 'first', positions: fitPositions(first, kinds), kinds, keys: [...keys], keyKind, dimension })
  // UMAP needs a few more points than neighbours; fewer keep the linear picture.
  if (n < 8) {
    send({ type: 'done', positions: fitPositions(first, kinds), method: 'pca' })
    return
  }
  send({ type: 'neighbours' })
  const umap = new UMAP({ nComponents: 2, nNeighbors: Math.min(15, n - 1), nEpochs: EPOCHS, random })
  const data = Array.from({ length: n }, (_, i) => Array.from(scores.subarray(i * width, (i + 1) * width)))
  const epochs = umap.initializeFit(data)
  let posted = performance.now()
  for (let epoch = 1; epoch <= epochs; epoch++) {
    umap.step()
    if (performance.now() - posted >= STEP_POST_MS && epoch < epochs) {
      send({ type: 'step', epoch, epochs, positions: fitPositions(umap.getEmbedding().flat(), kinds) })
      posted = performance.now()
    }
  }
  send({ type: 'done', positions: fitPositions(umap.getEmbedding().flat(), kinds), method: 'umap' })
}

function answer(message: ToMapWorker): void {
  try {
    if (message.type === 'page') {
      takePage(message.arrow, message.column, message.keyColumn)
      post({ type: 'ack' })
    } else {
      layOut(message.dimension, message.seed, (out) => post(out))
    }
  } catch (error) {
    post({ type: 'error', message: error instanceof Error ? error.message : String(error) })
  }
}

parentPort?.on('message', answer)
