/**
 * A section that starts folded under a one-line summary (a native <details>, so the
 * keyboard and screen readers treat it as everywhere). Used for settings most people
 * never change, so the common ones stay in view.
 */
import { useState, type ReactNode } from 'react'
import { ChevronRight } from 'lucide-react'
import styles from './disclosure.module.css'

interface Props {
  readonly summary: string
  /**
   * Open at first, e.g. because the section already holds values; turning true later (a
   * problem inside) opens it, turning false never closes it under the person's hands.
   */
  readonly defaultOpen?: boolean
  readonly children: ReactNode
}

/** A folded section with its summary line. */
export function Disclosure({ summary, defaultOpen, children }: Props): ReactNode {
  const [open, setOpen] = useState(defaultOpen === true)
  const [asked, setAsked] = useState(defaultOpen === true)
  if ((defaultOpen === true) !== asked) {
    setAsked(defaultOpen === true)
    if (defaultOpen === true) setOpen(true)
  }
  return (
    <details className={styles.disclosure} open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className={styles.summary}>
        <ChevronRight aria-hidden size={14} className={styles.chevron} />
        {summary}
      </summary>
      <div className={styles.body}>{children}</div>
    </details>
  )
}
