/**
 * A growable Fenwick (binary indexed) tree of non-negative integers: set a value, sum a
 * prefix and find the element holding the n-th unit, each in O(log n). The tree model
 * keeps one per node, holding how many rows each child takes, so a row is found by index
 * without a flat list of every loaded row.
 */

/** Prefix sums over a list of non-negative integers that grows at the end. */
export class Fenwick {
  #tree = new Int32Array(16)
  #values = new Int32Array(16)
  #size = 0
  #total = 0

  /** Number of elements. */
  get size(): number {
    return this.#size
  }

  /** Sum of all elements. */
  get total(): number {
    return this.#total
  }

  /** Empties the list, keeping the storage. */
  clear(): void {
    this.#tree.fill(0, 0, this.#size + 1)
    this.#values.fill(0, 0, this.#size)
    this.#size = 0
    this.#total = 0
  }

  /** Appends one element. */
  push(value: number): void {
    if (this.#size + 1 >= this.#tree.length) this.#grow()
    const i = this.#size + 1
    // Node i covers (i - lowbit(i), i]: its own value plus the sums of the nodes below it.
    let sum = value
    const low = i - (i & -i)
    for (let j = i - 1; j > low; j -= j & -j) sum += this.#tree[j] ?? 0
    this.#tree[i] = sum
    this.#values[this.#size] = value
    this.#size++
    this.#total += value
  }

  /** The element at `index`. */
  get(index: number): number {
    return this.#values[index] ?? 0
  }

  /** Replaces the element at `index`. */
  set(index: number, value: number): void {
    const delta = value - (this.#values[index] ?? 0)
    if (delta === 0) return
    this.#values[index] = value
    this.#total += delta
    for (let i = index + 1; i <= this.#size; i += i & -i) this.#tree[i] = (this.#tree[i] ?? 0) + delta
  }

  /** Sum of the first `count` elements. */
  prefix(count: number): number {
    let sum = 0
    for (let i = Math.min(count, this.#size); i > 0; i -= i & -i) sum += this.#tree[i] ?? 0
    return sum
  }

  /** Index of the element that holds unit `target` (0-based): the smallest i with prefix(i + 1) > target. */
  search(target: number): number {
    let index = 0
    let rest = target
    for (let step = highestBit(this.#size); step > 0; step >>= 1) {
      const next = index + step
      if (next <= this.#size && (this.#tree[next] ?? 0) <= rest) {
        index = next
        rest -= this.#tree[next] ?? 0
      }
    }
    return index
  }

  #grow(): void {
    const tree = new Int32Array(this.#tree.length * 2)
    tree.set(this.#tree)
    const values = new Int32Array(this.#values.length * 2)
    values.set(this.#values)
    // Nodes past the old end cover ranges that reach back into the old elements; they are
    // filled when those elements are pushed, so copying is enough.
    this.#tree = tree
    this.#values = values
  }
}

function highestBit(n: number): number {
  let bit = 1
  while (bit * 2 <= n) bit *= 2
  return n === 0 ? 0 : bit
}
