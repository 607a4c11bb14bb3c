/**
 * Errors no region caught (an exception in an event handler or timer, a promise nobody
 * awaited) are reported, never dropped: each becomes a banner at the top of the window
 * with one sentence, "Copy details" and "Dismiss". The browser still logs them too.
 */
import { useSyncExternalStore, type ReactNode } from 'react'
import { CopyButton } from './copy-button'
import { errorDetailsText, errorFacts, errorSentence } from './error-details'

/** One reported error. */
interface Report {
  readonly id: number
  readonly what: string
  readonly error: unknown
  readonly when: Date
  /** How often the same error came again while this banner was up. */
  readonly repeats: number
}

/** More than this many banners would bury the window; older ones give way. */
const MAX_REPORTS = 4

let reports: readonly Report[] = []
let nextId = 1
const listeners = new Set<() => void>()

function publish(next: readonly Report[]): void {
  reports = next
  for (const listener of listeners) listener()
}

/** Adds a banner for `error`; `what` says which kind of work failed ("A background task"). */
export function reportError(what: string, error: unknown): void {
  const { name, message } = errorFacts(error)
  const same = reports.find((r) => r.what === what && errorFacts(r.error).name === name && errorFacts(r.error).message === message)
  if (same) {
    publish(reports.map((r) => (r === same ? { ...r, repeats: r.repeats + 1 } : r)))
    return
  }
  publish([...reports, { id: nextId++, what, error, when: new Date(), repeats: 0 }].slice(-MAX_REPORTS))
}

function dismiss(id: number): void {
  publish(reports.filter((r) => r.id !== id))
}

/** Listens for uncaught errors and unhandled rejections on `target`; returns the undo. */
export function installGlobalErrorReporting(target: Window): () => void {
  const onError = (event: Event): void => {
    // Failed <img>/<script> loads fire plain Events (no ErrorEvent) that do not bubble here.
    if (!(event instanceof ErrorEvent)) return
    reportError('Something in the app', event.error ?? event.message)
  }
  const onRejection = (event: PromiseRejectionEvent): void => reportError('A background task', event.reason)
  target.addEventListener('error', onError)
  target.addEventListener('unhandledrejection', onRejection)
  return () => {
    target.removeEventListener('error', onError)
    target.removeEventListener('unhandledrejection', onRejection)
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

/** The banners of reported errors, newest last. */
export function ErrorReports(): ReactNode {
  const current = useSyncExternalStore(subscribe, () => reports)
  if (current.length === 0) return null
  return (
    <section aria-label="Errors" className="error-reports">
      {current.map((report) => (
        <div key={report.id} role="alert" className="region-error error-report">
          <p className="region-error-text">
            {errorSentence(report.what, report.error, 'failed')}
            {report.repeats > 0 && <span className="muted"> (again {report.repeats}×)</span>}
          </p>
          <div className="region-error-actions">
            <CopyButton label="Copy details" text={() => errorDetailsText(report.what, report.error, { when: report.when })} />
            <button type="button" onClick={() => dismiss(report.id)}>
              Dismiss
            </button>
          </div>
        </div>
      ))}
    </section>
  )
}
