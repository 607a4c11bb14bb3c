/**
 * A data toolbar switch between the grid and another view of one column (a gallery, a
 * map): a toggle button, and where the table has more than one such column, which one.
 * Offered only where it can work: with a reason, the button is disabled and says it.
 */
import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Button } from './button'
import { Select } from './select'

interface Props {
  /** The button's text, e.g. "Map". */
  readonly label: string
  readonly icon: LucideIcon
  /** What the button does while the grid shows. */
  readonly title: string
  /** The columns the view can show. */
  readonly columns: readonly string[]
  /** The column shown in the view, or null for the grid. */
  readonly shown: string | null
  /** Why the view cannot be shown now, or null. */
  readonly reason: string | null
  readonly onShow: (column: string | null) => void
}

/** The toggle, and the column choice while the view shows. */
export function ColumnViewToggle({ label, icon, title, columns, shown, reason, onShow }: Props): ReactNode {
  const first = columns[0]
  const on = shown !== null && reason === null
  return (
    <>
      <Button
        icon={icon}
        aria-pressed={on}
        disabled={reason !== null}
        disabledReason={reason ?? ''}
        title={reason === null ? (shown === null ? title : 'Back to the grid') : undefined}
        onClick={() => onShow(shown === null && first !== undefined ? first : null)}
      >
        {label}
      </Button>
      {on && columns.length > 1 && (
        <Select
          aria-label={`${label} column`}
          value={shown}
          onChange={(event) => onShow(event.target.value)}
          options={columns.map((column) => ({ value: column, label: column }))}
        />
      )}
    </>
  )
}
