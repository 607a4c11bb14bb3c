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
 * cleared, so no value's first sighting is held back twice. Values are counted by their
 * UTF-8 bytes, and made into strings only for the answer.
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

/** A value counted by name: its UTF-8 bytes in the arena, its count, and the next value of the same key. */
interface Counter {
  readonly at: number
  readonly length: number
  count: number
  next: Counter | null
  /** Its string, once made (for ties and the answer). */
  text: string | null
}

/** Keys of the counters' map: 30 bits of a value's hash, a small integer V8 keeps unboxed. */
const KEY_MASK = 0x3fffffff

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

const decoder = new TextDecoder()

export class TopValues {
  /**
   * The values counted by name, by 30 bits of their hash; values whose keys are equal are
   * chained and told apart by their bytes, so the counts stay exact. A value is hashed
   * from its bytes where it lies, so counting a value already held makes no string.
   */
  #counts = new Map<number, Counter>()
  #held = 0
  /** The held values' bytes, end to end. */
  #arena = new Uint8Array(1 << 16)
  #used = 0
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
    this.addUtf8(buffer, 0, length)
  }

  /** Adds the value whose UTF-8 bytes are [start, end) of `bytes`. */
  addUtf8(bytes: Uint8Array, start: number, end: number): void {
    hashUtf8(bytes, start, end)
    const low = HASH[0]!
    if (!this.#exact) {
      const high = HASH[1]!
      this.#hll!.addWords(low, high)
      if (!this.#doorkeeper!.seenElseMark(low, high)) return
    }
    const key = low & KEY_MASK
    const first = this.#counts.get(key) ?? null
    const length = end - start
    const arena = this.#arena
    for (let counter = first; counter !== null; counter = counter.next) {
      if (counter.length !== length) continue
      let same = true
      for (let i = 0; i < length; i++) {
        if (arena[counter.at + i] !== bytes[start + i]) {
          same = false
          break
        }
      }
      if (same) {
        counter.count++
        return
      }
    }
    const at = this.#store(bytes, start, end)
    this.#counts.set(key, { at, length, count: this.#exact ? 1 : this.#floor + 2, next: first, text: null })
    this.#held++
    if (this.#exact) {
      if (this.#held > this.limit) this.#toSketch()
    } else if (this.#held >= HELD_PER_COUNTER * this.#counters) this.#evict()
  }

  /** Copies bytes into the arena (grown as needed); returns where they start. */
  #store(bytes: Uint8Array, start: number, end: number): number {
    const length = end - start
    if (this.#used + length > this.#arena.length) {
      const grown = new Uint8Array(Math.max(this.#arena.length * 2, this.#used + length))
      grown.set(this.#arena.subarray(0, this.#used))
      this.#arena = grown
    }
    // A loop, not set(subarray): most values are a few bytes, and a subarray an object.
    const arena = this.#arena
    const at = this.#used
    for (let i = 0; i < length; i++) arena[at + i] = bytes[start + i]!
    this.#used = at + length
    return at
  }

  /** Every counter held. */
  #all(): Counter[] {
    const all: Counter[] = []
    for (const first of this.#counts.values()) for (let counter: Counter | null = first; counter !== null; counter = counter.next) all.push(counter)
    return all
  }

  /**
   * Keeps the largest counts, as many as the counters (some of the ties at the cut), in a
   * new map and arena: the cut is found by selection over the counts alone (linear, where
   * a sort of every count cost several times more), and copying the kept counters is
   * cheaper than deleting the rest.
   */
  #evict(): void {
    const counters = this.#counters
    if (this.#held <= counters) return
    const all = this.#all()
    const cut = kthLargest(
      Float64Array.from(all, (counter) => counter.count),
      counters + 1
    )
    this.#floor = Math.max(this.#floor, cut)
    let above = 0
    for (const counter of all) if (counter.count > cut) above++
    let ties = counters - above
    const old = this.#arena
    this.#counts = new Map()
    this.#arena = new Uint8Array(Math.max(1 << 16, this.#arena.length >>> 2))
    this.#used = 0
    this.#held = 0
    for (const counter of all) {
      if (counter.count < cut || (counter.count === cut && ties-- <= 0)) continue
      hashUtf8(old, counter.at, counter.at + counter.length)
      const key = HASH[0]! & KEY_MASK
      const at = this.#store(old, counter.at, counter.at + counter.length)
      this.#counts.set(key, { at, length: counter.length, count: counter.count, next: this.#counts.get(key) ?? null, text: counter.text })
      this.#held++
    }
  }

  #toSketch(): void {
    this.#exact = false
    const hll = new HyperLogLog()
    const doorkeeper = new Doorkeeper(this.limit * DOORKEEPER_BITS_PER_VALUE)
    for (const counter of this.#all()) {
      hashUtf8(this.#arena, counter.at, counter.at + counter.length)
      hll.addWords(HASH[0]!, HASH[1]!)
      doorkeeper.seenElseMark(HASH[0]!, HASH[1]!)
    }
    this.#hll = hll
    this.#doorkeeper = doorkeeper
    this.#evict()
  }

  /** The number of distinct values: exact, or estimated past the bound. */
  distinct(): DistinctCount {
    if (this.#hll === null) return { value: this.#held, method: 'exact' }
    return { value: this.#hll.estimate(), method: 'approximate', standardError: HLL_ERROR }
  }

  get exact(): boolean {
    return this.#exact
  }

  /** The `n` most frequent values, most frequent first (ties by value), picked in one pass. */
  top(n: number): { value: string; count: number }[] {
    const best: Counter[] = []
    const text = (counter: Counter): string => (counter.text ??= decoder.decode(this.#arena.subarray(counter.at, counter.at + counter.length)))
    // Only a tie makes a string, for the order by value.
    const before = (a: Counter, b: Counter): boolean => a.count > b.count || (a.count === b.count && text(a) < text(b))
    for (const counter of this.#all()) {
      if (best.length === n && !before(counter, best[n - 1]!)) continue
      let at = best.length
      while (at > 0 && before(counter, best[at - 1]!)) at--
      best.splice(at, 0, counter)
      if (best.length > n) best.pop()
    }
    return best.map((counter) => ({ value: text(counter), count: counter.count }))
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
