/**
 * The data toolbar's switch between the grid and a gallery of one byte column: a toggle
 * button, and where the table has more than one byte column, which one. Offered for the
 * table's rows and a search's alike; a table without byte columns gets the button disabled
 * with the reason.
 */
import { LayoutGrid } from 'lucide-react'
import type { ReactNode } from 'react'
import { ColumnViewToggle } from '../../ui/column-view-toggle'

interface Props {
  /** The table's byte columns. */
  readonly columns: readonly string[]
  /** The column shown as a gallery, or null for the grid. */
  readonly shown: string | null
  readonly onShow: (column: string | null) => void
}

/** The toggle. */
export function GalleryToggle({ columns, shown, onShow }: Props): ReactNode {
  const reason = columns.length === 0 ? 'This table has no byte column to show as pictures.' : null
  return <ColumnViewToggle label="Gallery" icon={LayoutGrid} title="Show a byte column as a gallery of thumbnails" {...{ columns, shown, reason, onShow }} />
}
