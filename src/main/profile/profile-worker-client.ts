/**
 * Starts and talks to one profile worker. The built app has the worker as its own entry
 * next to main's (out/main/profile-worker.js, see electron.vite.config.ts); run from the
 * sources (tests, benches), the TypeScript entry is started through tsx.
 */
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import { CatalogError } from '../../shared/errors'
import type { ColumnProfile } from '../../shared/contract/column-profile'
import type { ColumnPlan, FromWorker, ToWorker, WireCell } from './worker-messages'

/** Where the worker's code is, and how to start it. */
function workerEntry(): { readonly file: string; readonly execArgv?: string[] } {
  const here = dirname(fileURLToPath(import.meta.url))
  // Bundled: main's code sits in out/main/ or in out/main/chunks/.
  for (const file of [join(here, 'profile-worker.js'), join(here, '..', 'profile-worker.js')]) if (existsSync(file)) return { file }
  return { file: join(here, 'profile-worker.ts'), execArgv: ['--import', 'tsx'] }
}

/** Messages sent but not yet answered, at most: main reads the next page while the worker counts this one. */
const IN_FLIGHT = 2

export class ProfileWorker {
  readonly #worker: Worker
  readonly #waiting: { resolve: (answer: FromWorker) => void; reject: (error: Error) => void }[] = []
  #failure: Error | null = null
  #pending: Promise<unknown>[] = []

  constructor() {
    const entry = workerEntry()
    this.#worker = new Worker(entry.file, entry.execArgv ? { execArgv: entry.execArgv } : {})
    this.#worker.on('message', (answer: FromWorker) => this.#waiting.shift()?.resolve(answer))
    this.#worker.on('error', (error) => this.#fail(error))
    this.#worker.on('exit', (code) => this.#fail(new Error(`The profile worker stopped (exit code ${code}).`)))
  }

  #fail(error: Error): void {
    this.#failure ??= error
    for (const waiter of this.#waiting.splice(0)) waiter.reject(error)
  }

  #send(message: ToWorker, transfer: readonly ArrayBuffer[] = []): Promise<FromWorker> {
    if (this.#failure) return Promise.reject(this.#failure)
    return new Promise((resolve, reject) => {
      this.#waiting.push({ resolve, reject })
      try {
        this.#worker.postMessage(message, [...transfer])
      } catch {
        // A buffer that cannot be moved (held by native code) is copied instead.
        this.#worker.postMessage(message)
      }
    })
  }

  /** Sends a message, waiting first while IN_FLIGHT are unanswered. */
  async #queue(message: ToWorker, transfer: readonly ArrayBuffer[] = []): Promise<void> {
    while (this.#pending.length >= IN_FLIGHT) await this.#pending.shift()
    const answer = this.#send(message, transfer).then(checked)
    // Seen here so a failure is not unhandled before it is awaited.
    answer.catch(() => undefined)
    this.#pending.push(answer)
  }

  /** Starts a profile of `columns`, of `share` columns in all (the kept-values budget is shared by every worker's columns), over `rows` rows. */
  async start(columns: readonly ColumnPlan[], share = columns.length, rows?: number): Promise<void> {
    await this.#queue({ type: 'start', columns, share, ...(rows === undefined ? {} : { rows }) })
  }

  /**
   * Hands a page of Arrow IPC bytes to the worker: moved, not copied, when the page is the
   * whole of a plain buffer (a page read through the handle is built in one fresh buffer);
   * copied otherwise (a view into a larger or native-owned buffer cannot be moved).
   * The page's bytes are not usable here afterwards.
   */
  async page(arrow: Uint8Array): Promise<void> {
    const whole = arrow.byteOffset === 0 && arrow.byteLength === arrow.buffer.byteLength && arrow.buffer instanceof ArrayBuffer
    await this.#queue({ type: 'page', arrow }, whole ? [arrow.buffer as ArrayBuffer] : [])
  }

  async cells(column: string, cells: readonly WireCell[]): Promise<void> {
    await this.#queue({ type: 'cells', column, cells })
  }

  async finish(): Promise<readonly ColumnProfile[]> {
    await Promise.all(this.#pending.splice(0))
    const answer = checked(await this.#send({ type: 'finish' }))
    if (answer.type !== 'result') throw new Error('The profile worker answered without a profile.')
    return answer.columns
  }

  /** Stops the worker; whatever still waits on it (a cancelled profile's other reads) fails at once. */
  async close(): Promise<void> {
    this.#fail(new CatalogError('cancelled', 'The profile was stopped.'))
    this.#worker.removeAllListeners('exit')
    this.#worker.on('exit', () => undefined)
    await this.#worker.terminate()
  }

  /** Lets the process exit while this worker waits unused (or holds it while in use). */
  hold(held: boolean): void {
    if (held) this.#worker.ref()
    else this.#worker.unref()
  }
}

/** How long a finished profile's worker waits for the next profile before it is stopped. */
const IDLE_MS = 60_000
/** Workers kept waiting at most (a profile uses up to two). */
const MAX_IDLE = 2
const idle: { readonly worker: ProfileWorker; readonly timer: NodeJS.Timeout }[] = []

/**
 * A worker for one profile: one a finished profile left waiting, else a new one. Starting
 * a worker loads its code and apache-arrow (about 0.1 s bundled, about 1 s through tsx),
 * which a profile opened right after another need not pay.
 */
export function takeWorker(): ProfileWorker {
  const kept = idle.pop()
  if (kept) {
    clearTimeout(kept.timer)
    kept.worker.hold(true)
    return kept.worker
  }
  return new ProfileWorker()
}

/**
 * Starts a worker to wait for the profile about to be asked for, unless one already waits:
 * its code then loads while the catalog and table open, which a cold first profile would
 * otherwise wait for after them.
 */
export function warmWorker(): void {
  if (idle.length === 0) void returnWorker(new ProfileWorker(), true)
}

/** Hands back a worker whose profile finished (kept for the next one); a failed or stopped one is closed. */
export async function returnWorker(worker: ProfileWorker, finished: boolean): Promise<void> {
  if (!finished || idle.length >= MAX_IDLE) return worker.close()
  worker.hold(false)
  const timer = setTimeout(() => {
    const at = idle.findIndex((entry) => entry.worker === worker)
    if (at >= 0) idle.splice(at, 1)
    void worker.close()
  }, IDLE_MS)
  timer.unref()
  idle.push({ worker, timer })
}

function checked(answer: FromWorker): FromWorker {
  if (answer.type === 'error') throw new CatalogError('internal', `Profiling failed: ${answer.message}`)
  return answer
}
