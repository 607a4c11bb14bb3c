/**
 * A row of controls with the toolbar role: Left and Right arrows move between its enabled
 * buttons (Tab still reaches each, so nothing is hidden from keyboard users who do not
 * know the arrows).
 */
import type { KeyboardEvent, ReactNode } from 'react'
import { cx } from './class-names'
import styles from './toolbar.module.css'

interface Props {
  /** The toolbar's accessible name. */
  readonly label: string
  readonly className?: string
  readonly children: ReactNode
}

/** The toolbar. */
export function Toolbar({ label, className, children }: Props): ReactNode {
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return
    const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button:not(:disabled)')]
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement)
    if (at < 0) return
    event.preventDefault()
    const step = event.key === 'ArrowRight' ? 1 : -1
    buttons[(at + step + buttons.length) % buttons.length]?.focus()
  }
  return (
    <div role="toolbar" aria-label={label} className={cx(styles.toolbar, className)} onKeyDown={onKeyDown}>
      {children}
    </div>
  )
}

/** A thin line between groups of a toolbar's controls. */
export function ToolbarSeparator(): ReactNode {
  return <span role="separator" aria-orientation="vertical" className={styles.separator} />
}
