/** A native select (keyboard and screen readers work as everywhere) drawn in the kit's style. */
import type { ReactNode, SelectHTMLAttributes } from 'react'
import { ChevronDown } from 'lucide-react'
import { cx } from './class-names'
import styles from './select.module.css'

/** One choice of a select: what it sends and what it says. */
export interface SelectOption {
  readonly value: string | number
  readonly label: string
}

interface Props extends SelectHTMLAttributes<HTMLSelectElement> {
  /** Choices listed after any children (such as a first "none" option). */
  readonly options?: readonly SelectOption[]
}

/** The select; options are its children, then `options`. */
export function Select({ className, children, options = [], ...rest }: Props): ReactNode {
  return (
    <span className={styles.wrap}>
      <select {...rest} className={cx(styles.select, className)}>
        {children}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <ChevronDown aria-hidden size={14} className={styles.chevron} />
    </span>
  )
}
