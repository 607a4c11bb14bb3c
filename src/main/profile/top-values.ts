/**
 * The most frequent values of a column: exact counts in a map up to a bound of distinct
 * values, then Space-Saving (Metwally, Agrawal and El Abbadi, 2005) with its evictions
 * done in batches: a value not counted enters at the largest count evicted so far plus
 * two (see below), and once HELD_PER_COUNTER times the counters are held, all but the
 * largest (as many as the counters) are evicted. A count is then an upper bound, over by
 * at most the largest evicted count plus one.
 *
 * Past the bound, a value's first sighting only goes into a doorkeeper, a Bloom filter of
 * the values seen (as in Einziger and Friedman's TinyLFU): in a column of mostly unique
 * values (user names, ids) nearly every value is seen once, and would otherwise enter the
 * counters only to be evicted. A value the filter has seen enters with one more for that
 * first sighting; a false positive only lets a value in early. The filter is never
 * cleared, so no value's first sighting is held back twice. Such values are hashed from
 * their UTF-8 bytes and made into strings only when counted.
 *
 * The distinct values are the exact counts' keys; past the bound, a HyperLogLog fed with
 * those keys and every value after.
 */

import type { DistinctCount } from '../../shared/contract/column-profile'
import { HASH, hashUtf8, HLL_ERROR, HyperLogLog, utf8 } from './hyperloglog'

/**
 * Counters kept after an eviction: a tenth of the exact bound, at least MIN_COUNTERS. The
 * largest evicted count grows by about one per eviction, so more counters mean fewer
 * evictions and counts nearer the truth; with HELD_PER_COUNTER below, the counters held
 * never pass what the exact counts held (for bounds of 80,000 and more).
 */
const MIN_COUNTERS = 1_000
/**
 * Counters held before an eviction, per counter kept: more between evictions means fewer
 * of them (each selects over every count held), and a count is never evicted sooner than
 * with fewer, so the error bound is no worse.
 */
const HELD_PER_COUNTER = 8
/**
 * Doorkeeper bits per value of the exact bound: 64 bits (two hashes) keep false
 * positives near 5% for a million values past a bound of 100,000, in a filter of 1 MiB,
 * a small part of the memory the exact counts held before it.
 */
const DOORKEEPER_BITS_PER_VALUE = 64

/** The string of the bytes [start, end) of the buffer a value's bytes came from. */
export type TextOf = (start: number, end: number) => string

/** A Bloom filter over the two words of HASH: a bit from each word. */
class Doorkeeper {
  readonly #bits: Int32Array
  readonly #mask: number

  constructor(bits: number) {
    let size = 1 << 16
    while (size < bits && size < 1 << 26) size *= 2
    this.#bits = new Int32Array(size >>> 5)
    this.#mask = size - 1
  }

  /** Whether the hashed value was seen; marks it seen. */
  seenElseMark(low: number, high: number): boolean {
    const a = low & this.#mask
    const b = high & this.#mask
    const bits = this.#bits
    const seen = (bits[a >>> 5]! & (1 << (a & 31))) !== 0 && (bits[b >>> 5]! & (1 << (b & 31))) !== 0
    bits[a >>> 5]! |= 1 << (a & 31)
    bits[b >>> 5]! |= 1 << (b & 31)
    return seen
  }
}

export class TopValues {
  #counts = new Map<string, number>()
  #exact = true
  /** The largest count evicted (Space-Saving's error bound). */
  #floor = 0
  #hll: HyperLogLog | null = null
  #doorkeeper: Doorkeeper | null = null

  readonly #counters: number

  constructor(readonly limit: number) {
    this.#counters = Math.max(MIN_COUNTERS, Math.floor(limit / 10))
  }

  /** Adds a value. */
  add(value: string): void {
    const { buffer, length } = utf8(value)
    this.addUtf8(buffer, 0, length, () => value)
  }

