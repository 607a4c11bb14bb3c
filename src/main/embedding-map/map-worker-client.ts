/**
 * Starts and talks to one map worker (one per map: its rows live in it until it ends). The
 * built app has the worker as its own entry next to main's (out/main/map-worker.js, see
 * electron.vite.config.ts); run from the sources (tests, benches), the TypeScript entry is
 * started through tsx.
 */
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import { CatalogError } from '../../shared/errors'
import type { MapPage } from './map-page'
import type { FromMapWorker, ToMapWorker } from './map-worker-messages'

function workerEntry(): { readonly file: string; readonly execArgv?: string[] } {
  const here = dirname(fileURLToPath(import.meta.url))
  // Bundled: main's code sits in out/main/ or in out/main/chunks/.
  for (const file of [join(here, 'map-worker.js'), join(here, '..', 'map-worker.js')]) if (existsSync(file)) return { file }
  return { file: join(here, 'map-worker.ts'), execArgv: ['--import', 'tsx'] }
}

/** What the layout reports as it goes. */
export type LayoutEvent = Exclude<FromMapWorker, { type: 'ack' } | { type: 'error' }>

export class MapWorker {
  readonly #worker: Worker
  #listener: ((message: FromMapWorker) => void) | null = null
  #failure: Error | null = null
  #onFail: ((error: Error) => void) | null = null

  constructor() {
    const entry = workerEntry()
    this.#worker = new Worker(entry.file, entry.execArgv ? { execArgv: entry.execArgv } : {})
    this.#worker.on('message', (message: FromMapWorker) => this.#listener?.(message))
    this.#worker.on('error', (error) => this.#fail(error))
    this.#worker.on('exit', (code) => this.#fail(new Error(`The map worker stopped (exit code ${code}).`)))
  }

  #fail(error: Error): void {
    this.#failure ??= error
    this.#onFail?.(this.#failure)
  }

  /** Hands a decoded page to the worker (its vectors moved, not copied) and waits until it is kept; answers the rows kept so far as a picture. */
  async page(page: MapPage, capacity: number): Promise<{ readonly positions: Float32Array; readonly kinds: Uint8Array }> {
    const { buffer } = page.vectors
    const whole = page.vectors.byteOffset === 0 && page.vectors.byteLength === buffer.byteLength && buffer instanceof ArrayBuffer
    const answer = await this.#ask({ type: 'page', page, capacity }, whole ? [buffer as ArrayBuffer] : [], (m) => m.type === 'ack')
    if (answer.type !== 'ack') throw new Error('The map worker answered a page with something else.')
    return answer
  }

  /** Lays the rows out (placing `centroids`, if any, among them), reporting each event; resolves with the last (`done`). */
  async layOut(
    dimension: number | null,
    seed: number,
    centroids: Float32Array | null,
    onEvent: (event: LayoutEvent) => void
  ): Promise<Extract<FromMapWorker, { type: 'done' }>> {
    const done = await this.#ask({ type: 'layout', dimension, seed, centroids }, [], (message) => {
      if (message.type === 'done') return true
      if (message.type !== 'ack' && message.type !== 'error') onEvent(message)
      return false
    })
    if (done.type !== 'done') throw new Error('The map worker ended its layout without positions.')
    return done
  }

  #ask(message: ToMapWorker, transfer: readonly ArrayBuffer[], last: (message: FromMapWorker) => boolean): Promise<FromMapWorker> {
    if (this.#failure) return Promise.reject(this.#failure)
    return new Promise((resolve, reject) => {
      this.#onFail = reject
      this.#listener = (answer) => {
        if (answer.type === 'error') reject(new CatalogError('internal', `The map could not be laid out: ${answer.message}`))
        else if (last(answer)) resolve(answer)
      }
      this.#worker.postMessage(message, [...transfer])
    })
  }

  /** Stops the worker; a call still waiting on it fails as cancelled. */
  async close(): Promise<void> {
    this.#fail(new CatalogError('cancelled', 'The map was stopped.'))
    this.#worker.removeAllListeners('exit')
    this.#worker.on('exit', () => undefined)
    await this.#worker.terminate()
  }
}
