/**
 * The switch for the header's distribution sparklines, in the grid's row-number header
 * where the toolbar has no room left: an icon button, pressed while they show. Pressing
 * it where none shows asks for a sampled profile (a spinner while it runs); they also show
 * unasked when a profile of the rows is already at hand, and pressing it then hides them.
 * Its keys are its own: Enter and Space do not reach the grid's cell keys.
 */
import { ChartColumn, LoaderCircle } from 'lucide-react'
import type { ReactNode } from 'react'
import styles from './table-data.module.css'

/** What the switch shows and does. */
export interface DistributionsControl {
  /** Whether the sparklines show. */
  readonly shown: boolean
  /** A profile asked for is being computed. */
  readonly running: boolean
  /** Why they cannot show (a search's rows), or null. */
  readonly blocked: string | null
  readonly onToggle: () => void
}

/** The toggle. */
export function DistributionsToggle({ shown, running, blocked, onToggle }: DistributionsControl): ReactNode {
  const title =
    blocked ??
    (running ? 'Profiling a sample…' : shown ? "Hide the columns' distributions" : "Show each column's distribution in its header (profiles a sample)")
  return (
    <button
      type="button"
      className={styles.sparkToggle}
      aria-label="Distributions"
      aria-pressed={shown && blocked === null}
      aria-busy={running || undefined}
      disabled={blocked !== null}
      title={title}
      onClick={onToggle}
      onKeyDown={(event) => {
        // Only its own keys: Ctrl+K, Tab and the app's other shortcuts still work from it.
        if (event.key === 'Enter' || event.key === ' ') event.stopPropagation()
      }}
    >
      {running ? <LoaderCircle aria-hidden size={14} className={styles.sparkSpin} /> : <ChartColumn aria-hidden size={14} />}
    </button>
  )
}
