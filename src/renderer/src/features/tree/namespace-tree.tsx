/**
 * The catalog tree: every expanded node flattened into one list and drawn through a
 * virtualizer, so the DOM stays small however many children are loaded. Pages load as
 * their end nears the viewport (one page ahead), and the WAI-ARIA treeview keys work.
 */
import { useVirtualizer } from '@tanstack/react-virtual'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { useConnectionView, useUiStore } from '../../app/ui-store'
import { NamespaceMenu, type MenuTarget } from './namespace-menu'
import { TreeFilter } from './tree-filter'
import { TreeRowView } from './tree-row'
import { useTreeKeyboard } from './use-tree-keyboard'
import { useTreeRows } from './use-tree-rows'

/** Height of one row in pixels; fixed, so the virtualizer needs no measuring. */
const ROW_HEIGHT = 26

/** The lazy, virtualized tree of one connection. */
export function NamespaceTree({ connectionId }: { readonly connectionId: string }): ReactNode {
  const pageSize = useUiStore((state) => state.pageSize)
  const view = useConnectionView()
  const [filter, setFilter] = useState('')
  const [menu, setMenu] = useState<MenuTarget | null>(null)
  const { rows, setsizes, listings } = useTreeRows(connectionId, pageSize, view.expanded, filter)
  const scrollRef = useRef<HTMLDivElement>(null)

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12
  })
  const visible = virtualizer.getVirtualItems()
  const lastVisible = visible[visible.length - 1]?.index ?? 0

  // Infinite scroll: a node's next page loads once its end is within a page of the viewport.
  useEffect(() => {
    const horizon = lastVisible + pageSize
    for (let i = visible[0]?.index ?? 0; i < rows.length && i <= horizon; i++) {
      const row = rows[i]
      if (row?.kind === 'more') void listings.loadMore(row.path)
    }
  }, [rows, lastVisible, pageSize, listings, visible])

  // The menu item (or the dialog it opened) that had focus is gone once the menu closes:
  // give focus back to the tree's current row, unless something else took it meanwhile.
  const closeMenu = (): void => {
    setMenu(null)
    requestAnimationFrame(() => {
      const active = document.activeElement
      if (active && active !== document.body) return
      scrollRef.current?.querySelector<HTMLElement>('[role="treeitem"][tabindex="0"]')?.focus({ preventScroll: true })
    })
  }

  const keyboard = useTreeKeyboard({ rows, scrollToIndex: (index) => virtualizer.scrollToIndex(index), scrollRef, openMenu: setMenu })

  return (
    <div className="tree-panel">
      <TreeFilter filter={filter} onChange={setFilter} rows={rows} listings={listings} />
      {/* tabIndex -1: the rows take focus, not the scroll box Chromium would otherwise add to the Tab order. */}
      <div ref={scrollRef} className="tree-scroll" tabIndex={-1}>
        <div
          role="tree"
          aria-label="Catalog"
          className="tree"
          style={{ height: `${virtualizer.getTotalSize()}px` }}
          onKeyDown={keyboard.onKeyDown}
        >
          {visible.map((item) => {
            const row = rows[item.index]
            if (!row) return null
            return (
              <TreeRowView
                key={row.key}
                row={row}
                setsize={row.kind === 'namespace' || row.kind === 'table' ? (setsizes.get(row.parentId) ?? -1) : -1}
                index={item.index}
                measure={virtualizer.measureElement}
                top={item.start}
                height={ROW_HEIGHT}
                focusable={row.key === keyboard.focusKey}
                listings={listings}
                onContextMenu={(target) => setMenu(target)}
              />
            )
          })}
        </div>
      </div>
      {menu && <NamespaceMenu connectionId={connectionId} target={menu} onClose={closeMenu} />}
    </div>
  )
}
