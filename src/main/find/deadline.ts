/**
 * One catalog request of a search, bounded in time and cancellable: it gets a signal of
 * its own that aborts when the search is cancelled or the request's time is up, and the
 * caller stops waiting at that moment even if the client behind it ignores signals, so a
 * node that hangs holds up nothing but itself.
 */
import { CatalogError } from '../../shared/errors'

/** Runs `call` with a signal that aborts on `parent` or after `ms`; rejects at once when either happens. */
export function withDeadline<T>(call: (signal: AbortSignal) => Promise<T>, parent: AbortSignal, ms: number, what: string): Promise<T> {
  if (parent.aborted) return Promise.reject(cancelled())
  const controller = new AbortController()
  return new Promise<T>((resolve, reject) => {
    const finish = (): void => {
      clearTimeout(timer)
      parent.removeEventListener('abort', onCancel)
    }
    const onCancel = (): void => {
      finish()
      controller.abort()
      reject(cancelled())
    }
    const timer = setTimeout(() => {
      finish()
      controller.abort()
      reject(new CatalogError('timeout', `The catalog did not answer ${what} within ${Math.round(ms / 1000)} s; that listing was skipped.`))
    }, ms)
    parent.addEventListener('abort', onCancel, { once: true })
    call(controller.signal).then(
      (value) => {
        finish()
        resolve(value)
      },
      (error: unknown) => {
        finish()
        reject(error)
      }
    )
  })
}

function cancelled(): CatalogError {
  return new CatalogError('cancelled', 'The search was cancelled.')
}
