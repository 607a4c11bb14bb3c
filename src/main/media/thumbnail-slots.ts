/**
 * Who may start a thumbnail now. sharp runs each image's decode on one of libuv's worker
 * threads (four unless UV_THREADPOOL_SIZE says otherwise), first come first served: an
 * image started while all of them are busy waits in libuv's queue behind every one started
 * before it. So thumbnails are started here at most one fewer than the threads at once,
 * which always leaves a thread for the viewer's value (its header read through sharp never
 * queues behind thumbnails); a call's thumbnails go before the read-ahead's, and while the
 * viewer's value is being read no read-ahead thumbnail starts at all.
 */

/** libuv's worker threads in this process, as libuv reads them (1 to 1024, 4 by default). */
export function libuvThreads(env: NodeJS.ProcessEnv = process.env): number {
  const told = Number.parseInt(env.UV_THREADPOOL_SIZE ?? '', 10)
  return Number.isFinite(told) && told > 0 ? Math.min(told, 1024) : 4
}

/** Thumbnails in the making, at most `size` at once, the read-ahead's after a call's. */
export class ThumbnailSlots {
  #running = 0
  /** Holds of the viewer's values: the read-ahead starts nothing while one is there. */
  #holds = 0
  readonly #calls: (() => void)[] = []
  readonly #ahead: (() => void)[] = []

  constructor(readonly size: number) {}

  /** Runs `work` (one thumbnail) once a slot is free; `ahead` for the read-ahead's. */
  async run<T>(ahead: boolean, work: () => Promise<T>): Promise<T> {
    if (this.#running < this.size && (!ahead || (this.#holds === 0 && this.#calls.length === 0))) this.#running++
    // Started by #next, which counts it as running.
    else await new Promise<void>((start) => (ahead ? this.#ahead : this.#calls).push(start))
    try {
      return await work()
    } finally {
      this.#running--
      this.#next()
    }
  }

  /** Keeps the read-ahead's thumbnails from starting until the returned release is called. */
  hold(): () => void {
    this.#holds++
    let released = false
    return () => {
      if (released) return
      released = true
      this.#holds--
      this.#next()
    }
  }

  #next(): void {
    while (this.#running < this.size) {
      const start = this.#calls.shift() ?? (this.#holds === 0 ? this.#ahead.shift() : undefined)
      if (!start) return
      this.#running++
      start()
    }
  }
}
