/**
 * The data toolbar's switch between the grid and the Map view of a vector column: a toggle
 * button, and where the table has more than one vector column, which one. Offered only
 * where it can work: a table without vector columns, a search's rows or an older version
 * get the button disabled with the reason.
 */
import { Map as MapIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Button } from '../../ui/button'
import { Select } from '../../ui/select'

interface Props {
  /** The table's vector columns. */
  readonly columns: readonly string[]
  /** The column shown as a map, or null for the grid. */
  readonly shown: string | null
  /** Why no map can be shown now (a search's rows, an older version), or null. */
  readonly blocked: string | null
  readonly onShow: (column: string | null) => void
}

/** The toggle. */
export function MapToggle({ columns, shown, blocked, onShow }: Props): ReactNode {
  const reason = columns.length === 0 ? 'This table has no vector column to draw as a map.' : blocked
  const first = columns[0]
  return (
    <>
      <Button
        icon={MapIcon}
        aria-pressed={shown !== null && reason === null}
        disabled={reason !== null}
        disabledReason={reason ?? ''}
        title={reason === null ? (shown === null ? 'Draw a vector column as a map of its rows' : 'Back to the grid') : undefined}
        onClick={() => onShow(shown === null && first !== undefined ? first : null)}
      >
        Map
      </Button>
      {shown !== null && reason === null && columns.length > 1 && (
        <Select aria-label="Map column" value={shown} onChange={(event) => onShow(event.target.value)}>
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
