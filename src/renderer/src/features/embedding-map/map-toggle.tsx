/**
 * The data toolbar's switch between the grid and the Map view of a vector column: a toggle
 * button, and where the table has more than one vector column, which one. Offered only
 * where it can work: a table without vector columns, a search's rows or an older version
 * get the button disabled with the reason.
 */
import { Map as MapIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { ColumnViewToggle } from '../../ui/column-view-toggle'

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
  return <ColumnViewToggle label="Map" icon={MapIcon} title="Draw a vector column as a map of its rows" {...{ columns, shown, reason, onShow }} />
}
