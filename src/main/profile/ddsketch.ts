/**
 * A quantile sketch with relative accuracy, after DDSketch (Masson, Rim and Lee, 2019):
 * a positive value x falls in bucket ceil(log_gamma(x)) with gamma = (1 + a) / (1 - a),
 * and a bucket answers 2 gamma^i / (gamma + 1), within a (here 1%) of every value in it.
 * Negative values are kept by their magnitude in a store of their own; zero is counted.
 * Buckets are unbounded here: a column's values span at most a few thousand of them.
 */

export class QuantileSketch {
  readonly #gamma: number
  readonly #logGamma: number
  readonly #positive = new Map<number, number>()
  readonly #negative = new Map<number, number>()
  #zeros = 0
  #count = 0

  constructor(relativeAccuracy: number) {
    this.#gamma = (1 + relativeAccuracy) / (1 - relativeAccuracy)
    this.#logGamma = Math.log(this.#gamma)
  }

  get count(): number {
    return this.#count
  }

  /** Adds a finite value `times` times. */
  add(value: number, times = 1): void {
    this.#count += times
    if (value === 0) this.#zeros += times
    else if (value > 0) bump(this.#positive, this.#index(value), times)
    else bump(this.#negative, this.#index(-value), times)
  }

  #index(magnitude: number): number {
    return Math.ceil(Math.log(magnitude) / this.#logGamma)
  }

  #value(index: number): number {
    return (2 * this.#gamma ** index) / (this.#gamma + 1)
  }

  /** Every bucket as (representative value, count), smallest value first. */
  buckets(): { value: number; count: number }[] {
    const out: { value: number; count: number }[] = []
    for (const index of [...this.#negative.keys()].sort((a, b) => b - a)) out.push({ value: -this.#value(index), count: this.#negative.get(index)! })
    if (this.#zeros > 0) out.push({ value: 0, count: this.#zeros })
    for (const index of [...this.#positive.keys()].sort((a, b) => a - b)) out.push({ value: this.#value(index), count: this.#positive.get(index)! })
    return out
  }

  /** The value at quantile q (0 to 1): the lower of two middle values' rank, floor(q (n - 1)). */
  quantile(q: number): number | null {
    if (this.#count === 0) return null
    const rank = Math.floor(q * (this.#count - 1))
    let seen = 0
    const all = this.buckets()
    for (const bucket of all) {
      seen += bucket.count
      if (seen > rank) return bucket.value
    }
    return all[all.length - 1]!.value
  }
}

function bump(store: Map<number, number>, index: number, times: number): void {
  store.set(index, (store.get(index) ?? 0) + times)
}
