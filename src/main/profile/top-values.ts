/**
 * The most frequent values of a column: exact counts in a map up to a bound of distinct
 * values, then Space-Saving (Metwally, Agrawal and El Abbadi, 2005) with its evictions
 * done in batches: a value not counted enters at the largest count evicted so far plus
 * one, and once HELD values are counted, all but the COUNTERS largest are
 * evicted. A count is then an upper bound, over by at most the largest evicted count.
 * The distinct values are the exact counts' keys; past the bound, a HyperLogLog fed with
 * those keys and every value after.
 */

import type { DistinctCount } from '../../shared/contract/column-profile'
import { HLL_ERROR, HyperLogLog } from './hyperloglog'

const COUNTERS = 1_000
/**
 * Counters held before an eviction keeps the COUNTERS largest: more between evictions
 * means fewer of them (each sorts every count held), and a count is never evicted sooner
 * than with fewer, so the error bound is no worse.
 */
const HELD = 8 * COUNTERS

export class TopValues {
  #counts = new Map<string, number>()
  #exact = true
  /** The largest count evicted (Space-Saving's error bound). */
  #floor = 0
  #hll: HyperLogLog | null = null

  constructor(readonly limit: number) {}

  add(value: string): void {
    const counts = this.#counts
    this.#hll?.addString(value)
    const seen = counts.get(value)
    if (seen !== undefined) {
      counts.set(value, seen + 1)
      return
    }
    if (this.#exact) {
      counts.set(value, 1)
      if (counts.size > this.limit) this.#toSketch()
      return
    }
    counts.set(value, this.#floor + 1)
    if (counts.size >= HELD) this.#evict()
  }

  /**
   * Keeps the COUNTERS largest counts (some of the ties at the cut) in a new map: the cut
   * is found by selection over the counts alone (linear, where a sort of every count cost
   * several times more), and copying the kept counters is cheaper than deleting the rest.
   */
  #evict(): void {
    const held = this.#counts
    if (held.size <= COUNTERS) return
    const counts = Float64Array.from(held.values())
    const cut = kthLargest(counts, COUNTERS + 1)
    this.#floor = Math.max(this.#floor, cut)
    let above = 0
    for (let i = 0; i < counts.length; i++) if (counts[i]! > cut) above++
    let ties = COUNTERS - above
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
    for (const key of this.#counts.keys()) hll.addString(key)
    this.#hll = hll
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
