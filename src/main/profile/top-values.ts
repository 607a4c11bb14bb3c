/**
 * The most frequent values of a column: exact counts in a map up to a bound of distinct
 * values, then Space-Saving (Metwally, Agrawal and El Abbadi, 2005) with its evictions
 * done in batches: a value not counted enters at the largest count evicted so far plus
 * one, and once twice COUNTERS values are counted, all but the COUNTERS largest are
 * evicted. A count is then an upper bound, over by at most the largest evicted count.
 */

const COUNTERS = 1_000

export class TopValues {
  #counts = new Map<string, number>()
  #exact = true
  /** The largest count evicted (Space-Saving's error bound). */
  #floor = 0

  constructor(readonly limit: number) {}

  add(value: string): void {
    const counts = this.#counts
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
    if (counts.size >= 2 * COUNTERS) this.#evict()
  }

  #evict(): void {
    const kept = [...this.#counts].sort((a, b) => b[1] - a[1])
    this.#floor = Math.max(this.#floor, kept[COUNTERS]?.[1] ?? 0)
    this.#counts = new Map(kept.slice(0, COUNTERS))
  }

  #toSketch(): void {
    this.#exact = false
    this.#evict()
  }

  get exact(): boolean {
    return this.#exact
  }

  /** The `n` most frequent values, most frequent first (ties by value). */
  top(n: number): { value: string; count: number }[] {
    return [...this.#counts]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
      .slice(0, n)
      .map(([value, count]) => ({ value, count }))
  }
}
