/**
 * A create or drop the catalog runs as a long transaction: the dialog names the call with
 * an operation id, follows main's reports of the catalog's status (a long poll that
 * answers as each DescribeTransaction comes back), and offers to cancel it.
 */
import { useCallback, useEffect, useState, type ReactNode } from 'react'
import type { OperationProgress } from '@shared/contract/operations'
import { api, ApiError } from '../../lib/api'
import type { DialogFooterProps } from '../../ui/dialog-footer'
import { ErrorAlert } from '../../ui/error-alert'

/** A fresh operation id for one call. */
export function newOperationId(): string {
  return crypto.randomUUID()
}

/** What main last reported about operation `operationId` (null before any news, or without an id). */
export function useOperationProgress(operationId: string | null): OperationProgress | null {
  // Kept with the id it is about, so a new operation starts with no news.
  const [latest, setLatest] = useState<{ readonly id: string; readonly progress: OperationProgress } | null>(null)
  useEffect(() => {
    if (operationId === null) return
    let live = true
    void (async () => {
      let after = 0
      while (live) {
        const answer = await api.operations.progress({ operationId, after })
        // A failed poll shows nothing more: the call's own answer says what happened.
        if (!live || !answer.ok) return
        setLatest({ id: operationId, progress: answer.value })
        after = answer.value.revision
        if (answer.value.state === 'finished') return
      }
    })()
    return () => {
      live = false
    }
  }, [operationId])
  return latest !== null && latest.id === operationId ? latest.progress : null
}

/** Asks main to cancel operation `operationId` (main asks the catalog to cancel its transaction). */
export function useCancelOperation(operationId: string | null): () => void {
  return useCallback(() => {
    if (operationId !== null) void api.operations.cancel({ operationId })
  }, [operationId])
}

/** True while the catalog runs the call as a transaction that has not ended. */
export function waitingOnCatalog(progress: OperationProgress | null): boolean {
  return progress !== null && progress.state === 'pending' && progress.transaction !== null
}

/** The status line while the catalog runs the call's transaction. */
export function TransactionStatus({ progress }: { readonly progress: OperationProgress | null }): ReactNode {
  if (!waitingOnCatalog(progress) || progress?.transaction == null) return null
  const { transactionId, status } = progress.transaction
  return (
    <p role="status" className="muted">
      {progress.cancelRequested
        ? `Cancelling: the catalog was asked to cancel transaction ${transactionId} (status ${status})…`
        : `Waiting for the catalog to finish (transaction ${transactionId}, status ${status})…`}
    </p>
  )
}

/** A dialog's watched call: `start` names the next call, the rest follows the latest one. */
export interface WatchedOperation {
  /** A fresh operation id for the call about to be sent (and watched from now on). */
  readonly start: () => string
  readonly progress: OperationProgress | null
  /** True while the catalog runs the call's transaction. */
  readonly waiting: boolean
  readonly cancel: () => void
}

/** Watches one call at a time, for a dialog whose create or drop the catalog may run as a transaction. */
export function useWatchedOperation(): WatchedOperation {
  const [operationId, setOperationId] = useState<string | null>(null)
  const progress = useOperationProgress(operationId)
  const cancel = useCancelOperation(operationId)
  const start = useCallback(() => {
    const id = newOperationId()
    setOperationId(id)
    return id
  }, [])
  return { start, progress, waiting: waitingOnCatalog(progress), cancel }
}

/**
 * The footer parts that change while the catalog runs the call: the submit says it is
 * waiting, and Cancel asks the catalog to cancel (once) instead of closing the dialog.
 */
export function waitingFooter(
  pending: boolean,
  watched: WatchedOperation,
  busyLabel: string,
  idleLabel: string
): Pick<DialogFooterProps, 'submitLabel' | 'cancel'> {
  if (pending && watched.waiting)
    return { submitLabel: 'Waiting for the catalog…', cancel: { onClick: watched.cancel, disabled: watched.progress?.cancelRequested === true } }
  return { submitLabel: pending ? busyLabel : idleLabel }
}

/** A watched call's failure: a cancel the catalog honoured is a status, anything else an alert. */
export function OperationError({ error }: { readonly error: Error }): ReactNode {
  if (error instanceof ApiError && error.code === 'cancelled') {
    return (
      <p role="status" className="muted">
        Cancelled: {error.message}
      </p>
    )
  }
  return <ErrorAlert error={error} />
}
