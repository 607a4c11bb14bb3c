/**
 * A page of a map's rows as the map worker takes it, decoded here in main from the Arrow
 * IPC bytes the table handle answers: the placeable rows' vectors packed in one float32
 * array (moved to the worker, not copied), every row's kind (./map-math.ts kindOf) and
 * key. The worker never loads Arrow (see ./map-worker.ts for why).
 */
import { compressionRegistry, DataType, makeVector, Precision, type Data, type Vector } from 'apache-arrow'
import { decodeArrowIpc } from '../../shared/arrow-ipc-decode'
import { ANSWER_IPC_BUDGET } from '../../shared/arrow-preflight'
import { registerArrowCodecs } from '../../shared/arrow-codecs'
import { kindAt, kindOf } from './map-math'

// Pages from a REST catalog may come compressed.
registerArrowCodecs(compressionRegistry)

export interface MapPage {
  /** Numbers per vector. */
  readonly dimension: number
  /** The placeable rows' vectors, row after row, in the page's order. */
  readonly vectors: Float32Array
  /** One POINT_KINDS index per row of the page. */
  readonly kinds: Uint8Array
  readonly keys: readonly (string | null)[]
  readonly keyKind: 'number' | 'string' | null
}

/** The page in `arrow`: its `column` vectors (of `dimension` numbers, or the column's own list size) and `keyColumn` keys. */
export function readMapPage(arrow: Uint8Array, column: string, keyColumn: string | null, dimension: number | null): MapPage {
  const table = decodeArrowIpc(arrow, ANSWER_IPC_BUDGET)
  const values = table.getChild(column)
  if (!values) throw new Error(`The page holds no column "${column}".`)
  const listSize = DataType.isFixedSizeList(values.type) ? values.type.listSize : 0
  const width = dimension ?? listSize
  const kinds = new Uint8Array(table.numRows)
  const vectors = new Float32Array(table.numRows * width)
  let row = 0
  let placed = 0
  for (const data of values.data as Data[]) {
    const plain = plainNumbers(data, width)
    if (plain) {
      // Straight from the chunk's numbers: each row's kind, then each run of placeable rows copied in one go.
      const base = plain.offset + data.offset * width
      let run = 0
      const copyRun = (end: number): void => {
        const count = end - run
        if (count <= 0) return
        const from = base + run * width
        if (plain.numbers instanceof Float32Array) vectors.set(plain.numbers.subarray(from, from + count * width), placed * width)
        else for (let j = 0; j < count * width; j++) vectors[placed * width + j] = plain.numbers[from + j]!
        placed += count
      }
      for (let i = 0; i < data.length; i++) {
        const kind = data.getValid(i) ? kindAt(plain.numbers, base + i * width, width) : NULL_KIND
        kinds[row++] = kind
        if (kind === 0) continue
        copyRun(i)
        run = i + 1
      }
      copyRun(data.length)
      continue
    }
    for (const [kind, vector] of cellVectors(data, width)) {
      kinds[row++] = kind
      if (kind === 0) vectors.set(vector!, placed++ * width)
    }
  }
  const keyValues = keyColumn === null ? null : table.getChild(keyColumn)
  const keys: (string | null)[] = []
  let keyKind: MapPage['keyKind'] = null
  for (let i = 0; i < table.numRows; i++) {
    const key: unknown = keyValues?.get(i) ?? null
    if (key === null) keys.push(null)
    else {
      keyKind ??= typeof key === 'string' ? 'string' : 'number'
      keys.push(String(key))
    }
  }
  return { dimension: width, vectors: placed === table.numRows ? vectors : vectors.slice(0, placed * width), kinds, keys, keyKind }
}

const NULL_KIND = kindOf(null, 0)

/**
 * The chunk's child numbers when they can be read as they are (float32, float64, integers
 * up to 32 bits, in lists of exactly `dimension`), else null.
 */
function plainNumbers(data: Data, dimension: number): { readonly numbers: ArrayLike<number>; readonly offset: number } | null {
  const size = DataType.isFixedSizeList(data.type) ? data.type.listSize : null
  const child = data.children[0]
  const numbers = child?.values as ArrayLike<number> | undefined
  if (size !== dimension || child === undefined || numbers === undefined) return null
  if (DataType.isFloat(child.type) && child.type.precision === Precision.HALF) return null
  if (numbers instanceof BigInt64Array || numbers instanceof BigUint64Array) return null
  return { numbers, offset: child.offset }
}

/** Half floats, 64-bit integers, lists of varying length: each row's kind and vector, cell by cell through Arrow. */
function* cellVectors(data: Data, dimension: number): Generator<[number, ArrayLike<number> | null]> {
  const cells = makeVector(data)
  for (let i = 0; i < cells.length; i++) {
    const cell = cells.get(i) as Vector | null
    const vector = cell === null ? null : Float32Array.from(cell as Iterable<number>, Number)
    yield [kindOf(vector, dimension), vector]
  }
}
