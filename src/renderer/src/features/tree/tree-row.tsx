/**
 * One drawn row of the tree: a namespace (expandable), a table, or a status row
 * (loading, empty, error with Retry). Positioned absolutely by the virtualizer.
 */
import type { MouseEvent, ReactNode } from 'react'
import { COMPONENT_RULE, followsNamingRule } from '@shared/namespace-path'
import { useConnectionView, useUiStore } from '../../state/ui-store'
import { sameTable } from '../../lib/node-key'
import { ErrorAlert } from '../../ui/error-alert'
import type { TreeRow } from './flatten'
import type { MenuTarget } from './namespace-menu'
import type { TreeListings } from './tree-listings'
import { ChevronDown, ChevronRight, Folder, Table2 } from 'lucide-react'
import styles from './tree.module.css'
import { cx } from '../../ui/class-names'

interface Props {
  readonly row: TreeRow
  /** Size of the row's set of siblings, -1 while unknown. */
  readonly setsize: number
  readonly index: number
  readonly top: number
  readonly height: number
  /** Lets the virtualizer measure rows taller than usual (an error message). */
  readonly measure: (element: HTMLElement | null) => void
  /** The one row that takes Tab focus (roving tabindex). */
  readonly focusable: boolean
  readonly listings: TreeListings
  readonly onContextMenu: (target: MenuTarget) => void
}

const OUTSIDE_RULE = `Listed by the catalog as it is; names made in this app ${COMPONENT_RULE}.`

/** Draws one row. */
export function TreeRowView({ row, setsize, index, top, height, measure, focusable, listings, onContextMenu }: Props): ReactNode {
  const view = useConnectionView()
  const setExpanded = useUiStore((state) => state.setExpanded)
  const selectTable = useUiStore((state) => state.selectTable)
  const openTable = useUiStore((state) => state.openTable)
  const focusRow = useUiStore((state) => state.focusRow)
  const style = { transform: `translateY(${top}px)`, height: `${height}px`, paddingLeft: `${(row.level - 1) * 16 + 6}px` }

  switch (row.kind) {
    case 'namespace':
    case 'table': {
      const isTable = row.kind === 'table'
      const selected = isTable && sameTable(view.selectedTable, { namespace: row.path, name: row.name })
      // Ctrl+click (Cmd+click on a Mac) opens a table in a new tab, as in a browser.
      const activate = (event: MouseEvent): void => {
        focusRow(row.key)
        if (isTable && (event.ctrlKey || event.metaKey)) openTable({ namespace: row.path, name: row.name })
        else if (isTable) selectTable({ namespace: row.path, name: row.name })
        else setExpanded(row.path, !row.expanded)
      }
      // A middle click opens a table in a new tab, as in a browser.
      const openInNewTab = (event: MouseEvent): void => {
        if (event.button !== 1 || !isTable) return
        event.preventDefault()
        focusRow(row.key)
        openTable({ namespace: row.path, name: row.name })
      }
      const openMenu = (event: MouseEvent): void => {
        event.preventDefault()
        focusRow(row.key)
        onContextMenu({ kind: row.kind, path: row.path, name: row.name, x: event.clientX, y: event.clientY })
      }
      return (
        <div
          role="treeitem"
          aria-label={isTable ? `${row.name}, table` : row.name}
          aria-level={row.level}
          aria-posinset={row.posinset}
          aria-setsize={setsize}
          aria-expanded={isTable ? undefined : row.expanded}
          aria-selected={selected}
          data-key={row.key}
          tabIndex={focusable ? 0 : -1}
          className={cx(styles.treeRow, selected && styles.selected)}
          style={style}
          onClick={activate}
          // Without this, a middle press starts the browser's auto-scroll.
          onMouseDown={(event) => event.button === 1 && event.preventDefault()}
          onAuxClick={openInNewTab}
          onContextMenu={openMenu}
        >
          <span className={styles.twisty} aria-hidden="true">
            {isTable ? null : row.expanded ? <ChevronDown size={14} /> : <ChevronRight size={14} />}
          </span>
          <span className={cx(styles.icon, isTable ? styles.tableIcon : styles.namespaceIcon)} aria-hidden="true">
            {isTable ? <Table2 size={14} /> : <Folder size={14} />}
          </span>
          <span className={styles.treeName}>{row.name}</span>
          {followsNamingRule(row.name) ? null : (
            // Quiet on purpose: the name is the catalog's data and works as it is; the mark
            // only explains why this app would not create such a name itself.
            <span className={styles.nameMarker} title={OUTSIDE_RULE} aria-hidden="true">
              ≁
            </span>
          )}
        </div>
      )
    }
    case 'error':
      return (
        <div role="none" ref={measure} data-index={index} className={cx(styles.treeRow, styles.treeStatus)} style={{ ...style, height: 'auto' }}>
          <ErrorAlert error={row.error} onRetry={() => listings.retry(row.path)} />
        </div>
      )
    case 'loading':
    case 'more':
      return (
        <div role="none" className={cx(styles.treeRow, styles.treeStatus, 'muted')} style={style}>
          <span className={styles.treeSkeleton} aria-hidden="true" />
          <span className="visually-hidden">Loading…</span>
        </div>
      )
    case 'empty':
      return (
        // Short, so it fits a narrow sidebar; the way to fill it is in the tooltip.
        <div role="none" className={cx(styles.treeRow, styles.treeStatus, 'muted')} style={style} title="Create a table or namespace from its menu">
          Empty
        </div>
      )
  }
}
