/**
 * Tree rows: namespace nodes (expandable), table leaves, a "Load more" row for nodes
 * with more pages, and per-node loading and error rows.
 */
import type { KeyboardEvent, ReactNode } from 'react'
import type { NamespacePath } from '@shared/namespace-path'
import { useIsExpanded, useUiStore } from '../../app/ui-store'
import { ErrorAlert } from '../../ui/error-alert'
import { useNodeChildren } from './use-node-children'

interface ListProps {
  readonly connectionId: string
  readonly path: NamespacePath
  readonly level: number
  readonly pageSize: number
}

/** The children of one node, loaded page by page. */
export function NodeChildrenList({ connectionId, path, level, pageSize }: ListProps): ReactNode {
  const children = useNodeChildren(connectionId, path, pageSize, true)
  return (
    <>
      {children.items.map((item) =>
        item.kind === 'namespace' ? (
          <NamespaceNode key={`n:${item.name}`} connectionId={connectionId} path={[...path, item.name]} level={level} pageSize={pageSize} />
        ) : (
          <TableLeaf key={`t:${item.name}`} connectionId={connectionId} namespace={path} name={item.name} level={level} />
        )
      )}
      {children.isLoading && <StatusRow level={level}>Loading…</StatusRow>}
      {children.error !== null && (
        <li role="none" className="tree-status" style={{ paddingLeft: indent(level) }}>
          <ErrorAlert error={children.error} onRetry={children.retry} />
        </li>
      )}
      {children.hasMore && !children.error && (
        <li
          role="treeitem"
          aria-label="Load more"
          aria-level={level}
          tabIndex={0}
          className="tree-row load-more"
          style={{ paddingLeft: indent(level) }}
          onClick={children.loadMore}
          onKeyDown={(event) => activateOnKey(event, children.loadMore)}
        >
          {children.isFetchingMore ? 'Loading…' : 'Load more'}
        </li>
      )}
      {!children.isLoading && !children.error && children.items.length === 0 && <StatusRow level={level}>Empty</StatusRow>}
    </>
  )
}

function NamespaceNode({ connectionId, path, level, pageSize }: ListProps): ReactNode {
  const expanded = useIsExpanded(path)
  const toggle = useUiStore((state) => state.toggleExpanded)
  const name = path[path.length - 1] ?? ''
  const onToggle = (): void => toggle(path)
  return (
    <li role="treeitem" aria-label={name} aria-expanded={expanded} aria-level={level} aria-selected={false}>
      <div
        className="tree-row"
        tabIndex={0}
        style={{ paddingLeft: indent(level) }}
        onClick={onToggle}
        onKeyDown={(event) => {
          if (event.key === 'ArrowRight' && !expanded) onToggle()
          else if (event.key === 'ArrowLeft' && expanded) onToggle()
          else activateOnKey(event, onToggle)
        }}
      >
        <span className="twisty" aria-hidden="true">
          {expanded ? '▾' : '▸'}
        </span>
        <span className="icon namespace-icon" aria-hidden="true">
          ◆
        </span>
        {name}
      </div>
      {expanded && (
        <ul role="group">
          <NodeChildrenList connectionId={connectionId} path={path} level={level + 1} pageSize={pageSize} />
        </ul>
      )}
    </li>
  )
}

interface LeafProps {
  readonly connectionId: string
  readonly namespace: NamespacePath
  readonly name: string
  readonly level: number
}

function TableLeaf({ namespace, name, level }: LeafProps): ReactNode {
  const selectTable = useUiStore((state) => state.selectTable)
  const selected = useUiStore(
    (state) =>
      state.selectedTable?.name === name &&
      JSON.stringify(state.selectedTable.namespace) === JSON.stringify(namespace)
  )
  const onSelect = (): void => selectTable({ namespace, name })
  return (
    <li
      role="treeitem"
      aria-label={`${name}, table`}
      aria-level={level}
      aria-selected={selected}
      tabIndex={0}
      className={selected ? 'tree-row selected' : 'tree-row'}
      style={{ paddingLeft: indent(level) }}
      onClick={onSelect}
      onKeyDown={(event) => activateOnKey(event, onSelect)}
    >
      <span className="twisty" aria-hidden="true" />
      <span className="icon table-icon" aria-hidden="true">
        ▦
      </span>
      {name}
    </li>
  )
}

function StatusRow({ level, children }: { readonly level: number; readonly children: ReactNode }): ReactNode {
  return (
    <li role="none" className="tree-status muted" style={{ paddingLeft: indent(level) }}>
      {children}
    </li>
  )
}

function indent(level: number): string {
  return `${(level - 1) * 16 + 6}px`
}

function activateOnKey(event: KeyboardEvent, action: () => void): void {
  if (event.key === 'Enter' || event.key === ' ') {
    event.preventDefault()
    action()
  }
}
