/** A native select (keyboard and screen readers work as everywhere) drawn in the kit's style. */
import type { ReactNode, SelectHTMLAttributes } from 'react'
import { ChevronDown } from 'lucide-react'
import { cx } from './class-names'
import styles from './select.module.css'

/** The select; options are its children. */
export function Select({ className, children, ...rest }: SelectHTMLAttributes<HTMLSelectElement>): ReactNode {
  return (
    <span className={styles.wrap}>
      <select {...rest} className={cx(styles.select, className)}>
        {children}
      </select>
      <ChevronDown aria-hidden size={14} className={styles.chevron} />
    </span>
  )
}
