/**
 * A data row's context menu (right-click, Shift+F10 or the Menu key on the grid):
 * "Find similar" searches for the rows whose vector is nearest to this row's. Closing
 * it gives focus back to where it was (the grid).
 */
import { Sparkles } from 'lucide-react'
import { useEffect, useRef, type ReactNode } from 'react'
import { Menu } from '../../ui/menu'

/** Which row the menu is for (counted over the view's rows) and where to show it. */
export interface RowMenuTarget {
  readonly row: number
  readonly x: number
  readonly y: number
}

interface Props {
  readonly target: RowMenuTarget
  readonly onFindSimilar: (row: number) => void
  readonly onClose: () => void
}

/** The menu. */
export function RowMenu({ target, onFindSimilar, onClose }: Props): ReactNode {
  const opener = useRef(document.activeElement instanceof HTMLElement ? document.activeElement : null)
  useEffect(() => {
    const back = opener.current
    return () => back?.focus()
  }, [])
  const items = [
    {
      label: 'Find similar',
      icon: Sparkles,
      run: () => {
        onClose()
        onFindSimilar(target.row)
      }
    }
  ]
  return <Menu label={`Actions for row ${(target.row + 1).toLocaleString('en-US')}`} items={items} x={target.x} y={target.y} onClose={onClose} />
}
