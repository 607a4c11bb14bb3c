/**
 * A text tooltip under its anchor, shown on hover and on keyboard focus. A disabled
 * button gets no pointer events, so the tooltip hangs off a wrapper, not the control.
 */
import type { ReactNode } from 'react'
import { cx } from './class-names'
import styles from './tooltip.module.css'

interface Props {
  readonly text: string
  /** Set on the tooltip so a control can point at it with aria-describedby. */
  readonly id?: string
  /** The tooltip repeats the control's accessible name: hide it from assistive technology. */
  readonly decorative?: boolean
  /** Align with the anchor's end edge (for controls at the right of the window). */
  readonly alignEnd?: boolean
  /** No tooltip for now; the wrapper stays, so the control is not remounted when it comes. */
  readonly off?: boolean
  readonly children: ReactNode
}

/** Wraps `children` with a tooltip showing `text`. */
export function Tooltip({ text, id, decorative, alignEnd, off, children }: Props): ReactNode {
  return (
    <span className={styles.anchor}>
      {children}
      {!off && (
        <span id={id} role={decorative ? undefined : 'tooltip'} aria-hidden={decorative || undefined} className={cx(styles.tip, alignEnd && styles.end)}>
          {text}
        </span>
      )}
    </span>
  )
}
