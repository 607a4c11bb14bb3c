/**
 * A modal dialog on the native <dialog> element: focus moves in and is trapped, Escape
 * closes it, its title is its accessible name, and focus goes back to the element that
 * had it when the dialog opened. Its buttons are one DialogFooter, described by `footer`.
 */
import { useId, useLayoutEffect, useRef, type FormEvent, type ReactNode } from 'react'
import { Button } from './button'
import { cx } from './class-names'
import { DialogFooter, type DialogFooterProps } from './dialog-footer'
import { ErrorBoundary } from './error-boundary'
import styles from './dialog.module.css'

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
  // A layout effect, so the cleanup runs while the dialog is still in the document.
  useLayoutEffect(() => {
    const dialog = ref.current
    // The dialog is closed by unmounting it, which the browser does not treat as closing:
    // it would leave focus on <body>, so the opener is remembered and refocused here.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    if (dialog && !dialog.open) dialog.showModal()
    return () => {
      dialog?.close()
      // An opener that went away (a menu item) leaves focus to the region that owns it.
      if (opener?.isConnected) opener.focus()
    }
  }, [])
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
