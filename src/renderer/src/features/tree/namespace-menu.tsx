/**
 * The actions menu of a tree row (right-click, Shift+F10 or the Menu key): create and
 * drop namespaces, create tables in a namespace, rename and drop tables, refresh a node,
 * copy its identifier or path; in the desktop app, show a directory catalog's folders.
 */
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { displayIdentifier, type NamespacePath } from '@shared/namespace-path'
import { api, unwrap } from '../../lib/api'
import { queryKeys } from '../../lib/query-keys'
import { useAppInfo } from '../../lib/use-app-info'
import { ErrorAlert } from '../../ui/error-alert'
import { useConnections } from '../connections/use-connections'
import { CreateTableDialog } from '../create-table/create-table-dialog'
import { DropTableDialog, RenameTableDialog } from '../table-actions/table-dialogs'
import { CreateNamespaceDialog, DropNamespaceDialog } from './namespace-dialogs'

/** What the menu acts on, and where to show it. */
export interface MenuTarget {
  readonly kind: 'namespace' | 'table'
  /** A namespace's own path, or the namespace a table lives in. */
  readonly path: NamespacePath
  readonly name: string
  readonly x: number
  readonly y: number
}

/** Space kept between the menu and the window's edge. */
const MENU_MARGIN = 4

type Open = 'menu' | 'create' | 'drop' | 'createTable' | 'dropTable' | 'renameTable'

/** The menu and the dialogs it opens. */
export function NamespaceMenu({ connectionId, target, onClose }: { readonly connectionId: string; readonly target: MenuTarget; readonly onClose: () => void }): ReactNode {
  const client = useQueryClient()
  const [open, setOpen] = useState<Open>('menu')
  const [revealError, setRevealError] = useState<unknown>(null)
  const menuRef = useRef<HTMLDivElement>(null)
  const host = useAppInfo().data?.host
  const isDir = useConnections().data?.find((connection) => connection.id === connectionId)?.type === 'dir'
  useEffect(() => {
    menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus()
  }, [open])
  const [position, setPosition] = useState({ left: target.x, top: target.y })
  // Opened at the pointer, the menu may run past the window's edge, out of the pointer's
  // reach: move it back inside before it is painted.
  useLayoutEffect(() => {
    const menu = menuRef.current
    if (!menu) return
    const { width, height } = menu.getBoundingClientRect()
    const left = Math.max(MENU_MARGIN, Math.min(target.x, window.innerWidth - width - MENU_MARGIN))
    const top = Math.max(MENU_MARGIN, Math.min(target.y, window.innerHeight - height - MENU_MARGIN))
    setPosition((current) => (current.left === left && current.top === top ? current : { left, top }))
  }, [target.x, target.y, open])

  const fullPath = target.kind === 'table' ? [...target.path, target.name] : target.path
  const refresh = (): void => {
    void client.invalidateQueries({ queryKey: queryKeys.namespacesOf(connectionId, target.path) })
    void client.invalidateQueries({ queryKey: queryKeys.tablesOf(connectionId, target.path) })
    onClose()
  }
  const copy = (text: string): void => {
    void navigator.clipboard.writeText(text)
    onClose()
  }
  const reveal = (): void => {
    const table = target.kind === 'table' ? { namespace: target.path, name: target.name } : undefined
    unwrap(api.catalog.reveal({ connectionId, ...(table ? { table } : {}) })).then(onClose, setRevealError)
  }

  if (open === 'create') return <CreateNamespaceDialog connectionId={connectionId} parent={target.kind === 'namespace' ? target.path : []} onClose={onClose} />
  if (open === 'drop') return <DropNamespaceDialog connectionId={connectionId} path={target.path} onClose={onClose} />
  if (open === 'createTable') return <CreateTableDialog connectionId={connectionId} namespace={target.path} onClose={onClose} />
  const table = { namespace: target.path, name: target.name }
  if (open === 'dropTable') return <DropTableDialog connectionId={connectionId} table={table} onClose={onClose} />
  if (open === 'renameTable') return <RenameTableDialog connectionId={connectionId} table={table} onClose={onClose} />

  const items: { label: string; run: () => void }[] = [
    ...(target.kind === 'namespace'
      ? [
          { label: 'Create namespace…', run: () => setOpen('create') },
          { label: 'Drop namespace…', run: () => setOpen('drop') },
          { label: 'Create table…', run: () => setOpen('createTable') },
          { label: 'Refresh', run: refresh }
        ]
      : [
          { label: 'Rename table…', run: () => setOpen('renameTable') },
          { label: 'Drop table…', run: () => setOpen('dropTable') }
        ]),
    { label: 'Copy identifier', run: () => copy(displayIdentifier(fullPath)) },
    { label: 'Copy path', run: () => copy(JSON.stringify(fullPath)) },
    // Only the desktop app can open a file manager, and only a directory catalog has folders.
    ...(host === 'electron' && isDir ? [{ label: 'Show in file manager', run: reveal }] : [])
  ]
  const onKeyDown = (event: KeyboardEvent): void => {
    const entries = [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])]
    const at = entries.indexOf(document.activeElement as HTMLElement)
    if (event.key === 'Escape' || event.key === 'Tab') {
      event.preventDefault()
      onClose()
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      const step = event.key === 'ArrowDown' ? 1 : -1
      entries[(at + step + entries.length) % entries.length]?.focus()
    }
  }
  return (
    <>
      <div className="menu-backdrop" onClick={onClose} onContextMenu={(event) => (event.preventDefault(), onClose())} />
      <div ref={menuRef} role="menu" aria-label={`Actions for ${target.name}`} className="menu" style={{ left: `${position.left}px`, top: `${position.top}px` }} onKeyDown={onKeyDown}>
        {items.map((item) => (
          <button key={item.label} type="button" role="menuitem" tabIndex={-1} onClick={item.run}>
            {item.label}
          </button>
        ))}
        {revealError !== null && <ErrorAlert error={revealError} />}
      </div>
    </>
  )
}
