/**
 * A small work pool: at most `limit` tasks at once, new tasks may be added while others
 * run, and `idle()` resolves once nothing is queued or running. A cancelled signal stops
 * it from starting anything more.
 */
export class TaskPool {
  readonly #queue: (() => Promise<void>)[] = []
  #running = 0
  #waiters: (() => void)[] = []

  constructor(
    private limit: number,
    private readonly signal: AbortSignal,
    /** Told after tasks were queued or started. */
    private readonly onChange?: () => void
  ) {}

  /** Tasks waiting for a free slot. */
  get queued(): number {
    return this.#queue.length
  }

  /** Allows `limit` tasks at once from now on. */
  setLimit(limit: number): void {
    this.limit = limit
    this.#pump()
  }

  /** Queues a task; its errors are the task's own business (it must catch them). */
  add(task: () => Promise<void>): void {
    if (this.signal.aborted) return
    this.#queue.push(task)
    this.#pump()
  }

  /** Resolves when the queue is empty and nothing runs (or once cancelled and drained). */
  idle(): Promise<void> {
    if (this.#running === 0 && (this.#queue.length === 0 || this.signal.aborted)) return Promise.resolve()
    return new Promise((resolve) => this.#waiters.push(resolve))
  }

  #pump(): void {
    if (this.signal.aborted) this.#queue.length = 0
    while (this.#running < this.limit && this.#queue.length > 0) {
      const task = this.#queue.shift()
      if (!task) break
      this.#running++
      void task()
        .catch(() => undefined)
        .finally(() => {
          this.#running--
          this.#pump()
        })
    }
    this.onChange?.()
    if (this.#running === 0 && this.#queue.length === 0) {
      const waiters = this.#waiters
      this.#waiters = []
      for (const resolve of waiters) resolve()
    }
  }
}