  /** Adds the value whose UTF-8 bytes are [start, end) of `bytes`; `text` makes its string, only when it is counted. */
  addUtf8(bytes: Uint8Array, start: number, end: number, text: TextOf): void {
    if (this.#exact) {
      const counts = this.#counts
      const value = text(start, end)
      counts.set(value, (counts.get(value) ?? 0) + 1)
      if (counts.size > this.limit) this.#toSketch()
      return
    }
    hashUtf8(bytes, start, end)
    this.#hll!.addWords(HASH[0]!, HASH[1]!)
    if (!this.#doorkeeper!.seenElseMark(HASH[0]!, HASH[1]!)) return
    const counts = this.#counts
    const value = text(start, end)
    const seen = counts.get(value)
    if (seen !== undefined) counts.set(value, seen + 1)
    else {
      counts.set(value, this.#floor + 2)
      if (counts.size >= HELD_PER_COUNTER * this.#counters) this.#evict()
    }
  }

  /**
   * Keeps the largest counts, as many as the counters (some of the ties at the cut), in a
   * new map: the cut is found by selection over the counts alone (linear, where a sort of
   * every count cost several times more), and copying the kept counters is cheaper than
   * deleting the rest.
   */
  #evict(): void {
    const held = this.#counts
    const counters = this.#counters
    if (held.size <= counters) return
    const counts = Float64Array.from(held.values())
    const cut = kthLargest(counts, counters + 1)
    this.#floor = Math.max(this.#floor, cut)
    let above = 0
    for (let i = 0; i < counts.length; i++) if (counts[i]! > cut) above++
    let ties = counters - above
    const kept = new Map<string, number>()
    for (const [key, count] of held) {
      if (count > cut) kept.set(key, count)
      else if (count === cut && ties > 0) {
        ties--
        kept.set(key, count)
      }
    }
    this.#counts = kept
  }

  #toSketch(): void {
    this.#exact = false
    const hll = new HyperLogLog()
    const doorkeeper = new Doorkeeper(this.limit * DOORKEEPER_BITS_PER_VALUE)
    for (const key of this.#counts.keys()) {
      const { buffer, length } = utf8(key)
      hashUtf8(buffer, 0, length)
      hll.addWords(HASH[0]!, HASH[1]!)
      doorkeeper.seenElseMark(HASH[0]!, HASH[1]!)
    }
    this.#hll = hll
    this.#doorkeeper = doorkeeper
    this.#evict()
  }

  /** The number of distinct values: exact, or estimated past the bound. */
  distinct(): DistinctCount {
    if (this.#hll === null) return { value: this.#counts.size, method: 'exact' }
    return { value: this.#hll.estimate(), method: 'approximate', standardError: HLL_ERROR }
  }

  get exact(): boolean {
    return this.#exact
  }

  /** The `n` most frequent values, most frequent first (ties by value), picked in one pass. */
  top(n: number): { value: string; count: number }[] {
    const best: { value: string; count: number }[] = []
    const before = (a: { value: string; count: number }, b: { value: string; count: number }): boolean =>
      a.count > b.count || (a.count === b.count && a.value < b.value)
    for (const [value, count] of this.#counts) {
      const entry = { value, count }
      if (best.length === n && !before(entry, best[n - 1]!)) continue
      let at = best.length
      while (at > 0 && before(entry, best[at - 1]!)) at--
      best.splice(at, 0, entry)
      if (best.length > n) best.pop()
    }
    return best
  }
}

/**
 * The `k`-th largest of `values` (1-based), by Hoare's selection with the middle element
 * as pivot; reorders `values`.
 */
export function kthLargest(values: Float64Array, k: number): number {
  // The k-th largest is at index `target` once sorted ascending.
  const target = values.length - k
  let low = 0
  let high = values.length - 1
  while (low < high) {
    const pivot = values[(low + high) >>> 1]!
    let i = low
    let j = high
    while (i <= j) {
      while (values[i]! < pivot) i++
      while (values[j]! > pivot) j--
      if (i <= j) {
        const swap = values[i]!
        values[i] = values[j]!
        values[j] = swap
        i++
        j--
      }
    }
    if (target <= j) high = j
    else if (target >= i) low = i
    else return values[target]!
  }
  return values[target]!
}
