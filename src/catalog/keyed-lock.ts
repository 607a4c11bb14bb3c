/**
 * A mutual-exclusion lock per key, inside one process: work queued under the same key
 * runs one after the other, work under different keys runs side by side.
 */

/** Runs async work one at a time per key; keys with nothing queued hold no memory. */
export class KeyedLock {
  readonly #tails = new Map<string, Promise<void>>()

  /** Runs `work` once every earlier `run` with the same key has settled, and returns its result. */
  async run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.#tails.get(key) ?? Promise.resolve()
    let release!: () => void
    const done = new Promise<void>((resolve) => (release = resolve))
    const tail = previous.then(() => done)
    this.#tails.set(key, tail)
    await previous
    try {
      return await work()
    } finally {
      release()
      // Forget the key when nobody queued behind this run.
      if (this.#tails.get(key) === tail) this.#tails.delete(key)
    }
  }

  /** How many keys have work running or queued (for tests). */
  get size(): number {
    return this.#tails.size
  }
}
