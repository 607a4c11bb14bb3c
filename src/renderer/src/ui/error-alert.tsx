import type { ReactNode } from 'react'
import { ApiError } from '../lib/api'
import { technicalDetails } from './technical-details'

/**
 * Shows an error from main as an alert: the message a person reads, its code and status,
 * and, collapsed, the technical details (full library or server text, source locations
 * and paths included) for whoever needs to dig or report it.
 */
export function ErrorAlert({ error, onRetry }: { readonly error: unknown; readonly onRetry?: () => void }): ReactNode {
  const message = error instanceof Error ? error.message : String(error)
  const status = error instanceof ApiError ? error.details?.status : undefined
  const lines = error instanceof ApiError ? technicalDetails(message, error.details) : []
  return (
    <div role="alert" className="error-alert">
      <span>{message}</span>
      {error instanceof ApiError && (
        <span className="error-code">
          {' '}
          ({error.code}
          {status !== undefined ? `, HTTP ${status}` : ''})
        </span>
      )}
      {onRetry && (
        <button type="button" className="link-button" onClick={onRetry}>
          Retry
        </button>
      )}
      {lines.length > 0 && (
        <details className="error-details">
          <summary>Technical details</summary>
          <dl>
            {lines.map((line) => (
              <div key={line.label}>
                <dt>{line.label}</dt>
                <dd>{line.value}</dd>
              </div>
            ))}
          </dl>
        </details>
      )}
    </div>
  )
}
