/**
 * The statistics of a stream of numbers: count, min, max, mean and standard deviation
 * (Welford's online method), quantiles and a histogram. Values are kept while they number
 * at most a bound, so quantiles (sorted values) and histogram (each value in its bin) are
 * exact; past it they go to a quantile sketch, and both come from its buckets.
 *
 * Integers (int64, timestamps, decimals' unscaled values, lengths, sizes) stay exact: they
 * are kept as doubles while every one is a safe integer, and as 64-bit integers once one is
 * not, so min, max, quantiles and bin edges never lose a digit.
 */
import type { DistinctCount, Histogram, HistogramBin, NumberSummary } from '../../shared/contract/column-profile'
import { HISTOGRAM_BINS, SKETCH_RELATIVE_ACCURACY } from './profile-bounds'
import { QuantileSketch } from './ddsketch'
import { HLL_ERROR, HyperLogLog } from './hyperloglog'

/** How the caller writes values and bin filters of its column. */
export interface NumberFormat {
  /** Text of a value (an integer as `bigint` when it may pass 2^53). */
  readonly text: (value: number | bigint) => string
  /** SQL selecting values in [low, high) (or [low, high] when `last`), or null where the column cannot be filtered so. */
  readonly filter: ((low: number | bigint, high: number | bigint, last: boolean) => string) | null
}

/** A finished summary before the column's domain (and its unit, zone or scale) is attached, with its distinct values. */
export type NumberStats = Omit<NumberSummary, 'domain' | 'unit' | 'timezone' | 'scale'> & {
  /** Distinct values: exact from the sorted values while they are kept, else a HyperLogLog's estimate. */
  readonly distinct: DistinctCount
}

const QUANTILES = [0.25, 0.5, 0.75] as const
/**
 * Integers spanning at most this many values (or as many as there are values) are
 * counted per value rather than sorted: quantiles, distinct values and bins then come from
 * the counts, as exact as from sorting, in one pass instead of a sort of every value.
 */
const COUNTED_SPAN = 1 << 16

export class NumberStream {
  #count = 0
  #mean = 0
  #m2 = 0
  /** The least and greatest values added as numbers, and as 64-bit integers past 2^53. */
  #low = Infinity
  #high = -Infinity
  #lowBig: bigint | null = null
  #highBig: bigint | null = null
  /** Set by finish: the least and greatest of all values (a bigint when past 2^53). */
  #min: number | bigint | null = null
  #max: number | bigint | null = null
  /** Kept values while exact: doubles, or 64-bit integers once an integer passed 2^53. */
  #kept: Float64Array | BigInt64Array | BigUint64Array | null
  #keptCount = 0
  #sketch: QuantileSketch | null = null
  /** Distinct values once the values are no longer kept (fed every value from then on). */
  #hll: HyperLogLog | null = null

  /**
   * @param integers whether the values are integers (binned on whole-number edges)
   * @param unsigned whether integers past 2^63 may come (unsigned 64-bit)
   * @param keepLimit the most values kept for exact quantiles
   * @param keepStart the values the kept values are allocated for at first
   */
  constructor(
    readonly integers: boolean,
    readonly unsigned: boolean,
    readonly keepLimit: number,
    keepStart = 1_024
  ) {
    this.#kept = new Float64Array(Math.max(1, Math.min(keepLimit, keepStart)))
  }

  get count(): number {
    return this.#count
  }

