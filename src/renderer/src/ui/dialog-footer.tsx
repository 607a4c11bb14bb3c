/**
 * The one footer every dialog has: optional extra actions at the start, then Cancel and
 * the submitting button at the end. The submit button is the form's submit, so Enter in
 * a field confirms; Cancel closes unless the dialog gives it another job.
 */
import type { ReactNode } from 'react'
import { Button } from './button'
import styles from './dialog.module.css'

/** What a dialog's footer shows. */
export interface DialogFooterProps {
  /** The submit button's label (the caller switches it, e.g. "Drop" / "Dropping…"). */
  readonly submitLabel: string
  /** danger for a submit that destroys something; primary otherwise. */
  readonly submitVariant?: 'primary' | 'danger'
  /** The submitted action is running. */
  readonly busy?: boolean
  readonly submitDisabled?: boolean
  /** Why the submit button is disabled (tooltip and description). */
  readonly disabledReason?: string | undefined
  /** The cancel button; null for dialogs whose submit is "Close". */
  readonly cancel?: {
    readonly label?: string
    readonly onClick?: () => void
    readonly disabled?: boolean
    readonly autoFocus?: boolean
  } | null
  /** Other actions, shown at the start of the footer. */
  readonly extra?: ReactNode
}

/** Renders a dialog footer; `onClose` is what Cancel does unless `cancel.onClick` says otherwise. */
export function DialogFooter({
  submitLabel,
  submitVariant = 'primary',
  busy,
  submitDisabled,
  disabledReason,
  cancel = {},
  extra,
  onClose
}: DialogFooterProps & { readonly onClose: () => void }): ReactNode {
  return (
    <div className={styles.footer}>
      {extra && <div className={styles.extra}>{extra}</div>}
      {cancel && (
        <Button variant="secondary" onClick={cancel.onClick ?? onClose} disabled={cancel.disabled} autoFocus={cancel.autoFocus}>
          {cancel.label ?? 'Cancel'}
        </Button>
      )}
      <Button type="submit" variant={submitVariant} busy={busy} disabled={submitDisabled} disabledReason={disabledReason}>
        {submitLabel}
      </Button>
    </div>
  )
}
