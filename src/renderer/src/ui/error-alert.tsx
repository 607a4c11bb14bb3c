import type { ReactNode } from 'react'
import { ApiError } from '../lib/api'

/** Shows an error from main as an alert, with its code and status for those who need them. */
export function ErrorAlert({ error, onRetry }: { readonly error: unknown; readonly onRetry?: () => void }): ReactNode {
  const message = error instanceof Error ? error.message : String(error)
  const status = error instanceof ApiError ? error.details?.status : undefined
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
    </div>
  )
}