  /** Adds a finite double, or a safe integer. */
  add(value: number): void {
    this.#welford(value)
    if (value < this.#low) this.#low = value
    if (value > this.#high) this.#high = value
    const kept = this.#kept
    if (kept === null) {
      this.#sketch!.add(value)
      this.#hll!.addNumber(value)
      return
    }
    if (this.#keptCount === kept.length) return this.#grow(value)
    if (kept instanceof Float64Array) kept[this.#keptCount++] = value
    else kept[this.#keptCount++] = BigInt(value)
  }

  /** Adds an integer that may pass 2^53. */
  addBig(value: bigint): void {
    if (value >= -9007199254740991n && value <= 9007199254740991n) return this.add(Number(value))
    this.#welford(Number(value))
    if (this.#lowBig === null || value < this.#lowBig) this.#lowBig = value
    if (this.#highBig === null || value > this.#highBig) this.#highBig = value
    if (this.#kept === null) {
      this.#sketch!.add(Number(value))
      this.#hll!.addBigInt(value)
      return
    }
    if (this.#kept instanceof Float64Array) this.#kept = toBig(this.#kept, this.#keptCount, this.unsigned)
    if (this.#keptCount === this.#kept.length) {
      this.#kept = this.#bigger(this.#kept)
      if (this.#kept === null) {
        this.#sketch!.add(Number(value))
        this.#hll!.addBigInt(value)
        return
      }
    }
    ;(this.#kept as BigInt64Array | BigUint64Array)[this.#keptCount++] = value
  }

  #welford(value: number): void {
    this.#count++
    const delta = value - this.#mean
    this.#mean += delta / this.#count
    this.#m2 += delta * (value - this.#mean)
  }

  #grow(value: number): void {
    this.#kept = this.#bigger(this.#kept!)
    // Past the bound: the value goes to the sketches with the rest.
    if (this.#kept === null) {
      this.#sketch!.add(value)
      this.#hll!.addNumber(value)
    } else if (this.#kept instanceof Float64Array) this.#kept[this.#keptCount++] = value
    else this.#kept[this.#keptCount++] = BigInt(value)
  }

  /** A kept array twice as long, or null (values moved to the sketch) past the bound. */
  #bigger<T extends Float64Array | BigInt64Array | BigUint64Array>(kept: T): T | null {
    if (kept.length >= this.keepLimit) {
      const sketch = new QuantileSketch(SKETCH_RELATIVE_ACCURACY)
      const hll = new HyperLogLog()
      for (let i = 0; i < this.#keptCount; i++) {
        const value = kept[i]!
        sketch.add(Number(value))
        addTo(hll, value)
      }
      this.#sketch = sketch
      this.#hll = hll
      this.#keptCount = 0
      return null
    }
    const next = new (kept.constructor as new (length: number) => T)(Math.min(this.keepLimit, kept.length * 2))
    next.set(kept as never)
    return next
  }

  /** The statistics, written by `format`. */
  finish(format: NumberFormat): NumberStats {
    const count = this.#count
    this.#min = least(this.#low, this.#lowBig)
    this.#max = greatest(this.#high, this.#highBig)
    if (count === 0 || this.#min === null || this.#max === null) {
      return {
        count,
        min: null,
        max: null,
        mean: null,
        std: null,
        q25: null,
        q50: null,
        q75: null,
        quantiles: 'exact',
        histogram: null,
        distinct: { value: 0, method: 'exact' }
      }
    }
    const mean = this.#mean
    const std = count > 1 ? Math.sqrt(this.#m2 / (count - 1)) : null
    const common = { count, min: format.text(this.#min), max: format.text(this.#max), mean, std }
    const kept = this.#kept
    const min = this.#min
    const max = this.#max
    if (
      kept instanceof Float64Array &&
      this.integers &&
      typeof min === 'number' &&
      typeof max === 'number' &&
      max - min < Math.max(COUNTED_SPAN, this.#keptCount)
    ) {
      const counts = countEach(kept, this.#keptCount, min, max)
      const [q25, q50, q75] = QUANTILES.map((q) => format.text(min + valueAtRank(counts, Math.floor(q * (count - 1)))))
      let distinct = 0
      for (let i = 0; i < counts.length; i++) if (counts[i] !== 0) distinct++
      return {
        ...common,
        q25: q25!,
        q50: q50!,
        q75: q75!,
        quantiles: 'exact',
        histogram: this.#countedHistogram(counts, min, format),
        distinct: { value: distinct, method: 'exact' }
      }
    }
    if (kept !== null) {
      const values = kept.subarray(0, this.#keptCount)
      const sorted = values instanceof Float64Array ? sortDoubles(values) : values.sort()
      const [q25, q50, q75] = QUANTILES.map((q) => format.text(sorted[Math.floor(q * (count - 1))]!))
      return { ...common, q25: q25!, q50: q50!, q75: q75!, quantiles: 'exact', histogram: this.#histogram(sorted, format), distinct: distinctSorted(sorted) }
    }
    const sketch = this.#sketch!
    const clamp = (value: number): number | bigint => {
      const min = Number(this.#min)
      const max = Number(this.#max)
      const inside = Math.min(max, Math.max(min, value))
      return this.integers ? BigInt(Math.round(inside)) : inside
    }
    const [q25, q50, q75] = QUANTILES.map((q) => format.text(clamp(sketch.quantile(q)!)))
    const distinct: DistinctCount = { value: this.#hll!.estimate(), method: 'approximate', standardError: HLL_ERROR }
    return { ...common, q25: q25!, q50: q50!, q75: q75!, quantiles: 'sketch', histogram: this.#sketchHistogram(sketch, format), distinct }
  }

  /** Bin edges over [min, max]: whole numbers for integers (each bin holds exactly its integers), equal widths otherwise. */
  #edges(): (number | bigint)[] {
    const min = this.#min!
    const max = this.#max!
    if (this.integers) {
      const low = BigInt(min)
      const span = BigInt(max) - low + 1n
      const width = (span + BigInt(HISTOGRAM_BINS) - 1n) / BigInt(HISTOGRAM_BINS)
      const bins = Number((span + width - 1n) / width)
      const big = typeof min === 'bigint' || typeof max === 'bigint'
      return Array.from({ length: bins + 1 }, (_, k) => {
        const edge = k === bins ? BigInt(max) + 1n : low + BigInt(k) * width
        return big ? edge : Number(edge)
      })
    }
    const low = Number(min)
    const high = Number(max)
    if (low === high) return [low, high]
    const width = (high - low) / HISTOGRAM_BINS
    return Array.from({ length: HISTOGRAM_BINS + 1 }, (_, k) => (k === HISTOGRAM_BINS ? high : low + k * width))
  }

  #bins(edges: readonly (number | bigint)[], counts: readonly number[], method: 'exact' | 'sketch', format: NumberFormat): Histogram {
    const bins: HistogramBin[] = counts.map((count, k) => {
      const last = k === counts.length - 1
      const low = edges[k]!
      const high = edges[k + 1]!
      // Integer bins are [low, high - 1], filtered so: high may be 2^63, past int64's literals.
      const filter = !format.filter ? null : this.integers ? format.filter(low, minusOne(high), true) : format.filter(low, high, last)
      return { low: format.text(low), high: format.text(high), count, filter }
    })
    return { bins, method }
  }

  #histogram(sorted: Float64Array | BigInt64Array | BigUint64Array, format: NumberFormat): Histogram {
    const edges = this.#edges()
    const counts = new Array<number>(edges.length - 1).fill(0)
    // Sorted values: walk the edges once.
    let bin = 0
    const last = counts.length - 1
    for (let i = 0; i < sorted.length; i++) {
      const value = sorted[i]!
      while (bin < last && value >= edges[bin + 1]!) bin++
      counts[bin]!++
    }
    return this.#bins(edges, counts, 'exact', format)
  }

  /** Bins of integers counted per value (counts[i] holds value min + i). */
  #countedHistogram(counts: Uint32Array, min: number, format: NumberFormat): Histogram {
    const edges = this.#edges() as number[]
    const bins = new Array<number>(edges.length - 1).fill(0)
    for (let k = 0; k < bins.length; k++) {
      let sum = 0
      for (let i = edges[k]! - min, end = Math.min(counts.length, edges[k + 1]! - min); i < end; i++) sum += counts[i]!
      bins[k] = sum
    }
    return this.#bins(edges, bins, 'exact', format)
  }

  /**
   * Bins filled from the sketch's buckets, each bucket's count in the bin of its value; or
   * none where a bin is narrower than the sketch's buckets (values all within a few
   * percent of each other), since the buckets could not say which bin a value is in.
   */
  #sketchHistogram(sketch: QuantileSketch, format: NumberFormat): Histogram | null {
    const low = Number(this.#min)
    const high = Number(this.#max)
    const scale = Math.max(Math.abs(low), Math.abs(high))
    if (scale > 0 && (high - low) / HISTOGRAM_BINS < 2 * SKETCH_RELATIVE_ACCURACY * scale) return null
    const edges = this.#edges()
    const numeric = edges.map(Number)
    const counts = new Array<number>(edges.length - 1).fill(0)
    const last = counts.length - 1
    for (const bucket of sketch.buckets()) {
      let bin = 0
      while (bin < last && bucket.value >= numeric[bin + 1]!) bin++
      counts[bin]! += bucket.count
    }
    return this.#bins(edges, counts, 'sketch', format)
  }
}

/** The least of a number (Infinity: none) and a bigint (null: none); a bigint when the bigint is least. */
function least(low: number, big: bigint | null): number | bigint | null {
  if (big === null) return low === Infinity ? null : low
  return low !== Infinity && low <= big ? low : big
}

/** The greatest of a number (-Infinity: none) and a bigint (null: none). */
function greatest(high: number, big: bigint | null): number | bigint | null {
  if (big === null) return high === -Infinity ? null : high
  return high !== -Infinity && high >= big ? high : big
}

/**
 * Sorts doubles in place, in Float64Array's order (-0 before 0), as 64-bit integers: with
 * the 63 bits after a negative value's sign flipped, the integers' order is the doubles'
 * order (NaN aside, which is never kept), and V8 sorts a BigInt64Array in about 60% of
 * the time it takes for a Float64Array. The bits are flipped back after.
 */
export function sortDoubles(values: Float64Array): Float64Array {
  const words = new Int32Array(values.buffer, values.byteOffset, values.length * 2)
  const flip = (): void => {
    // Little-endian: each value's high word (with the sign) is the second of its two.
    for (let i = 1; i < words.length; i += 2) {
      if (words[i]! < 0) {
        words[i] = words[i]! ^ 0x7fffffff
        words[i - 1] = ~words[i - 1]!
      }
    }
  }
  flip()
  new BigInt64Array(values.buffer, values.byteOffset, values.length).sort()
  flip()
  return values
}

/** Distinct values of sorted values: one more at each change (0 and -0 are one value). */
function distinctSorted(sorted: Float64Array | BigInt64Array | BigUint64Array): DistinctCount {
  let distinct = sorted.length > 0 ? 1 : 0
  for (let i = 1; i < sorted.length; i++) if (sorted[i] !== sorted[i - 1]) distinct++
  return { value: distinct, method: 'exact' }
}

/** Feeds a kept value to a HyperLogLog as the stream's later values are fed: safe integers and doubles as numbers. */
function addTo(hll: HyperLogLog, value: number | bigint): void {
  if (typeof value === 'number') return hll.addNumber(value)
  const near = Number(value)
  if (Number.isSafeInteger(near)) hll.addNumber(near)
  else hll.addBigInt(value)
}

/** How many of the first `length` values are each integer of [min, max]: counts[value - min]. */
function countEach(values: Float64Array, length: number, min: number, max: number): Uint32Array {
  const counts = new Uint32Array(max - min + 1)
  for (let i = 0; i < length; i++) counts[values[i]! - min]!++
  return counts
}

/** The offset from min of the value at `rank` (0-based) in sorted order, from per-value counts. */
function valueAtRank(counts: Uint32Array, rank: number): number {
  let seen = 0
  for (let i = 0; i < counts.length; i++) {
    seen += counts[i]!
    if (seen > rank) return i
  }
  return counts.length - 1
}

function minusOne(value: number | bigint): number | bigint {
  return typeof value === 'bigint' ? value - 1n : value - 1
}

function toBig(values: Float64Array, count: number, unsigned: boolean): BigInt64Array | BigUint64Array {
  const out = unsigned ? new BigUint64Array(values.length) : new BigInt64Array(values.length)
  for (let i = 0; i < count; i++) out[i] = BigInt(values[i]!)
  return out
}
