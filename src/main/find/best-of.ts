/**
 * The best few of many candidates without sorting them all: a broad query ("a",
 * `type:utf8`) matches most of 200,000 columns, of which only the first few hundred are
 * shown.
 */

/** Keeps the `limit` least items offered (by `compare`, ties in offer order) and counts every offer. */
export class BestOf<T> {
  /** The kept items as a heap, the worst on top. */
  readonly #heap: { readonly item: T; readonly seq: number }[] = []
  #offered = 0

  constructor(
    private readonly limit: number,
    private readonly compare: (a: T, b: T) => number
  ) {}

  /** How many items were offered. */
  get offered(): number {
    return this.#offered
  }

  /** The worst item kept once `limit` are kept (an item not better is not kept), else undefined. */
  worst(): T | undefined {
    return this.#heap.length >= this.limit ? this.#heap[0]?.item : undefined
  }

  /** Counts an item the caller found worse than `worst()` and so did not make. */
  passOver(): void {
    this.#offered++
  }

  /** Offers an item; counted even when not kept. */
  offer(item: T): void {
    const seq = this.#offered++
    const heap = this.#heap
    if (heap.length < this.limit) {
      heap.push({ item, seq })
      this.#up(heap.length - 1)
    } else if (heap[0] !== undefined && this.compare(item, heap[0].item) < 0) {
      // A later item equal to the worst kept loses, as in a stable sort.
      heap[0] = { item, seq }
      this.#down(0)
    }
  }

  /** The kept items, best first. */
  sorted(): T[] {
    return [...this.#heap].sort((a, b) => this.#order(a, b)).map((entry) => entry.item)
  }

  #order(a: { item: T; seq: number }, b: { item: T; seq: number }): number {
    return this.compare(a.item, b.item) || a.seq - b.seq
  }

  #worse(a: { item: T; seq: number }, b: { item: T; seq: number }): boolean {
    return this.#order(a, b) > 0
  }

  #up(at: number): void {
    const heap = this.#heap
    while (at > 0) {
      const parent = (at - 1) >> 1
      const a = heap[at]
      const p = heap[parent]
      if (!a || !p || !this.#worse(a, p)) return
      heap[at] = p
      heap[parent] = a
      at = parent
    }
  }

  #down(at: number): void {
    const heap = this.#heap
    for (;;) {
      let worst = at
      for (const child of [2 * at + 1, 2 * at + 2]) {
        const c = heap[child]
        const w = heap[worst]
        if (c && w && this.#worse(c, w)) worst = child
      }
      if (worst === at) return
      const a = heap[at] as { item: T; seq: number }
      heap[at] = heap[worst] as { item: T; seq: number }
      heap[worst] = a
      at = worst
    }
  }
}
