/**
 * A modal dialog on the native <dialog> element: focus moves in and is trapped, Escape
 * closes it, its title is its accessible name, and focus goes back to the element that
 * had it when the dialog opened. Its buttons are one DialogFooter, described by `footer`.
 * A dialog holding something the person entered can ask before Escape or Cancel throws
 * it away (`discardQuestion`).
 */
import { useId, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode, type SyntheticEvent } from 'react'
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
  /**
   * Asked before Escape or Cancel throws away what was entered ("Discard the table you
   * started?"), with Keep editing and Discard; null or absent closes at once.
   */
  readonly discardQuestion?: string | null
  /** Keys the dialog's content acts on (e.g. arrows that move between records); Escape stays the dialog's. */
  readonly onKeyDown?: (event: KeyboardEvent<HTMLDialogElement>) => void
}

/** A modal form dialog; submitting the form calls `onSubmit`. */
export function Dialog({ title, onClose, onSubmit, children, footer, wide, discardQuestion, onKeyDown: onContentKey }: Props): ReactNode {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const [asking, setAsking] = useState(false)
  useModal(ref)
  const submit = (event: FormEvent): void => {
    event.preventDefault()
    onSubmit()
  }
  const requestClose = (): void => (discardQuestion ? setAsking(true) : onClose())
  // Escape is stopped at its keydown: once the browser's cancel runs, the dialog may close
  // whatever its handler does (Chromium lets a page refuse a close only so often).
  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>): void => {
    if (event.key !== 'Escape') return onContentKey?.(event)
    if (!discardQuestion || asking || event.defaultPrevented) return
    event.preventDefault()
    setAsking(true)
  }
  const onCancel = (event: SyntheticEvent<HTMLDialogElement>): void => {
    // The question's own cancel (Escape in it) is Keep editing, not a second close request.
    if (event.target !== event.currentTarget) return
    if (discardQuestion) {
      event.preventDefault()
      setAsking(true)
    } else onClose()
  }
  return (
    <dialog ref={ref} aria-labelledby={titleId} className={cx(styles.dialog, wide && styles.wide)} onCancel={onCancel} onKeyDown={onKeyDown}>
      <h2 id={titleId} className={styles.title}>
        {title}
      </h2>
      {/* The title and the <dialog> stay outside, so a failed form is still a closable dialog. */}
      <ErrorBoundary what="This dialog" actions={<Button onClick={onClose}>Close</Button>}>
        <form onSubmit={submit}>
          {children}
          <DialogFooter {...footer} onClose={requestClose} />
        </form>
      </ErrorBoundary>
      {/* Outside the form: a form may not hold another. */}
      {asking && discardQuestion && (
        <Dialog
          title={discardQuestion}
          onClose={() => setAsking(false)}
          onSubmit={onClose}
          footer={{ submitLabel: 'Discard', submitVariant: 'danger', cancel: { label: 'Keep editing', autoFocus: true } }}
        >
          <p>What you entered in {title} is not kept.</p>
        </Dialog>
      )}
    </dialog>
  )
}
