/**
 * A counting gate: at most `slots` holders at once, the rest wait in arrival order. The
 * browser-mode host passes heavy calls (row reads, table imports) through one, so many at
 * once queue instead of each holding its pages in memory at the same time.
 */
export class Limiter {
  #free: number
  readonly #waiting: Array<() => void> = []

  constructor(slots: number) {
    if (!(Number.isInteger(slots) && slots >= 1)) throw new Error(`a limiter needs at least one slot, not ${slots}`)
    this.#free = slots
  }

  /** Resolves once a slot is held; call the returned function exactly once to give it back. */
  async acquire(): Promise<() => void> {
    if (this.#free > 0) this.#free--
    else await new Promise<void>((resolve) => this.#waiting.push(resolve))
    let released = false
    return () => {
      if (released) return
      released = true
      const next = this.#waiting.shift()
      if (next) next()
      else this.#free++
    }
  }
}
