/**
 * A modal dialog on the native <dialog> element: focus moves in and is trapped, Escape
 * closes it, and its title is its accessible name.
 */
import { useEffect, useId, useRef, type FormEvent, type ReactNode } from 'react'

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
  useEffect(() => {
    const dialog = ref.current
    if (dialog && !dialog.open) dialog.showModal()
    return () => dialog?.close()
  }, [])
  const submit = (event: FormEvent): void => {
    event.preventDefault()
    onSubmit()
  }
  return (
    <dialog ref={ref} aria-labelledby={titleId} className={wide ? 'dialog dialog-wide' : 'dialog'} onCancel={onClose}>
      <form onSubmit={submit}>
        <h2 id={titleId}>{title}</h2>
        {children}
        <div className="dialog-actions">{actions}</div>
      </form>
    </dialog>
  )
}
