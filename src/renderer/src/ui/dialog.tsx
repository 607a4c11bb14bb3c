/**
 * A modal dialog on the native <dialog> element: focus moves in and is trapped, Escape
 * closes it, its title is its accessible name, and focus goes back to the element that
 * had it when the dialog opened. Its buttons are one DialogFooter, described by `footer`.
 */
import { useId, useRef, type FormEvent, type ReactNode } from 'react'
import { Button } from './button'
import { cx } from './class-names'
import { DialogFooter, type DialogFooterProps } from './dialog-footer'
import { ErrorBoundary } from './error-boundary'
import styles from './dialog.module.css'
import { useModal } from './use-modal'

interface Props {
  readonly title: string
  readonly onClose: () => void
  readonly onSubmit: () => void
  readonly children: ReactNode
  readonly footer: DialogFooterProps
  /** A wider dialog, for forms with tables in them. */
  readonly wide?: boolean
}

/** A modal form dialog; submitting the form calls `onSubmit`. */
export function Dialog({ title, onClose, onSubmit, children, footer, wide }: Props): ReactNode {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  useModal(ref)
  const submit = (event: FormEvent): void => {
    event.preventDefault()
    onSubmit()
  }
  return (
    <dialog ref={ref} aria-labelledby={titleId} className={cx(styles.dialog, wide && styles.wide)} onCancel={onClose}>
      <h2 id={titleId} className={styles.title}>
        {title}
      </h2>
      {/* The title and the <dialog> stay outside, so a failed form is still a closable dialog. */}
      <ErrorBoundary what="This dialog" actions={<Button onClick={onClose}>Close</Button>}>
        <form onSubmit={submit}>
          {children}
          <DialogFooter {...footer} onClose={onClose} />
        </form>
      </ErrorBoundary>
    </dialog>
  )
}
