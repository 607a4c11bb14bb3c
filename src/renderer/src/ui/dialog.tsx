/**
 * A modal dialog on the native <dialog> element: focus moves in and is trapped, Escape
 * closes it, its title is its accessible name, and focus goes back to the element that
 * had it when the dialog opened.
 */
import { useId, useRef, type FormEvent, type ReactNode } from 'react'
import { ErrorBoundary } from './error-boundary'
import { useModal } from './use-modal'

interface Props {
  readonly title: string
  readonly onClose: () => void
  readonly onSubmit: () => void
  readonly children: ReactNode
  readonly actions: ReactNode
  /** A wider dialog, for forms with tables in them. */
  readonly wide?: boolean
}

/** A modal form dialog; submitting the form calls `onSubmit`. */
export function Dialog({ title, onClose, onSubmit, children, actions, wide }: Props): ReactNode {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  useModal(ref)
  const submit = (event: FormEvent): void => {
    event.preventDefault()
    onSubmit()
  }
  return (
    <dialog ref={ref} aria-labelledby={titleId} className={wide ? 'dialog dialog-wide' : 'dialog'} onCancel={onClose}>
      <h2 id={titleId}>{title}</h2>
      {/* The title and the <dialog> stay outside, so a failed form is still a closable dialog. */}
      <ErrorBoundary
        what="This dialog"
        actions={
          <button type="button" onClick={onClose}>
            Close
          </button>
        }
      >
        <form onSubmit={submit}>
          {children}
          <div className="dialog-actions">{actions}</div>
        </form>
      </ErrorBoundary>
    </dialog>
  )
}
