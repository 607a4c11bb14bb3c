/**
 * The data toolbar's switch for the header's distribution sparklines: pressed while they
 * show. Pressing it where none shows asks for a sampled profile (the button is busy while
 * it runs); they also show unasked when a profile of the rows is already at hand, and
 * pressing it then hides them.
 */
import { ChartColumn } from 'lucide-react'
import type { ReactNode } from 'react'
import { Button } from '../../ui/button'

interface Props {
  /** Whether the sparklines show. */
  readonly shown: boolean
  /** A profile asked for is being computed. */
  readonly running: boolean
  /** Why they cannot show (a search's rows), or null. */
  readonly blocked: string | null
  readonly onToggle: () => void
}

/** The toggle. */
export function DistributionsToggle({ shown, running, blocked, onToggle }: Props): ReactNode {
  return (
    <Button
      icon={ChartColumn}
      aria-pressed={shown && blocked === null}
      busy={running}
      disabled={blocked !== null}
      disabledReason={blocked ?? ''}
      title={blocked === null ? (shown ? "Hide the columns' distributions" : "Show each column's distribution in its header (profiles a sample)") : undefined}
      onClick={onToggle}
    >
      Distributions
    </Button>
  )
}
