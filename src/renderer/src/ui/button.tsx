/**
 * The app's buttons. Variants: primary (the one main action of a view), secondary,
 * danger (destroys something), ghost (toolbars). `busy` disables the button and shows a
 * spinner while its action runs; `disabledReason` says in a tooltip, and to assistive
 * technology, why a disabled button cannot be used.
 */
import { useId, type ButtonHTMLAttributes, type ReactNode } from 'react'
import { LoaderCircle, type LucideIcon } from 'lucide-react'
import { cx } from './class-names'
import { Tooltip } from './tooltip'
import styles from './button.module.css'

/** How a button looks. */
export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost'

/** Props of Button. */
export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  readonly variant?: ButtonVariant
  /** The action is running: disabled, with a spinner, announced as busy. */
  readonly busy?: boolean
  /** Why the button is disabled; shown only while it is. */
  readonly disabledReason?: string | undefined
  /** An icon before the label. */
  readonly icon?: LucideIcon
  readonly size?: 'sm' | 'md'
}

/** A text button (with an optional leading icon). */
export function Button({
  variant = 'secondary',
  busy = false,
  disabledReason,
  icon: Icon,
  size = 'md',
  className,
  disabled,
  children,
  type = 'button',
  ...rest
}: ButtonProps): ReactNode {
  const reasonId = useId()
  const off = Boolean(disabled) || busy
  const showReason = Boolean(disabled) && !busy && Boolean(disabledReason)
  const button = (
    <button
      {...rest}
      type={type}
      disabled={off}
      aria-busy={busy || undefined}
      aria-describedby={showReason ? reasonId : rest['aria-describedby']}
      className={cx(styles.button, styles[variant], size === 'sm' && styles.small, className)}
    >
      {busy ? <LoaderCircle aria-hidden size={14} className={cx(styles.icon, styles.spin)} /> : Icon && <Icon aria-hidden size={14} className={styles.icon} />}
      {children}
    </button>
  )
  // A button that can have a reason keeps its wrapper while enabled, so it is not
  // remounted (and does not lose focus) when it becomes disabled or enabled.
  return disabledReason !== undefined ? (
    <Tooltip id={reasonId} text={disabledReason} off={!showReason}>
      {button}
    </Tooltip>
  ) : (
    button
  )
}

/** Props of IconButton. */
export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children' | 'aria-label'> {
  readonly icon: LucideIcon
  /** The accessible name, also shown as the tooltip. */
  readonly label: string
  readonly variant?: ButtonVariant
  readonly size?: 'sm' | 'md'
  readonly busy?: boolean
  /** Why the button is disabled; replaces the tooltip while it is. */
  readonly disabledReason?: string | undefined
  /** Put the tooltip's end edge under the button's (buttons at the window's right). */
  readonly tooltipAlignEnd?: boolean
}

/** A button showing only an icon; its label is its accessible name and its tooltip. */
export function IconButton({
  icon: Icon,
  label,
  variant = 'ghost',
  size = 'md',
  busy = false,
  disabledReason,
  tooltipAlignEnd,
  className,
  disabled,
  type = 'button',
  ...rest
}: IconButtonProps): ReactNode {
  const reasonId = useId()
  const off = Boolean(disabled) || busy
  const showReason = Boolean(disabled) && !busy && Boolean(disabledReason)
  return (
    <Tooltip
      text={showReason && disabledReason ? disabledReason : label}
      id={showReason ? reasonId : undefined}
      decorative={!showReason}
      alignEnd={tooltipAlignEnd}
    >
      <button
        {...rest}
        type={type}
        aria-label={label}
        disabled={off}
        aria-busy={busy || undefined}
        aria-describedby={showReason ? reasonId : rest['aria-describedby']}
        className={cx(styles.button, styles[variant], styles.iconOnly, size === 'sm' && styles.small, className)}
      >
        {busy ? <LoaderCircle aria-hidden size={16} className={styles.spin} /> : <Icon aria-hidden size={16} />}
      </button>
    </Tooltip>
  )
}
