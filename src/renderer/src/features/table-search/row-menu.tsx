/**
 * The grid's menu for a cell and its row (right-click, Shift+F10 or the Menu key): the
 * cell's own actions, given by the grid (open, copy, filter by the value, save bytes), and
 * "Find similar", which searches for the rows whose vector is nearest to this row's, first
 * where the table has a vector column. Closing it gives focus back to where it was (the grid).
 */
import { Sparkles } from 'lucide-react'
import { useEffect, useRef, type ReactNode } from 'react'
import { Menu, type MenuItem } from '../../ui/menu'

/** Which row the menu is for (counted over the view's rows) and where to show it. */
export interface RowMenuTarget {
  readonly row: number
  readonly x: number
  readonly y: number
}

interface Props {
  readonly target: RowMenuTarget
  /** The cell's actions, after Find similar. */
  readonly items?: readonly MenuItem[]
  /** Absent where the table has no vector column to search. */
  readonly onFindSimilar?: ((row: number) => void) | undefined
  readonly onClose: () => void
}

/** The menu. */
export function RowMenu({ target, items = [], onFindSimilar, onClose }: Props): ReactNode {
  const opener = useRef(document.activeElement instanceof HTMLElement ? document.activeElement : null)
  useEffect(() => {
    const back = opener.current
    return () => back?.focus()
  }, [])
  const findSimilar: MenuItem[] = onFindSimilar
    ? [
        {
          label: 'Find similar',
          icon: Sparkles,
          run: () => {
            onClose()
            onFindSimilar(target.row)
          }
        }
      ]
    : []
  // Every action closes the menu first, so focus is back on the grid before it runs.
  const own = items.map((item, i) => ({
    ...item,
    separated: item.separated === true || (i === 0 && findSimilar.length > 0),
    run: () => {
      onClose()
      item.run()
    }
  }))
  const all = [...findSimilar, ...own]
  return <Menu label={`Actions for row ${(target.row + 1).toLocaleString('en-US')}`} items={all} x={target.x} y={target.y} onClose={onClose} />
}
