/**
 * Waiting on work that cannot itself be cancelled (a shared token request, say) while the
 * caller can be: the caller gets a `cancelled` error as soon as its signal aborts, and the
 * work goes on for whoever else waits on it.
 */
import { CatalogError } from '../shared/errors'

/** `promise`, or a `cancelled` CatalogError saying `message` as soon as `signal` aborts. */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined, message: string): Promise<T> {
  if (!signal) return promise
  if (signal.aborted) return Promise.reject(new CatalogError('cancelled', message))
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(new CatalogError('cancelled', message))
    signal.addEventListener('abort', onAbort, { once: true })
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort)
        resolve(value)
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort)
        reject(error instanceof Error ? error : new Error(String(error)))
      }
    )
  })
}
