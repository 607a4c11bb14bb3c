/**
 * Distinct values: counted exactly in a set up to a bound, then by a HyperLogLog fed
 * with everything the set held and every value after it.
 */
import { HyperLogLog, HLL_ERROR } from './hyperloglog'
import type { DistinctCount } from '../../shared/contract/column-profile'

export class DistinctCounter {
  #exact: Set<number | bigint | string> | null = new Set()
  #sketch: HyperLogLog | null = null

  constructor(readonly limit: number) {}

  add(value: number | bigint | string): void {
    if (this.#exact) {
      this.#exact.add(typeof value === 'number' && value === 0 ? 0 : value)
      if (this.#exact.size > this.limit) this.#spill()
      return
    }
    feed(this.#sketch!, value)
  }

  #spill(): void {
    const sketch = new HyperLogLog()
    for (const value of this.#exact!) feed(sketch, value)
    this.#sketch = sketch
    this.#exact = null
  }

  result(): DistinctCount {
    if (this.#exact) return { value: this.#exact.size, method: 'exact' }
    return { value: this.#sketch!.estimate(), method: 'approximate', standardError: HLL_ERROR }
  }
}

function feed(sketch: HyperLogLog, value: number | bigint | string): void {
  if (typeof value === 'number') sketch.addNumber(value)
  else if (typeof value === 'bigint') sketch.addBigInt(value)
  else sketch.addString(value)
}
