/**
 * The catalog tree: the root and every expanded node shown as one list of rows, drawn
 * through a virtualizer, so the DOM stays small however many children are loaded. Rows are built
 * only for the virtualizer's window; pages load ahead of the viewport (several pages), so
 * scrolling at a steady speed does not wait for them, and the WAI-ARIA treeview keys work.
 */
import { useVirtualizer } from '@tanstack/react-virtual'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { useConnectionView, useUiStore } from '../../state/ui-store'
import { NamespaceMenu, type MenuTarget } from './namespace-menu'
import { TreeFilter } from './tree-filter'
import { CatalogFilterMatches } from '../find/catalog-filter-matches'
import { TreeRowView } from './tree-row'
import { useTreeKeyboard } from './use-tree-keyboard'
import { useTreeRows } from './use-tree-rows'
import styles from './tree.module.css'

/** Height of one row in pixels; fixed, so the virtualizer needs no measuring. */
const ROW_HEIGHT = 26
/**
 * How far below the viewport a node's next page starts loading: pages, or rows for small
 * pages. Loading stops once a node's end is this far below the viewport, so with End held
 * (each key repeat jumps to the loaded end, 30 times a second) it caps the pages per
 * repeat: at 3 that cap (90 pages a second), not the server, set the pace.
 */
const LOOKAHEAD_PAGES = 6
const LOOKAHEAD_ROWS = 300

/** The lazy, virtualized tree of one connection. */
export function NamespaceTree({ connectionId }: { readonly connectionId: string }): ReactNode {
  const pageSize = useUiStore((state) => state.pageSize)
  const view = useConnectionView()
  const [filter, setFilter] = useState('')
  const [menu, setMenu] = useState<MenuTarget | null>(null)
  const { view: tree, listings } = useTreeRows(connectionId, pageSize, view.expanded, filter)
  const scrollRef = useRef<HTMLDivElement>(null)

  const virtualizer = useVirtualizer({
    count: tree.count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12
  })
  const visible = virtualizer.getVirtualItems()
  const lastVisible = visible[visible.length - 1]?.index ?? 0

  const firstVisible = visible[0]?.index ?? 0
  // Infinite scroll: a node's next page loads once its end is within a few pages of the
  // viewport, and the next one as soon as that arrives while still within reach.
  useEffect(() => {
    const horizon = lastVisible + Math.max(LOOKAHEAD_ROWS, pageSize * LOOKAHEAD_PAGES)
    for (const path of tree.moreBetween(firstVisible, horizon)) listings.loadAhead(path, LOOKAHEAD_PAGES)
  }, [tree, firstVisible, lastVisible, pageSize, listings])

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

  // One scroll to the row's offset, not scrollToIndex: that one re-reads the layout every
  // frame until the row's offset stops moving, and with End held (a new target 30 times a
  // second while pages land) it never does, which kept the main thread from the responses.
  const scrollToIndex = (index: number): void => {
    const target = virtualizer.getOffsetForIndex(index, 'auto')
    if (target) virtualizer.scrollToOffset(target[0])
  }
  const keyboard = useTreeKeyboard({ tree, scrollToIndex, scrollRef, openMenu: setMenu })

  return (
    <div className={styles.treePanel}>
      <TreeFilter filter={filter} onChange={setFilter} tree={tree} listings={listings} />
      <CatalogFilterMatches connectionId={connectionId} filter={filter} />
      {/* tabIndex -1: the rows take focus, not the scroll box Chromium would otherwise add to the Tab order. */}
      <div ref={scrollRef} className={styles.treeScroll} data-testid="tree-scroll" tabIndex={-1}>
        <div role="tree" aria-label="Catalog" className={styles.tree} style={{ height: `${virtualizer.getTotalSize()}px` }} onKeyDown={keyboard.onKeyDown}>
          {visible.map((item) => {
            const row = tree.rowAt(item.index)
            if (!row) return null
            return (
              <TreeRowView
                key={row.key}
                row={row}
                setsize={row.kind === 'namespace' || row.kind === 'table' ? tree.setsize(row.parentId) : -1}
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
