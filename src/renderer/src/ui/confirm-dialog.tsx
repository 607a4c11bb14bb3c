/**
 * A modal question with one confirming button (named by `confirmLabel`) and Cancel.
 */
import type { ReactNode } from 'react'
import { Dialog } from './dialog'
import { ErrorAlert } from './error-alert'

interface Props {
  readonly title: string
  readonly children: ReactNode
  readonly confirmLabel: string
  readonly danger?: boolean
  readonly pending?: boolean
  readonly error?: unknown
  readonly onConfirm: () => void
  readonly onClose: () => void
}

/** Asks before doing something that cannot be undone. */
export function ConfirmDialog({ title, children, confirmLabel, danger, pending, error, onConfirm, onClose }: Props): ReactNode {
  return (
    <Dialog
      title={title}
      onClose={onClose}
      onSubmit={onConfirm}
      footer={{ submitLabel: confirmLabel, submitVariant: danger ? 'danger' : 'primary', busy: pending }}
    >
      {children}
      {error !== undefined && error !== null && <ErrorAlert error={error} />}
    </Dialog>
  )
}
