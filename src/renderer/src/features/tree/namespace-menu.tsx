/**
 * The actions menu of a tree row (right-click, Shift+F10 or the Menu key): create and
 * drop namespaces, create tables in a namespace, the health of a namespace's tables,
 * rename and drop tables, refresh a node,
 * copy its identifier or path; in the desktop app, show a directory catalog's folders.
 */
import { useQueryClient } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { Activity, Copy, FilePlus2, FolderOpen, FolderPlus, Pencil, RefreshCw, Route, Trash2 } from 'lucide-react'
import type { NamespacePath } from '@shared/namespace-path'
import { api, unwrap } from '../../lib/api'
import { displayIdentifier, pathAsJson } from '../../lib/node-key'
import { queryKeys } from '../../lib/query-keys'
import { useAppInfo } from '../../lib/use-app-info'
import { ErrorAlert } from '../../ui/error-alert'
import { Menu, type MenuItem } from '../../ui/menu'
import { useConnections, useDelimiter, useRenameUnsupported } from '../connections/use-connections'
import { copyWithToast } from '../../state/action-toasts'
import { CreateTableDialog } from '../create-table/create-table-dialog'
import { readOnlyReason, useOpenVersion } from '../../state/open-version-store'
import { DropTableDialog, RenameTableDialog } from '../table-actions/table-dialogs'
import { CreateNamespaceDialog, DropNamespaceDialog } from './namespace-dialogs'
import { NamespaceHealthDialog } from '../namespace-health/namespace-health-dialog'

/** What the menu acts on, and where to show it. */
export interface MenuTarget {
  readonly kind: 'namespace' | 'table'
  /** A namespace's own path, or the namespace a table lives in. */
  readonly path: NamespacePath
  readonly name: string
  readonly x: number
  readonly y: number
}

type Open = 'menu' | 'create' | 'createTop' | 'drop' | 'createTable' | 'dropTable' | 'renameTable' | 'health' | 'healthTop'

/** The menu and the dialogs it opens. */
export function NamespaceMenu({
  connectionId,
  target,
  onClose
}: {
  readonly connectionId: string
  readonly target: MenuTarget
  readonly onClose: () => void
}): ReactNode {
  const client = useQueryClient()
  const [open, setOpen] = useState<Open>('menu')
  const [revealError, setRevealError] = useState<unknown>(null)
  const host = useAppInfo().data?.host
  const isDir = useConnections().data?.find((connection) => connection.id === connectionId)?.type === 'dir'
  const delimiter = useDelimiter(connectionId)
  const fullPath = target.kind === 'table' ? [...target.path, target.name] : target.path
  const table = { namespace: target.path, name: target.name }
  // While an older version of the table is open read-only, its writes are off (Versions view).
  const openVersion = useOpenVersion(connectionId, target.kind === 'table' ? table : null)
  const writeReason = openVersion === null ? {} : { disabledReason: readOnlyReason(openVersion) }
  const cannotRename = useRenameUnsupported(connectionId)
  const renameReason = openVersion !== null || cannotRename === null ? writeReason : { disabledReason: cannotRename }
  const refresh = (): void => {
    void client.invalidateQueries({ queryKey: queryKeys.namespacesOf(connectionId, target.path) })
    void client.invalidateQueries({ queryKey: queryKeys.tablesOf(connectionId, target.path) })
    onClose()
  }
  const copy = (text: string, what: string): void => {
    void copyWithToast(text, what)
    onClose()
  }
  const reveal = (): void => {
    const table = target.kind === 'table' ? { namespace: target.path, name: target.name } : undefined
    unwrap(api.catalog.reveal({ connectionId, ...(table ? { table } : {}) })).then(onClose, setRevealError)
  }

  if (open === 'create') return <CreateNamespaceDialog connectionId={connectionId} parent={target.kind === 'namespace' ? target.path : []} onClose={onClose} />
  if (open === 'createTop') return <CreateNamespaceDialog connectionId={connectionId} parent={[]} onClose={onClose} />
  if (open === 'drop') return <DropNamespaceDialog connectionId={connectionId} path={target.path} onClose={onClose} />
  if (open === 'createTable') return <CreateTableDialog connectionId={connectionId} namespace={target.path} onClose={onClose} />
  if (open === 'dropTable') return <DropTableDialog connectionId={connectionId} table={table} onClose={onClose} />
  if (open === 'healthTop') return <NamespaceHealthDialog connectionId={connectionId} namespace={[]} name="the top level" onClose={onClose} />
  if (open === 'health') return <NamespaceHealthDialog connectionId={connectionId} namespace={target.path} name={target.name} onClose={onClose} />
  if (open === 'renameTable') return <RenameTableDialog connectionId={connectionId} table={table} onClose={onClose} />

  const items: MenuItem[] = [
    ...(target.kind === 'namespace'
      ? [
          { label: 'Create namespace…', icon: FolderPlus, run: () => setOpen('create') },
          { label: 'Drop namespace…', icon: Trash2, danger: true, run: () => setOpen('drop') },
          { label: 'Create table…', icon: FilePlus2, run: () => setOpen('createTable') },
          { label: 'Health of its tables…', icon: Activity, run: () => setOpen('health') },
          { label: 'Refresh', icon: RefreshCw, run: refresh }
        ]
      : [
          { label: 'Rename table…', icon: Pencil, run: () => setOpen('renameTable'), ...renameReason },
          { label: 'Drop table…', icon: Trash2, danger: true, run: () => setOpen('dropTable'), ...writeReason }
        ]),
    // Whatever row the menu is for, a top-level namespace can still be created.
    { label: 'Create namespace at top level…', icon: FolderPlus, run: () => setOpen('createTop') },
    { label: 'Health of top-level tables…', icon: Activity, run: () => setOpen('healthTop') },
    { label: 'Copy identifier', icon: Copy, separated: true, run: () => copy(displayIdentifier(fullPath, delimiter), 'identifier') },
    { label: 'Copy path', icon: Route, run: () => copy(pathAsJson(fullPath), 'path') },
    // Only the desktop app can open a file manager, and only a directory catalog has folders.
    ...(host === 'electron' && isDir ? [{ label: 'Show in file manager', icon: FolderOpen, run: reveal }] : [])
  ]
  return (
    <Menu label={`Actions for ${target.name}`} items={items} x={target.x} y={target.y} onClose={onClose}>
      {revealError !== null && <ErrorAlert error={revealError} />}
    </Menu>
  )
}
