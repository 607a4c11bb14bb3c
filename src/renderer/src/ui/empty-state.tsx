/**
 * What a region shows when it has nothing to show: what is (not) there and what to do
 * next, with the action to do it when there is one.
 */
import type { ReactNode } from 'react'
import type { LucideIcon } from 'lucide-react'
import { cx } from './class-names'
import styles from './empty-state.module.css'

interface Props {
  readonly icon: LucideIcon
  readonly title: string
  /** What to do next, in words. */
  readonly children?: ReactNode
  /** The button (or link) that does it. */
  readonly action?: ReactNode
  /** Less space around it, for small regions (a grid, a list). */
  readonly compact?: boolean
}

/** The empty state. */
export function EmptyState({ icon: Icon, title, children, action, compact }: Props): ReactNode {
  return (
    <div className={cx(styles.empty, compact && styles.compact)}>
      <Icon aria-hidden size={compact ? 20 : 32} className={styles.icon} />
      <p className={styles.title}>{title}</p>
      {children && <p className={styles.body}>{children}</p>}
      {action}
    </div>
  )
}
