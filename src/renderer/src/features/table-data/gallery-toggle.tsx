/**
 * The data toolbar's switch between the grid and a gallery of one byte column: a toggle
 * button, and where the table has more than one byte column, which one. Offered only where
 * it can work: a table without byte columns, or a search (whose rows are not the table's
 * by position), gets the button disabled with the reason.
 */
import { LayoutGrid } from 'lucide-react'
import type { ReactNode } from 'react'
import { Button } from '../../ui/button'
import { Select } from '../../ui/select'

interface Props {
  /** The table's byte columns. */
  readonly columns: readonly string[]
  /** The column shown as a gallery, or null for the grid. */
  readonly shown: string | null
  /** Whether a search's rows are on screen. */
  readonly searching: boolean
  readonly onShow: (column: string | null) => void
}

/** The toggle. */
export function GalleryToggle({ columns, shown, searching, onShow }: Props): ReactNode {
  const reason =
    columns.length === 0
      ? 'This table has no byte column to show as pictures.'
      : searching
        ? "A search's rows show in the grid; clear the search to see a gallery."
        : null
  const first = columns[0]
  return (
    <>
      <Button
        icon={LayoutGrid}
        aria-pressed={shown !== null && !searching}
        disabled={reason !== null}
        disabledReason={reason ?? ''}
        title={reason === null ? (shown === null ? 'Show a byte column as a gallery of thumbnails' : 'Back to the grid') : undefined}
        onClick={() => onShow(shown === null && first !== undefined ? first : null)}
      >
        Gallery
      </Button>
      {shown !== null && !searching && columns.length > 1 && (
        <Select aria-label="Gallery column" value={shown} onChange={(event) => onShow(event.target.value)}>
          {columns.map((column) => (
            <option key={column} value={column}>
              {column}
            </option>
          ))}
        </Select>
      )}
    </>
  )
}
